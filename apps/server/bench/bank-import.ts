/**
 * Bank statement import benchmark (part of `npm run bench`): a 100,000-row Shift_JIS bank CSV (SMBC layout)
 * imported end to end — decode, parse, fingerprints, dedupe, rules, store — on the embedded database and,
 * when one answers (127.0.0.1:5432 or BENCH_DATABASE_URL), on PostgreSQL, each beside baselines measured in
 * the same run: decode only, decode + parse + fingerprints (no database), and the raw SQL of the same store
 * (the same INSERT … SELECT FROM unnest statements over the same pre-built rows, rolled back). Then the same
 * file again (every row a duplicate), the job's chunked path (docs/adr/0027: each 5,000 rows its own
 * transaction; the longest chunk is the longest another request waits on the embedded database), and the same file uploaded through HTTP (POST /api/bank-statements as
 * multipart → the job → GET until 取り込み済). Target (issue 12): ≥ 20,000 rows/s. BENCH_BANK_ROWS sets the size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, runMigrations } from '../src/db/client.js';
import { bankAccounts, bankRules } from '../src/db/schema/index.js';
import { systemCompanyCtx, systemTenant } from '../src/lib/context.js';
import { createJobQueue, type JobQueue } from '../src/lib/queue.js';
import { MemoryFileStorage } from '../src/lib/storage.js';
import { loadAccounts } from '../src/modules/accounting/accounts.queries.js';
import {
  arrayLiteral,
  fingerprints,
  importHooks,
  importStatement,
  loadImport,
  runImportJob,
} from '../src/modules/bank-statements/imports.js';
import { decodeStatement, detectParser, normalizeText } from '../src/modules/bank-statements/parsers.js';
import { bankCsvFile, syntheticLines } from '../src/modules/bank-statements/statement-files.js';
import { createCompany, createUser, signIn } from '../src/test/harness.js';
import { multipartForm } from '../src/test/multipart.js';
import { benchApp } from './support.js';

const N = Number(process.env.BENCH_BANK_ROWS ?? 100_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_DB = 'bankimp_bench';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time<T>(fn: () => Promise<T> | T): Promise<[number, T]> {
  const t = performance.now();
  const v = await fn();
  return [performance.now() - t, v];
}
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');

class Rollback extends Error {}

async function bench(label: string, database: Database, file: Buffer) {
  await runMigrations(database);
  const queue = createJobQueue(database, { pollingIntervalSeconds: 0.5 });
  const app = await benchApp(database, {
    storage: new MemoryFileStorage(),
    queue,
  });
  const company = await createCompany(database.db);
  const user = await createUser(database.db, { role: 'company', companyId: company.id });
  const tenant = systemTenant(database.db, company.id);
  const accs = await loadAccounts(tenant);
  const id = (code: string) => accs.find((a) => a.code === code)?.id as number;
  const account = (n: string) => ({
    company_id: company.id,
    bank_code: '0009',
    bank_name: '三井住友銀行',
    branch_code: '001',
    branch_name: '本店',
    account_type: '普通',
    account_number: n,
    account_holder: 'カ）ベンチ',
    account_id: id('1120'),
  });
  const [ba, ba2, ba3] = await database.db
    .insert(bankAccounts)
    .values([account('1234567'), account('7654321'), account('1111111')])
    .returning();
  await database.db.insert(bankRules).values([
    {
      company_id: company.id,
      name: '振込手数料',
      description_contains: 'ﾃｽｳﾘﾖｳ',
      direction: 'out',
      account_id: id('6240'),
      priority: 10,
    },
    {
      company_id: company.id,
      name: 'カード',
      description_regex: '^ｶｰﾄﾞ',
      direction: 'out',
      account_id: id('6220'),
      priority: 20,
    },
    {
      company_id: company.id,
      name: '山田',
      counterparty_contains: 'ﾔﾏﾀﾞ',
      direction: 'in',
      account_id: id('1220'),
      priority: 30,
    },
  ]);
  const loadBefore = load();

  // baselines
  const health: number[] = [];
  for (let i = 0; i < 50; i++) health.push((await time(() => app.inject({ method: 'GET', url: '/api/health' })))[0]);
  const decode: number[] = [];
  for (let i = 0; i < 5; i++) decode.push((await time(() => new TextDecoder('shift_jis').decode(file)))[0]);
  const parse: number[] = [];
  let parsed: ReturnType<typeof parseOnly> | undefined;
  function parseOnly() {
    const input = decodeStatement(file);
    const rows = detectParser(input)?.parse(input).rows ?? [];
    return { rows, prints: fingerprints(rows) };
  }
  for (let i = 0; i < 3; i++) {
    const [ms, v] = await time(parseOnly);
    parse.push(ms);
    parsed = v;
  }
  // raw SQL of the same store: the same statements over the same pre-built rows (rolled back)
  const { rows, prints } = parsed as ReturnType<typeof parseOnly>;
  const chunks: ReturnType<typeof sql>[] = [];
  const CH = 5_000; // as imports.ts
  let rawSqlOnly = 0;
  await time(async () => {
    await database.db
      .transaction(async (tx) => {
        const res = await tx.execute(
          sql`insert into bank_statement_imports (company_id, bank_account_id, format, encoding, file_name, file_size, sha256, storage_key)
            values (${company.id}, ${ba.id}, 'smbc', 'shift_jis', 'raw', 0, '', 'raw') returning id`,
        );
        const imp = (res as unknown as { rows: { id: number }[] }).rows[0];
        for (let i = 0; i < rows.length; i += CH) {
          const c = rows.slice(i, i + CH);
          chunks.push(sql`insert into bank_statement_rows (company_id, import_id, bank_account_id, line_no, date, direction, amount,
            description, description_search, counterparty_name, balance, fingerprint, rule_id)
          select ${company.id}, ${imp.id}, ${ba.id}, x.*
          from unnest(${arrayLiteral(c.map((r) => r.line_no))}::int[], ${arrayLiteral(c.map((r) => r.date))}::date[],
            ${arrayLiteral(c.map((r) => r.direction))}::text[], ${arrayLiteral(c.map((r) => r.amount))}::bigint[],
            ${arrayLiteral(c.map((r) => r.description))}::text[], ${arrayLiteral(c.map((r) => normalizeText(r.description)))}::text[],
            ${arrayLiteral(c.map((r) => r.counterparty_name))}::text[], ${arrayLiteral(c.map((r) => r.balance))}::bigint[],
            ${arrayLiteral(prints.slice(i, i + CH))}::text[], ${arrayLiteral(c.map(() => null))}::int[]) as x`);
        }
        // only the statements are timed, not building them
        const t = performance.now();
        for (const q of chunks) await tx.execute(q);
        rawSqlOnly = performance.now() - t;
        throw new Rollback();
      })
      .catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
  });

  const ctx = { ...systemCompanyCtx(database.db, company.id, user.id), deps: app.deps };
  const input = {
    bytes: file,
    file_name: 'bench.csv',
    bank_account_id: ba.id,
    format: 'auto',
    dry_run: false,
    background: false,
  };
  const [e2e, imp] = await time(() => importStatement({ ctx, input }));
  const [again, imp2] = await time(() => importStatement({ ctx, input }));

  // the job's path (docs/adr/0027): chunks of 5,000, each its own transaction; a third bank account (all new)
  const jobCtx = { ...ctx, deps: { ...app.deps, queue: { send: async () => 'bench' } as unknown as JobQueue } };
  const gaps: number[] = [];
  let last = 0;
  importHooks.betweenChunks = async () => {
    const now = performance.now();
    gaps.push(now - last);
    last = now;
  };
  const [jobMs, jobImp] = await time(async () => {
    const created = await importStatement({
      ctx: jobCtx,
      input: { ...input, bank_account_id: ba3.id, background: true },
    });
    last = performance.now();
    await runImportJob(tenant, created.id, app.deps.storage);
    return loadImport(tenant, created.id);
  });
  importHooks.betweenChunks = null;

  // through HTTP: multipart upload → 202-style "processing" answer → the job → poll until imported
  const token = await signIn(app, user.email);
  const headers = { authorization: `Bearer ${token}` };
  const form = multipartForm({ bank_account_id: ba2.id }, { name: 'bench.csv', bytes: file });
  let status = '';
  let httpImported = 0;
  const [http] = await time(async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/bank-statements',
      payload: form.body,
      headers: { ...form.headers, ...headers },
    });
    if (res.statusCode >= 300) throw new Error(`upload ${res.statusCode} ${res.body.slice(0, 300)}`);
    const impId = res.json().data.id;
    for (;;) {
      const r = await app.inject({ method: 'GET', url: `/api/bank-statements/${impId}?per_page=1`, headers });
      const d = r.json().data;
      status = d.status;
      httpImported = d.imported_rows;
      if (status !== 'processing') break;
      await new Promise((ok) => setTimeout(ok, 50));
    }
  });

  const rate = (ms: number) => Math.round(N / (ms / 1000));
  const out = {
    database: label,
    rows: N,
    file_mb: +(file.length / 1024 / 1024).toFixed(1),
    load_before: loadBefore,
    health_p50_ms: +median(health).toFixed(2),
    decode_only_ms: Math.round(median(decode)),
    decode_parse_fingerprint_ms: Math.round(median(parse)),
    parse_rows_per_s: rate(median(parse)),
    raw_sql_insert_ms: Math.round(rawSqlOnly),
    raw_sql_rows_per_s: rate(rawSqlOnly),
    end_to_end_ms: Math.round(e2e),
    end_to_end_rows_per_s: rate(e2e),
    end_to_end_vs_raw_sql: +(e2e / rawSqlOnly).toFixed(2),
    ratio_to_decode_only: +(e2e / median(decode)).toFixed(1),
    imported: imp.imported_rows,
    job_chunked_ms: Math.round(jobMs),
    job_chunked_rows_per_s: rate(jobMs),
    job_chunk_transactions: gaps.length,
    job_longest_chunk_ms: Math.round(Math.max(...gaps)),
    job_imported: jobImp?.imported_rows ?? 0,
    reimport_all_duplicates_ms: Math.round(again),
    reimport_rows_per_s: rate(again),
    reimport_skipped: imp2.skipped_rows,
    http_upload_job_ms: Math.round(http),
    http_upload_job_rows_per_s: rate(http),
    http_status: status,
    http_imported: httpImported,
    load_after: load(),
  };
  console.table(out);
  console.log(
    `${label}:`,
    out.end_to_end_rows_per_s >= 20_000 ? 'OK: ≥ 20,000 rows/s' : 'BELOW TARGET: < 20,000 rows/s',
    JSON.stringify(out),
  );
  await app.close();
}

async function main() {
  const file = bankCsvFile('smbc', syntheticLines(N), 10_000_000_000);
  console.log(`bank import: ${N.toLocaleString()} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB Shift_JIS`);
  const only = process.env.BENCH_BANK_DB; // pglite | pglite-folder | postgres; default: all three
  if (!only || only === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    await bench('PGlite (in memory)', database, file);
    await database.close();
  }
  if (!only || only === 'pglite-folder') {
    // the server's own mode: PGlite in a data folder on disk (DATA_DIR)
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bankimp-bench-'));
    try {
      const database = await openDatabase({ dataDir: dir });
      await bench('PGlite (data folder)', database, file);
      await database.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (only && only !== 'postgres') return;
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
    await bench('PostgreSQL 15', database, file);
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
