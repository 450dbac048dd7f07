import { z } from 'zod';
import { companyIdField, idDto, listQuery, optionalText, requiredText, timestampDto } from './common.js';
import {
  kanaField,
  optionalEmailField,
  phoneField,
  postalCodeField,
  prefectureCodeField,
  registrationNumberField,
} from './fields.js';

export const HONORIFICS = ['御中', '様'] as const;
export const CUSTOMER_USED_FOR = { 1: '受注取引で使用', 2: '発注取引で使用', 3: '両方' } as const;
/** 締め日: 1–30 is that day, 31 is the month end (末日). */
export const MONTH_END_DAY = 31;

export function closingDayLabel(day: number | null | undefined): string {
  if (!day) return '';
  return day === MONTH_END_DAY ? '末日締め' : `${day}日締め`;
}

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
  closing_day: z
    .union([z.string(), z.number(), z.null()], { error: '締め日は1〜31の数値で指定してください（31は末日）' })
    .optional()
    .transform((v, ctx) => {
      if (v === '' || v === null || v === undefined) return null;
      const n = typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
      if (!Number.isInteger(n) || n < 1 || n > 31) {
        ctx.addIssue({ code: 'custom', message: '締め日は1〜31の数値で指定してください（31は末日）' });
        return z.NEVER;
      }
      return n;
    }),
  payment_terms: optionalText('支払条件', 100),
  memo: optionalText('メモ', 2000),
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
  payment_terms: nullableText,
  memo: nullableText,
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
