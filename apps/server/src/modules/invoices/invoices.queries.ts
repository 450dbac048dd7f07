import type {
  Invoice,
  InvoiceListQuery,
  InvoiceParty,
  InvoicePayment,
  InvoiceStatus,
  RateTotal,
  TaxCategory,
} from '@chobo/core';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  customers,
  invoiceLines,
  invoices,
  invoiceTransactions,
  paymentAllocations,
  payments,
} from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { pagedList } from '../../lib/list.js';
import { type KeywordMatch, keywordFilter } from '../../lib/sql.js';

export type InvoiceRow = typeof invoices.$inferSelect;
type LineRow = typeof invoiceLines.$inferSelect;

const SORT_COLUMNS = {
  number: invoices.number,
  issue_date: invoices.issue_date,
  due_date: invoices.due_date,
  total: invoices.total,
  status: invoices.status,
  created_at: invoices.created_at,
} as const;

const KEYWORD_COLUMNS: KeywordMatch[] = [
  invoices.notes,
  (word) => (/^\d{1,9}$/.test(word) ? sql`${invoices.number} = ${Number(word)}` : undefined),
  (_w, like) =>
    sql`exists (select 1 from ${customers} where ${customers.id} = ${invoices.customer_id} and (${customers.name} ilike ${like} or ${customers.name_kana} ilike ${like}))`,
  (_w, like) =>
    sql`exists (select 1 from ${invoiceLines} where ${invoiceLines.invoice_id} = ${invoices.id} and ${invoiceLines.description} ilike ${like})`,
];

async function details(tenant: Tenant, rows: { i: InvoiceRow; customer_name: string | null }[]): Promise<Invoice[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.i.id);
  const [lines, links, correctedBy] = await Promise.all([
    tenant.db
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.company_id, tenant.companyId), inArray(invoiceLines.invoice_id, ids))),
    tenant.db
      .select()
      .from(invoiceTransactions)
      .where(and(eq(invoiceTransactions.company_id, tenant.companyId), inArray(invoiceTransactions.invoice_id, ids))),
    tenant.db
      .select({ id: invoices.id, of: invoices.corrects_id })
      .from(invoices)
      .where(and(eq(invoices.company_id, tenant.companyId), inArray(invoices.corrects_id, ids))),
  ]);
  const linesOf = new Map<number, LineRow[]>();
  for (const l of lines) linesOf.set(l.invoice_id, [...(linesOf.get(l.invoice_id) ?? []), l]);
  const txOf = new Map<number, number[]>();
  for (const l of links) txOf.set(l.invoice_id, [...(txOf.get(l.invoice_id) ?? []), l.transaction_id]);
  const corrected = new Map(correctedBy.map((c) => [c.of as number, c.id]));
  return rows.map(({ i, customer_name }) => ({
    id: i.id,
    company_id: i.company_id,
    number: i.number,
    customer_id: i.customer_id,
    customer_name: customer_name ?? '',
    status: i.status as InvoiceStatus,
    issue_date: i.issue_date,
    due_date: i.due_date,
    notes: i.notes,
    tax_mode: i.tax_mode as Invoice['tax_mode'],
    transaction_ids: (txOf.get(i.id) ?? []).sort((a, b) => a - b),
    lines: (linesOf.get(i.id) ?? [])
      .sort((a, b) => a.line_no - b.line_no)
      .map((l) => ({
        line_no: l.line_no,
        transaction_id: l.transaction_id,
        date: l.date,
        description: l.description,
        quantity: l.quantity_milli / 1000,
        unit: l.unit,
        unit_price: l.unit_price,
        tax_category: l.tax_category as TaxCategory,
        amount: l.amount,
      })),
    totals: { by_rate: i.by_rate as RateTotal[], subtotal: i.subtotal, tax: i.tax, total: i.total },
    issuer: (i.issuer as InvoiceParty | null) ?? null,
    recipient: (i.recipient as InvoiceParty | null) ?? null,
    corrects_id: i.corrects_id,
    corrected_by_id: corrected.get(i.id) ?? null,
    journal_entry_id: i.journal_entry_id,
    issued_at: i.issued_at?.toISOString() ?? null,
    sent_at: i.sent_at?.toISOString() ?? null,
    voided_at: i.voided_at?.toISOString() ?? null,
    created_at: i.created_at.toISOString(),
    updated_at: i.updated_at.toISOString(),
  }));
}

export async function listInvoices(tenant: Tenant, q: InvoiceListQuery) {
  const where: SQL | undefined = and(
    eq(invoices.company_id, tenant.companyId),
    keywordFilter(q.keyword, KEYWORD_COLUMNS),
    q.status ? eq(invoices.status, q.status) : undefined,
    q.customer_id ? eq(invoices.customer_id, q.customer_id) : undefined,
  );
  const order = q.sort_dir === 'desc' ? desc : asc;
  return pagedList(tenant.db, q, {
    from: invoices,
    where,
    rows: (limit, offset) =>
      tenant.db
        .select({ i: invoices, customer_name: customers.name })
        .from(invoices)
        .leftJoin(customers, eq(customers.id, invoices.customer_id))
        .where(where)
        .orderBy(order(SORT_COLUMNS[q.sort_by]), order(invoices.id))
        .limit(limit)
        .offset(offset),
    map: (rows) => details(tenant, rows),
  });
}

export async function findInvoice(tenant: Tenant, id: number, opts: { forUpdate?: boolean } = {}) {
  const query = tenant.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.company_id, tenant.companyId)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function loadInvoice(tenant: Tenant, id: number): Promise<Invoice | undefined> {
  const rows = await tenant.db
    .select({ i: invoices, customer_name: customers.name })
    .from(invoices)
    .leftJoin(customers, eq(customers.id, invoices.customer_id))
    .where(and(eq(invoices.id, id), eq(invoices.company_id, tenant.companyId)))
    .limit(1);
  return (await details(tenant, rows))[0];
}

/** 入金履歴: the payments allocated to the invoice (its allocation, the payment's fee and whole amount), oldest first. */
export async function invoicePayments(tenant: Tenant, invoiceId: number): Promise<InvoicePayment[]> {
  return tenant.db
    .select({
      payment_id: payments.id,
      date: payments.date,
      amount: paymentAllocations.amount,
      fee: payments.fee,
      fee_bearer: payments.fee_bearer,
      payment_amount: payments.amount,
    })
    .from(paymentAllocations)
    .innerJoin(
      payments,
      and(eq(payments.id, paymentAllocations.payment_id), eq(payments.company_id, paymentAllocations.company_id)),
    )
    .where(and(eq(paymentAllocations.company_id, tenant.companyId), eq(paymentAllocations.invoice_id, invoiceId)))
    .orderBy(asc(payments.date), asc(payments.id));
}
