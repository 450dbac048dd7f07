/**
 * Sales benchmark (part of `npm run bench`): 100,000 受注取引 in one company (plus 20 other companies'
 * sales around them), then p50/p95 of the list (first and last page, keyword), creating a transaction
 * (POST, posting included) and rendering an invoice PDF — each beside GET /api/health measured in the
 * same run. Targets (issue 9): list page ≤ 50 ms, create ≤ 30 ms p50, PDF ≤ 100 ms and ≤ 60 KB.
 * On the embedded database and, when one answers, on PostgreSQL.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { type Database, openDatabase, runMigrations } from '../src/db/client.js';
import { companies, customers, salesTransactionLines, salesTransactions } from '../src/db/schema/index.js';
import { createCompany, createUser, signIn } from '../src/test/harness.js';
import { onPostgresIfReachable } from './on-postgres.js';
import { benchApp, timed } from './support.js';

const N = Number(process.env.BENCH_SALES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);

async function bulkSales(database: Database, companyId: number, customerIds: number[], n: number) {
  const BATCH = 2000;
  for (let i = 0; i < n; i += BATCH) {
    const count = Math.min(BATCH, n - i);
    const rows = await database.db
      .insert(salesTransactions)
      .values(
        Array.from({ length: count }, (_, k) => {
          const j = i + k;
          const day = new Date(Date.UTC(2020, 0, 1) + (j % 2400) * 86_400_000).toISOString().slice(0, 10);
          const base = 1000 + (j % 97) * 1000;
          return {
            company_id: companyId,
            number: j + 1,
            customer_id: customerIds[j % customerIds.length],
            transaction_date: day,
            subject: `ベンチ件名${j}`,
            payment_method: 1,
            status: j % 4,
            by_rate: [{ tax_category: '10', base, tax: base / 10 }],
            subtotal: base,
            tax: base / 10,
            total: base + base / 10,
          };
        }),
      )
      .returning({ id: salesTransactions.id, subtotal: salesTransactions.subtotal });
    await database.db.insert(salesTransactionLines).values(
      rows.map((r, k) => ({
        company_id: companyId,
        transaction_id: r.id,
        line_no: 1,
        description: `商品${(i + k) % 500}`,
        quantity_milli: 1000,
        unit_price: r.subtotal,
        tax_category: '10',
        amount: r.subtotal,
      })),
    );
  }
  await database.db.execute(
    sql`insert into document_counters (company_id, kind, last_number) values (${companyId}, 'transaction', ${n}) on conflict do nothing`,
  );
}

async function run(label: string, open: () => Promise<Database>) {
  const database = await open();
  await runMigrations(database);
  const app = await benchApp(database);
  const company = await createCompany(database.db, {
    registration_number: 'T7000012050002',
    postal_code: '1000005',
    prefecture_code: '13',
    address1: '千代田区丸の内1-1-1',
  });
  await database.db
    .update(companies)
    .set({
      bank_accounts: [
        {
          bank_name: 'みずほ銀行',
          branch_name: '丸の内支店',
          account_type: '普通',
          account_number: '1234567',
          account_holder: 'カ）ベンチ',
        },
      ],
    })
    .where(eq(companies.id, company.id));
  const owner = await createUser(database.db, { role: 'company', companyId: company.id });
  const cust = await database.db
    .insert(customers)
    .values(
      Array.from({ length: 200 }, (_, i) => ({ company_id: company.id, name: `株式会社取引先${i}`, used_for: 1 })),
    )
    .returning({ id: customers.id });
  const t0 = performance.now();
  await bulkSales(
    database,
    company.id,
    cust.map((c) => c.id),
    N,
  );
  // other companies' sales around it
  for (let c = 0; c < 20; c++) {
    const other = await createCompany(database.db);
    const oc = await database.db
      .insert(customers)
      .values({ company_id: other.id, name: '他社の顧客', used_for: 1 })
      .returning({ id: customers.id });
    await bulkSales(database, other.id, [oc[0].id], 1000);
  }
  await database.db.execute(sql`analyze`);
  const loadSeconds = ((performance.now() - t0) / 1000).toFixed(1);
  const token = await signIn(app, owner.email, 'correct-horse-42');
  const headers = { authorization: `Bearer ${token}` };
  const get = (url: string) => app.inject({ method: 'GET', url, headers });
  const time = (fn: () => Promise<{ statusCode: number; body: string }>, ok = 200) =>
    timed(fn, { runs: RUNS, warmup: 10, ok });
  const rows: Record<string, string>[] = [];
  const baseline = await time(() => get('/api/health'));
  const add = (name: string, s: { p50: number; p95: number }, target: string, extra = '') =>
    rows.push({
      case: name,
      'p50 ms': s.p50.toFixed(2),
      'p95 ms': s.p95.toFixed(2),
      '× baseline': (s.p50 / baseline.p50).toFixed(1),
      target,
      note: extra,
    });
  add('baseline GET /api/health', baseline, '');
  add('list page 1 (date desc)', await time(() => get('/api/transactions')), '≤ 50 ms');
  add('list last page (date desc)', await time(() => get(`/api/transactions?page=${Math.ceil(N / 20)}`)), '≤ 50 ms');
  add(
    'list keyword (customer name)',
    await time(() => get(`/api/transactions?keyword=${encodeURIComponent('取引先17')}`)),
    '',
  );
  add(
    'list keyword (subject, rare)',
    await time(() => get(`/api/transactions?keyword=${encodeURIComponent('ベンチ件名4321')}`)),
    '',
  );
  add(
    'list keyword (line description)',
    await time(() => get(`/api/transactions?keyword=${encodeURIComponent('商品123')}`)),
    '',
  );
  add(
    'list filtered (status, customer)',
    await time(() => get(`/api/transactions?status=1&customer_id=${cust[3].id}`)),
    '',
  );
  const body = {
    customer_id: cust[0].id,
    transaction_date: '2026-11-20',
    subject: 'ベンチ登録',
    lines: [
      { description: 'コピー用紙', quantity: 10, unit: '箱', unit_price: 3200, tax_category: '10' },
      { description: '特製プリン', quantity: 24, unit: '個', unit_price: 380, tax_category: '8' },
    ],
  };
  add(
    'create a transaction (POST, posted to the books)',
    await time(() => app.inject({ method: 'POST', url: '/api/transactions', headers, payload: body }), 201),
    '≤ 30 ms p50',
  );
  const ids = (await get(`/api/transactions?customer_id=${cust[0].id}&status=0&per_page=5`))
    .json()
    .data.map((t: { id: number }) => t.id);
  const inv = (
    await app.inject({
      method: 'POST',
      url: '/api/invoices',
      headers,
      payload: { customer_id: cust[0].id, transaction_ids: ids, issue_date: '2026-11-30' },
    })
  ).json().data;
  await app.inject({ method: 'POST', url: `/api/invoices/${inv.id}/issue`, headers });
  let size = 0;
  const pdf = await time(async () => {
    const res = await get(`/api/invoices/${inv.id}/pdf`);
    size = res.rawPayload.length;
    return res;
  });
  add('invoice PDF (one page)', pdf, '≤ 100 ms, ≤ 60 KB', `${(size / 1024).toFixed(1)} KB`);
  console.log(
    `\n${label}: ${N.toLocaleString('en-US')} sales in one company + 20 × 1,000 in others (loaded in ${loadSeconds} s), ${RUNS} sequential requests per case`,
  );
  console.table(rows);
  await app.close();
  await database.close();
}

await run('embedded PGlite (in memory)', () => openDatabase({ dataDir: 'memory://' }));
await onPostgresIfReachable('PostgreSQL', run);
