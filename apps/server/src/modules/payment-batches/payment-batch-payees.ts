import type { TransferFeeTable, ZenginAccountType, ZenginRequester } from '@chobo/core';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
import { bankAccountLabel } from '../payments/payment-posting.js';
import { loadTransferSettings, requesterOf } from '../zengin/transfer-settings.js';

/**
 * Who is paid and from where: the suppliers' 振込先 (customers' bank_account, zengin's columns) and the paying
 * account's transfer settings (依頼人コード, its bank and branch, the 振込手数料 table). The one place the
 * batches read them.
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
  bank_code: string;
  branch_code: string;
  fee_table: TransferFeeTable | null;
  /** The file's header, or the reason it cannot be written (settings missing). */
  requester: ZenginRequester | string;
}

/** The paying account named by a batch: this company's (another company's or unknown → 422). */
export async function payingAccount(tenant: Tenant, id: number): Promise<PayingAccount> {
  const s = await loadTransferSettings(tenant, id);
  if (!s) throw unprocessable({ bank_account_id: ['振込元の口座が見つかりません'] });
  let requester: ZenginRequester | string;
  try {
    requester = requesterOf(s).requester;
  } catch (e) {
    requester = e instanceof Error ? e.message : String(e);
    const errors = (e as { errors?: Record<string, string[]> }).errors;
    if (errors?.bank_account_id?.[0]) requester = errors.bank_account_id[0];
  }
  return {
    id,
    label: bankAccountLabel({
      bank_name: s.bank_name_kana ?? '',
      branch_name: s.branch_name_kana,
      account_number: s.account_number,
    }),
    bank_code: s.bank_code ?? '',
    branch_code: s.branch_code ?? '',
    fee_table: s.fees,
    requester,
  };
}

/** The suppliers' 振込先 (null: none on file). */
export async function payeeBanks(tenant: Tenant, customerIds: number[]): Promise<Map<number, PayeeBank | null>> {
  const out = new Map<number, PayeeBank | null>(customerIds.map((id) => [id, null]));
  if (customerIds.length === 0) return out;
  const rows = await tenant.db
    .select({
      id: customers.id,
      bank_code: customers.bank_code,
      bank_name_kana: customers.bank_name_kana,
      bank_name: customers.bank_name,
      branch_code: customers.bank_branch_code,
      branch_name_kana: customers.bank_branch_name_kana,
      branch_name: customers.bank_branch_name,
      account_type: customers.bank_account_type,
      account_number: customers.bank_account_number,
      holder_kana: customers.bank_holder_kana,
      fee_bearer: customers.bank_fee_bearer,
    })
    .from(customers)
    .where(
      and(
        eq(customers.company_id, tenant.companyId),
        inArray(customers.id, customerIds),
        isNotNull(customers.bank_code),
      ),
    );
  for (const r of rows)
    out.set(r.id, {
      bank_code: r.bank_code as string,
      bank_name_kana: r.bank_name_kana ?? r.bank_name ?? '',
      branch_code: r.branch_code as string,
      branch_name_kana: r.branch_name_kana ?? r.branch_name ?? '',
      account_type: (r.account_type ?? 1) as ZenginAccountType,
      account_number: r.account_number as string,
      holder_kana: r.holder_kana as string,
      fee_bearer: r.fee_bearer === 'theirs' ? 'theirs' : 'ours',
    });
  return out;
}
