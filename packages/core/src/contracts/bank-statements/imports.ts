import { z } from 'zod';
import { idDto, timestampDto } from '../common.js';
import { statementRowFields } from './fields.js';
import { bankRowDto } from './rows.js';

/** Statement formats, imports (one per file), a dry run's answer and one import with its rows. */

export const BANK_FORMATS = {
  zengin: '全銀協 入出金取引明細',
  mufg: '三菱UFJ銀行 CSV',
  smbc: '三井住友銀行 CSV',
  mizuho: 'みずほ銀行 CSV',
  rakuten: '楽天銀行 CSV',
  paypay: 'PayPay銀行 CSV',
} as const;
export type BankFormatId = keyof typeof BANK_FORMATS;

export const bankFormatField = z
  .string()
  .trim()
  .regex(/^(auto|zengin|mufg|smbc|mizuho|rakuten|paypay|mapping:\d{1,9})$/, 'ファイル形式を選択してください')
  .optional()
  .default('auto');

export const BANK_ROW_STATUSES = { unconfirmed: '未確定', confirmed: '確定済', ignored: '対象外' } as const;
export type BankRowStatus = keyof typeof BANK_ROW_STATUSES;
export const BANK_IMPORT_STATUSES = {
  processing: '取り込み中',
  imported: '取り込み済',
  failed: '失敗',
  reverted: '取り消し済',
} as const;
export type BankImportStatus = keyof typeof BANK_IMPORT_STATUSES;

/** A parsed row before it is stored (dry_run answers these). */
export const parsedBankRowDto = z.object({
  ...statementRowFields,
  duplicate: z.boolean(),
});

export const bankImportProblemDto = z.object({ line_no: z.number().int(), message: z.string() });

export const bankImportDto = z.object({
  id: idDto,
  bank_account_id: idDto,
  bank_account_label: z.string(),
  format: z.string(),
  format_label: z.string(),
  encoding: z.string(),
  file_name: z.string(),
  file_size: z.number().int(),
  status: z.enum(['processing', 'imported', 'failed', 'reverted']),
  total_rows: z.number().int(),
  imported_rows: z.number().int(),
  skipped_rows: z.number().int(),
  processed_rows: z.number().int(),
  confirmed_rows: z.number().int(),
  period_from: z.string().nullable(),
  period_to: z.string().nullable(),
  opening_balance: z.number().int().nullable(),
  closing_balance: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: timestampDto,
  updated_at: timestampDto,
});
export type BankImport = z.infer<typeof bankImportDto>;

export const bankBalanceCheckDto = z.object({
  account_id: idDto.nullable(),
  account_name: z.string().nullable(),
  date: z.string().nullable(),
  statement_balance: z.number().int().nullable(),
  book_balance: z.number().int().nullable(),
  difference: z.number().int().nullable(),
});
export type BankBalanceCheck = z.infer<typeof bankBalanceCheckDto>;

export const bankImportDetailDto = bankImportDto.extend({
  rows: z.array(bankRowDto),
  rows_meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
  balance_check: bankBalanceCheckDto,
});
export type BankImportDetail = z.infer<typeof bankImportDetailDto>;

export const bankDryRunDto = z.object({
  format: z.string(),
  format_label: z.string(),
  encoding: z.string(),
  total_rows: z.number().int(),
  new_rows: z.number().int(),
  skipped_rows: z.number().int(),
  rows: z.array(parsedBankRowDto),
  problems: z.array(bankImportProblemDto),
});
export type BankDryRun = z.infer<typeof bankDryRunDto>;

export const bankImportQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  per_page: z.coerce.number().int().min(1).max(500).optional().default(100),
  status: z.enum(['unconfirmed', 'confirmed', 'ignored']).optional(),
  keyword: z.string().trim().max(100).optional(),
});
