import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, payments, salesTransactions, transactionDocuments } from '../db/schema/index.js';
import { sqlRows } from '../modules/accounting/sql-rows.js';
import { type Client, companyOwner, useTestApp } from '../test/harness.js';

/**
 * The lists paged from the kept per-day counts (ADR 0032): every page of the unfiltered list, newest and
 * oldest first, with and without a date range, is the same slice as the plain ORDER BY of the table — also
 * after rows move to another day, are deleted or (発注取引) logically deleted — and the kept counts equal the
 * rows' own counts. Another company's rows, on the same days, never count.
 */
const ctx = useTestApp();

const DAYS = 13;
const day = (i: number) => `2026-0${1 + Math.floor((i % DAYS) / 9)}-${String(1 + ((i * 7) % DAYS)).padStart(2, '0')}`;

async function fill(companyId: number, n: number, offsetNumber = 0) {
  const [customer] = await ctx.db
    .insert(customers)
    .values({ company_id: companyId, name: `取引先${companyId}`, used_for: 3 })
    .returning({ id: customers.id });
  // uneven days: some empty, some with many rows
  const dates = Array.from({ length: n }, (_, i) => day((i * i) % 29));
  await ctx.db.insert(salesTransactions).values(
    dates.map((d, i) => ({
      company_id: companyId,
      number: offsetNumber + i + 1,
      customer_id: customer.id,
      transaction_date: d,
      subject: `件名${i}`,
      payment_method: 1,
      status: 0,
      by_rate: [],
      subtotal: 1000,
      tax: 100,
      total: 1100,
    })),
  );
  await ctx.db.insert(transactionDocuments).values(
    dates.map((d, i) => ({
      company_id: companyId,
      customer_id: customer.id,
      document_type: 1,
      transaction_date: d,
      amount: 1000 + i,
    })),
  );
  await ctx.db.insert(payments).values(
    dates.map((d, i) => ({
      company_id: companyId,
      customer_id: customer.id,
      direction: i % 2 ? 'in' : 'out',
      date: d,
      amount: 500 + i,
      settled: 500 + i,
    })),
  );
}

const LISTS = [
  {
    name: '受注取引',
    url: '/api/transactions',
    sort: 'transaction_date',
    range: ['from', 'to'],
    truth: (c: number, dir: string, from?: string, to?: string) =>
      sqlRows<{ id: number }>(
        ctx.db,
        sql`select id from sales_transactions where company_id = ${c}
            ${from ? sql`and transaction_date >= ${from}` : sql``} ${to ? sql`and transaction_date <= ${to}` : sql``}
            order by transaction_date ${sql.raw(dir)}, id ${sql.raw(dir)}`,
      ),
  },
  {
    name: '発注取引',
    url: '/api/transaction-documents',
    sort: 'transaction_date',
    range: ['start_date', 'end_date'],
    truth: (c: number, dir: string, from?: string, to?: string) =>
      sqlRows<{ id: number }>(
        ctx.db,
        sql`select id from transaction_documents where company_id = ${c} and deleted_at is null
            ${from ? sql`and transaction_date >= ${from}` : sql``} ${to ? sql`and transaction_date <= ${to}` : sql``}
            order by transaction_date ${sql.raw(dir)}, id ${sql.raw(dir)}`,
      ),
  },
  {
    name: '入出金',
    url: '/api/payments',
    sort: 'date',
    range: ['from', 'to'],
    truth: (c: number, dir: string, from?: string, to?: string) =>
      sqlRows<{ id: number }>(
        ctx.db,
        sql`select id from payments where company_id = ${c}
            ${from ? sql`and date >= ${from}` : sql``} ${to ? sql`and date <= ${to}` : sql``}
            order by date ${sql.raw(dir)}, id desc`,
      ),
  },
] as const;

async function expectEveryPage(api: Client, companyId: number) {
  const PER = 7;
  for (const list of LISTS) {
    for (const dir of ['desc', 'asc'] as const) {
      for (const [from, to] of [
        [undefined, undefined],
        [day(3), day(10)],
        ['2026-02-01', undefined],
      ] as const) {
        const ids = (await list.truth(companyId, dir, from, to)).map((r) => Number(r.id));
        const range = [from ? `&${list.range[0]}=${from}` : '', to ? `&${list.range[1]}=${to}` : ''].join('');
        const last = Math.max(1, Math.ceil(ids.length / PER));
        for (let page = 1; page <= last + 1; page++) {
          const res = await api.get(
            `${list.url}?per_page=${PER}&page=${page}&sort_by=${list.sort}&sort_dir=${dir}${range}`,
          );
          expect(res.statusCode, `${list.name} ${res.body}`).toBe(200);
          const body = res.json();
          const where = `${list.name} ${dir} ${from ?? ''}〜${to ?? ''} page ${page}`;
          expect(body.meta.total, where).toBe(ids.length);
          expect(
            body.data.map((r: { id: number }) => r.id),
            where,
          ).toEqual(ids.slice((page - 1) * PER, page * PER));
        }
      }
    }
  }
}

async function expectCountsKept() {
  const drift = await sqlRows<{ n: number }>(
    ctx.db,
    sql`with kept as (select company_id, list, date, rows from list_day_counts where rows <> 0),
        actual as (
          select company_id, 'sales' as list, transaction_date as date, count(*)::int as rows from sales_transactions group by 1, 3
          union all select company_id, 'documents', transaction_date, count(*)::int from transaction_documents where deleted_at is null group by 1, 3
          union all select company_id, 'payments', date, count(*)::int from payments group by 1, 3)
        select count(*)::int as n from (
          (select * from kept except select * from actual) union all (select * from actual except select * from kept)) x`,
  );
  expect(drift[0].n).toBe(0);
}

describe('list pages from the kept per-day counts (受注取引, 発注取引, 入出金)', () => {
  it('every page equals the ordered rows, after moves, deletes and logical deletes too', async () => {
    const a = await companyOwner(ctx);
    const b = await companyOwner(ctx);
    await fill(a.company.id, 60);
    await fill(b.company.id, 25);
    await expectCountsKept();
    await expectEveryPage(a.api, a.company.id);

    // rows move to another day, are deleted, are logically deleted (発注取引 are never deleted physically)
    const c = a.company.id;
    const sales = await ctx.db
      .select({ id: salesTransactions.id })
      .from(salesTransactions)
      .where(eq(salesTransactions.company_id, c));
    await ctx.db
      .update(salesTransactions)
      .set({ transaction_date: '2026-03-31' })
      .where(
        inArray(
          salesTransactions.id,
          sales.slice(0, 5).map((r) => r.id),
        ),
      );
    await ctx.db.delete(salesTransactions).where(
      inArray(
        salesTransactions.id,
        sales.slice(5, 9).map((r) => r.id),
      ),
    );
    const docs = await ctx.db
      .select({ id: transactionDocuments.id })
      .from(transactionDocuments)
      .where(eq(transactionDocuments.company_id, c));
    await ctx.db
      .update(transactionDocuments)
      .set({ deleted_at: new Date() })
      .where(
        inArray(
          transactionDocuments.id,
          docs.slice(0, 6).map((r) => r.id),
        ),
      );
    await ctx.db
      .update(transactionDocuments)
      .set({ transaction_date: '2025-12-31' })
      .where(
        inArray(
          transactionDocuments.id,
          docs.slice(6, 8).map((r) => r.id),
        ),
      );
    const pays = await ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.company_id, c));
    await ctx.db.delete(payments).where(
      and(
        eq(payments.company_id, c),
        inArray(
          payments.id,
          pays.slice(0, 3).map((r) => r.id),
        ),
      ),
    );
    await ctx.db
      .update(payments)
      .set({ date: '2026-01-01' })
      .where(
        inArray(
          payments.id,
          pays.slice(3, 10).map((r) => r.id),
        ),
      );
    await expectCountsKept();
    await expectEveryPage(a.api, a.company.id);
    await expectEveryPage(b.api, b.company.id);
  });

  it('a filtered list still counts its matching rows (the kept counts are for the unfiltered list only)', async () => {
    const a = await companyOwner(ctx);
    await fill(a.company.id, 30);
    const out = (await a.api.get('/api/payments?direction=out&per_page=5')).json();
    expect(out.meta.total).toBe(15);
    const byAmount = (await a.api.get('/api/payments?sort_by=amount&sort_dir=desc&per_page=5&page=2')).json();
    expect(byAmount.meta.total).toBe(30);
    expect(byAmount.data.map((p: { amount: number }) => p.amount)).toEqual([524, 523, 522, 521, 520]);
  });
});
