import { z } from 'zod';
import { isoDateField, optionalDateField, yen } from './accounting.js';
import { companyIdField, dateDto, idDto, idField, listQuery, timestampDto } from './common.js';
import { openItemDto } from './payments.js';

/**
 * 振込データ (payment batches): the transfers to suppliers of one payment date from one bank account, made
 * from the open payables (支払予定), approved by another user, written as a 全銀 総合振込 file, and paid when
 * the bank statement comes back (or confirmed by hand).
 */
export const PAYMENT_BATCH_STATUSES = {
  draft: '承認待ち',
  approved: '承認済',
  exported: '出力済',
  paid: '支払済',
} as const;
export type PaymentBatchStatus = keyof typeof PAYMENT_BATCH_STATUSES;
const STATUS_KEYS = Object.keys(PAYMENT_BATCH_STATUSES) as [PaymentBatchStatus, ...PaymentBatchStatus[]];

/** A batch holds at most this many documents (a 総合振込 file of a few thousand transfers is usual). */
export const MAX_BATCH_ITEMS = 5000;

export const paymentBatchItemInput = z.object({
  transaction_document_id: idField('発注取引'),
  amount: yen('支払額').refine((v) => v > 0, '支払額は1円以上で入力してください'),
});
export type PaymentBatchItemInput = z.input<typeof paymentBatchItemInput>;

/** `POST /api/payment-batches` and its PUT (a draft only): the date, the paying account and what each document gets. */
export const paymentBatchInput = z
  .object({
    payment_date: isoDateField('支払日'),
    bank_account_id: idField('振込元の口座'),
    items: z
      .array(paymentBatchItemInput, { error: '支払う書類の形式が正しくありません' })
      .min(1, '支払う書類を1件以上選んでください')
      .max(MAX_BATCH_ITEMS, `支払う書類は${MAX_BATCH_ITEMS}件までです`),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.items.forEach((item, i) => {
      if (seen.has(item.transaction_document_id))
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'transaction_document_id'],
          message: '同じ書類が2回指定されています',
        });
      seen.add(item.transaction_document_id);
    });
  });
export type PaymentBatchInput = z.input<typeof paymentBatchInput>;
export type PaymentBatchValues = z.output<typeof paymentBatchInput>;

export const PAYMENT_BATCH_SORTABLE = ['payment_date', 'id', 'total', 'created_at'] as const;

/** `GET /api/payment-batches`: status, payment-date range, paging. */
export const paymentBatchListQuery = listQuery(PAYMENT_BATCH_SORTABLE, {
  defaultSort: 'payment_date',
  defaultDir: 'desc',
}).extend({
  status: z
    .union([z.literal(''), z.enum(STATUS_KEYS, { error: '状態が正しくありません' })])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  from: optionalDateField('開始日'),
  to: optionalDateField('終了日'),
  company_id: companyIdField,
});
export type PaymentBatchListQuery = z.output<typeof paymentBatchListQuery>;

export const paymentBatchItemDto = z.object({
  id: idDto,
  transaction_document_id: idDto,
  customer_id: idDto,
  customer_name: z.string(),
  /** e.g. 請求書 2026-05-10 … */
  label: z.string(),
  due_date: dateDto.nullable(),
  document_total: z.number().int(),
  /** What this item settles of the document. */
  amount: z.number().int(),
  payment_id: idDto.nullable(),
});
export type PaymentBatchItem = z.infer<typeof paymentBatchItemDto>;

/** One supplier's transfer: Σ its items less the 先方負担 fee. */
export const paymentBatchTransferDto = z.object({
  customer_id: idDto,
  customer_name: z.string(),
  /** What the supplier's documents are settled by (Σ items). */
  settles: z.number().int(),
  /** 振込手数料: deducted from the transfer when the supplier bears it (先方負担), else ours. */
  fee: z.number().int(),
  fee_bearer: z.enum(['us', 'them']),
  /** 振込金額: what the file transfers. */
  amount: z.number().int(),
  /** The statement row matched to this transfer, once paid through the bank import. */
  payment_id: idDto.nullable(),
});
export type PaymentBatchTransfer = z.infer<typeof paymentBatchTransferDto>;

export const paymentBatchDto = z.object({
  id: idDto,
  company_id: idDto,
  payment_date: dateDto,
  bank_account_id: idDto,
  bank_account_label: z.string(),
  status: z.enum(STATUS_KEYS),
  status_label: z.string(),
  created_by: idDto.nullable(),
  created_by_name: z.string().nullable(),
  approved_by: idDto.nullable(),
  approved_by_name: z.string().nullable(),
  approved_at: timestampDto.nullable(),
  exported_at: timestampDto.nullable(),
  export_count: z.number().int(),
  paid_at: timestampDto.nullable(),
  /** Σ items (what the documents are settled by). */
  total: z.number().int(),
  fee_total: z.number().int(),
  /** Σ transfers (the file's trailer total). */
  transfer_total: z.number().int(),
  transfer_count: z.number().int(),
  item_count: z.number().int(),
  items: z.array(paymentBatchItemDto),
  transfers: z.array(paymentBatchTransferDto),
  created_at: timestampDto,
  updated_at: timestampDto,
});
export type PaymentBatch = z.infer<typeof paymentBatchDto>;

/** The list row (no items). */
export const paymentBatchRowDto = paymentBatchDto.omit({ items: true, transfers: true });
export type PaymentBatchRow = z.infer<typeof paymentBatchRowDto>;

/** `GET /api/payment-batches/schedule`: 支払予定 — open payables by payment date (due date), what is in a batch. */
export const paymentScheduleQuery = z.object({ company_id: companyIdField });
export const paymentScheduleItemDto = openItemDto.extend({
  /** Already in an unpaid batch (its amount and batch). */
  in_batches: z.number().int(),
  batch_ids: z.array(idDto),
  /** What a new batch may still pay: remaining − in_batches. */
  available: z.number().int(),
  /** The supplier has a 振込先 (bank account) on file. */
  has_bank_account: z.boolean(),
});
export type PaymentScheduleItem = z.infer<typeof paymentScheduleItemDto>;
export const paymentScheduleDto = z.object({
  groups: z.array(
    z.object({
      /** The payment (due) date; null: 期日未設定. */
      payment_date: dateDto.nullable(),
      total: z.number().int(),
      available: z.number().int(),
      items: z.array(paymentScheduleItemDto),
    }),
  ),
  total: z.number().int(),
});
export type PaymentSchedule = z.infer<typeof paymentScheduleDto>;

/** The answer of approve / confirm. */
export const paymentBatchActionInput = z.object({
  updated_at: z.iso.datetime({ offset: true, error: '更新日時（updated_at）が正しくありません' }).optional(),
});
