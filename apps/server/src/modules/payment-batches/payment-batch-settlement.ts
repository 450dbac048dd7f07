import { type BankMatch, type BankSuggestion, type PaymentBatchTransfer, paymentInput } from '@chobo/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { journalEntries, paymentBatches, paymentBatchItems } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Tenant } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { withDbRefusals } from '../accounting/posting.js';
import { createPayment } from '../payments/payment-actions.js';
import {
  BATCH_NOT_FOUND,
  type BatchItemRow,
  batchItems,
  documentLabel,
  findBatch,
  loadBatch,
  transfersOf,
} from './payment-batches.queries.js';

/**
 * Paying a batch: each supplier's transfer becomes one payment of the payments module (createPayment: 買掛金
 * / 未払金 against the paying account, the 先方負担 fee deducted — it settles the documents, it is not our
 * expense — a 当方負担 fee as 支払手数料), the documents 支払済. Either by hand (confirm) or when the bank
 * statement's 出金 row of the payment date and the transfer's amount is confirmed (the row's entry is the
 * payment's). Deleting such a payment (reverting the statement) reopens the batch (trigger of migration 0041).
 */

const yen = (n: number) => `${n.toLocaleString('en-US')}円`;
const md = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}`;

type Batch = NonNullable<Awaited<ReturnType<typeof findBatch>>>;

/**
 * Creates the payment of one transfer (optionally from a bank row) and links the batch's items to it. The
 * payment's entry takes the transfer and the fee out of the account; a bank row of the transfer alone (our fee
 * debited in a row of its own, booked as that row's 支払手数料) makes a payment without the fee, so that the
 * row's entry moves exactly the row's amount.
 */
async function payTransfer(
  t: CompanyCtx,
  batch: Batch,
  items: BatchItemRow[],
  transfer: PaymentBatchTransfer,
  bankRow: { id: number; amount: number } | null,
) {
  const mine = items.filter((i) => i.customer_id === transfer.customer_id && i.payment_id === null);
  const feeApart = bankRow !== null && transfer.fee_bearer === 'us' && bankRow.amount === transfer.amount;
  const payment = await createPayment({
    ctx: t,
    input: paymentInput.parse({
      direction: 'out',
      date: batch.payment_date,
      customer_id: transfer.customer_id,
      amount: transfer.amount,
      method: 1,
      fee: feeApart ? 0 : transfer.fee,
      fee_bearer: transfer.fee_bearer,
      bank_account_id: batch.bank_account_id,
      memo: `振込データ No.${batch.id}`,
      bank_statement_row_id: bankRow?.id ?? null,
      allocations: mine.map((i) => ({ transaction_document_id: i.transaction_document_id, amount: Number(i.amount) })),
    }),
  });
  await t.db
    .update(paymentBatchItems)
    .set({ payment_id: payment.id })
    .where(
      inArray(
        paymentBatchItems.id,
        mine.map((i) => i.id),
      ),
    );
  return payment;
}

/** The batch becomes 支払済 once every item has its payment. */
async function markPaidWhenDone(t: CompanyCtx, id: number) {
  await t.db
    .update(paymentBatches)
    .set({ status: 'paid', paid_at: sql`now()`, updated_at: nextVersion(paymentBatches.updated_at) })
    .where(
      and(
        eq(paymentBatches.id, id),
        sql`not exists (select 1 from payment_batch_items i where i.batch_id = ${id} and i.payment_id is null)`,
      ),
    );
}

/** POST /api/payment-batches/{id}/confirm: an approved (or 出力済) batch paid without a bank statement. */
export async function confirmBatch({
  ctx,
  input: { id, updated_at },
}: ActionArgs<CompanyCtx, { id: number; updated_at?: string }>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const batch = await findBatch(t, id, { forUpdate: true });
      if (!batch) throw notFound(BATCH_NOT_FOUND);
      if (updated_at !== undefined) assertFresh(batch.updated_at, updated_at, '振込データ');
      if (batch.status === 'draft') throw unprocessable({ _: ['承認されていない振込データは支払確定できません'] });
      if (batch.status === 'paid') throw unprocessable({ _: ['この振込データはすでに支払済です'] });
      const items = await batchItems(t, id);
      const payments: number[] = [];
      for (const transfer of transfersOf(items).filter((x) => x.payment_id === null))
        payments.push((await payTransfer(t, batch, items, transfer, null)).id);
      await markPaidWhenDone(t, id);
      const dto = await loadBatch(t, id);
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'payment_batch.confirm',
        targetType: 'payment_batch',
        targetId: id,
        before: { status: batch.status },
        after: { status: dto?.status, payment_ids: payments },
      });
      return dto as NonNullable<typeof dto>;
    }),
  );
}

/** An unpaid transfer of an approved or 出力済 batch, as the bank statement's 出金 row would show it. */
export interface OpenTransfer {
  batch_id: number;
  payment_date: string;
  bank_account_id: number;
  transfer: PaymentBatchTransfer;
  items: BatchItemRow[];
}

/** The unpaid transfers of the approved and 出力済 batches (the bank import matches its 出金 rows to them). */
export async function openTransfers(tenant: Tenant): Promise<OpenTransfer[]> {
  const batches = await tenant.db
    .select({ id: paymentBatches.id, date: paymentBatches.payment_date, bank: paymentBatches.bank_account_id })
    .from(paymentBatches)
    .where(
      and(
        eq(paymentBatches.company_id, tenant.companyId),
        inArray(paymentBatches.status, ['approved', 'exported']),
        sql`exists (select 1 from payment_batch_items i where i.batch_id = ${paymentBatches.id} and i.payment_id is null)`,
      ),
    );
  const out: OpenTransfer[] = [];
  for (const b of batches) {
    const items = await batchItems(tenant, b.id);
    for (const transfer of transfersOf(items))
      if (transfer.payment_id === null)
        out.push({
          batch_id: b.id,
          payment_date: b.date,
          bank_account_id: b.bank,
          transfer,
          items: items.filter((i) => i.customer_id === transfer.customer_id && i.payment_id === null),
        });
  }
  return out;
}

/**
 * What leaves the account for a transfer: the transfer and the bank's fee (charged to us also when the supplier
 * bears it: 先方負担 deducted it from the transfer). Our own fee (当方負担) may come in a row of its own.
 */
const debits = (t: PaymentBatchTransfer) =>
  t.fee === 0 ? [t.amount] : t.fee_bearer === 'us' ? [t.amount, t.amount + t.fee] : [t.amount + t.fee];

/** The open transfer an 出金 row pays: same account, the payment date, the transfer's amount. */
export function transferOfRow(
  row: { date: string; direction: string; amount: number; bank_account_id: number },
  transfers: readonly OpenTransfer[],
): OpenTransfer | null {
  if (row.direction !== 'out') return null;
  return (
    transfers.find(
      (o) =>
        o.payment_date === row.date &&
        o.bank_account_id === row.bank_account_id &&
        debits(o.transfer).includes(row.amount),
    ) ?? null
  );
}

/** The bank import's suggestion for an 出金 row that pays a batch's transfer, with the reason. */
export function transferSuggestion(
  o: OpenTransfer,
  rowAmount: number,
  payable: { id: number; name: string | null },
): BankSuggestion {
  const t = o.transfer;
  const reasons = [
    `振込データ No.${o.batch_id}（支払日 ${md(o.payment_date)}）の「${t.customer_name}」への振込 ${yen(t.amount)} と一致`,
  ];
  if (t.fee_bearer === 'them' && t.fee > 0)
    reasons.push(`先方負担の振込手数料 ${yen(t.fee)} を差し引いて振り込み、手数料とともに引き落とし`);
  if (t.fee_bearer === 'us' && t.fee > 0 && rowAmount !== t.amount)
    reasons.push(`当方負担の振込手数料 ${yen(t.fee)} を含む`);
  const matches: BankMatch[] = o.items.map((i) => ({
    type: 'transaction_document',
    id: i.transaction_document_id,
    label: `発注取引 ${documentLabel(i)}`.slice(0, 200),
    customer_id: i.customer_id,
    customer_name: i.customer_name,
    open_amount: Number(i.amount),
    amount: Number(i.amount),
    due_date: i.due_date,
  }));
  return {
    kind: 'match',
    rule_id: null,
    rule_name: null,
    score: 100,
    reasons,
    account_id: payable.id,
    account_name: payable.name,
    tax_category: 'none',
    customer_id: t.customer_id,
    customer_name: t.customer_name,
    description: `支払 ${t.customer_name} 振込データ No.${o.batch_id}`.slice(0, 255),
    splits: [],
    fee: 0,
    matches,
  };
}

/**
 * The bank import's confirm step for an 出金 row that pays a batch's transfer: the transfer's payment made
 * from the row (its entry is the row's), the batch 支払済 when it was the last. Null: the row pays no transfer.
 */
export async function batchPaymentForBankRow(
  t: CompanyCtx,
  row: { id: number; date: string; direction: string; amount: number; bank_account_id: number },
): Promise<{ id: number; number: number } | null> {
  const o = transferOfRow(row, await openTransfers(t));
  if (!o) return null;
  const batch = (await findBatch(t, o.batch_id, { forUpdate: true })) as Batch;
  const items = await batchItems(t, o.batch_id);
  const payment = await payTransfer(t, batch, items, o.transfer, { id: row.id, amount: row.amount });
  await markPaidWhenDone(t, o.batch_id);
  await audit(t.db, {
    actor: t.actor,
    companyId: t.companyId,
    action: 'payment_batch.confirm',
    targetType: 'payment_batch',
    targetId: o.batch_id,
    after: { customer_id: o.transfer.customer_id, payment_id: payment.id, bank_statement_row_id: row.id },
  });
  if (payment.journal_entry_id === null) return null;
  const [entry] = await t.db
    .select({ id: journalEntries.id, number: journalEntries.number })
    .from(journalEntries)
    .where(eq(journalEntries.id, payment.journal_entry_id));
  return entry;
}

/**
 * Before payments of batches are deleted (a reverted statement): the batches they paid are audited as
 * reopened; the trigger of migration 0041 sets them back to 承認済 / 出力済 as the payments go.
 */
export async function auditReopenedBatches(t: CompanyCtx, paymentIds: number[]) {
  if (paymentIds.length === 0) return;
  const rows = await t.db
    .selectDistinct({ batch: paymentBatchItems.batch_id, payment: paymentBatchItems.payment_id })
    .from(paymentBatchItems)
    .where(and(eq(paymentBatchItems.company_id, t.companyId), inArray(paymentBatchItems.payment_id, paymentIds)));
  const byBatch = new Map<number, number[]>();
  for (const r of rows) byBatch.set(r.batch, [...(byBatch.get(r.batch) ?? []), r.payment as number]);
  for (const [batch, payments] of byBatch)
    await audit(t.db, {
      actor: t.actor,
      companyId: t.companyId,
      action: 'payment_batch.reopen',
      targetType: 'payment_batch',
      targetId: batch,
      before: { payment_ids: payments },
    });
}
