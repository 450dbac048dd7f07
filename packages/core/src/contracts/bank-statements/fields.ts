import { z } from 'zod';
import { numberInput } from '../../number-input.js';
import { JOURNAL_TAX_CATEGORIES } from '../accounting.js';
import { dateDto } from '../common.js';

/** Field schemas the bank-statement contracts share (not exported from @chobo/core). */

export const yenField = (label: string) =>
  numberInput(
    z.coerce
      .number({ error: `${label}は円単位の整数で入力してください` })
      .int(`${label}は円単位の整数で入力してください`)
      .min(1, `${label}は1円以上で入力してください`)
      .max(999_999_999_999, `${label}が大きすぎます`),
  );

export const taxCategoryField = z
  .enum(Object.keys(JOURNAL_TAX_CATEGORIES) as [keyof typeof JOURNAL_TAX_CATEGORIES], {
    error: '税区分を選択してください',
  })
  .optional();

/** A 1-based column number of a column mapping, optional (null when not given). */
export const optionalColumn = () =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .nullish()
    .transform((v) => v ?? null);

/** The fields of a statement row as the file gives them (a stored row's and a dry run's). */
export const statementRowFields = {
  line_no: z.number().int(),
  date: dateDto,
  direction: z.enum(['in', 'out']),
  amount: z.number().int(),
  description: z.string(),
  counterparty_name: z.string().nullable(),
  balance: z.number().int().nullable(),
};
