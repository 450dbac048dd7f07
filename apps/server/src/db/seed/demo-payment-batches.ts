import { addDays, paymentBatchInput, todayInTokyo } from '@chobo/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { CompanyCtx } from '../../lib/context.js';
import { bankAccountColumns } from '../../modules/customers/customer-bank-account.js';
import { approveBatch, createBatch } from '../../modules/payment-batches/payment-batch-actions.js';
import { exportBatchFile } from '../../modules/payment-batches/payment-batch-file.js';
import { payeeBanks } from '../../modules/payment-batches/payment-batch-payees.js';
import { paymentSchedule } from '../../modules/payment-batches/payment-batches.queries.js';
import { loadTransferSettings, updateTransferSettings } from '../../modules/zengin/transfer-settings.js';
import { customers } from '../schema/index.js';
import { demoBankAccount } from './demo-bank.js';

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
  {
    bank_code: '0009',
    branch_code: '211',
    account_type: 1,
    account_number: '3692581',
    holder_kana: 'ｶ)ﾃﾞﾓｼﾖｳｼﾞ',
    fee_bearer: 'ours',
  },
  {
    bank_code: '0001',
    branch_code: '100',
    account_type: 1,
    account_number: '1112223',
    holder_kana: 'ﾕ)ﾃﾞﾓｺｳｷﾞﾖｳ',
    fee_bearer: 'theirs',
  },
] as const;

/** The last weekday (Mon–Fri) on or before a date. */
function weekdayOnOrBefore(iso: string): string {
  let d = iso;
  for (;;) {
    const day = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (day !== 0 && day !== 6) return d;
    d = addDays(d, -1);
  }
}

type Users = { owner: number; clerk: number };
const as = (ctx: CompanyCtx, userId: number) => ({ ...ctx, actor: { userId, ip: null } });

/**
 * 振込データ of the demo, part 1 (before the bank statement is imported): the paying account's transfer
 * settings, the suppliers' 振込先, and one batch made by 経理 a few days ago, approved by the owner and
 * downloaded (出力済) — the statement then shows its 出金 rows, which the import matches and confirms
 * (demo-bank.ts): the payments made, the documents 支払済, the batch 支払済.
 */
export async function seedDemoPaidBatch(ctx: CompanyCtx, users: Users, opts: { today?: string } = {}) {
  const found = await demoBankAccount(ctx);
  if (!found) return;
  const { account } = found;
  const owner = as(ctx, users.owner);
  const clerk = as(ctx, users.clerk);
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
  const items = schedule.groups.flatMap((g) => g.items).filter((i) => i.available > 0 && i.due_date !== null);
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
  // paid two days ago (the last weekday before), early for the documents received by then: one of each supplier
  const paymentDate = weekdayOnOrBefore(addDays(opts.today ?? todayInTokyo(), -2));
  // two suppliers paid; the others' documents stay open (the waiting batch takes one, one is left to pay)
  const first = suppliers
    .slice(0, 2)
    .map((id) => items.find((i) => i.customer_id === id && i.date <= paymentDate))
    .filter((i): i is (typeof items)[number] => i !== undefined);
  if (first.length === 0) return;
  const b = await createBatch({
    ctx: clerk,
    input: paymentBatchInput.parse({
      payment_date: paymentDate,
      bank_account_id: account.id,
      items: first.map((i) => ({ transaction_document_id: i.id, amount: i.available })),
    }),
  });
  await approveBatch({ ctx: owner, input: { id: b.id } });
  await exportBatchFile({ ctx: clerk, input: { id: b.id } });
}

/**
 * 振込データ of the demo, part 2 (after the statement): the next batch 経理 made from the open payables of the
 * nearest due date, waiting for the owner's approval (承認待ち).
 */
export async function seedDemoPendingBatch(ctx: CompanyCtx, users: Users) {
  const found = await demoBankAccount(ctx);
  if (!found) return;
  const schedule = await paymentSchedule(ctx);
  // of the suppliers with a 振込先 on file (the file can be made once the owner approves)
  const payable = (i: (typeof schedule.groups)[number]['items'][number]) => i.available > 0 && i.has_bank_account;
  const group = schedule.groups.find((g) => g.payment_date !== null && g.items.some(payable));
  if (!group?.payment_date) return;
  // one supplier's documents: the others stay open for the next batch
  const supplier = group.items.find(payable)?.customer_id;
  const items = group.items.filter((i) => payable(i) && i.customer_id === supplier).slice(0, 3);
  await createBatch({
    ctx: as(ctx, users.clerk),
    input: paymentBatchInput.parse({
      payment_date: group.payment_date,
      bank_account_id: found.account.id,
      items: items.map((i) => ({ transaction_document_id: i.id, amount: i.available })),
    }),
  });
}
