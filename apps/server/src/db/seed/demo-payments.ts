/**
 * Demo payments of the demo company: each month-end invoice is collected on the 5th of the next month by
 * a bank transfer allocated to it (one customer deducts the 440-yen transfer fee: a short payment booked
 * as 支払手数料), and the suppliers' 請求書 are paid on the 10th, one transfer per supplier covering its
 * documents (fee borne by us). Everything goes through createPayment, so the documents become 入金済 /
 * 支払済 and the books get 普通預金 / 売掛金 and 買掛金 / 普通預金 entries linked to the payments.
 * One customer pays late, so the receivables aging has something past due: of its invoices, the one
 * collected 60–90 days before today is paid only in half and the later ones not yet (overdue 1–60 days).
 */
import { daysBetween } from '@chobo/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { CompanyCtx } from '../../lib/context.js';
import { createPayment } from '../../modules/payments/payment-actions.js';
import { invoices } from '../schema/index.js';

/** The customer that always deducts the transfer fee (the second one billed, when there is one). */
const SHORT_FEE = 440;

export async function demoReceipts(ctx: CompanyCtx, invoiceIds: number[], date: string, today: string) {
  const rows = await ctx.db
    .select({ id: invoices.id, customer_id: invoices.customer_id, total: invoices.total })
    .from(invoices)
    .where(and(eq(invoices.company_id, ctx.companyId), inArray(invoices.id, invoiceIds)))
    .orderBy(invoices.id);
  const customers = [...new Set(rows.map((r) => r.customer_id))].sort((a, b) => a - b);
  const deducts = customers[1];
  const late = customers.length >= 3 ? customers[customers.length - 1] : null;
  const age = daysBetween(date, today);
  for (const inv of rows) {
    if (inv.total <= 0) continue;
    if (inv.customer_id === late && age < 60) continue;
    const half = inv.customer_id === late && age < 90 ? Math.floor(inv.total / 2) : null;
    const short = half === null && inv.customer_id === deducts && inv.total > SHORT_FEE;
    await createPayment({
      ctx,
      input: {
        direction: 'in',
        date,
        customer_id: inv.customer_id,
        amount: half ?? (short ? inv.total - SHORT_FEE : inv.total),
        method: 1,
        fee: short ? SHORT_FEE : 0,
        fee_bearer: 'us',
        bank_account_id: null,
        memo: short ? '振込手数料差引' : half !== null ? '一部入金（残額は後日とのこと）' : null,
        bank_statement_row_id: null,
        allocations: [
          { invoice_id: inv.id, transaction_id: null, transaction_document_id: null, amount: half ?? inv.total },
        ],
      },
    });
  }
}

export async function demoSupplierPayments(
  ctx: CompanyCtx,
  owed: { id: number; customer_id: number; amount: number }[],
  documentIds: number[],
  date: string,
) {
  const ids = new Set(documentIds);
  const bySupplier = new Map<number, { id: number; amount: number }[]>();
  for (const o of owed) if (ids.has(o.id)) bySupplier.set(o.customer_id, [...(bySupplier.get(o.customer_id) ?? []), o]);
  for (const [supplier, docs] of bySupplier) {
    const amount = docs.reduce((s, d) => s + d.amount, 0);
    await createPayment({
      ctx,
      input: {
        direction: 'out',
        date,
        customer_id: supplier,
        amount,
        method: 1,
        fee: 440,
        fee_bearer: 'us',
        bank_account_id: null,
        memo: null,
        bank_statement_row_id: null,
        allocations: docs.map((d) => ({
          invoice_id: null,
          transaction_id: null,
          transaction_document_id: d.id,
          amount: d.amount,
        })),
      },
    });
  }
}
