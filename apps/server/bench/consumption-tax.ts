/**
 * Consumption-tax fill benchmark (issue 27; part of `npm run bench -w @chobo/server`; alone:
 * `npx tsx bench/consumption-tax.ts`). One company's journal of BENCH_LINES (1,000,000) lines over
 * journal-bulk's two years on the embedded database; times POST /api/company/consumption-tax-returns/{fy}/fill
 * (the grouped sums by 税区分 and account, the invoices' and documents' per-rate tax, the computation, the
 * stored draft with its sources, the audit row) beside the raw SQL of the same grouped sums, alternating.
 * Target: fill ≤ 300 ms at 1M lines.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, runMigrations } from '../src/db/client.js';
import { systemTenant } from '../src/lib/context.js';
import { seedDefaultAccounts } from '../src/modules/accounting/chart-of-accounts.js';
import { sqlRows } from '../src/modules/accounting/sql-rows.js';
import { journalSumsQuery } from '../src/modules/consumption-tax/consumption-tax-fill.js';
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
const database = await openDatabase({ dataDir: 'memory://' });
await runMigrations(database);
const db = database.db;
const app = await benchApp(database);
const t0 = performance.now();
const company = await createCompany(db, { fiscal_year_end_month: 3 });
await seedDefaultAccounts(systemTenant(db, company.id));
const owner = await createUser(db, { role: 'company', companyId: company.id });
const lines = await bulkLoad(database, company.id, LINES, 7);
// the generator leaves every line 対象外: each line takes its account's default 税区分 (売上高 課税売上10%,
// 仕入高 and the 経費 課税仕入10%, 保険料・受取利息 非課税 …), as the journal form would have set them
await db.transaction(async (tx) => {
  await tx.execute(sql`set local session_replication_role = replica`);
  await tx.execute(sql`update journal_lines l set tax_category = a.default_tax_category from accounts a
    where a.id = l.account_id and l.company_id = ${company.id} and a.default_tax_category <> 'none'`);
});
const [fy] = await sqlRows<{ id: number }>(
  db,
  sql`insert into fiscal_years (company_id, start_date, end_date) values (${company.id}, ${FY.from}, ${FY.to}) returning id`,
);
// the generated books sell far over 5億円 a year: the company chose 一括比例配分方式
await db.execute(
  sql`insert into consumption_tax_settings (company_id, method, sales_calc, purchase_calc, apportionment) values (${company.id}, 'general', 'warimodoshi', 'tsumiage', 'proportional')`,
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
const raw = () => sqlRows(db, journalSumsQuery(company.id, FY.from, FY.to));
const plain = () =>
  sqlRows(
    db,
    sql`select tax_category, account_id, sum(credit - debit), count(*) from journal_lines where company_id = ${company.id} and date between ${FY.from} and ${FY.to} and tax_category <> 'none' group by 1, 2`,
  );
const samples = { fill: [] as number[], raw: [] as number[], plain: [] as number[] };
for (let w = 0; w < 3; w++) for (const f of [fill, raw, plain]) await f();
for (let r = 0; r < RUNS; r++) {
  for (const [key, f] of [
    ['fill', fill],
    ['raw', raw],
    ['plain', plain],
  ] as const) {
    const t = performance.now();
    await f();
    samples[key].push(performance.now() - t);
  }
}
const first = (await fill()).json().data;
console.log(
  `fill answer: sales 10% ${first.inputs.sales['10'].gross}, purchases 10% ${first.inputs.purchases['10'].gross}, ㉖ ${first.result?.total_payable ?? first.refusal}`,
);
const [f, r, p] = [stats(samples.fill), stats(samples.raw), stats(samples.plain)];
console.table([
  { case: 'POST …/fill (API, stores the draft)', p50: f.p50.toFixed(1), p95: f.p95.toFixed(1) },
  { case: 'raw SQL: the same grouped sums (with the tax-line join)', p50: r.p50.toFixed(1), p95: r.p95.toFixed(1) },
  { case: '(reference) grouped sums without the tax-line join', p50: p.p50.toFixed(1), p95: p.p95.toFixed(1) },
]);
console.log(`fill ÷ raw = ${(f.p50 / r.p50).toFixed(2)}; target fill ≤ 300 ms: ${f.p50 <= 300 ? 'met' : 'NOT met'}`);
await app.close();
await database.close();
