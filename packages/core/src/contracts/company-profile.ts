import { z } from 'zod';
import { numberInput } from '../number-input.js';
import { isKatakana, isValidCorporateNumber } from '../validators.js';
import { idDto, optionalText, requiredText, timestampDto } from './common.js';
import {
  kanaField,
  optionalEmailField,
  phoneField,
  postalCodeField,
  prefectureCodeField,
  registrationNumberField,
} from './fields.js';

/** The company fields a company may edit itself (docs/product/PRODUCT.md §3; not its domain, caps or status). */
export const companyProfileInput = z.object({
  name: requiredText('会社名', 255),
  name_kana: kanaField('会社名（カナ）', 255),
  corporate_number: optionalText('法人番号', 13, {
    test: (v) => /^\d{13}$/.test(v) && isValidCorporateNumber(v),
    message: '法人番号は13桁の数字で、チェックデジットが正しいものを入力してください',
  }),
  registration_number: registrationNumberField({
    combinedMessage: '登録番号は「T」と13桁の数字（チェックデジットが正しいもの）で入力してください',
  }),
  representative_name: optionalText('代表者名', 100),
  representative_name_kana: kanaField('代表者名（カナ）', 100),
  postal_code: postalCodeField(),
  prefecture_code: prefectureCodeField(),
  address1: optionalText('住所1', 255),
  address2: optionalText('住所2', 255),
  tel: phoneField('電話番号'),
  email: optionalEmailField(),
  capital: numberInput(
    z.union([z.number(), z.string(), z.null()], { error: '資本金は円単位の整数で入力してください' }).optional(),
  ).transform((v, ctx) => {
    if (v === '' || v === null || v === undefined) return null;
    const n = typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
    if (!Number.isInteger(n) || n < 0 || n > 2_000_000_000) {
      ctx.addIssue({ code: 'custom', message: '資本金は0〜2,000,000,000円の整数で入力してください' });
      return z.NEVER;
    }
    return n;
  }),
  fiscal_year_end_month: z.coerce
    .number({ error: '決算月を選択してください' })
    .int('決算月を選択してください')
    .min(1, '決算月を選択してください')
    .max(12, '決算月を選択してください'),
  business_type: optionalText('事業種目', 100),
  tax_office: optionalText('税務署', 100),
});
export type CompanyProfileInput = z.input<typeof companyProfileInput>;
export type CompanyProfileValues = z.output<typeof companyProfileInput>;
const nullableText = z.string().nullable();

/** The company profile as the API answers it. */
export const companyProfileDto = z.object({
  id: idDto,
  name: z.string(),
  name_kana: nullableText,
  corporate_number: nullableText,
  registration_number: nullableText,
  representative_name: nullableText,
  representative_name_kana: nullableText,
  postal_code: nullableText,
  prefecture_code: nullableText,
  address1: nullableText,
  address2: nullableText,
  tel: nullableText,
  email: nullableText,
  capital: z.number().int().nullable(),
  fiscal_year_end_month: z.number().int(),
  business_type: nullableText,
  tax_office: nullableText,
  updated_at: timestampDto,
});
export type CompanyProfile = z.infer<typeof companyProfileDto>;

export const BANK_INFO_ACCOUNT_TYPES = ['普通', '当座', '貯蓄'] as const;

/**
 * The bank account printed on invoices (`GET`/`PUT /api/company/bank-info`): the first of the company's
 * bank accounts (companies.bank_accounts, which the platform admin also edits).
 */
export const bankInfoInput = z.object({
  bank_code: z
    .string({ error: '銀行コードを入力してください' })
    .trim()
    .regex(/^\d{4}$/, '銀行コードは4桁の数字で入力してください'),
  bank_name: requiredText('銀行名', 100),
  branch_code: z
    .string({ error: '支店コードを入力してください' })
    .trim()
    .regex(/^\d{3}$/, '支店コードは3桁の数字で入力してください'),
  branch_name: requiredText('支店名', 100),
  account_type: z.enum(BANK_INFO_ACCOUNT_TYPES, { error: '預金種目を選択してください' }),
  account_number: z
    .string({ error: '口座番号を入力してください' })
    .trim()
    .regex(/^\d{7}$/, '口座番号は7桁の数字で入力してください'),
  account_holder: requiredText('口座名義（カナ）', 100).refine(
    isKatakana,
    '口座名義（カナ）は全角カタカナで入力してください',
  ),
});
export type BankInfoInput = z.input<typeof bankInfoInput>;
export type BankInfoValues = z.output<typeof bankInfoInput>;
/** Accounts entered by the platform admin may lack the codes. */
export const bankInfoDto = z.object({
  bank_code: nullableText,
  bank_name: z.string(),
  branch_code: nullableText,
  branch_name: z.string(),
  account_type: z.string(),
  account_number: z.string(),
  account_holder: z.string(),
  /** The company row's (the bank account lives on it): an edit sends it back. With no account yet (GET
   * answers 404), send the company profile's `updated_at` — the same row. */
  updated_at: timestampDto,
});
export type BankInfo = z.infer<typeof bankInfoDto>;
