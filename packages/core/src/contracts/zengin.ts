import { z } from 'zod';
import { normalizeCodeText } from '../number-input.js';
import { checkZenginKana } from '../zengin/kana.js';
import { timestampDto, updatedAtField } from './common.js';

/** 預金種目 of a supplier's account (全銀 data record): 1 普通, 2 当座, 4 貯蓄. */
export const ZENGIN_ACCOUNT_TYPES = { 1: '普通', 2: '当座', 4: '貯蓄' } as const;
export type ZenginAccountTypeCode = 1 | 2 | 4;
/** 振込手数料 負担: 'ours' 当方負担, 'theirs' 先方負担 (deducted from the transfer). */
export const SUPPLIER_FEE_BEARERS = { ours: '当方負担', theirs: '先方負担' } as const;
export type SupplierFeeBearer = keyof typeof SUPPLIER_FEE_BEARERS;

const digitsField = (label: string, length: number, pad = false) =>
  z
    .string({ error: `${label}を入力してください` })
    .transform((v) => normalizeCodeText(v).replace(/[\s-]/g, ''))
    .transform((v) => (pad && /^\d{1,7}$/.test(v) ? v.padStart(length, '0') : v))
    .refine((v) => new RegExp(`^\\d{${length}}$`).test(v), `${label}は${length}桁の数字で入力してください`);

/** A name in the banks' half-width kana (full-width, hiragana, small kana converted; 株式会社 → ｶ)). */
export const zenginKanaField = (label: string, max: number) =>
  z
    .string({ error: `${label}を入力してください` })
    .transform((v, ctx) => {
      const r = checkZenginKana(v);
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', message: `${label}の「${r.char}」は振込に使えない文字です` });
        return z.NEVER;
      }
      return r.value;
    })
    .refine((v) => v.length > 0, `${label}を入力してください`)
    .refine((v) => v.length <= max, `${label}は半角${max}文字以内にしてください`);

/**
 * 振込先 of a supplier (`bank_account` of the customer's create/update body): the bank and branch are
 * checked against the published 全銀 codes on the server (unknown → 422).
 */
export const supplierBankAccountInput = z.object({
  bank_code: digitsField('銀行コード', 4),
  branch_code: digitsField('支店コード', 3),
  account_type: z.coerce
    .number({ error: '預金種目を選択してください' })
    .refine((v) => v === 1 || v === 2 || v === 4, '預金種目を選択してください')
    .transform((v) => v as ZenginAccountTypeCode),
  account_number: digitsField('口座番号', 7, true),
  holder_kana: zenginKanaField('受取人名（口座名義）', 30),
  fee_bearer: z.enum(['ours', 'theirs'], { error: '手数料の負担を選択してください' }).default('ours'),
});
export type SupplierBankAccountInput = z.input<typeof supplierBankAccountInput>;
export type SupplierBankAccountValues = z.output<typeof supplierBankAccountInput>;

export const supplierBankAccountDto = z.object({
  bank_code: z.string(),
  bank_name: z.string(),
  bank_name_kana: z.string(),
  branch_code: z.string(),
  branch_name: z.string(),
  branch_name_kana: z.string(),
  account_type: z.number().int(),
  account_number: z.string(),
  holder_kana: z.string(),
  fee_bearer: z.enum(['ours', 'theirs']),
});
export type SupplierBankAccount = z.infer<typeof supplierBankAccountDto>;

/** `GET /api/zengin/banks?q=` and `GET /api/zengin/banks/{code}/branches?q=`: a code prefix or a name part. */
export const zenginLookupQuery = z.object({
  q: z.string().trim().max(50, '検索語は50文字以内で指定してください').optional().default(''),
  limit: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export type ZenginLookupQuery = z.infer<typeof zenginLookupQuery>;
export const zenginBankCodeParam = z.object({
  code: z.string().regex(/^\d{4}$/, '銀行コードは4桁の数字で指定してください'),
});

/** A bank or a branch of the 全銀 codes (name as published, kana full-width as published). */
export const zenginEntryDto = z.object({ code: z.string(), name: z.string(), kana: z.string() });
export type ZenginEntry = z.infer<typeof zenginEntryDto>;

const feeField = (label: string) =>
  z.coerce
    .number({ error: `${label}は0以上の整数で入力してください` })
    .int(`${label}は0以上の整数で入力してください`)
    .min(0, `${label}は0以上の整数で入力してください`)
    .max(100_000, `${label}は100,000円以下にしてください`);

/** 先方負担 fees: same branch / same bank / other bank × under 30,000円 / 30,000円 and over. */
export const transferFeeTableInput = z.object(
  {
    same_branch_under: feeField('同一店内・3万円未満'),
    same_branch_over: feeField('同一店内・3万円以上'),
    same_bank_under: feeField('本支店宛・3万円未満'),
    same_bank_over: feeField('本支店宛・3万円以上'),
    other_bank_under: feeField('他行宛・3万円未満'),
    other_bank_over: feeField('他行宛・3万円以上'),
  },
  { error: '先方負担の手数料を入力してください' },
);
export type TransferFeeTable = z.output<typeof transferFeeTableInput>;

/**
 * `PUT /api/company/bank-accounts/{id}/transfer-settings`: what a 全銀 file from this account needs beyond
 * the account itself (its bank and branch codes, type and number are the bank account's).
 */
export const transferSettingsInput = z.object({
  requester_code: digitsField('振込依頼人コード', 10),
  requester_name_kana: zenginKanaField('振込依頼人名', 40),
  fees: transferFeeTableInput,
  updated_at: updatedAtField,
});
export type TransferSettingsInput = z.input<typeof transferSettingsInput>;
export type TransferSettingsValues = z.output<typeof transferSettingsInput>;

export const transferSettingsDto = z.object({
  bank_account_id: z.number().int(),
  /** whether the settings are complete enough to write a file */
  configured: z.boolean(),
  requester_code: z.string().nullable(),
  requester_name_kana: z.string().nullable(),
  bank_code: z.string().nullable(),
  bank_name_kana: z.string().nullable(),
  branch_code: z.string().nullable(),
  branch_name_kana: z.string().nullable(),
  /** 1 普通, 2 当座, 9 その他 (the header's 預金種目) */
  account_type: z.number().int(),
  account_number: z.string(),
  fees: transferFeeTableInput.nullable(),
  updated_at: timestampDto,
});
export type TransferSettings = z.infer<typeof transferSettingsDto>;

/** 3万円: the fee tables' threshold (under / this and over). */
export const TRANSFER_FEE_THRESHOLD = 30_000;

/**
 * The 先方負担 fee of one transfer: same branch when bank and branch equal ours, same bank when the bank
 * does, else other bank; `amount` under 30,000円 or not.
 */
export function transferFee(
  fees: TransferFeeTable,
  from: { bank_code: string; branch_code: string },
  to: { bank_code: string; branch_code: string },
  amount: number,
): number {
  const over = amount >= TRANSFER_FEE_THRESHOLD;
  if (from.bank_code === to.bank_code && from.branch_code === to.branch_code) {
    return over ? fees.same_branch_over : fees.same_branch_under;
  }
  if (from.bank_code === to.bank_code) return over ? fees.same_bank_over : fees.same_bank_under;
  return over ? fees.other_bank_over : fees.other_bank_under;
}
