/**
 * Registry import and lookup benchmark (issue 29, docs/adr/0046; part of `npm run bench`): a generated
 * 全件データ file in the published 24-column layout (BENCH_REGISTRY_ROWS, default 5,000,000 rows) imported
 * end to end by the real job (runRegistryImport: chunks COPY'd into the staging table with progress, then
 * ONE transaction that replaces registry_entries) on the embedded database in a data folder (the server's
 * mode), beside the raw SQL of the same work in the same run: the same COPY statements on the same chunks
 * and the same truncate + insert … select, with no bookkeeping. Then a lookup (lookupRegistration, the
 * function behind GET /api/registry/:t_number) beside the raw primary-key SELECT, and the HTTP call.
 * Targets: ≥ 50,000 rows/s; lookup p50 ≤ 1 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Database, openDatabase, runMigrations } from '../src/db/client.js';
import { registryImports } from '../src/db/schema/index.js';
import { loadEnv } from '../src/env.js';
import { MemoryFileStorage } from '../src/lib/storage.js';
import { lookupRegistration } from '../src/modules/registry/registry.queries.js';
import { csvChunks } from '../src/modules/registry/registry-file.js';
import { syntheticRegistryFile, tNumberOf } from '../src/modules/registry/registry-files.js';
import { CHUNK_BYTES, runRegistryImport } from '../src/modules/registry/registry-import.js';
import { createUser, signIn } from '../src/test/harness.js';
import { benchApp, stats } from './support.js';

const N = Number(process.env.BENCH_REGISTRY_ROWS ?? 5_000_000);
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');

async function rawSql(database: Database, csv: Buffer): Promise<number> {
  const pglite = database.pglite;
  if (!pglite) throw new Error('PGlite only');
  const cols = (
    await pglite.query<{ c: string }>(
      `select string_agg(column_name, ', ' order by ordinal_position) as c from information_schema.columns where table_name = 'registry_staging'`,
    )
  ).rows[0].c;
  const t = performance.now();
  await pglite.exec('truncate registry_staging');
  for (const chunk of csvChunks(csv, CHUNK_BYTES)) {
    await pglite.query(
      `copy registry_staging from '/dev/blob' with (format csv, force_null (registered_on, updated_on, cancelled_on, expired_on))`,
      [],
      { blob: new Blob([chunk.bytes]) },
    );
  }
  await pglite.transaction(async (tx) => {
    await tx.exec('truncate registry_entries');
    await tx.exec(
      `insert into registry_entries (${cols}) select ${cols} from registry_staging where latest = '1' and process_kind <> '99'`,
    );
  });
  await pglite.exec('truncate registry_staging');
  return performance.now() - t;
}

async function main() {
  const [genMs, csv] = await (async () => {
    const t = performance.now();
    const f = syntheticRegistryFile(N);
    return [performance.now() - t, f] as const;
  })();
  console.log(
    `registry: ${N.toLocaleString()} rows, ${(csv.length / 1024 / 1024).toFixed(0)} MB CSV generated in ${(genMs / 1000).toFixed(1)} s`,
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'registry-bench-'));
  try {
    const database = await openDatabase({ dataDir: dir });
    await runMigrations(database);
    const loadBefore = load();
    const raw = await rawSql(database, csv);
    const [{ id }] = await database.db
      .insert(registryImports)
      .values({ kind: 'full', file_name: 'bench.csv', file_size: csv.length, sha256: '' })
      .returning({ id: registryImports.id });
    const env = loadEnv({ NODE_ENV: 'test' });
    const t = performance.now();
    const imp = await runRegistryImport({ db: database.db, storage: new MemoryFileStorage(), env }, id, csv);
    const e2e = performance.now() - t;
    if (imp?.status !== 'imported') throw new Error(`import ${imp?.status}: ${imp?.error}`);

    // lookups: numbers spread over the file
    const numbers = Array.from({ length: 2000 }, (_, i) =>
      tNumberOf(String(100000000000 + ((i * 2503) % N) * 7).slice(-12)),
    );
    const pglite = database.pglite as NonNullable<Database['pglite']>;
    const rawLook: number[] = [];
    const fnLook: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (const n of numbers) {
        let s = performance.now();
        await pglite.query('select * from registry_entries where registration_number = $1', [n]);
        if (round) rawLook.push(performance.now() - s);
        s = performance.now();
        const found = await lookupRegistration(database.db, n, '2025-06-01');
        if (round) fnLook.push(performance.now() - s);
        if (!found) throw new Error(`not found ${n}`);
      }
    }
    const app = await benchApp(database);
    const user = await createUser(database.db, { role: 'admin' });
    const token = await signIn(app, user.email);
    const http: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (const n of numbers.slice(0, 1000)) {
        const s = performance.now();
        const res = await app.inject({
          method: 'GET',
          url: `/api/registry/${n}?date=2025-06-01`,
          headers: { authorization: `Bearer ${token}` },
        });
        if (round) http.push(performance.now() - s);
        if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      }
    }
    await app.close();
    const rate = (ms: number) => Math.round(N / (ms / 1000));
    const out = {
      rows: N,
      csv_mb: Math.round(csv.length / 1024 / 1024),
      load_before: loadBefore,
      raw_sql_ms: Math.round(raw),
      raw_sql_rows_per_s: rate(raw),
      import_ms: Math.round(e2e),
      import_rows_per_s: rate(e2e),
      import_vs_raw_sql: +(e2e / raw).toFixed(2),
      imported_rows: imp.rows_changed,
      lookup_raw_p50_ms: +stats(rawLook).p50.toFixed(3),
      lookup_p50_ms: +stats(fnLook).p50.toFixed(3),
      lookup_p95_ms: +stats(fnLook).p95.toFixed(3),
      http_lookup_p50_ms: +stats(http).p50.toFixed(3),
      load_after: load(),
    };
    console.table(out);
    console.log(
      out.import_rows_per_s >= 50_000 ? 'OK: ≥ 50,000 rows/s' : 'BELOW TARGET: < 50,000 rows/s',
      out.lookup_p50_ms <= 1 ? 'OK: lookup p50 ≤ 1 ms' : 'BELOW TARGET: lookup p50 > 1 ms',
      JSON.stringify(out),
    );
    await database.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
