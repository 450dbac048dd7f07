import { ZenginFileError, type ZenginTransfer, zenginTransferFile } from '@chobo/core';
import { eq, sql } from 'drizzle-orm';
import { paymentBatches } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { payeeBanks, payingAccount } from './payment-batch-payees.js';
import { BATCH_NOT_FOUND, batchItems, findBatch, transfersOf } from './payment-batches.queries.js';

/**
 * GET /api/payment-batches/{id}/zengin: the 全銀 総合振込 file of an approved batch (core's writer), one data
 * record per supplier's transfer. The first download marks the batch 出力済; a later one answers the same
 * file and says it was downloaded before. Downloading never pays: the payments come from the bank
 * statement (or confirm), once.
 */
export async function exportBatchFile({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const batch = await findBatch(t, id, { forUpdate: true });
    if (!batch) throw notFound(BATCH_NOT_FOUND);
    if (batch.status === 'draft') throw unprocessable({ _: ['承認されていない振込データは出力できません'] });
    const paying = await payingAccount(t, batch.bank_account_id);
    if (typeof paying.requester === 'string') throw unprocessable({ bank_account_id: [paying.requester] });
    const transfers = transfersOf(await batchItems(t, id));
    const banks = await payeeBanks(
      t,
      transfers.map((x) => x.customer_id),
    );
    const records: ZenginTransfer[] = transfers.map((x, i) => {
      const b = banks.get(x.customer_id);
      if (!b)
        throw unprocessable({
          [`transfers.${i}`]: [`取引先「${x.customer_name}」の振込先（銀行口座）が登録されていません`],
        });
      return {
        bank_code: b.bank_code,
        bank_name_kana: b.bank_name_kana,
        branch_code: b.branch_code,
        branch_name_kana: b.branch_name_kana,
        account_type: b.account_type,
        account_number: b.account_number,
        holder_kana: b.holder_kana,
        amount: x.amount,
        method: 7,
      };
    });
    let bytes: Uint8Array;
    try {
      bytes = zenginTransferFile({
        kind: 21,
        requester: paying.requester,
        transfer_date: batch.payment_date,
        transfers: records,
      });
    } catch (e) {
      if (!(e instanceof ZenginFileError)) throw e;
      const who =
        e.transferIndex !== null ? `取引先「${transfers[e.transferIndex]?.customer_name}」の` : '振込元の口座の';
      const message = `${who}${e.message}`;
      throw unprocessable({ [e.path || '_']: [message] }, message);
    }
    const already = batch.export_count > 0;
    await tx
      .update(paymentBatches)
      .set({
        status: batch.status === 'approved' ? 'exported' : batch.status,
        exported_at: batch.exported_at ?? sql`now()`,
        export_count: batch.export_count + 1,
        updated_at: nextVersion(paymentBatches.updated_at),
      })
      .where(eq(paymentBatches.id, id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'payment_batch.export',
      targetType: 'payment_batch',
      targetId: id,
      before: { status: batch.status, export_count: batch.export_count },
      after: { export_count: batch.export_count + 1, transfers: records.length, bytes: bytes.length },
    });
    return { bytes, paymentDate: batch.payment_date, already, count: batch.export_count + 1 };
  });
}
