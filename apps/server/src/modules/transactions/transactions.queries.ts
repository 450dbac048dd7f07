import {
  type PaymentMethod,
  pageMeta,
  type RateTotal,
  type TaxCategory,
  type Transaction,
  type TransactionListQuery,
  type TransactionStatus,
} from '@chobo/core';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { customers, salesTransactionLines, salesTransactions } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { dayPageStart, fromDay } from '../../lib/day-paging.js';
import { type KeywordMatch, keywordFilter } from '../../lib/sql.js';

export type TransactionRow = typeof salesTransactions.$inferSelect;
type LineRow = typeof salesTransactionLines.$inferSelect;

const SORT_COLUMNS = {
  number: salesTransactions.number,
  transaction_date: salesTransactions.transaction_date,
  due_date: salesTransactions.due_date,
  customer_name: customers.name,
  subject: salesTransactions.subject,
  total: salesTransactions.total,
  status: salesTransactions.status,
  created_at: salesTransactions.created_at,
} as const;

/**
 * Keyword: number, subject, the customer's name or kana, any line's description. Each word is ONE
 * `id in (… union …)`: every branch is served by its own index (the trigram indexes of subject, line
 * description and customer name/kana; the customer index of the sales), where an OR of the four over the
 * sales would read every sale of the company.
 */
const keywordColumns = (companyId: number): KeywordMatch[] => [
  (word, like) => {
    const S = salesTransactions;
    const L = salesTransactionLines;
    const number = /^\d{1,9}$/.test(word)
      ? sql` union all select ${S.id} from ${S} where ${S.company_id} = ${companyId} and ${S.number} = ${Number(word)}`
      : sql``;
    return sql`${S.id} in (
      select ${S.id} from ${S} where ${S.company_id} = ${companyId} and ${S.subject} ilike ${like}
      union all
      select ${L.transaction_id} from ${L} where ${L.company_id} = ${companyId} and ${L.description} ilike ${like}
      union all
      select ${S.id} from ${S} where ${S.company_id} = ${companyId} and ${S.customer_id} in (
        select ${customers.id} from ${customers} where ${customers.company_id} = ${companyId}
          and (${customers.name} ilike ${like} or ${customers.name_kana} ilike ${like}))${number})`;
  },
];

export function transactionWhere(tenant: Tenant, q: Omit<TransactionListQuery, 'page' | 'per_page'>): SQL | undefined {
  return and(
    eq(salesTransactions.company_id, tenant.companyId),
    keywordFilter(q.keyword, keywordColumns(tenant.companyId)),
    q.status !== undefined ? eq(salesTransactions.status, q.status) : undefined,
    q.payment_method !== undefined ? eq(salesTransactions.payment_method, q.payment_method) : undefined,
    q.customer_id !== undefined ? eq(salesTransactions.customer_id, q.customer_id) : undefined,
    q.from ? gte(salesTransactions.transaction_date, q.from) : undefined,
    q.to ? lte(salesTransactions.transaction_date, q.to) : undefined,
  );
}

const milliToQuantity = (milli: number) => milli / 1000;

export function toTransaction(row: TransactionRow, customerName: string, lines: LineRow[]): Transaction {
  return {
    id: row.id,
    company_id: row.company_id,
    number: row.number,
    customer_id: row.customer_id,
    customer_name: customerName,
    transaction_date: row.transaction_date,
    due_date: row.due_date,
    subject: row.subject,
    payment_method: row.payment_method as PaymentMethod,
    status: row.status as TransactionStatus,
    memo: row.memo,
    tax_mode: row.tax_mode as Transaction['tax_mode'],
    lines: lines
      .sort((a, b) => a.line_no - b.line_no)
      .map((l) => ({
        line_no: l.line_no,
        product_id: l.product_id,
        description: l.description,
        quantity: milliToQuantity(l.quantity_milli),
        unit: l.unit,
        unit_price: l.unit_price,
        tax_category: l.tax_category as TaxCategory,
        amount: l.amount,
      })),
    totals: { by_rate: row.by_rate as RateTotal[], subtotal: row.subtotal, tax: row.tax, total: row.total },
    journal_entry_id: row.journal_entry_id,
    write_off_entry_id: row.write_off_entry_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Rows with their customer's name and their lines, as the API answers them. */
async function withDetails(tenant: Tenant, rows: { t: TransactionRow; customer_name: string | null }[]) {
  if (rows.length === 0) return [];
  const lines = await tenant.db
    .select()
    .from(salesTransactionLines)
    .where(
      and(
        eq(salesTransactionLines.company_id, tenant.companyId),
        inArray(
          salesTransactionLines.transaction_id,
          rows.map((r) => r.t.id),
        ),
      ),
    );
  const byTx = new Map<number, LineRow[]>();
  for (const l of lines) byTx.set(l.transaction_id, [...(byTx.get(l.transaction_id) ?? []), l]);
  return rows.map((r) => toTransaction(r.t, r.customer_name ?? '', byTx.get(r.t.id) ?? []));
}

export async function listTransactions(tenant: Tenant, q: TransactionListQuery) {
  const { db } = tenant;
  const where = transactionWhere(tenant, q);
  const column = SORT_COLUMNS[q.sort_by];
  const offset = (q.page - 1) * q.per_page;
  const select = () =>
    db
      .select({ t: salesTransactions, customer_name: customers.name })
      .from(salesTransactions)
      .leftJoin(customers, eq(customers.id, salesTransactions.customer_id));
  // the unfiltered list by date (the usual one): total and first day from the kept per-day counts (ADR 0032)
  const unfiltered =
    !q.keyword?.trim() && q.status === undefined && q.payment_method === undefined && q.customer_id === undefined;
  if (unfiltered && q.sort_by === 'transaction_date') {
    const start = await dayPageStart(db, {
      list: 'sales',
      companyId: tenant.companyId,
      from: q.from,
      to: q.to,
      dir: q.sort_dir,
      offset,
    });
    const order = q.sort_dir === 'asc' ? asc : desc;
    const rows = start.day
      ? await select()
          .where(and(where, fromDay(salesTransactions.transaction_date, start.day, q.sort_dir)))
          .orderBy(order(column), order(salesTransactions.id))
          .limit(q.per_page)
          .offset(offset - start.before)
      : [];
    return { data: await withDetails(tenant, rows), meta: pageMeta(start.total, q.page, q.per_page, rows.length) };
  }
  // unfiltered but sorted otherwise: the total from the kept counts, the page by OFFSET
  const total = unfiltered
    ? (
        await dayPageStart(db, {
          list: 'sales',
          companyId: tenant.companyId,
          from: q.from,
          to: q.to,
          dir: 'desc',
          offset: 0,
        })
      ).total
    : (await db.select({ total: sql<number>`count(*)::int` }).from(salesTransactions).where(where))[0].total;
  // a page past the middle is read from the other end (a short offset), then put back in order
  const fromEnd = offset > total / 2;
  const ascending = (q.sort_dir === 'asc') !== fromEnd;
  const order = ascending ? asc : desc;
  const limit = fromEnd ? Math.max(0, Math.min(q.per_page, total - offset)) : q.per_page;
  const rows = await select()
    .where(where)
    .orderBy(order(column), order(salesTransactions.id))
    .limit(limit)
    .offset(fromEnd ? Math.max(0, total - offset - limit) : offset);
  if (fromEnd) rows.reverse();
  return { data: await withDetails(tenant, rows), meta: pageMeta(total, q.page, q.per_page, rows.length) };
}

/** This company's transaction row, or undefined (another company's id is simply not found). */
export async function findTransaction(tenant: Tenant, id: number, opts: { forUpdate?: boolean } = {}) {
  const query = tenant.db
    .select()
    .from(salesTransactions)
    .where(and(eq(salesTransactions.id, id), eq(salesTransactions.company_id, tenant.companyId)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function loadTransaction(tenant: Tenant, id: number): Promise<Transaction | undefined> {
  const [row] = await tenant.db
    .select({ t: salesTransactions, customer_name: customers.name })
    .from(salesTransactions)
    .leftJoin(customers, eq(customers.id, salesTransactions.customer_id))
    .where(and(eq(salesTransactions.id, id), eq(salesTransactions.company_id, tenant.companyId)))
    .limit(1);
  if (!row) return undefined;
  const [dto] = await withDetails(tenant, [row]);
  return dto;
}

/** For the CSV export: the matching transactions in keyset batches (no offset scans). */
export async function* transactionBatches(tenant: Tenant, q: TransactionListQuery, size = 1000) {
  const where = transactionWhere(tenant, q);
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? sql`(${salesTransactions.transaction_date}, ${salesTransactions.id}) > (${after.date}, ${after.id})`
      : undefined;
    const rows: { t: TransactionRow; customer_name: string | null }[] = await tenant.db
      .select({ t: salesTransactions, customer_name: customers.name })
      .from(salesTransactions)
      .leftJoin(customers, eq(customers.id, salesTransactions.customer_id))
      .where(and(where, cursor))
      .orderBy(asc(salesTransactions.transaction_date), asc(salesTransactions.id))
      .limit(size);
    if (rows.length === 0) return;
    yield await withDetails(tenant, rows);
    const last: TransactionRow = rows[rows.length - 1].t;
    after = { date: last.transaction_date, id: last.id };
    if (rows.length < size) return;
  }
}
