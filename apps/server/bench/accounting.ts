/**
 * Accounting benchmark (`npm run bench -w @chobo/server` runs it after the foundation's; alone:
 * `npx tsx bench/accounting.ts`). One company's journal grows from BENCH_SMALL_STAGE (100k) to BENCH_LINES
 * (1,000,000) lines next to BENCH_COMPANIES (50) smaller companies; at each size it measures, through
 * app.inject(), the fiscal-year statements, ledger pages of the busiest account at the first, middle and
 * last page, and posting one entry — on the embedded database and on PostgreSQL — and the raw-SQL lower
 * bound of each. Bulk loading bypasses the triggers (session_replication_role = replica) and then rebuilds
 * the daily balances with one INSERT … SELECT; the check command verifies them against the lines.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { type Database, openDatabase, runMigrations } from '../src/db/client.js';
import { loadEnv } from '../src/env.js';
import { systemTenant } from '../src/lib/context.js';
import { seedDefaultAccounts } from '../src/modules/accounting/chart-of-accounts.js';
import { checkBalances } from '../src/modules/accounting/check-balances.js';
import { sqlRows } from '../src/modules/accounting/sql-rows.js';
import { createCompany, createTestDatabase, createUser, signIn } from '../src/test/harness.js';
import { bulkLoad } from './journal-bulk.js';
import { stats } from './support.js';

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const STAGE = Number(process.env.BENCH_SMALL_STAGE ?? Math.min(100_000, LINES));
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 50);
const SMALL_LINES = Number(process.env.BENCH_SMALL_LINES ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const FY = { from: '2026-04-01', to: '2027-03-31' };

type Case = { name: string; api: () => Promise<unknown>; raw: () => Promise<unknown> };

/** The measured calls for one company (statements for the fiscal year, ledger pages, one posting). */
async function casesFor(
  app: Awaited<ReturnType<typeof buildApp>>,
  db: Database['db'],
  companyId: number,
  token: string,
) {
  const headers = { authorization: `Bearer ${token}` };
  const ids = new Map(
    (
      await sqlRows<{ id: number; code: string }>(
        db,
        sql`select id, code from accounts where company_id = ${companyId}`,
      )
    ).map((a) => [a.code, Number(a.id)]),
  );
  const busiest = ids.get('1120') as number;
  const [{ n }] = await sqlRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from journal_lines where company_id = ${companyId} and account_id = ${busiest} and date between ${FY.from} and ${FY.to}`,
  );
  const lastPage = Math.max(1, Math.ceil(n / 50));
  const get = (url: string) => async () => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  const q = `from=${FY.from}&to=${FY.to}`;
  // the SQL lower bound of a statement: one grouped read of the monthly sums up to the year end
  const rawBalances = () =>
    sqlRows(
      db,
      sql`select account_id, sum(debit), sum(credit) from account_monthly_balances where company_id = ${companyId} and month <= ${FY.to} group by account_id`,
    );
  // of a ledger page: the page of lines alone (plain OFFSET, as a naive ledger would read it)
  const rawPage = (page: number) => () =>
    sqlRows(
      db,
      sql`select * from journal_lines where company_id = ${companyId} and account_id = ${busiest} and date between ${FY.from} and ${FY.to} order by date, entry_id, id offset ${(page - 1) * 50} limit 50`,
    );
  let postNo = 0;
  const post = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/accountings',
      headers,
      payload: {
        date: '2026-10-01',
        description: `ベンチ仕訳${++postNo}`,
        lines: [
          { account_id: ids.get('1120'), debit: 1100 },
          { account_id: ids.get('4110'), credit: 1000 },
          { account_id: ids.get('2210'), credit: 100 },
        ],
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  };
  // of a posting: counter, entry and two lines in one transaction (triggers included)
  const rawPost = () =>
    db.transaction(async (tx) => {
      const [c] = await sqlRows<{ n: number }>(
        tx,
        sql`update journal_counters set last_number = last_number + 1 where company_id = ${companyId} returning last_number as n`,
      );
      const [e] = await sqlRows<{ id: number }>(
        tx,
        sql`insert into journal_entries (company_id, number, date, description, total) values (${companyId}, ${c.n}, '2026-10-01', 'raw', 1000) returning id`,
      );
      await tx.execute(sql`insert into journal_lines (company_id, entry_id, line_no, date, account_id, debit, credit) values
        (${companyId}, ${e.id}, 1, '2026-10-01', ${ids.get('1120')}, 1000, 0), (${companyId}, ${e.id}, 2, '2026-10-01', ${ids.get('4110')}, 0, 1000)`);
    });
  const naive = () =>
    sqlRows(
      db,
      sql`select account_id, sum(debit), sum(credit) from journal_lines where company_id = ${companyId} and date <= ${FY.to} group by account_id`,
    );
  const cases: Case[] = [
    { name: 'trial balance (FY)', api: get(`/api/company/trial-balance?${q}`), raw: rawBalances },
    { name: 'balance sheet (FY, with previous)', api: get(`/api/company/balance-sheet?${q}`), raw: rawBalances },
    { name: 'income statement (FY, with previous)', api: get(`/api/company/income-statement?${q}`), raw: rawBalances },
    { name: 'cash flow (FY, with previous)', api: get(`/api/company/cash-flow?${q}`), raw: rawBalances },
    {
      name: 'ledger first page (busiest account)',
      api: get(`/api/company/ledger?account_id=${busiest}&${q}&page=1`),
      raw: rawPage(1),
    },
    {
      name: 'ledger middle page',
      api: get(`/api/company/ledger?account_id=${busiest}&${q}&page=${Math.ceil(lastPage / 2)}`),
      raw: rawPage(Math.ceil(lastPage / 2)),
    },
    {
      name: 'ledger last page',
      api: get(`/api/company/ledger?account_id=${busiest}&${q}&page=${lastPage}`),
      raw: rawPage(lastPage),
    },
    { name: 'post one entry (POST /api/accountings)', api: post, raw: rawPost },
    { name: '(reference) statement by summing the lines', api: naive, raw: naive },
  ];
  return { cases, busiestLines: n, lastPage };
}

async function run(label: string, open: () => Promise<Database>) {
  const database = await open();
  await runMigrations(database);
  const db = database.db;
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    db,
    driver: database.driver,
    rateLimits: false,
  });
  const t0 = performance.now();
  for (let c = 0; c < COMPANIES; c++) {
    const small = await createCompany(db, { fiscal_year_end_month: 3 });
    await seedDefaultAccounts(systemTenant(db, small.id));
    await bulkLoad(database, small.id, SMALL_LINES, 1000 + c);
  }
  // two measured companies in the same database: STAGE lines and LINES lines; every case is timed for
  // both in alternation, so a busy machine slows both alike and their ratio stays meaningful
  const measured: { label: string; lines: number; id: number; token: string }[] = [];
  for (const [size, seed] of [
    [STAGE, 1],
    [LINES, 2],
  ] as const) {
    const company = await createCompany(db, { fiscal_year_end_month: 3 });
    await seedDefaultAccounts(systemTenant(db, company.id));
    const owner = await createUser(db, { role: 'company', companyId: company.id });
    const lines = await bulkLoad(database, company.id, size, seed);
    measured.push({
      label: `${Math.round(lines / 1000)}k`,
      lines,
      id: company.id,
      token: await signIn(app, owner.email, 'correct-horse-42'),
    });
  }
  console.log(
    `\n${label}: seeded ${COMPANIES} companies × ${SMALL_LINES} lines, one company with ${measured[0].lines} and one with ${measured[1].lines} lines in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  await db.execute(sql`analyze`);
  const sets = [];
  for (const m of measured) {
    const c = await casesFor(app, db, m.id, m.token);
    console.log(
      `  ${m.label}: busiest account has ${c.busiestLines} lines in the fiscal year → ${c.lastPage} ledger pages of 50`,
    );
    sets.push(c.cases);
  }
  const [a, b] = measured.map((m) => m.label);
  const table: Record<string, string>[] = [];
  for (let i = 0; i < sets[0].length; i++) {
    const [ca, cb] = [sets[0][i], sets[1][i]];
    const runs = ca.name.startsWith('(reference)') ? 5 : RUNS;
    const samples = { aApi: [] as number[], bApi: [] as number[], aRaw: [] as number[], bRaw: [] as number[] };
    for (let w = 0; w < 3; w++) for (const f of [ca.api, cb.api, ca.raw, cb.raw]) await f();
    for (let r = 0; r < runs; r++) {
      for (const [key, f] of [
        ['aApi', ca.api],
        ['bApi', cb.api],
        ['aRaw', ca.raw],
        ['bRaw', cb.raw],
      ] as const) {
        const t = performance.now();
        await f();
        samples[key].push(performance.now() - t);
      }
    }
    const [sa, sb, ra, rb] = [stats(samples.aApi), stats(samples.bApi), stats(samples.aRaw), stats(samples.bRaw)];
    const reference = ca.name.startsWith('(reference)');
    table.push({
      case: ca.name,
      [`${a} p50`]: sa.p50.toFixed(1),
      [`${b} p50`]: sb.p50.toFixed(1),
      [`${b} p95`]: sb.p95.toFixed(1),
      [`${b}/${a}`]: (sb.p50 / sa.p50).toFixed(2),
      [`${b} raw p50`]: reference ? '' : rb.p50.toFixed(1),
      [`${b} ×raw`]: reference ? '' : (sb.p50 / rb.p50).toFixed(1),
      [`${a} ×raw`]: reference ? '' : (sa.p50 / ra.p50).toFixed(1),
    });
  }
  const t1 = performance.now();
  const bad = await checkBalances(db, measured[1].id);
  console.log(
    `check command (daily and monthly balances = lines) for ${measured[1].lines} lines: ${bad.length === 0 ? 'OK' : `${bad.length} differ`} in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
  );
  console.log(
    `${label}: ${RUNS} sequential requests per case and size, alternating sizes (ms); raw = the SQL lower bound alone`,
  );
  console.table(table);
  await app.close();
  await database.close();
  return table;
}

console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (process.env.BENCH_SKIP_PGLITE !== '1')
  await run('embedded PGlite (in memory)', () => openDatabase({ dataDir: 'memory://' }));
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const probe = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
if (
  await probe.connect().then(
    () => probe.end().then(() => true),
    () => false,
  )
) {
  process.env.TEST_DATABASE_URL = pgUrl;
  await run('PostgreSQL 15', () => createTestDatabase());
} else {
  console.log('\nPostgreSQL: not reachable, skipped');
}
