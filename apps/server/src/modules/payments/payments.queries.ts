import type { OpenItem, Payment, PaymentListQuery } from '@chobo/core';
import { pageMeta } from '@chobo/core';
import { and, asc, desc, eq, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import {
  bankAccounts,
  customers,
  invoices,
  paymentAllocations,
  payments,
  salesTransactions,
  transactionDocuments,
} from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { dayPageStart, fromDay } from '../../lib/day-paging.js';
import { pagedList } from '../../lib/list.js';
import { type KeywordMatch, keywordFilter } from '../../lib/sql.js';
import { sqlRows } from '../accounting/sql-rows.js';
import { bankAccountLabel } from './payment-posting.js';

export type PaymentRow = typeof payments.$inferSelect;
type AllocationRow = typeof paymentAllocations.$inferSelect;

const SORT_COLUMNS = {
  date: payments.date,
  amount: payments.amount,
  customer_name: customers.name,
  created_at: payments.created_at,
  id: payments.id,
} as const;

const KEYWORD_COLUMNS: KeywordMatch[] = [
  payments.memo,
  customers.name,
  customers.name_kana,
  (word) => (/^\d{1,12}$/.test(word) ? sql`${payments.amount} = ${Number(word)}` : undefined),
];

const allocatedSql = sql<number>`coalesce((select sum(${paymentAllocations.amount}) from ${paymentAllocations} where ${paymentAllocations.payment_id} = ${payments.id}), 0)`;

export function paymentWhere(tenant: Tenant, q: Omit<PaymentListQuery, 'page' | 'per_page'>): SQL | undefined {
  return and(
    eq(payments.company_id, tenant.companyId),
    keywordFilter(q.keyword, KEYWORD_COLUMNS),
    q.direction ? eq(payments.direction, q.direction) : undefined,
    q.customer_id !== undefined ? eq(payments.customer_id, q.customer_id) : undefined,
    q.method !== undefined ? eq(payments.method, q.method) : undefined,
    q.from ? gte(payments.date, q.from) : undefined,
    q.to ? lte(payments.date, q.to) : undefined,
    q.unallocated ? sql`${payments.settled} > ${allocatedSql}` : undefined,
  );
}

/** The payment row (this company's), optionally locked. */
export async function findPayment(tenant: Tenant, id: number, opts: { forUpdate?: boolean } = {}) {
  const q = tenant.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.company_id, tenant.companyId)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

const DOCUMENT_TYPE_NAMES: Record<number, string> = {
  4: '請求書',
  5: '領収書',
  3: '納品書',
  2: '発注書',
  1: '見積書',
  6: '契約書',
  9: 'その他',
};

/** Labels, dates and totals of the documents of some allocations. */
async function describeAllocations(tenant: Tenant, rows: AllocationRow[]) {
  const ids = (k: 'invoice_id' | 'transaction_id' | 'transaction_document_id') => [
    ...new Set(rows.map((r) => r[k]).filter((v): v is number => v !== null)),
  ];
  const inv = ids('invoice_id');
  const tr = ids('transaction_id');
  const doc = ids('transaction_document_id');
  const c = tenant.companyId;
  const [a, b, d] = await Promise.all([
    inv.length
      ? tenant.db
          .select({
            id: invoices.id,
            number: invoices.number,
            date: invoices.issue_date,
            due: invoices.due_date,
            total: invoices.total,
          })
          .from(invoices)
          .where(and(eq(invoices.company_id, c), inArray(invoices.id, inv)))
      : [],
    tr.length
      ? tenant.db
          .select({
            id: salesTransactions.id,
            number: salesTransactions.number,
            date: salesTransactions.transaction_date,
            due: salesTransactions.due_date,
            total: salesTransactions.total,
            subject: salesTransactions.subject,
          })
          .from(salesTransactions)
          .where(and(eq(salesTransactions.company_id, c), inArray(salesTransactions.id, tr)))
      : [],
    doc.length
      ? tenant.db
          .select({
            id: transactionDocuments.id,
            type: transactionDocuments.document_type,
            date: transactionDocuments.transaction_date,
            due: transactionDocuments.due_date,
            total: transactionDocuments.amount,
          })
          .from(transactionDocuments)
          .where(and(eq(transactionDocuments.company_id, c), inArray(transactionDocuments.id, doc)))
      : [],
  ]);
  const im = new Map(
    a.map((x) => [x.id, { label: `請求書 No.${x.number}`, date: x.date, due_date: x.due, total: x.total }]),
  );
  const tm = new Map(
    b.map((x) => [
      x.id,
      { label: `受注取引 No.${x.number} ${x.subject}`, date: x.date, due_date: x.due, total: x.total },
    ]),
  );
  const dm = new Map(
    d.map((x) => [
      x.id,
      {
        label: `発注取引 ${DOCUMENT_TYPE_NAMES[x.type] ?? ''} ${x.date}`,
        date: x.date,
        due_date: x.due,
        total: x.total,
      },
    ]),
  );
  return (r: AllocationRow) =>
    (r.invoice_id !== null
      ? im.get(r.invoice_id)
      : r.transaction_id !== null
        ? tm.get(r.transaction_id)
        : dm.get(r.transaction_document_id as number)) ?? {
      label: '',
      date: '1970-01-01',
      due_date: null,
      total: 0,
    };
}

async function bankLabels(tenant: Tenant) {
  const list = await tenant.db.select().from(bankAccounts).where(eq(bankAccounts.company_id, tenant.companyId));
  const byId = new Map(list.map((b) => [b.id, bankAccountLabel(b)]));
  return (id: number | null) => (id === null ? null : (byId.get(id) ?? null));
}

async function toPayments(tenant: Tenant, rows: (PaymentRow & { customer_name: string })[]): Promise<Payment[]> {
  if (rows.length === 0) return [];
  const allocs = await tenant.db
    .select()
    .from(paymentAllocations)
    .where(
      and(
        eq(paymentAllocations.company_id, tenant.companyId),
        inArray(
          paymentAllocations.payment_id,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(paymentAllocations.id));
  const describe = await describeAllocations(tenant, allocs);
  const bank = await bankLabels(tenant);
  return rows.map((p) => {
    const own = allocs.filter((a) => a.payment_id === p.id);
    const allocated = own.reduce((s, a) => s + a.amount, 0);
    return {
      id: p.id,
      company_id: p.company_id,
      direction: p.direction as 'in' | 'out',
      date: p.date,
      customer_id: p.customer_id,
      customer_name: p.customer_name,
      amount: p.amount,
      method: p.method,
      fee: p.fee,
      fee_bearer: p.fee_bearer as 'us' | 'them',
      bank_account_id: p.bank_account_id,
      bank_account_label: bank(p.bank_account_id),
      memo: p.memo,
      bank_statement_row_id: p.bank_statement_row_id,
      settled: p.settled,
      allocated,
      unallocated: p.settled - allocated,
      allocations: own.map((a) => ({
        id: a.id,
        invoice_id: a.invoice_id,
        transaction_id: a.transaction_id,
        transaction_document_id: a.transaction_document_id,
        amount: a.amount,
        ...describe(a),
      })),
      journal_entry_id: p.journal_entry_id,
      created_at: p.created_at.toISOString(),
      updated_at: p.updated_at.toISOString(),
    };
  });
}

const rowSelect = { p: payments, customer_name: customers.name };

export async function loadPayment(tenant: Tenant, id: number): Promise<Payment | null> {
  const [row] = await tenant.db
    .select(rowSelect)
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customer_id))
    .where(and(eq(payments.id, id), eq(payments.company_id, tenant.companyId)));
  if (!row) return null;
  const [dto] = await toPayments(tenant, [{ ...row.p, customer_name: row.customer_name }]);
  return dto;
}

export async function listPayments(tenant: Tenant, q: PaymentListQuery) {
  const where = paymentWhere(tenant, q);
  const col = SORT_COLUMNS[q.sort_by];
  const order = q.sort_dir === 'asc' ? asc(col) : desc(col);
  const select = () =>
    tenant.db.select(rowSelect).from(payments).innerJoin(customers, eq(customers.id, payments.customer_id));
  const map = (rows: { p: typeof payments.$inferSelect; customer_name: string }[]) =>
    toPayments(
      tenant,
      rows.map((r) => ({ ...r.p, customer_name: r.customer_name })),
    );
  // the unfiltered list by date (the usual one): total and first day from the kept per-day counts (ADR 0032)
  const unfiltered =
    !q.keyword?.trim() &&
    q.direction === undefined &&
    q.customer_id === undefined &&
    q.method === undefined &&
    !q.unallocated;
  const start = (dir: 'asc' | 'desc', offset: number) =>
    dayPageStart(tenant.db, { list: 'payments', companyId: tenant.companyId, from: q.from, to: q.to, dir, offset });
  if (unfiltered && q.sort_by === 'date') {
    const offset = (q.page - 1) * q.per_page;
    const first = await start(q.sort_dir, offset);
    const rows = first.day
      ? await select()
          .where(and(where, fromDay(payments.date, first.day, q.sort_dir)))
          .orderBy(order, desc(payments.id))
          .limit(q.per_page)
          .offset(offset - first.before)
      : [];
    return { data: await map(rows), meta: pageMeta(first.total, q.page, q.per_page, rows.length) };
  }
  return pagedList(tenant.db, q, {
    from: payments,
    where,
    // unfiltered but sorted otherwise: the total from the kept counts, the page by OFFSET; filtered: counted
    // over the same join as the page (the keyword searches the customer's name)
    total: unfiltered
      ? async () => (await start('desc', 0)).total
      : async () =>
          (
            await tenant.db
              .select({ total: sql<number>`count(*)::int` })
              .from(payments)
              .innerJoin(customers, eq(customers.id, payments.customer_id))
              .where(where)
          )[0].total,
    rows: (limit, offset) => select().where(where).orderBy(order, desc(payments.id)).limit(limit).offset(offset),
    map,
  });
}

/** How a 発注取引 (alias x) is named in the open items and the 支払予定表: 「請求書 2026-05-20 memo」. */
export const PAYABLE_LABEL = sql`case x.document_type when 4 then '請求書' when 5 then '領収書' else '書類' end
  || ' ' || x.transaction_date || coalesce(' ' || x.memo, '')`;

/**
 * Open documents of a counterparty (or of every one): 入金 — issued/sent invoices and sales not billed by a
 * live invoice; 支払 — posted 発注取引 owed to the supplier (not paid in cash). Remaining = total − Σ
 * allocations (those of `paymentId`, the payment being edited, count as open again). Oldest first.
 */
export async function openItems(
  tenant: Tenant,
  q: { direction: 'in' | 'out'; customer_id?: number; payment_id?: number },
): Promise<OpenItem[]> {
  const c = tenant.companyId;
  const pid = q.payment_id ?? 0;
  const cust = q.customer_id !== undefined ? sql`and x.customer_id = ${q.customer_id}` : sql``;
  // what the payment being edited allocated to the document counts as open again
  const mine = (col: SQL) =>
    pid
      ? sql`coalesce((select sum(a.amount) from payment_allocations a where a.${col} = x.id and a.payment_id = ${pid}), 0)`
      : sql`0`;
  const ofPayment = (col: SQL) =>
    pid ? sql`or x.id in (select a.${col} from payment_allocations a where a.payment_id = ${pid})` : sql``;
  const query =
    q.direction === 'in'
      ? sql`
      select * from (
        select 'invoice' as kind, x.id, x.customer_id, cu.name as customer_name, '請求書 No.' || x.number as label,
               x.issue_date as date, x.due_date, x.total,
               x.total - x.paid_amount + ${mine(sql.raw('invoice_id'))} as remaining
        from invoices x join customers cu on cu.id = x.customer_id
        where x.company_id = ${c} ${cust}
          and ((x.status in ('issued', 'sent') and x.total > x.paid_amount) ${ofPayment(sql.raw('invoice_id'))})
        union all
        select 'transaction', x.id, x.customer_id, cu.name, '受注取引 No.' || x.number || ' ' || x.subject,
               x.transaction_date, x.due_date, x.total, x.total - x.paid_amount + ${mine(sql.raw('transaction_id'))}
        from sales_transactions x join customers cu on cu.id = x.customer_id
        where x.company_id = ${c} ${cust}
          and ((x.status in (0, 1) and x.total > x.paid_amount) ${ofPayment(sql.raw('transaction_id'))})
          and not exists (select 1 from invoice_transactions it join invoices i on i.id = it.invoice_id
                          where it.transaction_id = x.id and i.status in ('issued', 'sent', 'paid'))
      ) o where remaining > 0 order by coalesce(due_date, date), date, kind, id`
      : sql`
      select * from (
        select 'transaction_document' as kind, x.id, x.customer_id, cu.name as customer_name,
               ${PAYABLE_LABEL} as label,
               x.transaction_date as date, x.due_date, x.amount as total,
               x.amount - x.paid_amount + ${mine(sql.raw('transaction_document_id'))} as remaining
        from transaction_documents x join customers cu on cu.id = x.customer_id
        where x.company_id = ${c} ${cust} and x.deleted_at is null and x.journal_entry_id is not null
          and x.payment_method <> 2
          and ((x.status = 0 and x.amount > x.paid_amount) ${ofPayment(sql.raw('transaction_document_id'))})
      ) o where remaining > 0 order by coalesce(due_date, date), date, id`;
  return (await sqlRows<Record<string, unknown>>(tenant.db, query)).map(openItemOf);
}

/** A row of an open-items query as the API answers it. */
export function openItemOf(r: Record<string, unknown>): OpenItem {
  return {
    kind: r.kind as OpenItem['kind'],
    id: Number(r.id),
    customer_id: Number(r.customer_id),
    customer_name: String(r.customer_name),
    label: String(r.label).slice(0, 200),
    date: String(r.date),
    due_date: r.due_date === null ? null : String(r.due_date),
    total: Number(r.total),
    remaining: Number(r.remaining),
  };
}

/** GET /api/payments/open-items: the open documents (at most 500 without a customer), their totals per customer, the usual fee. */
export async function openItemsAnswer(
  tenant: Tenant,
  q: { direction: 'in' | 'out'; customer_id?: number; payment_id?: number },
) {
  const items = await openItems(tenant, q);
  const by = new Map<number, { customer_id: number; customer_name: string; count: number; remaining: number }>();
  for (const it of items) {
    const g = by.get(it.customer_id) ?? {
      customer_id: it.customer_id,
      customer_name: it.customer_name,
      count: 0,
      remaining: 0,
    };
    g.count++;
    g.remaining += it.remaining;
    by.set(it.customer_id, g);
  }
  const one = q.customer_id !== undefined;
  return {
    items: one ? items : items.slice(0, 500),
    suggested_fee: one && q.direction === 'in' ? await suggestedFee(tenant, q.customer_id as number) : null,
    by_customer: [...by.values()].sort((a, b) => b.remaining - a.remaining),
  };
}

/** The customer's usual 振込手数料: the fee of its last 入金 whose fee we bore. */
export async function suggestedFee(tenant: Tenant, customerId: number): Promise<number | null> {
  const [row] = await tenant.db
    .select({ fee: payments.fee })
    .from(payments)
    .where(
      and(
        eq(payments.company_id, tenant.companyId),
        eq(payments.customer_id, customerId),
        eq(payments.direction, 'in'),
        eq(payments.fee_bearer, 'us'),
        gt(payments.fee, 0),
      ),
    )
    .orderBy(desc(payments.date), desc(payments.id))
    .limit(1);
  return row?.fee ?? null;
}
