import { z } from 'zod';
import { numberInput } from '../../number-input.js';
import { isUserPattern, USER_PATTERN_MESSAGE } from '../../user-pattern.js';
import { dateDto, idDto, idField, optionalText, requiredText, timestampDto } from '../common.js';
import { taxCategoryField, yenField } from './fields.js';

/** 自動仕訳ルール. */

export const bankRuleSplitInput = z
  .object({
    account_id: idField('勘定科目'),
    tax_category: taxCategoryField.transform((v) => v ?? 'none'),
    amount: yenField('金額')
      .nullish()
      .transform((v) => v ?? null),
    percent: numberInput(
      z.coerce
        .number({ error: '割合は数値で入力してください' })
        .gt(0, '割合は0より大きくしてください')
        .max(100, '割合は100以下にしてください'),
    )
      .nullish()
      .transform((v) => v ?? null),
    description: optionalText('摘要', 255),
  })
  .refine((s) => (s.amount === null) !== (s.percent === null), {
    message: '分割は金額か割合のどちらか一方を入力してください',
    path: ['amount'],
  });

export const bankRuleInput = z
  .object({
    name: requiredText('ルール名', 100),
    priority: numberInput(z.coerce.number().int().min(0).max(100_000)).optional().default(100),
    is_active: z.boolean().optional().default(true),
    description_contains: optionalText('摘要に含む文字', 100),
    description_regex: optionalText('摘要の正規表現', 200, { test: isUserPattern, message: USER_PATTERN_MESSAGE }),
    direction: z.enum(['in', 'out', 'any']).optional().default('any'),
    amount_min: numberInput(z.coerce.number().int().min(0))
      .nullish()
      .transform((v) => v ?? null),
    amount_max: numberInput(z.coerce.number().int().min(0))
      .nullish()
      .transform((v) => v ?? null),
    counterparty_contains: optionalText('振込依頼人に含む文字', 100),
    account_id: idField('勘定科目'),
    tax_category: taxCategoryField.transform((v) => v ?? 'none'),
    customer_id: idField('取引先')
      .nullish()
      .transform((v) => v ?? null),
    description_template: optionalText('摘要の書き換え', 255),
    splits: z.array(bankRuleSplitInput).max(10, '分割は10行までです').optional().default([]),
  })
  .superRefine((r, ctx) => {
    if (
      !r.description_contains &&
      !r.description_regex &&
      !r.counterparty_contains &&
      r.amount_min === null &&
      r.amount_max === null
    )
      ctx.addIssue({ code: 'custom', path: ['description_contains'], message: '条件を1つ以上入力してください' });
    if (r.amount_min !== null && r.amount_max !== null && r.amount_min > r.amount_max)
      ctx.addIssue({ code: 'custom', path: ['amount_max'], message: '金額の上限は下限以上にしてください' });
    const pct = r.splits.reduce((s, x) => s + (x.percent ?? 0), 0);
    if (pct >= 100)
      ctx.addIssue({ code: 'custom', path: ['splits'], message: '分割の割合の合計は100%未満にしてください' });
  });
export type BankRuleInput = z.input<typeof bankRuleInput>;
export type BankRuleValues = z.output<typeof bankRuleInput>;

export const bankRuleDto = z.object({
  id: idDto,
  name: z.string(),
  priority: z.number().int(),
  is_active: z.boolean(),
  description_contains: z.string().nullable(),
  description_regex: z.string().nullable(),
  /** The stored pattern is one the engine cannot run (saved before ADR 0040): the rule is skipped. */
  regex_refused: z.boolean(),
  direction: z.enum(['in', 'out', 'any']),
  amount_min: z.number().int().nullable(),
  amount_max: z.number().int().nullable(),
  counterparty_contains: z.string().nullable(),
  account_id: idDto,
  tax_category: z.string(),
  customer_id: idDto.nullable(),
  description_template: z.string().nullable(),
  splits: z.array(
    z.object({
      account_id: idDto,
      tax_category: z.string(),
      amount: z.number().int().nullable(),
      percent: z.number().nullable(),
      description: z.string().nullable(),
    }),
  ),
  updated_at: timestampDto,
});
export type BankRule = z.infer<typeof bankRuleDto>;

export const bankRulePreviewDto = z.object({
  total: z.number().int(),
  rows: z.array(
    z.object({
      id: idDto,
      date: dateDto,
      direction: z.enum(['in', 'out']),
      amount: z.number().int(),
      description: z.string(),
      lines: z.array(z.object({ account_id: idDto, amount: z.number().int(), description: z.string() })),
    }),
  ),
});
