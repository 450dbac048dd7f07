import type { PaymentAllocationValues, PaymentValues } from '@chobo/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  invoices,
  invoiceTransactions,
  paymentAllocations,
  salesTransactions,
  transactionDocuments,
} from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
import type { PostingAllocation } from './payment-posting.js';

/**
 * A payment's allocations (消込) to invoices, sales and 発注取引: the documents locked and checked (this
 * company's, this counterparty's, open, not allocated beyond their total), then written.
 */

/** Which document an allocation settles. */
export type Target = 'invoice_id' | 'transaction_id' | 'transaction_document_id';
const targetOf = (a: { invoice_id: number | null; transaction_id: number | null }): Target =>
  a.invoice_id !== null ? 'invoice_id' : a.transaction_id !== null ? 'transaction_id' : 'transaction_document_id';
const idOf = (a: PaymentAllocationValues | typeof paymentAllocations.$inferSelect) => a[targetOf(a)] as number;

/** The documents of allocation rows. */
export const targets = (
  rows: { invoice_id: number | null; transaction_id: number | null; transaction_document_id: number | null }[],
) => rows.map((a) => ({ target: targetOf(a), id: a[targetOf(a)] as number }));

interface LockedDoc {
  total: number;
  customerId: number;
  open: boolean;
  account: PostingAllocation['account'];
  label: string;
}

/**
 * Locks the documents of `allocs` FOR UPDATE (so concurrent payments serialise on them) and returns what
 * each one is: total, counterparty, whether it may take an allocation, and the account it settles.
 */
export async function lockDocuments(
  tenant: Tenant,
  allocs: { target: Target; id: number }[],
  paymentId: number | null,
) {
  const c = tenant.companyId;
  const ids = (t: Target) => [...new Set(allocs.filter((a) => a.target === t).map((a) => a.id))].sort((x, y) => x - y);
  const out = new Map<string, LockedDoc>();
  const mine = new Set<string>();
  if (paymentId !== null) {
    const own = await tenant.db
      .select()
      .from(paymentAllocations)
      .where(and(eq(paymentAllocations.payment_id, paymentId), eq(paymentAllocations.company_id, c)));
    for (const a of own) mine.add(`${targetOf(a)}:${idOf(a)}`);
  }
  const inv = ids('invoice_id');
  if (inv.length) {
    const rows = await tenant.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.company_id, c), inArray(invoices.id, inv)))
      .orderBy(invoices.id)
      .for('update');
    for (const r of rows)
      out.set(`invoice_id:${r.id}`, {
        total: r.total,
        customerId: r.customer_id,
        open: r.status === 'issued' || r.status === 'sent' || (r.status === 'paid' && mine.has(`invoice_id:${r.id}`)),
        account: 'receivable',
        label: `請求書 No.${r.number}`,
      });
  }
  const tr = ids('transaction_id');
  if (tr.length) {
    const rows = await tenant.db
      .select()
      .from(salesTransactions)
      .where(and(eq(salesTransactions.company_id, c), inArray(salesTransactions.id, tr)))
      .orderBy(salesTransactions.id)
      .for('update');
    const billed = await tenant.db
      .select({ id: invoiceTransactions.transaction_id })
      .from(invoiceTransactions)
      .innerJoin(invoices, eq(invoices.id, invoiceTransactions.invoice_id))
      .where(
        and(
          eq(invoiceTransactions.company_id, c),
          inArray(invoiceTransactions.transaction_id, tr),
          inArray(invoices.status, ['issued', 'sent', 'paid']),
        ),
      );
    const billedSet = new Set(billed.map((b) => b.id));
    for (const r of rows)
      out.set(`transaction_id:${r.id}`, {
        total: r.total,
        customerId: r.customer_id,
        // 0 未請求 / 1 請求済 (billed outside an invoice here); 2 入金済 only by this payment
        open:
          !billedSet.has(r.id) &&
          (r.status === 0 || r.status === 1 || (r.status === 2 && mine.has(`transaction_id:${r.id}`))),
        account: 'receivable',
        label: billedSet.has(r.id)
          ? `受注取引 No.${r.number}（請求書に消し込んでください）`
          : `受注取引 No.${r.number}`,
      });
  }
  const docs = ids('transaction_document_id');
  if (docs.length) {
    const rows = await tenant.db
      .select()
      .from(transactionDocuments)
      .where(
        and(
          eq(transactionDocuments.company_id, c),
          inArray(transactionDocuments.id, docs),
          isNull(transactionDocuments.deleted_at),
        ),
      )
      .orderBy(transactionDocuments.id)
      .for('update');
    for (const r of rows)
      out.set(`transaction_document_id:${r.id}`, {
        total: r.amount,
        customerId: r.customer_id,
        open:
          r.journal_entry_id !== null &&
          r.payment_method !== 2 &&
          (r.status === 0 || mine.has(`transaction_document_id:${r.id}`)),
        account: r.payment_method === 3 ? 'otherPayable' : 'payable',
        label: `発注取引 ${r.transaction_date}`,
      });
  }
  return out;
}

/** Σ allocations per document by payments other than `paymentId`. */
export async function allocatedByOthers(tenant: Tenant, target: Target, ids: number[], paymentId: number | null) {
  if (ids.length === 0) return new Map<number, number>();
  const col = paymentAllocations[target];
  const rows = await tenant.db
    .select({ id: col, sum: sql<string>`sum(${paymentAllocations.amount})` })
    .from(paymentAllocations)
    .where(
      and(
        eq(paymentAllocations.company_id, tenant.companyId),
        inArray(col, ids),
        paymentId !== null ? sql`${paymentAllocations.payment_id} <> ${paymentId}` : undefined,
      ),
    )
    .groupBy(col);
  return new Map(rows.map((r) => [r.id as number, Number(r.sum)]));
}

/** Checks every allocation against its document (this company's, this counterparty's, open, not over-allocated). */
export async function checkAllocations(tenant: Tenant, input: PaymentValues, paymentId: number | null) {
  const wanted = input.allocations.map((a) => ({ target: targetOf(a), id: idOf(a), amount: a.amount }));
  const docs = await lockDocuments(tenant, wanted, paymentId);
  const errors: Record<string, string[]> = {};
  const others = new Map<Target, Map<number, number>>();
  for (const t of ['invoice_id', 'transaction_id', 'transaction_document_id'] as Target[])
    others.set(
      t,
      await allocatedByOthers(
        tenant,
        t,
        wanted.filter((w) => w.target === t).map((w) => w.id),
        paymentId,
      ),
    );
  const posting: PostingAllocation[] = [];
  wanted.forEach((w, i) => {
    const key = `allocations.${i}.${w.target}`;
    const d = docs.get(`${w.target}:${w.id}`);
    if (!d) {
      errors[key] = ['消込先の書類が見つかりません'];
      return;
    }
    if (d.customerId !== input.customer_id) {
      errors[key] = [`${d.label}は別の取引先の書類です`];
      return;
    }
    if (!d.open) {
      errors[key] = [`${d.label}は消込できる状態ではありません`];
      return;
    }
    const remaining = d.total - (others.get(w.target)?.get(w.id) ?? 0);
    if (w.amount > remaining) {
      errors[`allocations.${i}.amount`] = [
        `${d.label}の残額（${remaining.toLocaleString('en-US')}円）を超えて消し込むことはできません`,
      ];
      return;
    }
    posting.push({ amount: w.amount, account: d.account });
  });
  if (Object.keys(errors).length) throw unprocessable(errors, '消込の内容を確認してください');
  return posting;
}

export async function writeAllocations(tenant: Tenant, paymentId: number, input: PaymentValues) {
  if (input.allocations.length === 0) return;
  await tenant.db.insert(paymentAllocations).values(
    input.allocations.map((a) => ({
      company_id: tenant.companyId,
      payment_id: paymentId,
      invoice_id: a.invoice_id,
      transaction_id: a.transaction_id,
      transaction_document_id: a.transaction_document_id,
      amount: a.amount,
    })),
  );
}
