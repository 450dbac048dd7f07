import { type PaymentBatchValues, transferFee } from '@chobo/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { paymentBatches, paymentBatchItems, transactionDocuments } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';

import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Versioned } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { assertOpen, withDbRefusals } from '../accounting/posting.js';
import { type PayingAccount, payeeBanks, payingAccount } from './payment-batch-payees.js';
import { BATCH_NOT_FOUND, findBatch, loadBatch, reservedByBatches } from './payment-batches.queries.js';

/**
 * 振込データ: a draft made, replaced or deleted; approved by another user holding payment-batches.approve.
 * Each in one transaction with its audit row; the documents are locked while what is open on them is checked.
 */

const yen = (n: number) => `${n.toLocaleString('en-US')}円`;
export const LOCKED_MESSAGE = '承認済みの振込データは変更・削除できません';

type BatchCtx = CompanyCtx;

/** Writes a batch's items: each document this company's, payable and open for its amount; the fees per supplier. */
async function writeItems(t: BatchCtx, batchId: number, input: PaymentBatchValues, paying: PayingAccount) {
  const ids = [...new Set(input.items.map((i) => i.transaction_document_id))].sort((a, b) => a - b);
  const docs = await t.db
    .select({
      id: transactionDocuments.id,
      customer_id: transactionDocuments.customer_id,
      amount: transactionDocuments.amount,
      paid: transactionDocuments.paid_amount,
      status: transactionDocuments.status,
      deleted_at: transactionDocuments.deleted_at,
      journal_entry_id: transactionDocuments.journal_entry_id,
      payment_method: transactionDocuments.payment_method,
    })
    .from(transactionDocuments)
    .where(and(eq(transactionDocuments.company_id, t.companyId), inArray(transactionDocuments.id, ids)))
    .orderBy(asc(transactionDocuments.id))
    .for('update');
  const byId = new Map(docs.map((d) => [d.id, d]));
  if (ids.some((id) => !byId.get(id) || byId.get(id)?.deleted_at)) throw notFound('発注取引が見つかりません');
  const reserved = await reservedByBatches(t, ids, batchId);
  const errors: Record<string, string[]> = {};
  input.items.forEach((item, i) => {
    const d = byId.get(item.transaction_document_id) as (typeof docs)[number];
    const at = `items.${i}`;
    if (d.journal_entry_id === null || d.payment_method === 2) {
      errors[`${at}.transaction_document_id`] = [
        'この発注取引は振込で支払う対象ではありません（未計上または現金払い）',
      ];
      return;
    }
    const open = Number(d.amount) - Number(d.paid);
    if (d.status !== 0 || open <= 0) {
      errors[`${at}.transaction_document_id`] = ['この発注取引は支払済です'];
      return;
    }
    const held = reserved.get(d.id)?.amount ?? 0;
    if (item.amount > open - held)
      errors[`${at}.amount`] = [
        held > 0
          ? `支払額（${yen(item.amount)}）が未払額 ${yen(open)} のうち他の振込データに含まれていない額（${yen(open - held)}）を超えています`
          : `支払額（${yen(item.amount)}）が未払額（${yen(open)}）を超えています`,
      ];
  });
  if (Object.keys(errors).length) throw unprocessable(errors);
  // one transfer per supplier: its fee on its first item, who bears it from the supplier's 振込先
  const settles = new Map<number, number>();
  for (const item of input.items) {
    const c = (byId.get(item.transaction_document_id) as (typeof docs)[number]).customer_id;
    settles.set(c, (settles.get(c) ?? 0) + item.amount);
  }
  const banks = await payeeBanks(t, [...settles.keys()]);
  const fees = new Map<number, { fee: number; fee_bearer: 'us' | 'them' }>();
  for (const [c, s] of settles) {
    const bank = banks.get(c) ?? null;
    const bearer = bank?.fee_bearer === 'theirs' ? 'them' : 'us';
    const fee = bank && paying.fee_table ? transferFee(paying.fee_table, paying, bank, s) : 0;
    if (bearer === 'them' && fee >= s)
      throw unprocessable({ items: [`振込手数料（${yen(fee)}）を差し引くと振込金額がなくなります`] });
    fees.set(c, { fee, fee_bearer: bearer });
  }
  const first = new Set<number>();
  await t.db.insert(paymentBatchItems).values(
    input.items.map((item) => {
      const c = (byId.get(item.transaction_document_id) as (typeof docs)[number]).customer_id;
      const f = fees.get(c) as { fee: number; fee_bearer: 'us' | 'them' };
      const isFirst = !first.has(c);
      first.add(c);
      return {
        company_id: t.companyId,
        batch_id: batchId,
        transaction_document_id: item.transaction_document_id,
        customer_id: c,
        amount: item.amount,
        fee: isFirst ? f.fee : 0,
        fee_bearer: f.fee_bearer,
      };
    }),
  );
}

async function dtoOf(t: BatchCtx, id: number) {
  return (await loadBatch(t, id)) as NonNullable<Awaited<ReturnType<typeof loadBatch>>>;
}

/** POST /api/payment-batches: a draft (承認待ち) of the given documents and amounts. */
export async function createBatch({ ctx, input }: ActionArgs<CompanyCtx, PaymentBatchValues>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const paying = await payingAccount(t, input.bank_account_id);
      await assertOpen(t, input.payment_date, 'payment_date');
      const [row] = await tx
        .insert(paymentBatches)
        .values({
          company_id: ctx.companyId,
          payment_date: input.payment_date,
          bank_account_id: paying.id,
          created_by: ctx.actor.userId,
        })
        .returning({ id: paymentBatches.id });
      await writeItems(t, row.id, input, paying);
      const dto = await dtoOf(t, row.id);
      await audit(tx, {
        actor: t.actor,
        companyId: t.companyId,
        action: 'payment_batch.create',
        targetType: 'payment_batch',
        targetId: row.id,
        after: dto,
      });
      return dto;
    }),
  );
}

/** The batch locked for a change: this company's (else 404), fresh (else 409), still a draft (else 422). */
async function lockDraft(t: BatchCtx, id: number, updatedAt?: string) {
  const before = await findBatch(t, id, { forUpdate: true });
  if (!before) throw notFound(BATCH_NOT_FOUND);
  if (updatedAt !== undefined) assertFresh(before.updated_at, updatedAt, '振込データ');
  if (before.status !== 'draft') throw unprocessable({ _: [LOCKED_MESSAGE] }, LOCKED_MESSAGE);
  return before;
}

/** PUT /api/payment-batches/{id}: a draft's date, account and items replaced. */
export async function updateBatch({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<CompanyCtx, PaymentBatchValues & Versioned>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      await lockDraft(t, id, updated_at);
      const beforeDto = await dtoOf(t, id);
      const paying = await payingAccount(t, input.bank_account_id);
      await assertOpen(t, input.payment_date, 'payment_date');
      await tx.delete(paymentBatchItems).where(eq(paymentBatchItems.batch_id, id));
      await tx
        .update(paymentBatches)
        .set({
          payment_date: input.payment_date,
          bank_account_id: paying.id,
          updated_at: nextVersion(paymentBatches.updated_at),
        })
        .where(and(eq(paymentBatches.id, id), eq(paymentBatches.company_id, ctx.companyId)));
      await writeItems(t, id, input, paying);
      const dto = await dtoOf(t, id);
      await audit(tx, {
        actor: t.actor,
        companyId: t.companyId,
        action: 'payment_batch.update',
        targetType: 'payment_batch',
        targetId: id,
        before: beforeDto,
        after: dto,
      });
      return dto;
    }),
  );
}

/** DELETE /api/payment-batches/{id}: a draft only. */
export async function deleteBatch({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  await ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    await lockDraft(t, id);
    const beforeDto = await dtoOf(t, id);
    await tx.delete(paymentBatches).where(and(eq(paymentBatches.id, id), eq(paymentBatches.company_id, ctx.companyId)));
    await audit(tx, {
      actor: t.actor,
      companyId: t.companyId,
      action: 'payment_batch.delete',
      targetType: 'payment_batch',
      targetId: id,
      before: beforeDto,
    });
  });
}

export const SELF_APPROVAL_MESSAGE = '振込データを作成した人は承認できません。別の承認者が承認してください';

/**
 * POST /api/payment-batches/{id}/approve: by a user holding payment-batches.approve who did not make it; the
 * documents checked again (still open for the amounts), the payment date in an open period.
 */
export async function approveBatch({
  ctx,
  input: { id, updated_at },
}: ActionArgs<CompanyCtx, { id: number; updated_at?: string }>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const before = await findBatch(t, id, { forUpdate: true });
      if (!before) throw notFound(BATCH_NOT_FOUND);
      if (updated_at !== undefined) assertFresh(before.updated_at, updated_at, '振込データ');
      if (before.status !== 'draft') throw unprocessable({ _: ['この振込データはすでに承認されています'] });
      if (before.created_by !== null && before.created_by === ctx.actor.userId)
        throw unprocessable({ _: [SELF_APPROVAL_MESSAGE] }, SELF_APPROVAL_MESSAGE);
      await assertOpen(t, before.payment_date, 'payment_date');
      const current = await dtoOf(t, id);
      // the documents may have been paid since: check again as if the batch were made now
      await tx.delete(paymentBatchItems).where(eq(paymentBatchItems.batch_id, id));
      await writeItems(
        t,
        id,
        {
          payment_date: before.payment_date,
          bank_account_id: before.bank_account_id,
          items: current.items.map((i) => ({ transaction_document_id: i.transaction_document_id, amount: i.amount })),
        },
        await payingAccount(t, before.bank_account_id),
      );
      await tx
        .update(paymentBatches)
        .set({
          status: 'approved',
          approved_by: ctx.actor.userId,
          approved_at: sql`now()`,
          updated_at: nextVersion(paymentBatches.updated_at),
        })
        .where(eq(paymentBatches.id, id));
      const dto = await dtoOf(t, id);
      await audit(tx, {
        actor: t.actor,
        companyId: t.companyId,
        action: 'payment_batch.approve',
        targetType: 'payment_batch',
        targetId: id,
        before: { status: before.status },
        after: dto,
      });
      return dto;
    }),
  );
}
