import { z } from 'zod';
import { idDto, idField, optionalText, timestampDto } from '../common.js';
import { statementRowFields, taxCategoryField } from './fields.js';

/** The rows of an import: what each would be posted as (suggestion), a person's edit of one. */

export const bankSplitDto = z.object({
  account_id: idDto,
  tax_category: z.string(),
  amount: z.number().int(),
  description: z.string().nullable(),
});

export const bankMatchDto = z.object({
  type: z.enum(['transaction', 'transaction_document']),
  id: idDto,
  label: z.string(),
  customer_id: idDto,
  customer_name: z.string(),
  /** What is left open on it (yen). */
  open_amount: z.number().int(),
  /** The part of the row applied to it (yen). */
  amount: z.number().int(),
  due_date: z.string().nullable(),
});
export type BankMatch = z.infer<typeof bankMatchDto>;

/** What confirming a row would post: from a rule or from matched receivables / payables, with its reasons. */
export const bankSuggestionDto = z.object({
  kind: z.enum(['rule', 'match']),
  rule_id: idDto.nullable(),
  rule_name: z.string().nullable(),
  score: z.number().int(),
  reasons: z.array(z.string()),
  account_id: idDto.nullable(),
  account_name: z.string().nullable(),
  tax_category: z.string(),
  customer_id: idDto.nullable(),
  customer_name: z.string().nullable(),
  description: z.string(),
  /** Lines split out (振込手数料 …), besides the main line which takes the rest. */
  splits: z.array(bankSplitDto),
  /** An incoming transfer short by the 振込手数料 the payer deducted: posted to 支払手数料. */
  fee: z.number().int(),
  matches: z.array(bankMatchDto),
});
export type BankSuggestion = z.infer<typeof bankSuggestionDto>;

export const bankRowDto = z.object({
  id: idDto,
  ...statementRowFields,
  status: z.enum(['unconfirmed', 'confirmed', 'ignored']),
  journal_entry_id: idDto.nullable(),
  journal_entry_number: z.number().int().nullable(),
  suggestion: bankSuggestionDto.nullable(),
  /** What a person chose for this row before confirming (replaces the suggestion's account when confirmed). */
  edit: z
    .object({
      account_id: idDto,
      account_name: z.string().nullable(),
      tax_category: z.string(),
      description: z.string().nullable(),
    })
    .nullable(),
  /** Version for PUT /api/bank-statements/{id}/rows/{row_id}. */
  updated_at: timestampDto,
});
export type BankRow = z.infer<typeof bankRowDto>;

/**
 * A person's choice for one unconfirmed row (`PUT /api/bank-statements/{id}/rows/{row_id}` with updated_at):
 * the 勘定科目, 税区分 and 摘要 to confirm it with; `account_id: null` goes back to the suggestion.
 */
export const bankRowEditInput = z.object({
  account_id: idField('勘定科目')
    .nullish()
    .transform((v) => v ?? null),
  tax_category: taxCategoryField.default('none'),
  description: optionalText('摘要', 255),
});
export type BankRowEditInput = z.input<typeof bankRowEditInput>;
export type BankRowEditValues = z.output<typeof bankRowEditInput>;

/** The answer of PUT /api/bank-statements/{id}/rows/{row_id}. */
export const bankRowEditDto = bankRowDto.pick({ id: true, edit: true, updated_at: true });
export type BankRowEdit = z.infer<typeof bankRowEditDto>;
