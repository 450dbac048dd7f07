/**
 * Keyword search of 受注取引 over 100,000 sales with and without the trigram indexes (migration 0021):
 * `cd apps/server && npx tsx bench/keyword-trgm.ts` (BENCH_SALES, BENCH_RUNS). The API's own list queries
 * (listTransactions: page + count) run in one transaction; "without" drops the trigram indexes inside it and
 * rolls back, so both sides read the same rows in the same run. PGlite in memory, then PostgreSQL when one
 * answers (its own database BENCH_DB_NAME, dropped after). BENCH_SKIP_PGLITE=1: PostgreSQL only;
 * BENCH_EXPLAIN=<keyword>: print the count query's plan instead.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../src/db/client.js';
import { openDatabase, runMigrations } from '../src/db/client.js';
import { salesTransactions } from '../src/db/schema/index.js';
import { systemTenant } from '../src/lib/context.js';
import { listTransactions, transactionWhere } from '../src/modules/transactions/transactions.queries.js';
import { createCompany } from '../src/test/harness.js';

const N = Number(process.env.BENCH_SALES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const DB_NAME = process.env.BENCH_DB_NAME ?? 'chobo_bench_trgm';
const INDEXES = [
  'sales_transactions_subject_trgm_idx',
  'sales_transaction_lines_description_trgm_idx',
  'customers_name_trgm_idx',
  'customers_name_kana_trgm_idx',
];
const CASES: [string, string][] = [
  ['subject, rare (ベンチ件名4321)', 'ベンチ件名4321'],
  ['line description (商品123: 1 in 500)', '商品123'],
  ['customer name (取引先17: 11 of 200 customers)', '取引先17'],
  ['no match (該当なし)', '該当なし'],
];

async function load(db: Db) {
  const company = await createCompany(db);
  await db.execute(sql`insert into customers (company_id, name, used_for)
    select ${company.id}, '株式会社取引先' || i, 1 from generate_series(0, 199) i`);
  await db.execute(sql`insert into sales_transactions (company_id, number, customer_id, transaction_date, subject, subtotal, tax, total)
    select ${company.id}, j + 1, (select id from customers where company_id = ${company.id} order by id offset (j % 200) limit 1),
           date '2020-01-01' + (j % 2400), 'ベンチ件名' || j, 1000, 100, 1100
    from generate_series(0, ${N - 1}) j`);
  await db.execute(sql`insert into sales_transaction_lines (company_id, transaction_id, line_no, description, quantity_milli, unit_price, tax_category, amount)
    select company_id, id, 1, '商品' || (number % 500), 1000, 1000, '10', 1000 from sales_transactions where company_id = ${company.id}`);
  await db.execute(sql`analyze`);
  return company.id;
}

const p50 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

async function run(label: string, database: Database) {
  await runMigrations(database);
  const t0 = performance.now();
  const companyId = await load(database.db);
  const loaded = ((performance.now() - t0) / 1000).toFixed(1);
  const results: Record<string, string>[] = [];
  const measure = async (db: Db, keyword: string) => {
    const tenant = systemTenant(db, companyId);
    const q = { keyword, page: 1, per_page: 20, sort_by: 'transaction_date', sort_dir: 'desc' } as Parameters<
      typeof listTransactions
    >[1];
    for (let i = 0; i < 3; i++) await listTransactions(tenant, q);
    const s: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const res = await listTransactions(tenant, q);
      s.push(performance.now() - t);
      total = res.meta.total;
    }
    return { ms: p50(s), total };
  };
  if (process.env.BENCH_EXPLAIN) {
    const where = transactionWhere(systemTenant(database.db, companyId), {
      keyword: process.env.BENCH_EXPLAIN,
    } as Parameters<typeof transactionWhere>[1]);
    const plan = await database.db.execute(
      sql`explain analyze select count(*) from ${salesTransactions} where ${where}`,
    );
    console.log(
      (plan as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n'),
    );
    return;
  }
  for (const [name, keyword] of CASES) {
    const withIdx = await measure(database.db, keyword);
    let without = { ms: 0, total: 0 };
    await database.db
      .transaction(async (tx) => {
        for (const idx of INDEXES) await tx.execute(sql.raw(`drop index ${idx}`));
        without = await measure(tx as unknown as Db, keyword);
        throw new Error('rollback');
      })
      .catch((err: Error) => {
        if (err.message !== 'rollback') throw err;
      });
    results.push({
      keyword: name,
      matches: String(withIdx.total),
      'trigram indexes p50 ms': withIdx.ms.toFixed(1),
      'without p50 ms': without.ms.toFixed(1),
      speed_up: `${(without.ms / withIdx.ms).toFixed(1)}×`,
    });
  }
  console.log(
    `\n${label}: ${N.toLocaleString('en-US')} sales (loaded in ${loaded} s), list page 1 + count, ${RUNS} runs each; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  );
  console.table(results);
}

if (!process.env.BENCH_SKIP_PGLITE) {
  const pglite = await openDatabase({ dataDir: 'memory://' });
  try {
    await run('embedded PGlite', pglite);
  } finally {
    await pglite.close();
  }
}
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
if (
  await admin.connect().then(
    () => true,
    () => false,
  )
) {
  await admin.query(`drop database if exists ${DB_NAME}`);
  await admin.query(`create database ${DB_NAME}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await run('PostgreSQL', database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${DB_NAME}`);
    await admin.end();
  }
} else console.log('\nPostgreSQL: not reachable, skipped');
