/**
 * Consumption-tax fill benchmark (issue 27; part of `npm run bench -w @chobo/server`; alone:
 * `npx tsx bench/consumption-tax.ts`). One company's journal of BENCH_LINES (1,000,000) lines over
 * journal-bulk's two years on the embedded database; times POST /api/company/consumption-tax-returns/{fy}/fill
 * (the grouped sums by 税区分 and account, the invoices' and documents' per-rate tax, the computation, the
 * stored draft with its sources, the audit row) beside the raw SQL of the same grouped sums, alternating, the
 * previous statement (a lead() window over every line of the period) and the plain grouping as references.
 * Target: fill ≤ 300 ms at 1M lines. BENCH_DATA_DIR (a folder) keeps the seeded books for the next run.
 */
import { existsSync } from 'node:fs';
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
const DIR = process.env.BENCH_DATA_DIR;
const reuse = DIR !== undefined && existsSync(DIR);
const database = await openDatabase({ dataDir: DIR ?? 'memory://' });
await runMigrations(database);
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
const raw = () => sqlRows(db, journalSumsQuery(company.id, FY.from, FY.to));
/** The previous statement (until issue 27's benchmark): the next line of each line by a lead() window. */
const windowed = () =>
  sqlRows(
    db,
    sql`with tax_accounts as (
      select id from accounts where company_id = ${company.id}
        and system_key in ('received_consumption_tax', 'prepaid_consumption_tax')
    ), lines as (
      select l.tax_category, l.account_id, l.credit - l.debit as amount,
        lead(l.tax_category) over w as next_category, lead(l.account_id) over w as next_account,
        lead(l.credit - l.debit) over w as next_amount
      from journal_lines l
      where l.company_id = ${company.id} and l.date between ${FY.from} and ${FY.to}
      window w as (partition by l.entry_id order by l.line_no)
    )
    select x.tax_category as cat, x.account_id, sum(x.amount)::text as amount, count(*)::int as n,
      coalesce(sum(x.next_amount) filter (
        where x.next_category = 'none' and x.next_account in (select id from tax_accounts)), 0)::text as tax
    from lines x where x.tax_category <> 'none' group by 1, 2`,
  );
const plain = () =>
  sqlRows(
    db,
    sql`select tax_category, account_id, sum(credit - debit), count(*) from journal_lines where company_id = ${company.id} and date between ${FY.from} and ${FY.to} and tax_category <> 'none' group by 1, 2`,
  );
// the join and the window give the same sums (a check, not timed)
const sums = (rows: { cat: string; account_id: number; amount: string; tax: string }[]) => {
  const m = new Map<string, [number, number]>();
  for (const r of rows) {
    const k = `${r.cat}:${r.account_id}`;
    const [a, t] = m.get(k) ?? [0, 0];
    m.set(k, [a + Number(r.amount), t + Number(r.tax)]);
  }
  return JSON.stringify([...m].sort());
};
if (sums((await raw()) as never) !== sums((await windowed()) as never))
  throw new Error('the join and the window disagree');
const samples = { fill: [] as number[], raw: [] as number[], windowed: [] as number[], plain: [] as number[] };
for (let w = 0; w < 2; w++) for (const f of [fill, raw, windowed, plain]) await f();
for (let r = 0; r < RUNS; r++) {
  for (const [key, f] of [
    ['fill', fill],
    ['raw', raw],
    ['windowed', windowed],
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
const [f, r, wi, p] = [stats(samples.fill), stats(samples.raw), stats(samples.windowed), stats(samples.plain)];
console.table([
  { case: 'POST …/fill (API, stores the draft)', p50: f.p50.toFixed(1), p95: f.p95.toFixed(1) },
  { case: 'raw SQL: the same grouped sums (with the tax-line join)', p50: r.p50.toFixed(1), p95: r.p95.toFixed(1) },
  { case: 'raw SQL: the previous statement (lead() window)', p50: wi.p50.toFixed(1), p95: wi.p95.toFixed(1) },
  { case: '(reference) grouped sums without the tax-line join', p50: p.p50.toFixed(1), p95: p.p95.toFixed(1) },
]);
console.log(`fill ÷ raw = ${(f.p50 / r.p50).toFixed(2)}; target fill ≤ 300 ms: ${f.p50 <= 300 ? 'met' : 'NOT met'}`);
await app.close();
await database.close();
