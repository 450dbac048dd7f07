import { z } from 'zod';
import type { RateTotal } from '../sales.js';
import { isoDateField, optionalDateField, positiveIdField } from './accounting.js';
import { listQuery, optionalText } from './common.js';
import type { TaxCategory } from './products.js';
import { transactionLineInput } from './transactions.js';

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
    customer_id: positiveIdField('請求先'),
    transaction_ids: z
      .array(positiveIdField('受注取引'), { error: '受注取引の指定が正しくありません' })
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
  customer_id: z.coerce.number().int().positive().optional(),
  company_id: z.coerce.number().int().positive().optional(),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

export interface InvoiceParty {
  name: string;
  honorific?: string;
  registration_number?: string | null;
  postal_code?: string | null;
  address?: string | null;
  tel?: string | null;
  bank_account?: string | null;
}

export interface InvoiceLine {
  line_no: number;
  transaction_id: number | null;
  date: string | null;
  description: string;
  quantity: number;
  unit: string | null;
  unit_price: number;
  tax_category: TaxCategory;
  amount: number;
}

export interface Invoice {
  id: number;
  company_id: number;
  number: number;
  customer_id: number;
  customer_name: string;
  status: InvoiceStatus;
  issue_date: string;
  due_date: string | null;
  notes: string | null;
  tax_mode: 'exclusive' | 'inclusive';
  transaction_ids: number[];
  lines: InvoiceLine[];
  totals: { by_rate: RateTotal[]; subtotal: number; tax: number; total: number };
  issuer: InvoiceParty | null;
  recipient: InvoiceParty | null;
  corrects_id: number | null;
  corrected_by_id: number | null;
  journal_entry_id: number | null;
  issued_at: string | null;
  sent_at: string | null;
  voided_at: string | null;
  created_at: string;
  updated_at: string;
}
