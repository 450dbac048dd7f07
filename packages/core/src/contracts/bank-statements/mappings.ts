import { z } from 'zod';
import { idDto, requiredText, timestampDto } from '../common.js';
import { optionalColumn } from './fields.js';

/** 列の対応付け: how the columns of any other CSV are read. */

export const bankCsvMappingInput = z
  .object({
    name: requiredText('名前', 100),
    skip_rows: z.coerce.number().int().min(0).max(50).optional().default(0),
    has_header: z.boolean().optional().default(true),
    /** Column numbers, 1-based. */
    date_column: z.coerce.number({ error: '日付の列を指定してください' }).int().min(1).max(100),
    amount_column: optionalColumn(),
    in_column: optionalColumn(),
    out_column: optionalColumn(),
    description_column: z.coerce.number({ error: '摘要の列を指定してください' }).int().min(1).max(100),
    counterparty_column: optionalColumn(),
    balance_column: optionalColumn(),
  })
  .refine((m) => m.amount_column !== null || (m.in_column !== null && m.out_column !== null), {
    message: '金額の列（または入金・出金の列）を指定してください',
    path: ['amount_column'],
  });
export type BankCsvMappingInput = z.input<typeof bankCsvMappingInput>;
export type BankCsvMappingValues = z.output<typeof bankCsvMappingInput>;
export const bankCsvMappingDto = z.object({
  id: idDto,
  name: z.string(),
  skip_rows: z.number().int(),
  has_header: z.boolean(),
  date_column: z.number().int(),
  amount_column: z.number().int().nullable(),
  in_column: z.number().int().nullable(),
  out_column: z.number().int().nullable(),
  description_column: z.number().int(),
  counterparty_column: z.number().int().nullable(),
  balance_column: z.number().int().nullable(),
  updated_at: timestampDto,
});
export type BankCsvMapping = z.infer<typeof bankCsvMappingDto>;
