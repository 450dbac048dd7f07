import { z } from 'zod';
import type { Rounding } from '../money.js';
import { numberInput } from '../number-input.js';
import { type DocumentTotals, documentTotals, lineAmount, type SalesLineLike, type TaxMode } from '../sales.js';
import { isoDateField, MAX_LINE_AMOUNT, optionalDateField } from './accounting.js';
import {
  companyIdField,
  dateDto,
  idDto,
  idField,
  listQuery,
  optionalIdField,
  optionalText,
  requiredText,
  timestampDto,
} from './common.js';
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
/**
 * The most a sales document (受注取引, 請求書) may total, tax included, and one line's amount (数量×単価): one
 * journal line's limit (MAX_LINE_AMOUNT, 999,999,999,999円), so its 売掛金 posts on one line and is paid by one
 * payment (MAX_PAYMENT_AMOUNT is the same), and every sum stays exact (docs/adr/0005-money-range.md).
 */
export const MAX_SALES_TOTAL = MAX_LINE_AMOUNT;

const yenText = (v: number) => v.toLocaleString('en-US');
/** The limit messages of a sales line and document: the schema's and the form's while typing. */
export const SALES_LIMIT_MESSAGES = {
  quantity: `数量は${MAX_QUANTITY.toLocaleString('en-US', { maximumFractionDigits: 3 })}以下で入力してください`,
  unitPriceMax: `単価は${yenText(MAX_LINE_PRICE)}円以下で入力してください`,
  unitPriceMin: `単価は-${yenText(MAX_LINE_PRICE)}円以上で入力してください`,
  amount: `金額（数量×単価）は${yenText(MAX_SALES_TOTAL)}円以下になるように入力してください`,
  total: `合計金額（税込）は${yenText(MAX_SALES_TOTAL)}円以下になるように入力してください`,
  invoiceTotal: `請求書の合計金額（税込）は${yenText(MAX_SALES_TOTAL)}円以下にしてください（受注取引を分けて請求してください）`,
} as const;

/** The first limit a line passes (数量, 単価, then 数量×単価), or null: never throws, whatever the numbers. */
export function lineLimitIssue(
  quantity: number,
  unitPrice: number,
): { field: 'quantity' | 'unit_price'; message: string } | null {
  if (Math.abs(quantity) > MAX_QUANTITY) return { field: 'quantity', message: SALES_LIMIT_MESSAGES.quantity };
  if (unitPrice > MAX_LINE_PRICE) return { field: 'unit_price', message: SALES_LIMIT_MESSAGES.unitPriceMax };
  if (unitPrice < -MAX_LINE_PRICE) return { field: 'unit_price', message: SALES_LIMIT_MESSAGES.unitPriceMin };
  let amount: number;
  try {
    amount = lineAmount(quantity, Math.trunc(unitPrice));
  } catch {
    return null; // more than 3 decimals: the quantity field's own message
  }
  return Math.abs(amount) > MAX_SALES_TOTAL ? { field: 'unit_price', message: SALES_LIMIT_MESSAGES.amount } : null;
}

/**
 * The document's totals, or null when a line or the total (tax included) is past MAX_SALES_TOTAL — never
 * throws: the forms' live totals use it while any number may be typed.
 */
export function boundedTotals(
  lines: readonly SalesLineLike[],
  mode: TaxMode,
  rounding: Rounding,
): DocumentTotals | null {
  if (lines.some((l) => lineLimitIssue(l.quantity, l.unit_price))) return null;
  try {
    const totals = documentTotals(lines, mode, rounding);
    return Math.abs(totals.total) > MAX_SALES_TOTAL ? null : totals;
  } catch {
    return null;
  }
}

/** The schema's check of a document's lines against the limits (their mode, or 税抜 as the larger total). */
export function checkSalesLimits(
  lines: readonly SalesLineLike[],
  mode: TaxMode | undefined,
  ctx: z.RefinementCtx,
  path: (string | number)[] = [],
) {
  let ok = true;
  lines.forEach((l, i) => {
    const issue = lineLimitIssue(l.quantity, l.unit_price);
    if (issue) {
      ok = false;
      ctx.addIssue({ code: 'custom', path: [...path, 'lines', i, issue.field], message: issue.message });
    }
  });
  if (ok && lines.length > 0 && !boundedTotals(lines, mode ?? 'exclusive', 'ceil')) {
    ctx.addIssue({ code: 'custom', path: [...path, 'lines'], message: SALES_LIMIT_MESSAGES.total });
  }
}

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
      .max(MAX_QUANTITY, SALES_LIMIT_MESSAGES.quantity)
      .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, '数量は小数点以下3桁までで入力してください'),
  ),
  unit: optionalText('単位', 20),
  unit_price: numberInput(
    z.coerce
      .number({ error: '単価は数値で入力してください' })
      .int('単価は円単位の整数で入力してください')
      .min(-MAX_LINE_PRICE, SALES_LIMIT_MESSAGES.unitPriceMin)
      .max(MAX_LINE_PRICE, SALES_LIMIT_MESSAGES.unitPriceMax),
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
    checkSalesLimits(v.lines, v.tax_mode, ctx);
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
