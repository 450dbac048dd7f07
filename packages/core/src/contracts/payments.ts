import { z } from 'zod';
import { isoDateField, optionalDateField, yen } from './accounting.js';
import {
  companyIdField,
  dateDto,
  idDto,
  idField,
  listQuery,
  optionalIdField,
  optionalText,
  timestampDto,
  updatedAtField,
} from './common.js';
import { PAYMENT_METHODS } from './transactions.js';

/** 入金 (from a customer) or 支払 (to a supplier). */
export const PAYMENT_DIRECTIONS = { in: '入金', out: '支払' } as const;
export type PaymentDirection = keyof typeof PAYMENT_DIRECTIONS;
/** Who bears the 振込手数料: us (当方負担) or them (先方負担). */
export const FEE_BEARERS = { us: '当方負担', them: '先方負担' } as const;
export type FeeBearer = keyof typeof FEE_BEARERS;
export const MAX_PAYMENT_AMOUNT = 999_999_999_999;
export const MAX_ALLOCATIONS = 500;

const positiveYen = (label: string) => yen(label).refine((v) => v > 0, `${label}は1円以上で入力してください`);

/** One allocation (消込): exactly one document and the amount applied to it. */
export const paymentAllocationInput = z
  .object({
    invoice_id: optionalIdField('請求書'),
    transaction_id: optionalIdField('受注取引'),
    transaction_document_id: optionalIdField('発注取引'),
    amount: positiveYen('消込額'),
  })
  .superRefine((v, ctx) => {
    const n = [v.invoice_id, v.transaction_id, v.transaction_document_id].filter((x) => x !== null).length;
    if (n !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['invoice_id'],
        message: '消込先（請求書・受注取引・発注取引のいずれか1つ）を指定してください',
      });
  });
export type PaymentAllocationInput = z.input<typeof paymentAllocationInput>;
export type PaymentAllocationValues = z.output<typeof paymentAllocationInput>;

const methodField = z.coerce
  .number({ error: '支払方法を選択してください' })
  .refine((v) => Object.hasOwn(PAYMENT_METHODS, v), '支払方法を選択してください');

/**
 * Create / update body of a payment (入金 or 支払). `amount` is what moved on the bank account (入金: what
 * arrived; 支払: what was transferred), `fee` the 振込手数料 and `fee_bearer` who bears it. See
 * paymentFigures for what the payment settles and what it posts.
 */
export const paymentInput = z
  .object({
    direction: z.enum(['in', 'out'], { error: '入金・支払の区分を選択してください' }),
    date: isoDateField('日付'),
    customer_id: idField('取引先'),
    amount: positiveYen('金額'),
    method: methodField.default(1),
    fee: yen('振込手数料'),
    fee_bearer: z.enum(['us', 'them'], { error: '手数料の負担者を選択してください' }).default('us'),
    bank_account_id: optionalIdField('口座'),
    memo: optionalText('メモ', 2000),
    allocations: z
      .array(paymentAllocationInput, { error: '消込の形式が正しくありません' })
      .max(MAX_ALLOCATIONS, `消込は${MAX_ALLOCATIONS}件までです`)
      .default([]),
    /** The bank statement row this payment was made from (bank import), if any. */
    bank_statement_row_id: optionalIdField('明細行'),
  })
  .superRefine((v, ctx) => {
    const keys = new Set<string>();
    v.allocations.forEach((a, i) => {
      const key = a.invoice_id
        ? `i${a.invoice_id}`
        : a.transaction_id
          ? `t${a.transaction_id}`
          : `d${a.transaction_document_id}`;
      if (keys.has(key))
        ctx.addIssue({ code: 'custom', path: ['allocations', i, 'amount'], message: '同じ書類が2回指定されています' });
      keys.add(key);
      if (v.direction === 'in' && a.transaction_document_id !== null)
        ctx.addIssue({
          code: 'custom',
          path: ['allocations', i, 'transaction_document_id'],
          message: '入金は請求書または受注取引に消し込みます',
        });
      if (v.direction === 'out' && (a.invoice_id !== null || a.transaction_id !== null))
        ctx.addIssue({
          code: 'custom',
          path: ['allocations', i, 'invoice_id'],
          message: '支払は発注取引に消し込みます',
        });
    });
    const f = paymentFigures(v);
    if (f.allocated > f.settled)
      ctx.addIssue({
        code: 'custom',
        path: ['allocations'],
        message: `消込額の合計（${f.allocated.toLocaleString('en-US')}円）が入金・支払の額（${f.settled.toLocaleString('en-US')}円）を超えています`,
      });
  });
export type PaymentInput = z.input<typeof paymentInput>;
export type PaymentValues = z.output<typeof paymentInput>;

/**
 * What a payment settles and moves (integer yen):
 * - 入金, fee borne by us (the customer deducted it): settles amount + fee, 支払手数料 fee;
 * - 入金, fee borne by them: settles amount;
 * - 支払, fee borne by us: settles amount, the bank pays amount + fee, 支払手数料 fee;
 * - 支払, fee borne by them (deducted from the transfer): settles amount + fee, the bank pays amount + fee.
 * `unallocated` is booked to 前受金 (入金) or 前渡金 (支払) until it is allocated.
 */
export function paymentFigures(p: {
  direction: PaymentDirection;
  amount: number;
  fee: number;
  fee_bearer: FeeBearer;
  allocations: readonly { amount: number }[];
}) {
  const deducted = (p.direction === 'in') === (p.fee_bearer === 'us');
  const settled = p.amount + (deducted ? p.fee : 0);
  const bank = p.direction === 'in' ? p.amount : p.amount + p.fee;
  const feeExpense = p.fee_bearer === 'us' ? p.fee : 0;
  const allocated = p.allocations.reduce((s, a) => s + a.amount, 0);
  return { settled, bank, feeExpense, allocated, unallocated: settled - allocated };
}

/** The short-payment action: settle one document with this payment, the difference booked as 支払手数料. */
export const shortPaymentInput = z.object({
  invoice_id: optionalIdField('請求書'),
  transaction_id: optionalIdField('受注取引'),
  /** Required (checked after the payment is found, so another company's id is a 404 first). */
  updated_at: updatedAtField.optional(),
});
export type ShortPaymentInput = z.input<typeof shortPaymentInput>;

/** The largest difference the short-payment action books as a fee (a transfer fee, not a missing payment). */
export const MAX_SHORT_PAYMENT_FEE = 5_000;

export const PAYMENT_SORTABLE = ['date', 'amount', 'customer_name', 'created_at', 'id'] as const;

/** `GET /api/payments`: direction, period, customer, method, unallocated only, keyword, paging. */
export const paymentListQuery = listQuery(PAYMENT_SORTABLE, { defaultSort: 'date', defaultDir: 'desc' }).extend({
  direction: z
    .union([z.literal(''), z.enum(['in', 'out'], { error: '区分は in または out で指定してください' })])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  from: optionalDateField('開始日'),
  to: optionalDateField('終了日'),
  customer_id: optionalIdField('取引先').transform((v) => v ?? undefined),
  method: z
    .union([z.literal(''), methodField])
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : v)),
  unallocated: z
    .union([z.boolean(), z.enum(['', '0', '1', 'true', 'false'])])
    .optional()
    .transform((v) => v === true || v === '1' || v === 'true'),
  company_id: companyIdField,
});
export type PaymentListQuery = z.output<typeof paymentListQuery>;

export const paymentAllocationDto = z.object({
  id: idDto,
  invoice_id: idDto.nullable(),
  transaction_id: idDto.nullable(),
  transaction_document_id: idDto.nullable(),
  amount: z.number().int(),
  /** e.g. 請求書 No.12 / 受注取引 No.40 / 発注取引 2026-05-10 請求書 */
  label: z.string(),
  date: dateDto,
  due_date: dateDto.nullable(),
  total: z.number().int(),
});
export type PaymentAllocation = z.infer<typeof paymentAllocationDto>;

export const paymentDto = z.object({
  id: idDto,
  company_id: idDto,
  direction: z.enum(['in', 'out']),
  date: dateDto,
  customer_id: idDto,
  customer_name: z.string(),
  amount: z.number().int(),
  method: z.number().int(),
  fee: z.number().int(),
  fee_bearer: z.enum(['us', 'them']),
  bank_account_id: idDto.nullable(),
  bank_account_label: z.string().nullable(),
  memo: z.string().nullable(),
  bank_statement_row_id: idDto.nullable(),
  settled: z.number().int(),
  allocated: z.number().int(),
  unallocated: z.number().int(),
  allocations: z.array(paymentAllocationDto),
  journal_entry_id: idDto.nullable(),
  created_at: timestampDto,
  updated_at: timestampDto,
});
export type Payment = z.infer<typeof paymentDto>;

/** `GET /api/payments/open-items?direction&customer_id`: what is still open for a counterparty. */
export const openItemsQuery = z.object({
  direction: z.enum(['in', 'out'], { error: '入金・支払の区分を選択してください' }).default('in'),
  customer_id: optionalIdField('取引先').transform((v) => v ?? undefined),
  /** The payment being edited: its own allocations count as open again. */
  payment_id: optionalIdField('入出金').transform((v) => v ?? undefined),
  company_id: companyIdField,
});
export const openItemDto = z.object({
  kind: z.enum(['invoice', 'transaction', 'transaction_document']),
  id: idDto,
  customer_id: idDto,
  customer_name: z.string(),
  label: z.string(),
  date: dateDto,
  due_date: dateDto.nullable(),
  total: z.number().int(),
  remaining: z.number().int(),
});
export type OpenItem = z.infer<typeof openItemDto>;
export const openItemsDto = z.object({
  items: z.array(openItemDto),
  /** The customer's usual 振込手数料 (their last short payment), to suggest on the form. */
  suggested_fee: z.number().int().nullable(),
  /** Open totals per counterparty (when no customer is given). */
  by_customer: z.array(
    z.object({ customer_id: idDto, customer_name: z.string(), count: z.number().int(), remaining: z.number().int() }),
  ),
});
export type OpenItems = z.infer<typeof openItemsDto>;

/* ---------------------------------------------------------------- reports */

export const reportFormat = z.enum(['json', 'csv', 'pdf']).default('json');
const encoding = z
  .enum(['utf8', 'sjis'], { error: '文字コードは utf8 または sjis で指定してください' })
  .default('utf8');

export const AGING_BUCKETS = {
  not_due: '未到来',
  d1_30: '1〜30日',
  d31_60: '31〜60日',
  d61_90: '61〜90日',
  over_90: '90日超',
} as const;
export type AgingBucket = keyof typeof AGING_BUCKETS;

/** `GET /api/payment-reports/aging?date&customer_id` (customer_id → its documents too). */
export const agingQuery = z.object({
  date: isoDateField('基準日').optional(),
  customer_id: optionalIdField('取引先').transform((v) => v ?? undefined),
  format: reportFormat,
  encoding,
  company_id: companyIdField,
});
const bucketsDto = z.object({
  not_due: z.number().int(),
  d1_30: z.number().int(),
  d31_60: z.number().int(),
  d61_90: z.number().int(),
  over_90: z.number().int(),
  total: z.number().int(),
});
export type AgingBuckets = z.infer<typeof bucketsDto>;
export const agingDto = z.object({
  date: dateDto,
  rows: z.array(bucketsDto.extend({ customer_id: idDto, customer_name: z.string(), count: z.number().int() })),
  totals: bucketsDto,
  /** 売掛金 in the books at the date, and what the documents do not explain (opening balances…). */
  ledger_balance: z.number().int(),
  difference: z.number().int(),
  documents: z.array(
    openItemDto.extend({
      days_overdue: z.number().int(),
      bucket: z.enum(Object.keys(AGING_BUCKETS) as [AgingBucket, ...AgingBucket[]]),
    }),
  ),
});
export type Aging = z.infer<typeof agingDto>;

/** `GET /api/payment-reports/collections?from&to`: invoiced vs collected per month. */
export const collectionsQuery = z.object({
  from: isoDateField('開始日').optional(),
  to: isoDateField('終了日').optional(),
  format: reportFormat,
  encoding,
  company_id: companyIdField,
});
export const collectionsDto = z.object({
  from: dateDto,
  to: dateDto,
  months: z.array(
    z.object({
      month: z.string(),
      invoiced: z.number().int(),
      collected: z.number().int(),
      fees: z.number().int(),
    }),
  ),
  totals: z.object({ invoiced: z.number().int(), collected: z.number().int(), fees: z.number().int() }),
});
export type Collections = z.infer<typeof collectionsDto>;

/** `GET /api/payment-reports/payables?date&group=week|month`: 支払予定表 of open payables by due date. */
export const payablesQuery = z.object({
  date: isoDateField('基準日').optional(),
  group: z.enum(['week', 'month'], { error: '集計単位は week または month で指定してください' }).default('month'),
  format: reportFormat,
  encoding,
  company_id: companyIdField,
});
export const payablesDto = z.object({
  date: dateDto,
  group: z.enum(['week', 'month']),
  groups: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      total: z.number().int(),
      items: z.array(openItemDto),
    }),
  ),
  total: z.number().int(),
});
export type Payables = z.infer<typeof payablesDto>;
