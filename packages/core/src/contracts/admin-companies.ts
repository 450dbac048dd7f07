import { z } from 'zod';
import { numberInput } from '../number-input.js';
import { emailField } from './auth.js';
import { idDto, idField, listQuery, optionalText, requiredText, timestampDto } from './common.js';
import {
  corporateNumberField,
  kanaField,
  optionalEmailField,
  phoneField,
  postalCodeField,
  prefectureCodeField,
  registrationNumberField,
} from './fields.js';

export const COMPANY_STATUSES = { active: '利用中', suspended: '停止中' } as const;
export const COMPANY_TAX_DISPLAY_LABELS = { exclusive: '税抜', inclusive: '税込' } as const;
export const COMPANY_TAX_ROUNDING_LABELS = { floor: '切り捨て', round: '四捨五入', ceil: '切り上げ' } as const;
export const EXPIRATION_YEARS = [7, 10] as const;

const intField = (label: string, min: number, max: number) =>
  numberInput(
    z.coerce
      .number({ error: `${label}は数値で入力してください` })
      .int(`${label}は整数で入力してください`)
      .min(min, `${label}は${min}以上で入力してください`)
      .max(max, `${label}は${max}以下で入力してください`),
  );

const optionalInt = (label: string, min: number, max: number) =>
  numberInput(
    z.union([z.string(), z.number(), z.null()], { error: `${label}は数値で入力してください` }).optional(),
  ).transform((v, ctx) => {
    if (v === '' || v === null || v === undefined) return null;
    const n =
      typeof v === 'number'
        ? v
        : /^-?\d+$/.test(v.trim().replace(/,/g, ''))
          ? Number(v.trim().replace(/,/g, ''))
          : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: `${label}は${min}〜${max}の整数で入力してください` });
      return z.NEVER;
    }
    return n;
  });

export const bankAccountInput = z.object({
  bank_name: requiredText('銀行名', 100),
  branch_name: requiredText('支店名', 100),
  account_type: z.enum(['普通', '当座', '貯蓄'], { error: '口座種別を選択してください' }),
  account_number: z
    .string({ error: '口座番号を入力してください' })
    .trim()
    .regex(/^\d{7}$/, '口座番号は7桁の数字で入力してください'),
  account_holder: requiredText('口座名義', 100),
});

/** Create / update body of a company by a platform admin (docs/product/PRODUCT.md §3). */
export const adminCompanyInput = z.object({
  name: requiredText('企業名', 255),
  name_kana: kanaField('企業名（カナ）', 255),
  corporate_number: corporateNumberField(),
  registration_number: registrationNumberField(),
  representative_name: optionalText('代表者名', 100),
  representative_name_kana: kanaField('代表者名（カナ）', 100),
  postal_code: postalCodeField(),
  prefecture_code: prefectureCodeField(),
  address1: optionalText('住所1', 255),
  address2: optionalText('住所2', 255),
  tel: phoneField('電話番号'),
  email: optionalEmailField(),
  capital: optionalInt('資本金', 0, 2_000_000_000),
  fiscal_year_end_month: intField('決算月', 1, 12).default(3),
  business_type: optionalText('事業種目', 100),
  tax_office: optionalText('税務署', 100),
  domain_id: idField('ドメイン').nullish(),
  status: z.enum(['active', 'suspended'], { error: '状態を選択してください' }).default('active'),
  max_employee: intField('従業員数の上限', 0, 10000).optional(),
  expiration_year: z.coerce
    .number({ error: 'データ保存期間は7年または10年を選択してください' })
    .refine((v) => v === 7 || v === 10, 'データ保存期間は7年または10年を選択してください')
    .optional(),
  tax_display: z.enum(['exclusive', 'inclusive'], { error: '消費税の表示を選択してください' }).default('exclusive'),
  tax_rounding: z.enum(['floor', 'round', 'ceil'], { error: '端数処理を選択してください' }).default('floor'),
  bank_accounts: z.array(bankAccountInput).max(5, '口座は5件まで登録できます').default([]),
});
export type AdminCompanyInput = z.input<typeof adminCompanyInput>;
export type AdminCompanyValues = z.output<typeof adminCompanyInput>;

const nullableText = z.string().nullable();

/** One bank account of a company as stored (accounts entered by the company also carry the codes). */
export const bankAccountDto = z.object({
  bank_code: nullableText.optional(),
  bank_name: z.string(),
  branch_code: nullableText.optional(),
  branch_name: z.string(),
  account_type: z.enum(['普通', '当座', '貯蓄']),
  account_number: z.string(),
  account_holder: z.string(),
});

/** A company as the platform admin sees it. */
export const adminCompanyDto = z.object({
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
  domain_id: idDto,
  domain_name: nullableText,
  status: z.enum(['active', 'suspended']),
  max_employee: z.number().int(),
  max_employee_cap: z.number().int(),
  expiration_year: z.number().int(),
  tax_display: z.enum(['exclusive', 'inclusive']),
  tax_rounding: z.enum(['floor', 'round', 'ceil']),
  bank_accounts: z.array(bankAccountDto),
  owner: z.object({ id: idDto, name: z.string(), email: z.string(), disabled: z.boolean() }).nullable(),
  created_at: timestampDto,
  updated_at: timestampDto,
});
export type AdminCompany = z.infer<typeof adminCompanyDto>;

/** `GET /api/admin/companies/{id}/logo` and the logo actions: the logo as a data URL. */
export const logoDto = z.object({ logo_data: nullableText });

export const ADMIN_COMPANY_SORTABLE = ['id', 'name', 'name_kana', 'status', 'created_at'] as const;
export const adminCompanyListQuery = listQuery(ADMIN_COMPANY_SORTABLE, {
  defaultSort: 'created_at',
  defaultDir: 'desc',
}).extend({
  status: z.enum(['active', 'suspended'], { error: '状態が正しくありません' }).optional(),
});
export type AdminCompanyListQuery = z.infer<typeof adminCompanyListQuery>;

/** /system/companies/{id}/account/edit: the company's login account, cap and retention. */
export const companyAccountInput = z.object({
  name: requiredText('氏名', 100),
  email: emailField,
  disabled: z.boolean({ error: '利用停止の指定が正しくありません' }).default(false),
  max_employee: intField('従業員数の上限', 0, 10000),
  expiration_year: z.coerce
    .number({ error: 'データ保存期間は7年または10年を選択してください' })
    .refine((v) => v === 7 || v === 10, 'データ保存期間は7年または10年を選択してください'),
  send_password_reset: z.boolean().default(false),
});
export type CompanyAccountInput = z.input<typeof companyAccountInput>;
export type CompanyAccountValues = z.output<typeof companyAccountInput>;
