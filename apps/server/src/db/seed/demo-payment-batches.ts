import { paymentBatchInput } from '@chobo/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CompanyCtx } from '../../lib/context.js';
import { bankAccountColumns } from '../../modules/customers/customer-bank-account.js';
import { approveBatch, createBatch } from '../../modules/payment-batches/payment-batch-actions.js';
import { payeeBanks } from '../../modules/payment-batches/payment-batch-payees.js';
import { confirmBatch } from '../../modules/payment-batches/payment-batch-settlement.js';
import { paymentSchedule } from '../../modules/payment-batches/payment-batches.queries.js';
import { loadTransferSettings, updateTransferSettings } from '../../modules/zengin/transfer-settings.js';
import { bankAccounts, customers } from '../schema/index.js';

/** 振込先 of the demo's suppliers (published 全銀 codes): the first bears the fee (先方負担). */
const PAYEES = [
  {
    bank_code: '0005',
    branch_code: '001',
    account_type: 1,
    account_number: '1357913',
    holder_kana: 'ｶ)ｻﾝﾌﾟﾙｼｲﾚ',
    fee_bearer: 'theirs',
  },
  {
    bank_code: '0001',
    branch_code: '100',
    account_type: 2,
    account_number: '2468024',
    holder_kana: 'ﾃﾞﾓﾌﾞﾂｻﾝ(ｶ',
    fee_bearer: 'ours',
  },
] as const;

/**
 * 振込データ of the demo: the paying account's transfer settings, the suppliers' 振込先, one batch made by 経理
 * and approved by the owner, already paid (its payments, the documents 支払済), and one waiting for approval.
 */
export async function seedDemoPaymentBatches(ctx: CompanyCtx, users: { owner: number; clerk: number }) {
  const [account] = await ctx.db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(eq(bankAccounts.company_id, ctx.companyId))
    .orderBy(asc(bankAccounts.sort_order), asc(bankAccounts.id))
    .limit(1);
  if (!account) return;
  const owner = { ...ctx, actor: { userId: users.owner, ip: null } };
  const clerk = { ...ctx, actor: { userId: users.clerk, ip: null } };
  const settings = await loadTransferSettings(ctx, account.id);
  if (!settings) return;
  await updateTransferSettings({
    ctx: owner,
    input: {
      id: account.id,
      requester_code: '1234567890',
      requester_name_kana: 'ｶ)ｻﾝﾌﾟﾙｼﾖｳｼﾞ',
      fees: {
        same_branch_under: 0,
        same_branch_over: 0,
        same_bank_under: 110,
        same_bank_over: 220,
        other_bank_under: 440,
        other_bank_over: 660,
      },
      updated_at: settings.updated_at,
    },
  });
  const schedule = await paymentSchedule(ctx);
  const items = schedule.groups.flatMap((g) => g.items).filter((i) => i.available > 0);
  const suppliers = [...new Set(items.map((i) => i.customer_id))].slice(0, PAYEES.length);
  if (suppliers.length === 0) return;
  const onFile = await payeeBanks(ctx, suppliers);
  for (const [k, id] of suppliers.entries()) {
    // a supplier the demo already gave a 振込先 keeps it
    if (onFile.get(id)) continue;
    const columns = await bankAccountColumns(PAYEES[k] as never);
    await ctx.db
      .update(customers)
      .set(columns)
      .where(and(eq(customers.company_id, ctx.companyId), inArray(customers.id, [id])));
  }
  const ofSuppliers = items.filter((i) => suppliers.includes(i.customer_id));
  const dated = ofSuppliers.filter((i) => i.due_date !== null);
  const first = dated.slice(0, 3);
  const second = dated.slice(3, 6);
  if (first.length) {
    const b = await createBatch({
      ctx: clerk,
      input: paymentBatchInput.parse({
        payment_date: first[0].due_date,
        bank_account_id: account.id,
        items: first.map((i) => ({ transaction_document_id: i.id, amount: i.available })),
      }),
    });
    await approveBatch({ ctx: owner, input: { id: b.id } });
    await confirmBatch({ ctx: clerk, input: { id: b.id } });
  }
  if (second.length)
    await createBatch({
      ctx: clerk,
      input: paymentBatchInput.parse({
        payment_date: second[0].due_date,
        bank_account_id: account.id,
        items: second.map((i) => ({ transaction_document_id: i.id, amount: i.available })),
      }),
    });
}
