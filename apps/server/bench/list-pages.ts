/**
 * `npx tsx bench/list-pages.ts` (part of `npm run bench`): the date-ordered lists that grow with the books —
 * 受注取引 (GET /api/transactions), 発注取引 (GET /api/transaction-documents) and 入出金 (GET /api/payments) —
 * at BENCH_LIST_ROWS rows each (default 1,000,000) in one company, with 20 × 1,000 in other companies
 * around it. The first, middle and last page of each unfiltered list (newest first, 20 a page) through
 * `app.inject()` (the whole API path), beside, in the same run: GET /api/health, the SQL the list ran before
 * ADR 0032 (count(*) over the company's rows, then the page by OFFSET — from the nearer end), and the SQL it
 * runs now (total and first day from list_day_counts, then the page from that day on). Issue 16's target:
 * every page ≤ 30 ms at 1M, flat with the page's position.
 * Env: BENCH_LIST_ROWS, BENCH_RUNS (30), BENCH_LIST_DB (both | pglite | postgres).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, runMigrations } from '../src/db/client.js';
import { customers } from '../src/db/schema/index.js';
import { dayPageStart } from '../src/lib/day-paging.js';
import { sqlRows } from '../src/modules/accounting/sql-rows.js';
import { createCompany, createUser, signIn } from '../src/test/harness.js';
import { onPostgresIfReachable } from './on-postgres.js';
import { benchApp, timed } from './support.js';

const N = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WHICH = process.env.BENCH_LIST_DB ?? 'both';
const PER = 20;

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/**
 * `n` rows of each list for the company, dated over ~6.5 years (≈ 420 a day at 1M), set-based with the
 * triggers off (`session_replication_role = replica`, like bench/journal-bulk.ts), then the company's kept
 * per-day counts rebuilt from the rows — what the triggers would have written one row at a time.
 */
async function fill(database: Database, companyId: number, customerId: number, n: number) {
  const chunk = 200_000;
  const day = sql.raw(`(date '2020-01-01' + ((g::bigint * 7919) % 2400)::int)`);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (let i = 0; i < n; i += chunk) {
      const m = Math.min(chunk, n - i);
      await tx.execute(sql`
        insert into sales_transactions (company_id, number, customer_id, transaction_date, subject, payment_method,
          status, by_rate, subtotal, tax, total)
        select ${companyId}, g + 1, ${customerId}, ${day}, 'ベンチ件名' || g, 1, g % 4, '[]'::jsonb, 1000, 100, 1100
        from generate_series(${i}::int, ${i + m - 1}::int) g`);
      await tx.execute(sql`
        insert into transaction_documents (company_id, customer_id, document_type, transaction_date, amount)
        select ${companyId}, ${customerId}, 1, ${day}, 1000 + g % 997 from generate_series(${i}::int, ${i + m - 1}::int) g`);
      await tx.execute(sql`
        insert into payments (company_id, customer_id, direction, date, amount, settled)
        select ${companyId}, ${customerId}, case when g % 2 = 0 then 'in' else 'out' end, ${day}, 500 + g % 991, 500 + g % 991
        from generate_series(${i}::int, ${i + m - 1}::int) g`);
    }
    await tx.execute(sql`
      insert into list_day_counts (company_id, list, date, rows)
      select ${companyId}::int, 'sales', transaction_date, count(*) from sales_transactions where company_id = ${companyId} group by 3
      union all
      select ${companyId}, 'documents', transaction_date, count(*) from transaction_documents
        where company_id = ${companyId} and deleted_at is null group by 3
      union all
      select ${companyId}, 'payments', date, count(*) from payments where company_id = ${companyId} group by 3`);
  });
}

const LISTS = [
  {
    list: 'sales' as const,
    label: '受注取引',
    url: '/api/transactions',
    table: 'sales_transactions',
    date: 'transaction_date',
    live: '',
  },
  {
    list: 'documents' as const,
    label: '発注取引',
    url: '/api/transaction-documents',
    table: 'transaction_documents',
    date: 'transaction_date',
    live: 'and deleted_at is null',
  },
  { list: 'payments' as const, label: '入出金', url: '/api/payments', table: 'payments', date: 'date', live: '' },
];

async function run(label: string, open: () => Promise<Database>) {
  const database = await open();
  await runMigrations(database);
  const app = await benchApp(database);
  const company = await createCompany(database.db);
  const owner = await createUser(database.db, { role: 'company', companyId: company.id });
  const [cust] = await database.db
    .insert(customers)
    .values({ company_id: company.id, name: '株式会社ベンチ', used_for: 3 })
    .returning({ id: customers.id });
  const t0 = performance.now();
  await fill(database, company.id, cust.id, N);
  for (let c = 0; c < 20; c++) {
    const other = await createCompany(database.db);
    const [oc] = await database.db
      .insert(customers)
      .values({ company_id: other.id, name: '他社の取引先', used_for: 3 })
      .returning({ id: customers.id });
    await fill(database, other.id, oc.id, 1000);
  }
  await database.db.execute(sql`analyze`);
  const loadSeconds = ((performance.now() - t0) / 1000).toFixed(1);
  const token = await signIn(app, owner.email, 'correct-horse-42');
  const headers = { authorization: `Bearer ${token}` };
  const time = (fn: () => Promise<unknown>) => timed(fn, { runs: RUNS });
  const api = (url: string) => async () => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  };
  for (const l of LISTS) {
    // the kept counts rebuilt after the bulk load must give the list's real total
    const res = await app.inject({ method: 'GET', url: `${l.url}?page=1`, headers });
    if (res.json().meta.total !== N) throw new Error(`${l.url}: total ${res.json().meta.total}, expected ${N}`);
  }
  const rows: Record<string, string>[] = [];
  const add = (name: string, s: { p50: number; p95: number }, base: number) =>
    rows.push({
      case: name,
      'p50 ms': s.p50.toFixed(2),
      'p95 ms': s.p95.toFixed(2),
      '× health': (s.p50 / base).toFixed(1),
    });
  const loadBefore = load();
  const health = await time(api('/api/health'));
  add('GET /api/health (baseline)', health, health.p50);
  for (const l of LISTS) {
    const total = N;
    const lastPage = Math.ceil(total / PER);
    for (const [where, page] of [
      ['first', 1],
      ['middle', Math.ceil(lastPage / 2)],
      ['last', lastPage],
    ] as const) {
      const offset = (page - 1) * PER;
      // before ADR 0032: count(*), then the page by OFFSET from the nearer end
      const naive = async () => {
        await sqlRows(
          database.db,
          sql.raw(`select count(*)::int from ${l.table} where company_id = ${company.id} ${l.live}`),
        );
        const fromEnd = offset > total / 2;
        const dir = fromEnd ? 'asc' : 'desc';
        await sqlRows(
          database.db,
          sql.raw(
            `select * from ${l.table} where company_id = ${company.id} ${l.live} order by ${l.date} ${dir}, id ${dir} limit ${PER} offset ${fromEnd ? Math.max(0, total - offset - PER) : offset}`,
          ),
        );
      };
      // now: total and first day from the kept counts, then the page from that day on
      const kept = async () => {
        const start = await dayPageStart(database.db, { list: l.list, companyId: company.id, dir: 'desc', offset });
        await sqlRows(
          database.db,
          sql.raw(
            `select * from ${l.table} where company_id = ${company.id} ${l.live} and ${l.date} <= '${start.day}' order by ${l.date} desc, id desc limit ${PER} offset ${offset - start.before}`,
          ),
        );
      };
      add(`${l.label} ${where} page: SQL before (count(*) + OFFSET)`, await time(naive), health.p50);
      add(`${l.label} ${where} page: SQL now (kept day counts)`, await time(kept), health.p50);
      add(`${l.label} ${where} page: GET ${l.url}?page=${page}`, await time(api(`${l.url}?page=${page}`)), health.p50);
    }
  }
  console.log(
    `\n${label}: ${N.toLocaleString('en-US')} rows in each list of one company + 20 × 1,000 in others (loaded in ${loadSeconds} s), ${RUNS} sequential requests per case; load average before ${loadBefore}, after ${load()}`,
  );
  console.table(rows);
  await app.close();
  await database.close();
}

if (WHICH !== 'postgres') await run('embedded PGlite (in memory)', () => openDatabase({ dataDir: 'memory://' }));
if (WHICH !== 'pglite') {
  await onPostgresIfReachable('PostgreSQL', run);
}
