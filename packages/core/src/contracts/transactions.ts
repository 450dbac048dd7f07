import { z } from 'zod';
import { numberInput } from '../number-input.js';
import { isoDateField, optionalDateField } from './accounting.js';
import { companyIdField, dateDto, idDto, idField, listQuery, optionalIdField, optionalText, requiredText, timestampDto } from './common.js';
import { TAX_CATEGORIES } from './products.js';

/** 支払方法 of a sale. */
export const PAYMENT_METHODS = { 1: '銀行振込', 2: '現金', 3: 'クレジットカード', 4: '口座振替', 9: 'その他' } as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;
/** 状態 of a sale. */
export const TRANSACTION_STATUSES = { 0: '未請求', 1: '請求済', 2: '入金済', 3: '回収不能' } as const;
export type TransactionStatus = keyof typeof TRANSACTION_STATUSES;
export const TAX_MODES = { exclusive: '税抜', inclusive: '税込' } as const;

export const MAX_LINE_PRICE = 999_999_999;
export const MAX_QUANTITY = 999_999.999;

const codeOf = <T extends Record<number, string>>(map: T, label: string) =>
  z.coerce
    .number({ error: `${label}を選択してください` })
    .refine((v) => Object.hasOwn(map, v), `${label}を選択してください`);

/** One line: a product (fills description, unit, price and tax category on the form) or free text. */
export const transactionLineInput = z.object({
  product_id: optionalIdField('商品'),
  description: requiredText('品目', 200),
  quantity: numberInput(
    z.coerce
      .number({ error: '数量は数値で入力してください' })
      .positive('数量は0より大きい数で入力してください')
      .max(MAX_QUANTITY, '数量は999,999.999以下で入力してください')
      .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, '数量は小数点以下3桁までで入力してください'),
  ),
  unit: optionalText('単位', 20),
  unit_price: numberInput(
    z.coerce
      .number({ error: '単価は数値で入力してください' })
      .int('単価は円単位の整数で入力してください')
      .min(-MAX_LINE_PRICE, '単価は-999,999,999円以上で入力してください')
      .max(MAX_LINE_PRICE, '単価は999,999,999円以下で入力してください'),
  ),
  tax_category: z.enum(TAX_CATEGORIES, { error: '税区分を選択してください' }),
});
export type TransactionLineInput = z.input<typeof transactionLineInput>;
export type TransactionLineValues = z.output<typeof transactionLineInput>;

/** Create / update body of a 受注取引. */
export const transactionInput = z
  .object({
    customer_id: idField('顧客'),
    transaction_date: isoDateField('取引日'),
    due_date: z
      .union([z.null(), optionalDateField('支払期日')])
      .optional()
      .transform((v) => v ?? null),
    subject: requiredText('件名', 100),
    payment_method: codeOf(PAYMENT_METHODS, '支払方法').default(1),
    status: codeOf(TRANSACTION_STATUSES, '状態').default(0),
    memo: optionalText('メモ', 2000),
    /** 税抜 or 税込 unit prices; absent → the company's tax display setting. */
    tax_mode: z.enum(['exclusive', 'inclusive'], { error: '税抜・税込を選択してください' }).optional(),
    lines: z
      .array(transactionLineInput, { error: '明細を入力してください' })
      .min(1, '明細を1行以上入力してください')
      .max(200, '明細は200行までです'),
  })
  .superRefine((v, ctx) => {
    if (v.due_date && v.due_date < v.transaction_date) {
      ctx.addIssue({ code: 'custom', path: ['due_date'], message: '支払期日は取引日以降の日付を入力してください' });
    }
  });
export type TransactionInput = z.input<typeof transactionInput>;
export type TransactionValues = z.output<typeof transactionInput>;

export const TRANSACTION_SORTABLE = [
  'number',
  'transaction_date',
  'due_date',
  'customer_name',
  'subject',
  'total',
  'status',
  'created_at',
] as const;

/** `GET /api/transactions`: keyword, payment_method, status, company_id, customer_id, from/to, paging. */
export const transactionListQuery = listQuery(TRANSACTION_SORTABLE, {
  defaultSort: 'transaction_date',
  defaultDir: 'desc',
}).extend({
  payment_method: z
    .union([z.literal(''), codeOf(PAYMENT_METHODS, '支払方法')])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  status: z
    .union([z.literal(''), codeOf(TRANSACTION_STATUSES, '状態')])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  customer_id: optionalIdField('顧客').transform((v) => v ?? undefined),
  company_id: companyIdField,
  from: optionalDateField('開始日'),
  to: optionalDateField('終了日'),
  format: z.enum(['json', 'csv']).default('json'),
  encoding: z.enum(['utf8', 'sjis'], { error: '文字コードは utf8 または sjis で指定してください' }).default('utf8'),
});
export type TransactionListQuery = z.output<typeof transactionListQuery>;

export const rateTotalDto = z.object({
  tax_category: z.enum(TAX_CATEGORIES),
  /** 税率ごとに区分して合計した対価の額 (tax excluded). */
  base: z.number().int(),
  /** 税率ごとに区分した消費税額等. */
  tax: z.number().int(),
});
export const documentTotalsDto = z.object({
  by_rate: z.array(rateTotalDto),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});

export const transactionLineDto = z.object({
  line_no: z.number().int(),
  product_id: idDto.nullable(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string().nullable(),
  unit_price: z.number().int(),
  tax_category: z.enum(TAX_CATEGORIES),
  amount: z.number().int(),
});
export type TransactionLine = z.infer<typeof transactionLineDto>;

export const transactionDto = z.object({
  id: idDto,
  company_id: idDto,
  number: z.number().int(),
  customer_id: idDto,
  customer_name: z.string(),
  transaction_date: dateDto,
  due_date: dateDto.nullable(),
  subject: z.string(),
  payment_method: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(9)]),
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  memo: z.string().nullable(),
  tax_mode: z.enum(['exclusive', 'inclusive']),
  lines: z.array(transactionLineDto),
  totals: documentTotalsDto,
  /** The posted sale (売掛金 / 売上高 / 仮受消費税等) and, when 回収不能, the write-off. */
  journal_entry_id: idDto.nullable(),
  write_off_entry_id: idDto.nullable(),
  created_at: timestampDto,
  updated_at: timestampDto,
});
export type Transaction = z.infer<typeof transactionDto>;
