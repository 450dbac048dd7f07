import { MAX_SHORT_PAYMENT_FEE, type PaymentValues, paymentFigures } from '@chobo/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { customers, paymentAllocations, payments } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Tenant, Versioned } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { withDbRefusals, withdrawEntry } from '../accounting/posting.js';
import {
  allocatedByOthers,
  checkAllocations,
  lockDocuments,
  type Target,
  targets,
  writeAllocations,
} from './payment-allocations.js';
import { checkBankRow, linkBankRow, unlinkBankRow } from './payment-bank-rows.js';
import { bankAccountFor, postPayment } from './payment-posting.js';
import { syncStatuses } from './payment-statuses.js';
import { findPayment, loadPayment, type PaymentRow } from './payments.queries.js';

/**
 * 入金・支払: a payment recorded, replaced or deleted with its allocations, its posting and its bank row in
 * one transaction; the short-payment settlement. Allocations: payment-allocations.ts; the documents'
 * statuses: payment-statuses.ts; the bank row: payment-bank-rows.ts; the entry: payment-posting.ts.
 */

const NOT_FOUND = '入出金が見つかりません';

async function counterparty(tenant: Tenant, id: number) {
  const [c] = await tenant.db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.company_id, tenant.companyId), isNull(customers.deleted_at)));
  if (!c) throw unprocessable({ customer_id: ['取引先が見つかりません'] });
  return c;
}

function columns(input: PaymentValues) {
  const f = paymentFigures(input);
  return {
    direction: input.direction,
    date: input.date,
    customer_id: input.customer_id,
    amount: input.amount,
    method: input.method,
    fee: input.fee,
    fee_bearer: input.fee_bearer,
    bank_account_id: input.bank_account_id,
    memo: input.memo,
    bank_statement_row_id: input.bank_statement_row_id,
    settled: f.settled,
  };
}

async function store(t: CompanyCtx, row: PaymentRow, input: PaymentValues, customerName: string) {
  const posting = await checkAllocations(t, input, row.id);
  await writeAllocations(t, row.id, input);
  const entryId = await postPayment(
    t,
    { ...row, direction: input.direction, fee_bearer: input.fee_bearer, customer_name: customerName },
    posting,
    t.actor.userId,
  );
  await t.db.update(payments).set({ journal_entry_id: entryId }).where(eq(payments.id, row.id));
  await syncStatuses(t, targets(input.allocations));
}

/**
 * Records a payment (入金 or 支払), its allocations and its posting in one transaction; the documents it
 * covers become 入金済 / 支払済. Bank import's confirm step calls this too (input.bank_statement_row_id).
 */
export async function createPayment({ ctx, input }: ActionArgs<CompanyCtx, PaymentValues>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const customer = await counterparty(t, input.customer_id);
      await bankAccountFor(t, input.bank_account_id);
      await checkBankRow(t, input.bank_statement_row_id, null);
      const [row] = await tx
        .insert(payments)
        .values({ ...columns(input), company_id: ctx.companyId, created_by: ctx.actor.userId })
        .returning();
      await store(t, row, input, customer.name);
      const dto = (await loadPayment(t, row.id)) as NonNullable<Awaited<ReturnType<typeof loadPayment>>>;
      await linkBankRow(t, input.bank_statement_row_id, dto.journal_entry_id);
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'payment.create',
        targetType: 'payment',
        targetId: row.id,
        after: dto,
      });
      return dto;
    }),
  );
}

/** Replaces a payment: its allocations and its posting (deleted, or reversed today when its period is locked). */
export async function updatePayment({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<CompanyCtx, PaymentValues & Versioned>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const before = await findPayment(t, id, { forUpdate: true });
      if (!before) throw notFound(NOT_FOUND);
      assertFresh(before.updated_at, updated_at, '入出金');
      const beforeDto = await loadPayment(t, id);
      const customer = await counterparty(t, input.customer_id);
      await bankAccountFor(t, input.bank_account_id);
      await checkBankRow(t, input.bank_statement_row_id, id, before.bank_statement_row_id);
      const old = await tx.select().from(paymentAllocations).where(eq(paymentAllocations.payment_id, id));
      // lock the previous documents too, before their allocations go
      await lockDocuments(t, targets(old), id);
      if (before.journal_entry_id !== null) await withdrawEntry(t, before.journal_entry_id, ctx.actor.userId);
      await tx.delete(paymentAllocations).where(eq(paymentAllocations.payment_id, id));
      // the documents this payment covered count as open again while the new allocations are checked
      const [row] = await tx
        .update(payments)
        .set({ ...columns(input), journal_entry_id: null, updated_at: sql`now()` })
        .where(and(eq(payments.id, id), eq(payments.company_id, ctx.companyId)))
        .returning();
      await syncStatuses(t, targets(old));
      await storeAfterEdit(t, row, input, customer.name, old);
      const dto = (await loadPayment(t, id)) as NonNullable<Awaited<ReturnType<typeof loadPayment>>>;
      if (before.bank_statement_row_id !== input.bank_statement_row_id)
        await unlinkBankRow(t, before.bank_statement_row_id);
      await linkBankRow(t, input.bank_statement_row_id, dto.journal_entry_id);
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'payment.update',
        targetType: 'payment',
        targetId: id,
        before: beforeDto,
        after: dto,
      });
      return dto;
    }),
  );
}

/** After an edit the documents the payment covered before are open again (reopened above), so the checks see them as open. */
async function storeAfterEdit(
  t: CompanyCtx,
  row: PaymentRow,
  input: PaymentValues,
  customerName: string,
  _old: unknown[],
) {
  await store(t, row, input, customerName);
}

/** Deletes a payment: its posting is withdrawn (reversed when locked) and the documents it covered reopen. */
export async function deletePayment({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  await withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const before = await findPayment(t, id, { forUpdate: true });
      if (!before) throw notFound(NOT_FOUND);
      const beforeDto = await loadPayment(t, id);
      const old = await tx.select().from(paymentAllocations).where(eq(paymentAllocations.payment_id, id));
      await lockDocuments(t, targets(old), id);
      if (before.journal_entry_id !== null) await withdrawEntry(t, before.journal_entry_id, ctx.actor.userId);
      await tx.delete(payments).where(and(eq(payments.id, id), eq(payments.company_id, ctx.companyId)));
      await unlinkBankRow(t, before.bank_statement_row_id);
      await syncStatuses(t, targets(old));
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'payment.delete',
        targetType: 'payment',
        targetId: id,
        before: beforeDto,
      });
    }),
  );
}

/**
 * 入金不足の精算: the customer paid an invoice (or sale) less a transfer fee. Whatever the payment has not
 * allocated goes to the document and the rest of the document's remaining amount is booked as 支払手数料
 * (fee borne by us), so the document is settled. The fee is remembered as this customer's usual fee.
 */
export async function settleShortPayment({
  ctx,
  input,
}: ActionArgs<
  CompanyCtx,
  { id: number; invoice_id: number | null; transaction_id: number | null; updated_at?: string }
>) {
  const current = await loadPayment(ctx, input.id);
  if (!current) throw notFound(NOT_FOUND);
  if (!input.updated_at) {
    const m = '更新日時（updated_at）がありません。画面を再読み込みしてから編集してください';
    throw unprocessable({ updated_at: [m] }, m);
  }
  if ((input.invoice_id === null) === (input.transaction_id === null))
    throw unprocessable({ invoice_id: ['精算する請求書または受注取引を指定してください'] });
  if (current.direction !== 'in') throw unprocessable({ _: ['入金不足の精算は入金にのみ行えます'] });
  const target: Target = input.invoice_id !== null ? 'invoice_id' : 'transaction_id';
  const docId = (input.invoice_id ?? input.transaction_id) as number;
  const docs = await lockDocuments(ctx, [{ target, id: docId }], input.id);
  const d = docs.get(`${target}:${docId}`);
  if (!d || d.customerId !== current.customer_id) throw unprocessable({ [target]: ['精算する書類が見つかりません'] });
  const others = (await allocatedByOthers(ctx, target, [docId], input.id)).get(docId) ?? 0;
  const existing = current.allocations.find((a) => a[target] === docId);
  const remaining = d.total - others - (existing?.amount ?? 0);
  if (remaining <= 0) throw unprocessable({ _: [`${d.label}は精算済みです`] });
  const fromUnallocated = Math.min(current.unallocated, remaining);
  const difference = remaining - fromUnallocated;
  if (difference > MAX_SHORT_PAYMENT_FEE)
    throw unprocessable({
      _: [
        `不足額（${difference.toLocaleString('en-US')}円）が手数料として処理できる上限（${MAX_SHORT_PAYMENT_FEE.toLocaleString('en-US')}円）を超えています。入金額を確認してください`,
      ],
    });
  const fee = (current.fee_bearer === 'us' ? current.fee : 0) + difference;
  const allocations = current.allocations.map((a) => ({
    invoice_id: a.invoice_id,
    transaction_id: a.transaction_id,
    transaction_document_id: a.transaction_document_id,
    amount: a.amount + (a[target] === docId ? remaining : 0),
  }));
  if (!existing)
    allocations.push({
      invoice_id: input.invoice_id,
      transaction_id: input.transaction_id,
      transaction_document_id: null,
      amount: remaining,
    });
  return updatePayment({
    ctx,
    input: {
      id: input.id,
      updated_at: input.updated_at,
      direction: 'in',
      date: current.date,
      customer_id: current.customer_id,
      amount: current.amount,
      method: current.method,
      fee,
      fee_bearer: 'us',
      bank_account_id: current.bank_account_id,
      memo: current.memo,
      bank_statement_row_id: current.bank_statement_row_id,
      allocations,
    },
  });
}
