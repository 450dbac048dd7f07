import { z } from 'zod';
import { isoDateField, optionalDateField } from './accounting.js';
import { companyIdField, dateDto, idDto, idField, listQuery, optionalText, timestampDto } from './common.js';
import { TAX_CATEGORIES } from './products.js';
import { checkSalesLimits, documentTotalsDto, transactionLineInput } from './transactions.js';

/** 請求書の状態: 下書き → 発行済 (immutable) → 送付済 → 入金済; 無効 when replaced by a correction. */
export const INVOICE_STATUSES = {
  draft: '下書き',
  issued: '発行済',
  sent: '送付済',
  paid: '入金済',
  void: '無効',
} as const;
export type InvoiceStatus = keyof typeof INVOICE_STATUSES;

/** Create / update body of a draft invoice: sales of one customer (合計請求書) and/or free lines. */
export const invoiceInput = z
  .object({
    customer_id: idField('請求先'),
    transaction_ids: z
      .array(idField('受注取引'), { error: '受注取引の指定が正しくありません' })
      .max(200, '1通の請求書にまとめられる受注取引は200件までです')
      .default([])
      .transform((ids) => [...new Set(ids)]),
    lines: z
      .array(transactionLineInput, { error: '明細の指定が正しくありません' })
      .max(200, '明細は200行までです')
      .default([]),
    issue_date: isoDateField('請求日'),
    due_date: z
      .union([z.null(), optionalDateField('支払期限')])
      .optional()
      .transform((v) => v ?? null),
    notes: optionalText('備考', 2000),
    tax_mode: z.enum(['exclusive', 'inclusive'], { error: '税抜・税込を選択してください' }).optional(),
  })
  .superRefine((v, ctx) => {
    checkSalesLimits(v.lines, v.tax_mode, ctx);
    if (v.transaction_ids.length === 0 && v.lines.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: '受注取引を選ぶか、明細を1行以上入力してください' });
    }
    if (v.due_date && v.due_date < v.issue_date) {
      ctx.addIssue({ code: 'custom', path: ['due_date'], message: '支払期限は請求日以降の日付を入力してください' });
    }
  });
export type InvoiceInput = z.input<typeof invoiceInput>;
export type InvoiceValues = z.output<typeof invoiceInput>;

export const INVOICE_SORTABLE = ['number', 'issue_date', 'due_date', 'total', 'status', 'created_at'] as const;
export const invoiceListQuery = listQuery(INVOICE_SORTABLE, { defaultSort: 'issue_date', defaultDir: 'desc' }).extend({
  status: z
    .union([z.literal(''), z.enum(Object.keys(INVOICE_STATUSES) as [InvoiceStatus, ...InvoiceStatus[]])], {
      error: '状態が正しくありません',
    })
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  customer_id: companyIdField,
  company_id: companyIdField,
});
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

export const invoicePartyDto = z.object({
  name: z.string(),
  honorific: z.string().optional(),
  registration_number: z.string().nullable().optional(),
  postal_code: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  tel: z.string().nullable().optional(),
  bank_account: z.string().nullable().optional(),
});
export type InvoiceParty = z.infer<typeof invoicePartyDto>;

export const invoiceLineDto = z.object({
  line_no: z.number().int(),
  /** The sale this line was copied from (null: a free line). */
  transaction_id: idDto.nullable(),
  date: dateDto.nullable(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string().nullable(),
  unit_price: z.number().int(),
  tax_category: z.enum(TAX_CATEGORIES),
  amount: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineDto>;

export const invoiceDto = z.object({
  id: idDto,
  company_id: idDto,
  number: z.number().int(),
  customer_id: idDto,
  customer_name: z.string(),
  status: z.enum(Object.keys(INVOICE_STATUSES) as [InvoiceStatus, ...InvoiceStatus[]]),
  issue_date: dateDto,
  due_date: dateDto.nullable(),
  notes: z.string().nullable(),
  tax_mode: z.enum(['exclusive', 'inclusive']),
  transaction_ids: z.array(idDto),
  lines: z.array(invoiceLineDto),
  totals: documentTotalsDto,
  /** Snapshots taken at issue (null for a draft). */
  issuer: invoicePartyDto.nullable(),
  recipient: invoicePartyDto.nullable(),
  corrects_id: idDto.nullable(),
  corrected_by_id: idDto.nullable(),
  journal_entry_id: idDto.nullable(),
  issued_at: timestampDto.nullable(),
  sent_at: timestampDto.nullable(),
  voided_at: timestampDto.nullable(),
  created_at: timestampDto,
  updated_at: timestampDto,
});
export type Invoice = z.infer<typeof invoiceDto>;
