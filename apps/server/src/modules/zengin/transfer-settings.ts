/**
 * The paying bank account's 全銀 settings (issue 28): 振込依頼人コード and 振込依頼人名, the bank's and branch's
 * kana names (looked up from zengin-code when saved) and the 先方負担 fee table, kept on bank_accounts.
 * `requesterOf` gives the 全銀 file's requester (core zenginTransferFile) for a payment batch.
 */
import type { TransferFeeTable, TransferSettings, TransferSettingsValues, ZenginRequester } from '@chobo/core';
import { and, eq } from 'drizzle-orm';
import { bankAccounts } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Tenant } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { findBank, findBranch } from '../../lib/zengin-banks.js';
import { BANK_ACCOUNT_NOT_FOUND } from '../bank-statements/bank-accounts.js';

type Row = typeof bankAccounts.$inferSelect;

/** The header's 預金種目: 1 普通, 2 当座, 9 その他 (貯蓄 included). */
const headerAccountType = (t: string): 1 | 2 | 9 => (t === '普通' ? 1 : t === '当座' ? 2 : 9);

function feesOf(r: Row): TransferFeeTable | null {
  const fees = {
    same_branch_under: r.fee_same_branch_under,
    same_branch_over: r.fee_same_branch_over,
    same_bank_under: r.fee_same_bank_under,
    same_bank_over: r.fee_same_bank_over,
    other_bank_under: r.fee_other_bank_under,
    other_bank_over: r.fee_other_bank_over,
  };
  return Object.values(fees).every((v) => v !== null) ? (fees as TransferFeeTable) : null;
}

function toSettings(r: Row): TransferSettings {
  const fees = feesOf(r);
  const configured =
    r.transfer_requester_code !== null &&
    r.transfer_requester_name_kana !== null &&
    r.transfer_bank_name_kana !== null &&
    r.transfer_branch_name_kana !== null &&
    /^\d{7}$/.test(r.account_number) &&
    fees !== null;
  return {
    bank_account_id: r.id,
    configured,
    requester_code: r.transfer_requester_code,
    requester_name_kana: r.transfer_requester_name_kana,
    bank_code: r.bank_code,
    bank_name_kana: r.transfer_bank_name_kana,
    branch_code: r.branch_code,
    branch_name_kana: r.transfer_branch_name_kana,
    account_type: headerAccountType(r.account_type),
    account_number: r.account_number,
    fees,
    updated_at: r.updated_at.toISOString(),
  };
}

async function findRow(tenant: Tenant, id: number, forUpdate = false): Promise<Row | undefined> {
  const q = tenant.db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.company_id, tenant.companyId), eq(bankAccounts.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** The settings of one of the company's bank accounts, or null (another company's is not found). */
export async function loadTransferSettings(tenant: Tenant, bankAccountId: number): Promise<TransferSettings | null> {
  const row = await findRow(tenant, bankAccountId);
  return row ? toSettings(row) : null;
}

/**
 * The requester of a 全銀 file from these settings, and the fee table; a 422 naming what is missing when
 * the settings are not complete (a payment batch's download).
 */
export function requesterOf(s: TransferSettings): { requester: ZenginRequester; fees: TransferFeeTable } {
  if (!s.configured || !s.fees) {
    throw unprocessable({
      bank_account_id: ['支払元の銀行口座の振込設定（振込依頼人コード・依頼人名・手数料）を登録してください'],
    });
  }
  return {
    requester: {
      code: s.requester_code as string,
      name_kana: s.requester_name_kana as string,
      bank_code: s.bank_code as string,
      bank_name_kana: s.bank_name_kana as string,
      branch_code: s.branch_code as string,
      branch_name_kana: s.branch_name_kana as string,
      account_type: s.account_type as 1 | 2 | 9,
      account_number: s.account_number,
    },
    fees: s.fees,
  };
}

export async function updateTransferSettings({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<CompanyCtx, TransferSettingsValues & { id: number }>): Promise<TransferSettings> {
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const row = await findRow(t, id, true);
    if (!row) throw notFound(BANK_ACCOUNT_NOT_FOUND);
    assertFresh(row.updated_at, updated_at, '銀行口座');
    const errors: Record<string, string[]> = {};
    const bank = row.bank_code ? await findBank(row.bank_code) : null;
    const branch = bank && row.branch_code ? await findBranch(bank.code, row.branch_code) : null;
    if (!bank) errors.bank_code = ['銀行口座の銀行コードが全銀の銀行コードにありません（銀行口座を直してください）'];
    else if (!branch)
      errors.branch_code = ['銀行口座の支店コードがこの銀行の支店にありません（銀行口座を直してください）'];
    if (!/^\d{7}$/.test(row.account_number)) errors.account_number = ['振込には7桁の口座番号が必要です'];
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
    const before = toSettings(row);
    const f = input.fees;
    const [after] = await tx
      .update(bankAccounts)
      .set({
        transfer_requester_code: input.requester_code,
        transfer_requester_name_kana: input.requester_name_kana,
        transfer_bank_name_kana: bank?.kana ?? null,
        transfer_branch_name_kana: branch?.kana ?? null,
        fee_same_branch_under: f.same_branch_under,
        fee_same_branch_over: f.same_branch_over,
        fee_same_bank_under: f.same_bank_under,
        fee_same_bank_over: f.same_bank_over,
        fee_other_bank_under: f.other_bank_under,
        fee_other_bank_over: f.other_bank_over,
        updated_at: nextVersion(bankAccounts.updated_at),
      })
      .where(eq(bankAccounts.id, id))
      .returning();
    const dto = toSettings(after as Row);
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'bank_account.transfer_settings',
      targetType: 'bank_account',
      targetId: id,
      before,
      after: dto,
    });
    return dto;
  });
}
