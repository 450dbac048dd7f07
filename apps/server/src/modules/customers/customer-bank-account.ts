import type { SupplierBankAccountValues } from '@chobo/core';
import type { customers } from '../../db/schema/index.js';
import { unprocessable } from '../../lib/http-errors.js';
import { findBank, findBranch } from '../../lib/zengin-banks.js';

const NONE = {
  bank_code: null,
  bank_name: null,
  bank_name_kana: null,
  bank_branch_code: null,
  bank_branch_name: null,
  bank_branch_name_kana: null,
  bank_account_type: null,
  bank_account_number: null,
  bank_holder_kana: null,
  bank_fee_bearer: null,
};

/**
 * The customers columns of a 振込先: the bank and branch checked against the 全銀 codes (zengin-code) and
 * their names kept beside the codes; an unknown one is a 422 (before anything is written). `undefined`
 * (left out of an update) changes nothing; null removes the account.
 */
export async function bankAccountColumns(
  input: SupplierBankAccountValues | null | undefined,
): Promise<Partial<typeof customers.$inferInsert>> {
  if (input === undefined) return {};
  if (input === null) return NONE;
  const bank = await findBank(input.bank_code);
  if (!bank)
    throw unprocessable({ 'bank_account.bank_code': [`銀行コード ${input.bank_code} の金融機関がありません`] });
  const branch = await findBranch(input.bank_code, input.branch_code);
  if (!branch) {
    throw unprocessable({
      'bank_account.branch_code': [`${bank.name}に支店コード ${input.branch_code} の支店がありません`],
    });
  }
  return {
    bank_code: bank.code,
    bank_name: bank.name,
    bank_name_kana: bank.kana,
    bank_branch_code: branch.code,
    bank_branch_name: branch.name,
    bank_branch_name_kana: branch.kana,
    bank_account_type: input.account_type,
    bank_account_number: input.account_number,
    bank_holder_kana: input.holder_kana,
    bank_fee_bearer: input.fee_bearer,
  };
}
