/**
 * Registry import and lookup benchmark (issue 29, docs/adr/0046, 0054; part of `npm run bench`): a generated
 * 全件データ file in the published 24-column layout (BENCH_REGISTRY_ROWS, default 1,000,000 rows) imported
 * end to end by the real job (runRegistryImport: the whole-file check, the chunks COPY'd into a fresh table
 * with progress, then ONE transaction that builds its primary key and swaps it in for registry_entries) on
 * the embedded database in a data folder (the server's mode) and on PostgreSQL (BENCH_DATABASE_URL; skipped
 * when not reachable), each beside the raw SQL baseline in the same run: a plain COPY of the same chunks
 * into a bare table of the same columns (no checks, no index, no bookkeeping), through the same driver path.
 * Then a lookup (lookupRegistration, the function behind GET /api/registry/:t_number) beside the raw
 * primary-key SELECT, and the HTTP call. Targets: ≥ 50,000 rows/s; lookup p50 ≤ 1 ms.
 * The import's phases (check, copy, wait for the copy, primary key, checks: docs/adr/0060) are printed beside.
 * BENCH_REGISTRY_ROWS=5000000 runs the issue's 5 M rows (≈ 1 GB of CSV): BENCH_REGISTRY_CSV=<file> keeps the
 * generated file there and reads it back on the next run; BENCH_REGISTRY_PG_DB names the scratch database.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { REGISTRY_COLUMNS } from '@chobo/core';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type Database, openDatabase, runMigrations } from '../src/db/client.js';
import { registryImports } from '../src/db/schema/index.js';
import { loadEnv } from '../src/env.js';
import { MemoryFileStorage } from '../src/lib/storage.js';
import { lookupRegistration } from '../src/modules/registry/registry.queries.js';
import { csvChunks, lineCount } from '../src/modules/registry/registry-file.js';
import { syntheticRegistryFile, tNumberOf } from '../src/modules/registry/registry-files.js';
import { CHUNK_BYTES, runRegistryImport } from '../src/modules/registry/registry-import.js';
import { registryPhases } from '../src/modules/registry/registry-store.js';
import { createUser, signIn } from '../src/test/harness.js';
import { benchApp, stats } from './support.js';

const N = Number(process.env.BENCH_REGISTRY_ROWS ?? 1_000_000);
/** A file to keep the generated CSV in between runs (5 M rows take minutes to generate): read when present. */
const CSV_FILE = process.env.BENCH_REGISTRY_CSV;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_DB = process.env.BENCH_REGISTRY_PG_DB ?? 'registry_bench';
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');

/** The baseline: a plain COPY of the same chunks into a bare table (same columns and types, nothing else). */
async function rawCopy(database: Database, csv: Buffer): Promise<number> {
  const cols = REGISTRY_COLUMNS.join(', ');
  await database.db.execute('drop table if exists registry_bare');
  await database.db.execute('create table registry_bare (like registry_staging)');
  const copy = `copy registry_bare (${cols}) from ${database.pglite ? "'/dev/blob'" : 'stdin'} with (format csv)`;
  const chunks = [...csvChunks(csv, CHUNK_BYTES)];
  const t = performance.now();
  for (const chunk of chunks) {
    if (database.pglite) {
      await database.pglite.query(copy, [], { blob: new Blob([chunk.bytes]) });
    } else {
      const client = await (database.pool as pg.Pool).connect();
      try {
        await pipeline(Readable.from([chunk.bytes]), client.query(copyFrom(copy)));
      } finally {
        client.release();
      }
    }
  }
  const ms = performance.now() - t;
  await database.db.execute('drop table registry_bare');
  return ms;
}

async function bench(label: string, database: Database, csv: Buffer) {
  await runMigrations(database);
  const loadBefore = load();
  const raw = await rawCopy(database, csv);
  const [{ id }] = await database.db
    .insert(registryImports)
    .values({ kind: 'full', file_name: 'bench.csv', file_size: csv.length, sha256: '' })
    .returning({ id: registryImports.id });
  const env = loadEnv({ NODE_ENV: 'test' });
  const phases: Record<string, number> = {};
  registryPhases.record = (phase, ms) => {
    phases[phase] = (phases[phase] ?? 0) + ms;
  };
  const t = performance.now();
  const imp = await runRegistryImport({ db: database.db, storage: new MemoryFileStorage(), env }, id, csv);
  const e2e = performance.now() - t;
  registryPhases.record = null;
  if (imp?.status !== 'imported') throw new Error(`import ${imp?.status}: ${imp?.error}`);
  // the baseline again after the import, so that both sides see the machine's load of the whole run
  const raw2 = await rawCopy(database, csv);

  // lookups: numbers spread over the file
  const numbers = Array.from({ length: 2000 }, (_, i) =>
    tNumberOf(String(100000000000 + ((i * 2503) % N) * 7).slice(-12)),
  );
  const rawQuery = (n: string) =>
    database.pglite
      ? database.pglite.query('select * from registry_entries where registration_number = $1', [n])
      : (database.pool as pg.Pool).query('select * from registry_entries where registration_number = $1', [n]);
  const rawLook: number[] = [];
  const fnLook: number[] = [];
  for (let round = 0; round < 2; round++) {
    for (const n of numbers) {
      let s = performance.now();
      await rawQuery(n);
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
  const rawMean = (raw + raw2) / 2;
  const rate = (ms: number) => Math.round(N / (ms / 1000));
  const out = {
    database: label,
    rows: N,
    csv_mb: Math.round(csv.length / 1024 / 1024),
    load_before: loadBefore,
    raw_copy_ms: `${Math.round(raw)} / ${Math.round(raw2)}`,
    raw_copy_rows_per_s: rate(rawMean),
    import_ms: Math.round(e2e),
    import_rows_per_s: rate(e2e),
    import_vs_raw_copy: +(e2e / rawMean).toFixed(2),
    imported_rows: imp.rows_changed,
    ...Object.fromEntries(Object.entries(phases).map(([k, v]) => [`phase_${k.replace(/ /g, '_')}_ms`, Math.round(v)])),
    lookup_raw_p50_ms: +stats(rawLook).p50.toFixed(3),
    lookup_p50_ms: +stats(fnLook).p50.toFixed(3),
    lookup_p95_ms: +stats(fnLook).p95.toFixed(3),
    http_lookup_p50_ms: +stats(http).p50.toFixed(3),
    load_after: load(),
  };
  console.table(out);
  console.log(
    label,
    out.import_rows_per_s >= 50_000 ? 'OK: ≥ 50,000 rows/s' : 'BELOW TARGET: < 50,000 rows/s',
    out.lookup_p50_ms <= 1 ? 'OK: lookup p50 ≤ 1 ms' : 'BELOW TARGET: lookup p50 > 1 ms',
    JSON.stringify(out),
  );
}

async function main() {
  const t = performance.now();
  const cached = CSV_FILE && existsSync(CSV_FILE);
  const csv = cached ? readFileSync(CSV_FILE) : syntheticRegistryFile(N);
  if (CSV_FILE && !cached) writeFileSync(CSV_FILE, csv);
  if (cached && lineCount(csv) !== N) throw new Error(`${CSV_FILE} does not hold ${N} rows`);
  console.log(
    `registry: ${N.toLocaleString()} rows, ${(csv.length / 1024 / 1024).toFixed(0)} MB CSV ${cached ? `read from ${CSV_FILE}` : 'generated'} in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  const only = process.env.BENCH_REGISTRY_DB; // pglite | postgres (default both)
  if (only !== 'postgres') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'registry-bench-'));
    try {
      const database = await openDatabase({ dataDir: dir });
      await bench('PGlite (data folder)', database, csv);
      await database.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (only === 'pglite') return;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    console.log('PostgreSQL: not reachable, skipped');
    return;
  }
  await admin.query(`drop database if exists ${PG_DB}`);
  await admin.query(`create database ${PG_DB}`);
  const url = new URL(PG_URL);
  url.pathname = `/${PG_DB}`;
  try {
    const database = await openDatabase({ databaseUrl: url.toString() });
    await bench('PostgreSQL 15', database, csv);
    await database.close();
  } finally {
    await admin.query(`drop database if exists ${PG_DB}`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
