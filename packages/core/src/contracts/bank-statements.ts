import { z } from 'zod';
import { JOURNAL_TAX_CATEGORIES } from './accounting.js';
import { dateDto, idDto, optionalText, requiredText, timestampDto } from './common.js';
import { BANK_INFO_ACCOUNT_TYPES, bankInfoInput } from './company-profile.js';

/* ---------------------------------------------------------------- bank accounts */

const idField = (label: string) =>
  z.coerce
    .number({ error: `${label}を選択してください` })
    .int(`${label}を選択してください`)
    .positive(`${label}を選択してください`)
    .max(2_147_483_647, `${label}を選択してください`);

/**
 * A bank account of the company (`/api/company/bank-accounts`): the bank-info fields, the linked 勘定科目
 * (普通預金 or a sub-account of it) and whether it is the one printed on invoices.
 */
export const companyBankAccountInput = bankInfoInput.extend({
  account_id: idField('勘定科目')
    .nullish()
    .transform((v) => v ?? null),
  /** Create a sub-account of 普通預金 named after the bank and link it (instead of `account_id`). */
  create_account: z.boolean().optional().default(false),
  on_invoice: z.boolean().optional().default(false),
});
export type CompanyBankAccountInput = z.input<typeof companyBankAccountInput>;
export type CompanyBankAccountValues = z.output<typeof companyBankAccountInput>;

export const companyBankAccountDto = z.object({
  id: idDto,
  bank_code: z.string().nullable(),
  bank_name: z.string(),
  branch_code: z.string().nullable(),
  branch_name: z.string(),
  account_type: z.string(),
  account_number: z.string(),
  account_holder: z.string(),
  account_id: idDto.nullable(),
  account_name: z.string().nullable(),
  on_invoice: z.boolean(),
  updated_at: timestampDto,
});
export type CompanyBankAccount = z.infer<typeof companyBankAccountDto>;
export { BANK_INFO_ACCOUNT_TYPES as BANK_ACCOUNT_TYPES };

/* ---------------------------------------------------------------- formats and imports */

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
  line_no: z.number().int(),
  date: dateDto,
  direction: z.enum(['in', 'out']),
  amount: z.number().int(),
  description: z.string(),
  counterparty_name: z.string().nullable(),
  balance: z.number().int().nullable(),
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
  tax_category: z
    .enum(Object.keys(JOURNAL_TAX_CATEGORIES) as [keyof typeof JOURNAL_TAX_CATEGORIES], {
      error: '税区分を選択してください',
    })
    .optional()
    .default('none'),
  description: optionalText('摘要', 255),
});
export type BankRowEditInput = z.input<typeof bankRowEditInput>;
export type BankRowEditValues = z.output<typeof bankRowEditInput>;

/** A parsed row before it is stored (dry_run answers these). */
export const parsedBankRowDto = z.object({
  line_no: z.number().int(),
  date: dateDto,
  direction: z.enum(['in', 'out']),
  amount: z.number().int(),
  description: z.string(),
  counterparty_name: z.string().nullable(),
  balance: z.number().int().nullable(),
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

/* ---------------------------------------------------------------- confirm */

const yenField = (label: string) =>
  z.coerce
    .number({ error: `${label}は円単位の整数で入力してください` })
    .int(`${label}は円単位の整数で入力してください`)
    .min(1, `${label}は1円以上で入力してください`)
    .max(999_999_999_999, `${label}が大きすぎます`);

const taxCategoryField = z
  .enum(Object.keys(JOURNAL_TAX_CATEGORIES) as [keyof typeof JOURNAL_TAX_CATEGORIES], {
    error: '税区分を選択してください',
  })
  .optional();

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

/* ---------------------------------------------------------------- rules */

export const bankRuleSplitInput = z
  .object({
    account_id: idField('勘定科目'),
    tax_category: taxCategoryField.transform((v) => v ?? 'none'),
    amount: yenField('金額')
      .nullish()
      .transform((v) => v ?? null),
    percent: z.coerce
      .number({ error: '割合は数値で入力してください' })
      .gt(0, '割合は0より大きくしてください')
      .max(100, '割合は100以下にしてください')
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
    priority: z.coerce.number().int().min(0).max(100_000).optional().default(100),
    is_active: z.boolean().optional().default(true),
    description_contains: optionalText('摘要に含む文字', 100),
    description_regex: optionalText('摘要の正規表現', 200, {
      test: (v) => {
        try {
          new RegExp(v, 'u');
          return true;
        } catch {
          return false;
        }
      },
      message: '正規表現の書き方が正しくありません',
    }),
    direction: z.enum(['in', 'out', 'any']).optional().default('any'),
    amount_min: z.coerce
      .number()
      .int()
      .min(0)
      .nullish()
      .transform((v) => v ?? null),
    amount_max: z.coerce
      .number()
      .int()
      .min(0)
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

/* ---------------------------------------------------------------- column mappings */

export const bankCsvMappingInput = z
  .object({
    name: requiredText('名前', 100),
    skip_rows: z.coerce.number().int().min(0).max(50).optional().default(0),
    has_header: z.boolean().optional().default(true),
    /** Column numbers, 1-based. */
    date_column: z.coerce.number({ error: '日付の列を指定してください' }).int().min(1).max(100),
    amount_column: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .nullish()
      .transform((v) => v ?? null),
    in_column: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .nullish()
      .transform((v) => v ?? null),
    out_column: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .nullish()
      .transform((v) => v ?? null),
    description_column: z.coerce.number({ error: '摘要の列を指定してください' }).int().min(1).max(100),
    counterparty_column: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .nullish()
      .transform((v) => v ?? null),
    balance_column: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .nullish()
      .transform((v) => v ?? null),
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

/** The answer of PUT /api/bank-statements/{id}/rows/{row_id}. */
export const bankRowEditDto = bankRowDto.pick({ id: true, edit: true, updated_at: true });
export type BankRowEdit = z.infer<typeof bankRowEditDto>;
