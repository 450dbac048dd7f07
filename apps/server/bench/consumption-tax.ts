/**
 * Consumption-tax fill benchmark (issue 27; part of `npm run bench -w @chobo/server`; alone:
 * `npx tsx bench/consumption-tax.ts`). One company's journal of BENCH_LINES (1,000,000) lines over
 * journal-bulk's two years on the embedded database; times POST /api/company/consumption-tax-returns/{fy}/fill
 * (the grouped sums by 税区分 and account read from journal_tax_daily_sums, the invoices' and documents' per-rate
 * tax, the computation, the stored draft with its sources, the audit row) beside the raw SQL of the same grouped
 * sums and the line scan the fill ran until ADR 0059 (every taxable line of the year joined to its tax line),
 * interleaved in each run. Target: fill ≤ 300 ms at 1M lines. BENCH_DATA_DIR (a folder) keeps the seeded books
 * for the next run (books seeded before migration 0047 get their sums from its backfill, timed below).
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, runMigrations } from '../src/db/client.js';
import { systemTenant } from '../src/lib/context.js';
import { seedDefaultAccounts } from '../src/modules/accounting/chart-of-accounts.js';
import { sqlRows } from '../src/modules/accounting/sql-rows.js';
import { journalLineScan, journalSumsQuery } from '../src/modules/consumption-tax/consumption-tax-fill.js';
import { createCompany, createUser, signIn } from '../src/test/harness.js';
import { bulkLoad, HISTORY } from './journal-bulk.js';
import { benchApp, stats } from './support.js';

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const FY = { from: '2025-04-01', to: '2026-03-31' };

console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const DIR = process.env.BENCH_DATA_DIR;
const reuse = DIR !== undefined && existsSync(DIR);
const database = await openDatabase({ dataDir: DIR ?? 'memory://' });
const m0 = performance.now();
await runMigrations(database);
console.log(
  `migrations: ${((performance.now() - m0) / 1000).toFixed(1)} s (the 0047 backfill when the kept books predate it)`,
);
const db = database.db;
const app = await benchApp(database);
const t0 = performance.now();
let company: { id: number };
let lines: number;
if (reuse) {
  const [c] = await sqlRows<{ id: number; n: number }>(
    db,
    sql`select company_id::int as id, count(*)::int as n from journal_lines group by 1 order by 2 desc limit 1`,
  );
  company = { id: c.id };
  lines = c.n;
} else {
  company = await createCompany(db, { fiscal_year_end_month: 3 });
  await seedDefaultAccounts(systemTenant(db, company.id));
  lines = await bulkLoad(database, company.id, LINES, 7);
  // the generator leaves every line 対象外: each line takes its account's default 税区分 (売上高 課税売上10%,
  // 仕入高 and the 経費 課税仕入10%, 保険料・受取利息 非課税 …), as the journal form would have set them
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update journal_lines l set tax_category = a.default_tax_category from accounts a
      where a.id = l.account_id and l.company_id = ${company.id} and a.default_tax_category <> 'none'`);
    // (the triggers were off for the update: the kept per-day sums by 税区分 recomputed once, ADR 0059)
    await tx.execute(sql`select journal_tax_daily_sums_rebuild(${company.id}::int)`);
  });
}
const owner = await createUser(db, { role: 'company', companyId: company.id });
await db.execute(
  sql`insert into fiscal_years (company_id, start_date, end_date) values (${company.id}, ${FY.from}, ${FY.to}) on conflict do nothing`,
);
const [fy] = await sqlRows<{ id: number }>(
  db,
  sql`select id from fiscal_years where company_id = ${company.id} and start_date = ${FY.from}`,
);
// the generated books sell far over 5億円 a year: the company chose 一括比例配分方式
await db.execute(
  sql`insert into consumption_tax_settings (company_id, method, sales_calc, purchase_calc, apportionment) values (${company.id}, 'general', 'warimodoshi', 'tsumiage', 'proportional') on conflict do nothing`,
);
await db.execute(sql`analyze`);
const [{ n: inYear }] = await sqlRows<{ n: number }>(
  db,
  sql`select count(*)::int as n from journal_lines where company_id = ${company.id} and date between ${FY.from} and ${FY.to}`,
);
console.log(
  `seeded ${lines} lines (${HISTORY.from}〜${HISTORY.to}; ${inYear} in the fiscal year ${FY.from}〜${FY.to}) in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
);
const headers = { authorization: `Bearer ${await signIn(app, owner.email, 'correct-horse-42')}` };
const fill = async () => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/company/consumption-tax-returns/${fy.id}/fill`,
    headers,
    payload: {},
  });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
  return res;
};
/** The raw SQL of the fill's grouped sums: the kept per-day sums (ADR 0059). */
const raw = () => sqlRows(db, journalSumsQuery(company.id, FY.from, FY.to));
/** The same sums from the lines (the fill's statement until ADR 0059): the line scan with the tax-line join. */
const scan = () => journalLineScan(db, company.id, FY.from, FY.to);
// the kept sums and the line scan give the same groups, to the yen (a check, not timed)
if (JSON.stringify(await raw()) !== JSON.stringify(await scan()))
  throw new Error('the kept sums and the line scan disagree');
const [{ n: kept }] = await sqlRows<{ n: number }>(
  db,
  sql`select count(*)::int as n from journal_tax_daily_sums where company_id = ${company.id} and date between ${FY.from} and ${FY.to}`,
);
console.log(`journal_tax_daily_sums: ${kept} rows in the fiscal year`);
const cases = [
  ['fill', fill],
  ['raw', raw],
  ['scan', scan],
] as const;
const samples = { fill: [] as number[], raw: [] as number[], scan: [] as number[] };
const loads: number[] = [];
for (let w = 0; w < 2; w++) for (const [, f] of cases) await f();
for (let r = 0; r < RUNS; r++) {
  loads.push(os.loadavg()[0]);
  for (const [key, f] of cases) {
    const t = performance.now();
    await f();
    samples[key].push(performance.now() - t);
  }
}
const first = (await fill()).json().data;
console.log(
  `fill answer: sales 10% ${first.inputs.sales['10'].gross}, purchases 10% ${first.inputs.purchases['10'].gross}, ㉖ ${first.result?.total_payable ?? first.refusal}`,
);
const [f, r, sc] = [stats(samples.fill), stats(samples.raw), stats(samples.scan)];
console.table([
  { case: 'POST …/fill (API, stores the draft)', p50: f.p50.toFixed(1), p95: f.p95.toFixed(1) },
  { case: 'raw SQL: the same grouped sums (journal_tax_daily_sums)', p50: r.p50.toFixed(1), p95: r.p95.toFixed(1) },
  { case: 'raw SQL: the line scan (tax-line join, until ADR 0059)', p50: sc.p50.toFixed(1), p95: sc.p95.toFixed(1) },
]);
console.log(
  `load average (1 min) during the runs: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}; now ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `fill ÷ raw = ${(f.p50 / r.p50).toFixed(2)}; line scan ÷ fill = ${(sc.p50 / f.p50).toFixed(1)}; target fill ≤ 300 ms: ${f.p50 <= 300 ? 'met' : 'NOT met'}`,
);
await app.close();
await database.close();
