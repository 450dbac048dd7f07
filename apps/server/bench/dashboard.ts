/**
 * Home dashboard benchmark (part of `npm run bench`): the demo company's books (a closed year and the open
 * one, seedDemoAccounting) plus BENCH_DASHBOARD_ENTRIES generated entries, then p50/p95 of
 * GET /api/company/dashboard beside GET /api/health and the raw SQL of the same work (Σ of the maintained
 * monthly/daily balances per account up to today, as the trial balance reads them) in the same run.
 * Embedded PGlite only (the statements' PostgreSQL figures are in bench/accounting.ts).
 */
import { performance } from 'node:perf_hooks';
import { fiscalYearContaining, todayInTokyo } from '@chobo/core';
import { sql } from 'drizzle-orm';
import { openDatabase, runMigrations } from '../src/db/client.js';
import { customers } from '../src/db/schema/index.js';
import { seedDemoAccounting } from '../src/db/seed/demo-accounting.js';
import { seedDemoMasterData } from '../src/db/seed/demo-master-data.js';
import { systemTenant } from '../src/lib/context.js';
import { hashPassword } from '../src/lib/secrets.js';
import { seedDefaultAccounts } from '../src/modules/accounting/chart-of-accounts.js';
import { generateEntries } from '../src/modules/accounting/journal-generator.js';
import { sqlRows } from '../src/modules/accounting/sql-rows.js';
import { createCompany, createUser, signIn } from '../src/test/harness.js';
import { benchApp, timed } from './support.js';

const ENTRIES = Number(process.env.BENCH_DASHBOARD_ENTRIES ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);

const database = await openDatabase({ dataDir: 'memory://' });
await runMigrations(database);
const app = await benchApp(database);
const company = await createCompany(database.db, { fiscal_year_end_month: 3, registration_number: 'T7000012050002' });
const tenant = systemTenant(database.db, company.id);
await seedDefaultAccounts(tenant);
await seedDemoMasterData(tenant, await hashPassword('bench-password-1'));
await database.db.insert(customers).values(
  ['株式会社東京商事', '大阪物産株式会社', '有限会社みなと'].map((name) => ({
    company_id: company.id,
    name,
    used_for: 1,
  })),
);
const t0 = performance.now();
await database.db.transaction((tx) => seedDemoAccounting(systemTenant(tx, company.id)));
const owner = await createUser(database.db, { role: 'company', companyId: company.id });
const token = await signIn(app, owner.email, 'correct-horse-42');
const headers = { authorization: `Bearer ${token}` };
const ids = Object.fromEntries(
  (await app.inject({ method: 'GET', url: '/api/company/accounts', headers }))
    .json()
    .data.map((a: { code: string; id: number }) => [a.code, a.id]),
);
const today = todayInTokyo();
for (const e of generateEntries((c) => ids[c]!, {
  seed: 5,
  from: fiscalYearContaining(today, 3).from,
  to: today,
  count: ENTRIES,
})) {
  const r = await app.inject({ method: 'POST', url: '/api/accountings', headers, payload: e });
  if (r.statusCode !== 201) throw new Error(r.body);
}
await database.db.execute(sql`analyze`);
const loadSeconds = ((performance.now() - t0) / 1000).toFixed(1);
const [{ n: lineCount }] = await sqlRows<{ n: number }>(
  database.db,
  sql`select count(*)::int as n from journal_lines where company_id = ${company.id}`,
);

const time = (fn: () => Promise<unknown>) => timed(fn, { runs: RUNS, warmup: 10 });
const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) throw new Error(`${url} ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res;
};
const d = (await get('/api/company/dashboard')).json().data;
const baseline = await time(() => get('/api/health'));
const rows: Record<string, string>[] = [];
const add = (name: string, s: { p50: number; p95: number }) =>
  rows.push({
    case: name,
    'p50 ms': s.p50.toFixed(2),
    'p95 ms': s.p95.toFixed(2),
    '× baseline': (s.p50 / baseline.p50).toFixed(1),
  });
add('baseline GET /api/health', baseline);
add('GET /api/company/dashboard', await time(() => get('/api/company/dashboard')));
add(
  'GET /api/company/trial-balance (FY start → today)',
  await time(() => get(`/api/company/trial-balance?from=${d.period.from}&to=${today}`)),
);
add(
  'raw SQL: Σ monthly balances per account up to today',
  await time(() =>
    database.db.execute(sql`select account_id, sum(debit), sum(credit) from (
      select account_id, debit, credit from account_monthly_balances where company_id = ${company.id} and month < ${`${today.slice(0, 7)}-01`}
      union all
      select account_id, debit, credit from account_daily_balances where company_id = ${company.id} and date >= ${`${today.slice(0, 7)}-01`} and date <= ${today}
    ) s group by account_id`),
  ),
);
console.log(
  `\nembedded PGlite (in memory): demo books + ${ENTRIES} generated entries (${lineCount} lines, loaded in ${loadSeconds} s), ${RUNS} sequential requests per case`,
);
console.table(rows);
await app.close();
await database.close();
