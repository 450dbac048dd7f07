/**
 * Payments benchmark (part of `npm run bench`): 50,000 open invoices (issued, some partly paid) of 200
 * customers in one company, then p50/p95 of the receivables aging report (GET /api/payment-reports/aging),
 * beside the raw SQL of the same aggregation and GET /api/health measured in the same run; also the open
 * items of one customer and creating a payment allocated to an invoice (POST, posting included).
 * Target (issue 13): aging over 50k open invoices ≤ 200 ms. BENCH_INVOICES / BENCH_RUNS make it smaller.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, runMigrations } from '../src/db/client.js';
import { customers, invoices, paymentAllocations, payments } from '../src/db/schema/index.js';
import { createCompany, createUser, signIn } from '../src/test/harness.js';
import { onPostgresIfReachable } from './on-postgres.js';
import { benchApp, stats } from './support.js';

const N = Number(process.env.BENCH_INVOICES ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

async function run(label: string, open: () => Promise<Database>) {
  const database = await open();
  await runMigrations(database);
  const app = await benchApp(database);
  const company = await createCompany(database.db, { registration_number: 'T7000012050002' });
  const owner = await createUser(database.db, { role: 'company', companyId: company.id });
  const custs = await database.db
    .insert(customers)
    .values(
      Array.from({ length: 200 }, (_, i) => ({ company_id: company.id, name: `株式会社ベンチ${i}`, used_for: 1 })),
    )
    .returning({ id: customers.id });
  const t0 = performance.now();
  const BATCH = 5000;
  const invoiceIds: number[] = [];
  for (let i = 0; i < N; i += BATCH) {
    const rows = await database.db
      .insert(invoices)
      .values(
        Array.from({ length: Math.min(BATCH, N - i) }, (_, k) => {
          const j = i + k;
          const issue = new Date(Date.UTC(2025, 0, 1) + (j % 600) * 86_400_000).toISOString().slice(0, 10);
          const due = new Date(Date.UTC(2025, 0, 31) + (j % 600) * 86_400_000).toISOString().slice(0, 10);
          const base = 1000 + (j % 97) * 1000;
          return {
            company_id: company.id,
            number: j + 1,
            customer_id: custs[j % custs.length].id,
            status: 'issued',
            issue_date: issue,
            due_date: due,
            subtotal: base,
            tax: base / 10,
            total: base + base / 10,
            issuer: {},
            recipient: {},
          };
        }),
      )
      .returning({ id: invoices.id, total: invoices.total, customer_id: invoices.customer_id });
    invoiceIds.push(...rows.map((r) => r.id));
    // every tenth invoice is partly paid (a payment of half of it)
    const partly = rows.filter((_, k) => k % 10 === 0);
    const pays = await database.db
      .insert(payments)
      .values(
        partly.map((r) => ({
          company_id: company.id,
          direction: 'in',
          date: '2026-06-01',
          customer_id: r.customer_id,
          amount: Math.floor(r.total / 2),
          settled: Math.floor(r.total / 2),
        })),
      )
      .returning({ id: payments.id, amount: payments.amount });
    await database.db
      .insert(paymentAllocations)
      .values(
        pays.map((p, k) => ({ company_id: company.id, payment_id: p.id, invoice_id: partly[k].id, amount: p.amount })),
      );
  }
  await database.db.execute(sql`analyze`);
  const loadSeconds = (performance.now() - t0) / 1000;
  const token = await signIn(app, owner.email, 'correct-horse-42');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const date = '2026-09-30';
  // the same two aggregations the report runs (document totals per customer and bucket, minus the
  // allocations dated by then per customer and bucket of their documents)
  const sums = (due: string, amount: string) =>
    sql.raw(`sum(${amount}) filter (where ${due} >= '2026-09-30'),
      sum(${amount}) filter (where ${due} < '2026-09-30' and ${due} >= '2026-08-31'),
      sum(${amount}) filter (where ${due} < '2026-08-31' and ${due} >= '2026-08-01'),
      sum(${amount}) filter (where ${due} < '2026-08-01' and ${due} >= '2026-07-02'),
      sum(${amount}) filter (where ${due} < '2026-07-02')`);
  const rawTotals = sql`select customer_id, count(*), ${sums('coalesce(due_date, issue_date)', 'total')} from invoices
    where company_id = ${company.id} and status in ('issued', 'sent') and issue_date <= ${date} group by customer_id`;
  const rawPaid = sql`select customer_id, ${sums('due', 'amount')} from (
      select i.customer_id, coalesce(i.due_date, i.issue_date) as due, sum(a.amount) as amount
      from payment_allocations a join payments p on p.id = a.payment_id join invoices i on i.id = a.invoice_id
      where a.company_id = ${company.id} and p.date <= ${date} group by i.id) d
    group by customer_id`;
  // the report's queries on the maintained open amounts: the per-customer, per-due-date sums of the open
  // invoices (invoice_open_sums, kept by a trigger), less the open invoices issued after the date
  const bucket = (
    due: string,
  ) => `case when ${due} >= '2026-09-30' then 'not_due' when ${due} >= '2026-08-31' then 'd1_30'
      when ${due} >= '2026-08-01' then 'd31_60' when ${due} >= '2026-07-02' then 'd61_90' else 'over_90' end`;
  const rawOpen = sql`select customer_id, ${sql.raw(bucket('due_date'))}, sum(n), sum(amount) from invoice_open_sums
    where company_id = ${company.id} group by 1, 2`;
  const rawLater = sql`select customer_id, ${sql.raw(bucket('coalesce(due_date, issue_date)'))}, count(*), sum(total - paid_amount)
    from invoices where company_id = ${company.id} and status in ('issued', 'sent') and total > paid_amount
      and issue_date > ${date} group by 1, 2`;
  const rows: Record<string, string>[] = [];
  let baseline = 0;
  const measure = async (name: string, fn: () => Promise<void>, runs = RUNS) => {
    for (let i = 0; i < 3; i++) await fn();
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await fn();
      samples.push(performance.now() - t);
    }
    const s = stats(samples);
    if (!baseline) baseline = s.p50;
    rows.push({
      case: name,
      'p50 ms': s.p50.toFixed(2),
      'p95 ms': s.p95.toFixed(2),
      '× baseline p50': (s.p50 / baseline).toFixed(1),
    });
  };
  const get = (url: string) => async () => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  await measure('baseline GET /api/health', get('/api/health'));
  await measure(`raw SQL of the report's queries on open amounts (${N} invoices)`, async () => {
    await database.db.execute(rawOpen);
    await database.db.execute(rawLater);
  });
  await measure(`raw SQL of the previous aggregation (Σ allocations, ${N} invoices)`, async () => {
    await database.db.execute(rawTotals);
    await database.db.execute(rawPaid);
  });
  await measure(`GET /api/payment-reports/aging (${N} open invoices)`, get(`/api/payment-reports/aging?date=${date}`));
  await measure(
    'GET /api/payments/open-items (one customer)',
    get(`/api/payments/open-items?direction=in&customer_id=${custs[7].id}`),
  );
  let k = 1;
  await measure(
    'POST /api/payments (1 allocation, posting)',
    async () => {
      const inv = invoiceIds[k * 10 + 3];
      const customer = custs[(k * 10 + 3) % custs.length].id;
      k++;
      const res = await app.inject({
        method: 'POST',
        url: '/api/payments',
        headers,
        payload: {
          direction: 'in',
          date: '2026-10-01',
          customer_id: customer,
          amount: 500,
          allocations: [{ invoice_id: inv, amount: 500 }],
        },
      });
      if (res.statusCode !== 201) throw new Error(`POST: ${res.statusCode} ${res.body}`);
    },
    Math.min(RUNS, 30),
  );
  console.log(
    `\n${label}: ${N} open invoices (every tenth half paid) of 200 customers, loaded in ${loadSeconds.toFixed(1)} s`,
  );
  console.table(rows);
  await app.close();
  await database.close();
}

await run('payments — embedded PGlite (in memory)', () => openDatabase({ dataDir: 'memory://' }));
await onPostgresIfReachable('payments — PostgreSQL', run);
