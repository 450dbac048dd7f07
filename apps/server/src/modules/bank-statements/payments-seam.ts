import { type BankMatch, paymentInput } from '@chobo/core';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { bankStatementRows, invoices, invoiceTransactions, journalEntries, payments } from '../../db/schema/index.js';
import type { CompanyCtx } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
import { auditReopenedBatches } from '../payment-batches/payment-batch-settlement.js';
import { createPayment, deletePayment } from '../payments/payment-actions.js';

/**
 * The seam to payment management, called inside the transaction that confirms a statement row matched to
 * open documents (sales / invoices / 発注取引). The payment posts the row's entry (ADR 0023): one payment of
 * the row's counterparty, dated the row's date, on the row's bank account, allocated to the matched
 * documents — a sale billed by a live invoice is settled through that invoice — with the 振込手数料 (入金:
 * deducted by the payer, borne by us; 支払: the row less what the documents take) as 支払手数料. Its journal
 * entry (source 'payment') is the row's entry; links: row → entry (journal_entry_id), entry → payment
 * (source), payment → row (bank_statement_row_id). Answers null when the matches name several
 * counterparties: the row is then posted by the confirm step itself, without a payment.
 */
export async function paymentForBankRow(
  ctx: CompanyCtx,
  confirmed: {
    row: { id: number; date: string; direction: string; amount: number; bank_account_id: number; description: string };
    matches: BankMatch[];
    fee: number;
  },
): Promise<{ id: number; number: number } | null> {
  const { row, matches } = confirmed;
  const customers = new Set(matches.map((m) => m.customer_id));
  if (matches.length === 0 || customers.size !== 1) return null;
  const direction = row.direction === 'out' ? 'out' : 'in';
  const taken = matches.reduce((s, m) => s + m.amount, 0);
  const fee = direction === 'in' ? confirmed.fee : Math.max(0, row.amount - taken);
  // sales billed by a live invoice are settled on the invoice
  const saleIds = matches.filter((m) => m.type === 'transaction').map((m) => m.id);
  const billedBy = new Map<number, number>();
  if (saleIds.length) {
    const links = await ctx.db
      .select({ sale: invoiceTransactions.transaction_id, invoice: invoiceTransactions.invoice_id })
      .from(invoiceTransactions)
      .innerJoin(invoices, eq(invoices.id, invoiceTransactions.invoice_id))
      .where(
        and(
          eq(invoiceTransactions.company_id, ctx.companyId),
          inArray(invoiceTransactions.transaction_id, saleIds),
          inArray(invoices.status, ['issued', 'sent', 'paid']),
        ),
      );
    for (const l of links) billedBy.set(l.sale, l.invoice);
  }
  const byTarget = new Map<
    string,
    { kind: 'invoice_id' | 'transaction_id' | 'transaction_document_id'; id: number; amount: number }
  >();
  for (const m of matches) {
    const invoiceId = m.type === 'transaction' ? billedBy.get(m.id) : undefined;
    const kind =
      invoiceId !== undefined ? 'invoice_id' : m.type === 'transaction' ? 'transaction_id' : 'transaction_document_id';
    const id = invoiceId ?? m.id;
    const k = `${kind}:${id}`;
    const cur = byTarget.get(k) ?? { kind, id, amount: 0 };
    cur.amount += m.amount;
    byTarget.set(k, cur);
  }
  const parsed = paymentInput.safeParse({
    direction,
    date: row.date,
    customer_id: matches[0].customer_id,
    amount: direction === 'in' ? row.amount : row.amount - fee,
    method: 1,
    fee,
    fee_bearer: 'us',
    bank_account_id: row.bank_account_id,
    memo: `銀行明細: ${row.description}`.slice(0, 500),
    bank_statement_row_id: row.id,
    allocations: [...byTarget.values()].map((a) => ({
      invoice_id: a.kind === 'invoice_id' ? a.id : null,
      transaction_id: a.kind === 'transaction_id' ? a.id : null,
      transaction_document_id: a.kind === 'transaction_document_id' ? a.id : null,
      amount: a.amount,
    })),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw unprocessable({ _: [`入出金を作成できません: ${issue.path.join('.')} ${issue.message}`] });
  }
  const payment = await createPayment({ ctx, input: parsed.data });
  if (payment.journal_entry_id === null) return null;
  const [entry] = await ctx.db
    .select({ id: journalEntries.id, number: journalEntries.number })
    .from(journalEntries)
    .where(eq(journalEntries.id, payment.journal_entry_id));
  return entry;
}

/**
 * Revert of an import: the payments made from its rows are deleted like any payment (their entries
 * withdrawn — reversed in a locked period — and the documents they settled reopened). Answers the ids of
 * the rows whose entries went with their payments.
 */
export async function paymentsOfRevertedImport(ctx: CompanyCtx, importId: number): Promise<Set<number>> {
  const made = await ctx.db
    .select({ id: payments.id, row: payments.bank_statement_row_id })
    .from(payments)
    .innerJoin(bankStatementRows, eq(bankStatementRows.id, payments.bank_statement_row_id))
    .where(
      and(
        eq(payments.company_id, ctx.companyId),
        eq(bankStatementRows.import_id, importId),
        isNotNull(payments.bank_statement_row_id),
      ),
    );
  await auditReopenedBatches(
    ctx,
    made.map((p) => p.id),
  );
  for (const p of made) await deletePayment({ ctx, input: { id: p.id } });
  return new Set(made.map((p) => p.row as number));
}
