/**
 * `npx tsx bench/invoice-reads.ts` (part of `npm run bench`): reading one 請求書 (loadInvoice: the invoice, its
 * lines, its sales and the invoice that corrects it — what GET of an invoice, its PDF and every action on it
 * read) in a company with BENCH_INVOICES (100,000) invoices beside BENCH_INVOICES_OTHERS (20,000) of 20 other
 * companies, p50 / p95 of BENCH_RUNS (200) reads after a warm-up, with migration 0030's index on
 * invoices(company_id, corrects_id) and, in the same run, with that index dropped (the baseline: before 0030
 * the "corrected by" read scanned all of the company's invoices). On the embedded database and, when one answers,
 * on PostgreSQL.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, runMigrations } from '../src/db/client.js';
import { customers } from '../src/db/schema/index.js';
import { systemTenant } from '../src/lib/context.js';
import { loadInvoice } from '../src/modules/invoices/invoices.queries.js';
import { createCompany } from '../src/test/harness.js';
import { onPostgresIfReachable } from './on-postgres.js';

const OWN = Number(process.env.BENCH_INVOICES ?? 100_000);
const OTHERS = Number(process.env.BENCH_INVOICES_OTHERS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const pick = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return `${pick(0.5).toFixed(3)} / ${pick(0.95).toFixed(3)}`;
}

/** `n` draft invoices of one customer of `companyId` (numbers from 1). */
async function bulkInvoices(database: Database, companyId: number, n: number) {
  const [customer] = await database.db
    .insert(customers)
    .values({ company_id: companyId, name: '株式会社ベンチ商事' })
    .returning({ id: customers.id });
  await database.db.execute(sql`insert into invoices
      (company_id, number, customer_id, status, issue_date, tax_mode, subtotal, tax, total)
    select ${companyId}, g, ${customer.id}, 'draft', date '2024-04-01' + (g % 700), 'exclusive', 10000, 1000, 11000
    from generate_series(1, ${n}::int) g`);
}

async function run(label: string, open: () => Promise<Database>) {
  const database = await open();
  try {
    await runMigrations(database);
    const others = 20;
    for (let i = 0; i < others; i++) {
      const other = await createCompany(database.db, { fiscal_year_end_month: 3 });
      await bulkInvoices(database, other.id, Math.ceil(OTHERS / others));
    }
    const company = await createCompany(database.db, { fiscal_year_end_month: 3 });
    await bulkInvoices(database, company.id, OWN);
    await database.db.execute(sql`analyze`);
    const ids = (
      (await database.db.execute(
        sql`select id from invoices where company_id = ${company.id} order by id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => Number(r.id));
    const tenant = systemTenant(database.db, company.id);
    const measure = async () => {
      for (let i = 0; i < 20; i++) await loadInvoice(tenant, ids[i % ids.length]);
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const invoice = await loadInvoice(tenant, ids[(i * 7919) % ids.length]);
        samples.push(performance.now() - t);
        if (!invoice) throw new Error('invoice not found');
      }
      return stats(samples);
    };
    const withIndex = await measure();
    await database.db.execute(sql`drop index invoices_corrects_idx`);
    const without = await measure();
    await database.db.execute(
      sql`create index invoices_corrects_idx on invoices (company_id, corrects_id) where corrects_id is not null`,
    );
    const again = await measure();
    console.log(
      `| ${label} | ${OWN.toLocaleString('en-US')} of ${(OWN + OTHERS).toLocaleString('en-US')} | ${withIndex} | ${without} | ${again} |`,
    );
  } finally {
    await database.close();
  }
}

console.log(`\n### Reading one 請求書 (loadInvoice), p50 / p95 ms of ${RUNS} reads\n`);
console.log(
  "| database | the company's invoices of all | with index 0030 | index dropped (before 0030) | with index again |",
);
console.log('| --- | --- | --- | --- | --- |');
await run('PGlite', () => openDatabase({ dataDir: 'memory://' }));
await onPostgresIfReachable('PostgreSQL', run);
