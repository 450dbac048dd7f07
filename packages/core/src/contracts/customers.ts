import { z } from 'zod';
import { normalizeCodeText, numberInput } from '../number-input.js';
import { companyIdField, idDto, listQuery, optionalText, requiredText, timestampDto } from './common.js';
import {
  kanaField,
  optionalEmailField,
  phoneField,
  postalCodeField,
  prefectureCodeField,
  registrationNumberField,
} from './fields.js';
import { supplierBankAccountDto, supplierBankAccountInput } from './zengin.js';

export const HONORIFICS = ['御中', '様'] as const;
export const CUSTOMER_USED_FOR = { 1: '受注取引で使用', 2: '発注取引で使用', 3: '両方' } as const;
/** 締め日: 1–30 is that day, 31 is the month end (末日). */
export const MONTH_END_DAY = 31;

export function closingDayLabel(day: number | null | undefined): string {
  if (!day) return '';
  return day === MONTH_END_DAY ? '末日締め' : `${day}日締め`;
}

/** An optional whole number of the 支払条件 (a number or a numeric string, '' → null). */
const termsNumber = (message: string, min: number, max: number) =>
  numberInput(z.union([z.string(), z.number(), z.null()], { error: message }).optional()).transform((v, ctx) => {
    if (v === '' || v === null || v === undefined) return null;
    const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

/** Create / update body of a customer (docs/product/PRODUCT.md §4 顧客管理). */
export const customerInput = z.object({
  name: requiredText('顧客名', 255),
  name_kana: kanaField('顧客名（カナ）', 255),
  honorific: z.enum(HONORIFICS, { error: '敬称は「御中」または「様」を選択してください' }).default('御中'),
  used_for: z.coerce
    .number({ error: '用途を選択してください' })
    .int('用途を選択してください')
    .refine((v) => v === 1 || v === 2 || v === 3, '用途を選択してください')
    .default(3),
  postal_code: postalCodeField(),
  prefecture_code: prefectureCodeField(),
  address1: optionalText('住所1', 255),
  address2: optionalText('住所2', 255),
  tel: phoneField('電話番号'),
  mobile: phoneField('携帯電話番号'),
  fax: phoneField('FAX番号'),
  email: optionalEmailField(),
  url: optionalText('ウェブサイト', 500, {
    test: (v) => /^https?:\/\/[^\s]+\.[^\s]+$/.test(v),
    message: 'ウェブサイトは http:// または https:// から始まるURLで入力してください',
  }),
  contact_person: optionalText('担当者名', 100),
  department: optionalText('部署名', 100),
  registration_number: registrationNumberField(),
  closing_day: numberInput(
    z
      .union([z.string(), z.number(), z.null()], { error: '締め日は1〜31の数値で指定してください（31は末日）' })
      .optional(),
  ).transform((v, ctx) => {
    if (v === '' || v === null || v === undefined) return null;
    const n = typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > 31) {
      ctx.addIssue({ code: 'custom', message: '締め日は1〜31の数値で指定してください（31は末日）' });
      return z.NEVER;
    }
    return n;
  }),
  /** 支払月 of the structured 支払条件: 0 当月, 1 翌月, 2 翌々月 (payment-terms.ts). */
  payment_month_offset: termsNumber('支払月は当月・翌月・翌々月から選択してください', 0, 2),
  /** 支払日: 1–31, 31 = 末日. */
  payment_day: termsNumber('支払日は1〜31の数値で指定してください（31は末日）', 1, 31),
  /** What the structured terms do not say (free text, e.g. 「手形90日」). */
  payment_terms: optionalText('支払条件（備考）', 100),
  memo: optionalText('メモ', 2000),
  /** 振込先 (issue 28): null removes it; left out, an update keeps the one stored. */
  bank_account: supplierBankAccountInput.nullable().optional(),
});
export type CustomerInput = z.input<typeof customerInput>;
export type CustomerValues = z.output<typeof customerInput>;

const nullableText = z.string().nullable();

/** A customer as the API answers it. */
export const customerDto = z.object({
  id: idDto,
  company_id: idDto,
  name: z.string(),
  name_kana: nullableText,
  honorific: z.enum(HONORIFICS),
  used_for: z.number().int(),
  postal_code: nullableText,
  prefecture_code: nullableText,
  address1: nullableText,
  address2: nullableText,
  tel: nullableText,
  mobile: nullableText,
  fax: nullableText,
  email: nullableText,
  url: nullableText,
  contact_person: nullableText,
  department: nullableText,
  registration_number: nullableText,
  closing_day: z.number().int().nullable(),
  payment_month_offset: z.number().int().nullable(),
  payment_day: z.number().int().nullable(),
  payment_terms: nullableText,
  memo: nullableText,
  bank_account: supplierBankAccountDto.nullable(),
  created_at: timestampDto,
  updated_at: timestampDto,
});
export type Customer = z.infer<typeof customerDto>;

export const CUSTOMER_SORTABLE = ['id', 'name', 'name_kana', 'prefecture_code', 'created_at', 'updated_at'] as const;

export const customerListQuery = listQuery(CUSTOMER_SORTABLE, { defaultSort: 'id', defaultDir: 'desc' }).extend({
  used_for: z.coerce
    .number({ error: '用途は1〜3で指定してください' })
    .int()
    .refine((v) => v === 1 || v === 2 || v === 3, '用途は1〜3で指定してください')
    .optional(),
  company_id: companyIdField,
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

/**
 * A customer's name as compared for「同じ取引先が既にあります」: NFKC (㈱ → (株), full-width → half-width), no
 * spaces, the legal form left out (株式会社, (株), 有限会社, (有), 合同会社, (同)), lower case.
 */
export function customerNameKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/株式会社|有限会社|合同会社|\(株\)|\(有\)|\(同\)/g, '')
    .toLowerCase();
}

/**
 * `GET /api/company/customer/similar`: the live customers a new (or edited, `exclude_id`) customer looks
 * like — the same name (customerNameKey) or the same 登録番号. A warning for the form, never a refusal.
 */
export const customerSimilarQuery = z.object({
  name: z.string().trim().max(255, '顧客名は255文字以内で指定してください').optional().default(''),
  registration_number: z
    .string()
    .max(20, '登録番号は20文字以内で指定してください')
    .optional()
    .default('')
    .transform((v) => normalizeCodeText(v).toUpperCase()),
  exclude_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  company_id: z.coerce.number({ error: '企業IDは数値で指定してください' }).int().positive().optional(),
});
export type CustomerSimilarQuery = z.infer<typeof customerSimilarQuery>;

export const similarCustomerDto = z.object({
  id: idDto,
  name: z.string(),
  registration_number: nullableText,
  matched_by: z.enum(['name', 'registration_number']),
});
export type SimilarCustomer = z.infer<typeof similarCustomerDto>;
