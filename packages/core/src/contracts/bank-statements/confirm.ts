import { z } from 'zod';
import { idDto, idField, optionalText } from '../common.js';
import { taxCategoryField, yenField } from './fields.js';

/** Confirming rows (one journal entry each) and the rules it offers. */

/** One row to confirm; what is not given is taken from its suggestion. */
export const bankConfirmRowInput = z.object({
  id: idField('明細'),
  account_id: idField('勘定科目').optional(),
  tax_category: taxCategoryField,
  customer_id: idField('取引先').nullish(),
  description: optionalText('摘要', 255),
  splits: z
    .array(
      z.object({
        account_id: idField('勘定科目'),
        tax_category: taxCategoryField,
        amount: yenField('金額'),
        description: optionalText('摘要', 255),
      }),
    )
    .max(10)
    .optional(),
});
export const bankConfirmInput = z.object({
  /** At least one: checked after the import is found (another company's import answers 404 first). */
  rows: z
    .array(bankConfirmRowInput, { error: '確定する明細を選択してください' })
    .max(500, '一度に確定できるのは500件までです')
    .default([]),
});
export type BankConfirmInput = z.input<typeof bankConfirmInput>;
export type BankConfirmValues = z.output<typeof bankConfirmInput>;

export const bankRuleOfferDto = z.object({
  name: z.string(),
  description_contains: z.string(),
  direction: z.enum(['in', 'out']),
  account_id: idDto,
  tax_category: z.string(),
  customer_id: idDto.nullable(),
});
export type BankRuleOffer = z.infer<typeof bankRuleOfferDto>;

export const bankConfirmResultDto = z.object({
  confirmed: z.array(z.object({ id: idDto, journal_entry_id: idDto, journal_entry_number: z.number().int() })),
  failed: z.array(z.object({ id: idDto, message: z.string() })),
  /** Rows confirmed the same way twice: offered as rules (saved only when the user says so). */
  rule_offers: z.array(bankRuleOfferDto),
});
export type BankConfirmResult = z.infer<typeof bankConfirmResultDto>;
