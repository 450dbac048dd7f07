import {
  documentTotals,
  type InvoiceValues,
  lineAmount,
  MAX_SALES_TOTAL,
  quantityMilli,
  type Rounding,
  SALES_LIMIT_MESSAGES,
  type TransactionLineValues,
} from '@chobo/core';
import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  invoiceLines,
  invoices,
  invoiceTransactions,
  salesTransactionLines,
  salesTransactions,
} from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
import { companyTaxSettings } from '../transactions/transaction-actions.js';
import { findInvoice } from './invoices.queries.js';

/** A draft's content: the sales it bills (checked, locked when issuing), its free lines, its totals. */

type Line = TransactionLineValues & { transaction_id: number | null; date: string | null };

/**
 * The sales an invoice bills, checked: this company's, the invoice's customer, not billed by another
 * live (issued / sent / paid) invoice, one tax mode. Locked FOR UPDATE when issuing.
 */
export async function billableSales(
  tenant: Tenant,
  input: InvoiceValues,
  opts: { invoiceId?: number; lock?: boolean },
) {
  if (input.transaction_ids.length === 0) return { rows: [], lines: [] as Line[] };
  const q = tenant.db
    .select()
    .from(salesTransactions)
    .where(
      and(eq(salesTransactions.company_id, tenant.companyId), inArray(salesTransactions.id, input.transaction_ids)),
    )
    .orderBy(salesTransactions.transaction_date, salesTransactions.number);
  const rows = opts.lock ? await q.for('update') : await q;
  if (rows.length !== input.transaction_ids.length) {
    throw unprocessable({ transaction_ids: ['受注取引が見つかりません'] });
  }
  for (const r of rows) {
    if (r.customer_id !== input.customer_id) {
      throw unprocessable({ transaction_ids: [`受注取引 No.${r.number} は別の顧客の取引です`] });
    }
    if (r.status === 3)
      throw unprocessable({ transaction_ids: [`受注取引 No.${r.number} は回収不能のため請求できません`] });
  }
  if (new Set(rows.map((r) => r.tax_mode)).size > 1) {
    throw unprocessable({ transaction_ids: ['税抜の取引と税込の取引は同じ請求書にまとめられません'] });
  }
  // the invoice this draft corrects may still bill them: it becomes void when this one is issued
  const correcting = opts.invoiceId ? ((await findInvoice(tenant, opts.invoiceId))?.corrects_id ?? null) : null;
  const taken = await tenant.db
    .select({ tx: invoiceTransactions.transaction_id, id: invoices.id, number: invoices.number })
    .from(invoiceTransactions)
    .innerJoin(invoices, eq(invoices.id, invoiceTransactions.invoice_id))
    .where(
      and(
        eq(invoiceTransactions.company_id, tenant.companyId),
        inArray(invoiceTransactions.transaction_id, input.transaction_ids),
        inArray(invoices.status, ['issued', 'sent', 'paid']),
        opts.invoiceId ? ne(invoices.id, opts.invoiceId) : undefined,
      ),
    );
  const clash = taken.find((x) => x.id !== correcting);
  if (clash) {
    const no = rows.find((r) => r.id === clash.tx)?.number;
    throw unprocessable({
      transaction_ids: [`受注取引 No.${no} はすでに請求書 No.${clash.number} で請求されています`],
    });
  }
  const lines = await tenant.db
    .select()
    .from(salesTransactionLines)
    .where(
      and(
        eq(salesTransactionLines.company_id, tenant.companyId),
        inArray(salesTransactionLines.transaction_id, input.transaction_ids),
      ),
    )
    .orderBy(salesTransactionLines.line_no);
  const out: Line[] = [];
  for (const r of rows) {
    for (const l of lines.filter((x) => x.transaction_id === r.id)) {
      out.push({
        transaction_id: r.id,
        date: r.transaction_date,
        product_id: l.product_id,
        description: l.description,
        quantity: l.quantity_milli / 1000,
        unit: l.unit,
        unit_price: l.unit_price,
        tax_category: l.tax_category as Line['tax_category'],
      });
    }
  }
  return { rows, lines: out };
}

/** Writes a draft's lines, links and totals (tax once per invoice per rate over ALL its lines). */
export async function writeDraft(tenant: Tenant, invoiceId: number, input: InvoiceValues, rounding: Rounding) {
  const { rows, lines: saleLines } = await billableSales(tenant, input, { invoiceId });
  const mode =
    (rows[0]?.tax_mode as 'exclusive' | 'inclusive' | undefined) ??
    input.tax_mode ??
    (await companyTaxSettings(tenant)).mode;
  const lines: Line[] = [...saleLines, ...input.lines.map((l) => ({ ...l, transaction_id: null, date: null }))];
  const totals = documentTotals(lines, mode, rounding);
  if (totals.total < 0) throw unprocessable({ lines: ['合計金額がマイナスになる請求書は作成できません'] });
  if (totals.total > MAX_SALES_TOTAL) throw unprocessable({ lines: [SALES_LIMIT_MESSAGES.invoiceTotal] });
  await tenant.db.delete(invoiceLines).where(eq(invoiceLines.invoice_id, invoiceId));
  await tenant.db.delete(invoiceTransactions).where(eq(invoiceTransactions.invoice_id, invoiceId));
  if (lines.length > 0) {
    await tenant.db.insert(invoiceLines).values(
      lines.map((l, i) => ({
        company_id: tenant.companyId,
        invoice_id: invoiceId,
        line_no: i + 1,
        transaction_id: l.transaction_id,
        date: l.date,
        description: l.description,
        quantity_milli: quantityMilli(l.quantity),
        unit: l.unit,
        unit_price: l.unit_price,
        tax_category: l.tax_category,
        amount: lineAmount(l.quantity, l.unit_price),
      })),
    );
  }
  if (rows.length > 0) {
    await tenant.db
      .insert(invoiceTransactions)
      .values(rows.map((r) => ({ company_id: tenant.companyId, invoice_id: invoiceId, transaction_id: r.id })));
  }
  await tenant.db
    .update(invoices)
    .set({ tax_mode: mode, by_rate: totals.by_rate, subtotal: totals.subtotal, tax: totals.tax, total: totals.total })
    .where(eq(invoices.id, invoiceId));
}
