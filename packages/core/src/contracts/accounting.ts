import { z } from 'zod';
import { codeInput, numberInput } from '../number-input.js';
import { DATE_RANGE_MESSAGE, isCalendarDate, isDateInRange, isKatakana } from '../validators.js';
import {
  CONTROL_CHARS_MESSAGE,
  companyIdField,
  dateDto,
  hasNoControlChars,
  idDto,
  idField,
  listQuery,
  optionalIdField,
  optionalText,
  requiredText,
  timestampDto,
} from './common.js';

/* ---------------------------------------------------------------- enums (docs/product/FACTS.md §1–2) */

/** 勘定科目の区分 (category). */
export const ACCOUNT_CATEGORIES = {
  asset: '資産',
  liability: '負債',
  net_assets: '純資産',
  revenue: '収益',
  expense: '費用',
} as const;
export type AccountCategory = keyof typeof ACCOUNT_CATEGORIES;

/** Statement section of an account, with its category, in 会社計算規則 order. */
export const ACCOUNT_SECTIONS = {
  current_assets: { label: '流動資産', category: 'asset' },
  tangible_fixed_assets: { label: '有形固定資産', category: 'asset' },
  intangible_fixed_assets: { label: '無形固定資産', category: 'asset' },
  investments: { label: '投資その他の資産', category: 'asset' },
  deferred_assets: { label: '繰延資産', category: 'asset' },
  current_liabilities: { label: '流動負債', category: 'liability' },
  fixed_liabilities: { label: '固定負債', category: 'liability' },
  capital_stock: { label: '資本金', category: 'net_assets' },
  capital_surplus: { label: '資本剰余金', category: 'net_assets' },
  retained_earnings: { label: '利益剰余金', category: 'net_assets' },
  treasury_stock: { label: '自己株式', category: 'net_assets' },
  valuation: { label: '評価・換算差額等', category: 'net_assets' },
  stock_acquisition_rights: { label: '新株予約権', category: 'net_assets' },
  net_sales: { label: '売上高', category: 'revenue' },
  cost_of_sales: { label: '売上原価', category: 'expense' },
  sga: { label: '販売費及び一般管理費', category: 'expense' },
  non_operating_income: { label: '営業外収益', category: 'revenue' },
  non_operating_expenses: { label: '営業外費用', category: 'expense' },
  extraordinary_income: { label: '特別利益', category: 'revenue' },
  extraordinary_losses: { label: '特別損失', category: 'expense' },
  income_taxes: { label: '法人税等', category: 'expense' },
} as const satisfies Record<string, { label: string; category: AccountCategory }>;
export type AccountSection = keyof typeof ACCOUNT_SECTIONS;

export const NORMAL_SIDES = { debit: '借方', credit: '貸方' } as const;
export type NormalSide = keyof typeof NORMAL_SIDES;

/** Default normal side of a category (contra accounts such as 減価償却累計額 and 自己株式 override it). */
export function defaultNormalSide(category: AccountCategory): NormalSide {
  return category === 'asset' || category === 'expense' ? 'debit' : 'credit';
}

/**
 * How an account enters the indirect-method cash-flow statement (docs/product/FACTS.md §2). Balance-sheet roles say
 * which line its change belongs to; profit-and-loss roles say which adjustment reverses it.
 */
export const CASH_FLOW_ROLES = {
  cash: '現金及び現金同等物',
  receivables: '売上債権',
  inventory: '棚卸資産',
  payables: '仕入債務',
  consumption_tax: '消費税等',
  other_operating_asset: 'その他の資産（営業）',
  other_operating_liability: 'その他の負債（営業）',
  provision: '引当金',
  income_tax_payable: '未払法人税等',
  deferred_tax: '繰延税金資産・負債',
  fixed_assets: '有形・無形固定資産',
  securities: '有価証券・投資有価証券',
  loans_receivable: '貸付金',
  deposits: '定期預金・差入保証金',
  short_term_debt: '短期借入金',
  long_term_debt: '長期借入金',
  bonds: '社債',
  equity: '資本金・資本剰余金',
  treasury_stock: '自己株式',
  retained_earnings: '利益剰余金（配当）',
  pl: '損益（調整なし）',
  depreciation: '減価償却費',
  interest_income: '受取利息及び受取配当金',
  interest_expense: '支払利息',
  asset_sale: '固定資産売却損益・除却損',
  income_taxes: '法人税等',
} as const;
export type CashFlowRole = keyof typeof CASH_FLOW_ROLES;

/**
 * 税区分 of a journal line (docs/product/FACTS.md §4, §9). The 消費税の申告書 reads them (ADR 0056):
 * 課税仕入 without a 個別対応 mark is 共通対応 under 個別対応方式; 適格請求書なし is a purchase from a supplier
 * that is not a 適格請求書発行事業者 (経過措置 80% / 50% by the line's date, 平成28年改正法附則52・53条);
 * 返還等 are sales returns and discounts (消費税法38条) and purchase returns (32条), per rate.
 */
export const JOURNAL_TAX_CATEGORIES = {
  none: '対象外',
  sales_10: '課税売上 10%',
  sales_8: '課税売上 8%（軽減）',
  sales_ret_10: '売上の返還等 10%',
  sales_ret_8: '売上の返還等 8%（軽減）',
  purchase_10: '課税仕入 10%',
  purchase_8: '課税仕入 8%（軽減）',
  purchase_10_tx: '課税仕入 10%（課税売上対応）',
  purchase_8_tx: '課税仕入 8%（軽減・課税売上対応）',
  purchase_10_ex: '課税仕入 10%（非課税売上対応）',
  purchase_8_ex: '課税仕入 8%（軽減・非課税売上対応）',
  purchase_nq_10: '課税仕入 10%（適格請求書なし・経過措置）',
  purchase_nq_8: '課税仕入 8%（軽減・適格請求書なし・経過措置）',
  purchase_ret_10: '仕入の返還等 10%',
  purchase_ret_8: '仕入の返還等 8%（軽減）',
  /** 課税売上の貸倒れ (消費税法39条): the write-off's tax reverses 仮受消費税等. */
  bad_debt_10: '課税売上の貸倒れ 10%',
  bad_debt_8: '課税売上の貸倒れ 8%（軽減）',
  exempt: '非課税',
  non_taxable: '不課税',
  export: '輸出免税',
} as const;
export type JournalTaxCategory = keyof typeof JOURNAL_TAX_CATEGORIES;

export const ENTRY_KINDS = { normal: '通常', opening: '期首残高', closing: '決算振替', reversal: '逆仕訳' } as const;
export type EntryKind = keyof typeof ENTRY_KINDS;

/** The largest amount one line may carry (a trillion yen minus one): sums stay exact in JS numbers. */
export const MAX_LINE_AMOUNT = 999_999_999_999;
/**
 * The most a company's journal may hold in total (Σ debits of all its entries, 1,000兆円), enforced by the
 * database: every sum of amounts then stays below Number.MAX_SAFE_INTEGER (≈ 9,007兆) with room to spare,
 * so balances and statements are exact in JS numbers (docs/adr/0005-money-range.md).
 */
export const MAX_COMPANY_JOURNAL_TOTAL = 1_000_000_000_000_000;
/** The most lines one entry may have. */
export const MAX_ENTRY_LINES = 200;

const keysOf = <T extends object>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

/* ---------------------------------------------------------------- small field helpers */

export const isoDateField = (label: string) =>
  z
    .string({ error: `${label}を入力してください` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}はYYYY-MM-DD形式で入力してください`)
    .refine(isCalendarDate, `${label}に存在しない日付が指定されています`)
    .refine(isDateInRange, `${label}${DATE_RANGE_MESSAGE}`);

export const optionalDateField = (label: string) =>
  z
    .union([z.literal(''), isoDateField(label)])
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * Whole yen ≥ 0: a number or a numeric string ('' → 0); strings as typed (「１，０００円」, '¥1,000': numberInput).
 */
export const yen = (label: string) =>
  numberInput(
    z.union([z.number(), z.string(), z.null()], { error: `${label}は数値で入力してください` }).optional(),
  ).transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return 0;
    const n = typeof v === 'number' ? v : /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isFinite(n) || !Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: `${label}は円単位の整数で入力してください` });
      return z.NEVER;
    }
    if (n < 0) {
      ctx.addIssue({ code: 'custom', message: `${label}は0以上で入力してください` });
      return z.NEVER;
    }
    if (n > MAX_LINE_AMOUNT) {
      ctx.addIssue({
        code: 'custom',
        message: `${label}は${MAX_LINE_AMOUNT.toLocaleString('en-US')}円以下で入力してください`,
      });
      return z.NEVER;
    }
    return n;
  });

/* ---------------------------------------------------------------- journal entries */

export const journalLineInput = z
  .object({
    account_id: idField('勘定科目'),
    debit: yen('借方金額'),
    credit: yen('貸方金額'),
    tax_category: z
      .enum(keysOf(JOURNAL_TAX_CATEGORIES), { error: '税区分を選択してください' })
      .nullish()
      .transform((v) => v ?? 'none'),
    customer_id: optionalIdField('取引先'),
    memo: optionalText('行メモ', 255),
  })
  .superRefine((line, ctx) => {
    if (line.debit > 0 === line.credit > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['debit'],
        message: '借方金額と貸方金額のどちらか一方に1円以上の金額を入力してください',
      });
    }
  });
export type JournalLineInput = z.input<typeof journalLineInput>;
export type JournalLineValues = z.output<typeof journalLineInput>;

/** Create / update body of a journal entry (docs/product/PRODUCT.md §1). */
export const journalEntryInput = z
  .object({
    date: isoDateField('日付'),
    description: requiredText('摘要', 255),
    lines: z
      .array(journalLineInput, { error: '仕訳明細を入力してください' })
      .min(2, '仕訳明細は2行以上入力してください')
      .max(MAX_ENTRY_LINES, `仕訳明細は${MAX_ENTRY_LINES}行以内で入力してください`),
  })
  .superRefine((entry, ctx) => {
    const debit = entry.lines.reduce((s, l) => s + l.debit, 0);
    const credit = entry.lines.reduce((s, l) => s + l.credit, 0);
    if (debit !== credit) {
      ctx.addIssue({
        code: 'custom',
        path: ['lines'],
        message: `借方合計（${debit.toLocaleString('en-US')}円）と貸方合計（${credit.toLocaleString('en-US')}円）が一致していません（差額 ${Math.abs(debit - credit).toLocaleString('en-US')}円）`,
      });
    }
  });
export type JournalEntryInput = z.input<typeof journalEntryInput>;
export type JournalEntryValues = z.output<typeof journalEntryInput>;

export const JOURNAL_SORTABLE = ['date', 'number', 'id', 'created_at', 'total'] as const;

/** `GET /api/accountings` (docs/product/SPEC.md §7: keyword, company_id; docs/product/PRODUCT.md §1: from, to, account_id). */
/** `POST /api/accountings/{id}/reverse`: the reversal's date (today when absent). */
export const journalReverseInput = z.object({ date: isoDateField('日付').optional() }).nullish();
export type JournalReverseInput = z.input<typeof journalReverseInput>;

export const journalListQuery = listQuery(JOURNAL_SORTABLE, { defaultSort: 'date', defaultDir: 'desc' }).extend({
  company_id: companyIdField,
  from: optionalDateField('開始日'),
  to: optionalDateField('終了日'),
  account_id: idField('勘定科目', '勘定科目は数値で指定してください').optional(),
  /** Entries with a line of this 税区分 (and of `account_id` when both are given): the 消費税 return's links. */
  tax_category: z.enum(keysOf(JOURNAL_TAX_CATEGORIES), { error: '税区分を正しく指定してください' }).optional(),
  /** `csv`: every matching entry as 仕訳CSV (UTF-8 with BOM), one row per line; paging ignored. */
  format: z.enum(['json', 'csv'], { error: '出力形式は csv で指定してください' }).default('json'),
});
export type JournalListQuery = z.infer<typeof journalListQuery>;

export const journalLineDto = z.object({
  id: idDto,
  line_no: z.number().int(),
  account_id: idDto,
  account_code: z.string(),
  account_name: z.string(),
  debit: z.number().int(),
  credit: z.number().int(),
  tax_category: z.enum(keysOf(JOURNAL_TAX_CATEGORIES)),
  customer_id: idDto.nullable(),
  customer_name: z.string().nullable(),
  memo: z.string().nullable(),
});
export type JournalLine = z.infer<typeof journalLineDto>;

export const journalEntryDto = z.object({
  id: idDto,
  company_id: idDto,
  number: z.number().int(),
  date: dateDto,
  description: z.string(),
  kind: z.enum(keysOf(ENTRY_KINDS)),
  /** The entry this one reverses (逆仕訳), if any. */
  reversal_of_id: idDto.nullable(),
  /** The entry that reversed this one, if any. */
  reversed_by_id: idDto.nullable(),
  /** The record this entry was made from (e.g. 'transaction' and its id), changed only through it. */
  source_type: z.string().nullable(),
  source_id: idDto.nullable(),
  /** Sum of the debits (= sum of the credits). */
  total: z.number().int(),
  /** True when its date is in a locked period or a closed fiscal year: change only by reversing it. */
  locked: z.boolean(),
  lines: z.array(journalLineDto),
  created_at: timestampDto,
  updated_at: timestampDto,
});
export type JournalEntry = z.infer<typeof journalEntryDto>;

/** Answer of `POST /api/accountings/import` (with dry_run=1 nothing is written). */
export const journalImportResultDto = z.object({
  dry_run: z.boolean(),
  entries: z.number().int(),
  lines: z.number().int(),
  encoding: z.string(),
});
export type JournalImportResult = z.infer<typeof journalImportResultDto>;

/* ---------------------------------------------------------------- chart of accounts */

const accountFields = {
  code: codeInput(
    z
      .string({ error: '科目コードを入力してください' })
      .min(1, '科目コードを入力してください')
      .max(10, '科目コードは10文字以内で入力してください')
      .regex(/^[0-9A-Za-z-]+$/, '科目コードは半角英数字とハイフンで入力してください'),
  ),
  name: requiredText('勘定科目名', 50),
  kana: optionalText('勘定科目名（カナ）', 100, {
    test: isKatakana,
    message: '勘定科目名（カナ）は全角カタカナで入力してください',
  }),
  category: z.enum(keysOf(ACCOUNT_CATEGORIES), { error: '区分を選択してください' }),
  section: z.enum(keysOf(ACCOUNT_SECTIONS), { error: '表示区分を選択してください' }),
  normal_side: z.enum(['debit', 'credit'], { error: '貸借区分を選択してください' }).nullish(),
  parent_id: optionalIdField('親科目'),
  cash_flow_role: z.enum(keysOf(CASH_FLOW_ROLES), { error: 'キャッシュ・フロー区分を選択してください' }),
  default_tax_category: z
    .enum(keysOf(JOURNAL_TAX_CATEGORIES), { error: '税区分を選択してください' })
    .nullish()
    .transform((v) => v ?? 'none'),
  is_active: z.boolean({ error: '有効/無効を選択してください' }).default(true),
  sort_order: numberInput(
    z.coerce
      .number({ error: '表示順は数値で入力してください' })
      .int('表示順は整数で入力してください')
      .min(0, '表示順は0以上で入力してください')
      .max(999999, '表示順は999999以下で入力してください'),
  ).default(0),
};

const sectionMatchesCategory = (v: { category?: AccountCategory; section?: AccountSection }) =>
  !v.category || !v.section || ACCOUNT_SECTIONS[v.section].category === v.category;
const sectionMessage = {
  path: ['section'],
  message: '表示区分が区分（資産・負債・純資産・収益・費用）と一致していません',
};

/** `POST /api/company/accounts`. */
export const accountCreateInput = z.object(accountFields).refine(sectionMatchesCategory, sectionMessage);
export type AccountCreateInput = z.input<typeof accountCreateInput>;
export type AccountCreateValues = z.output<typeof accountCreateInput>;

/** `PUT /api/company/accounts/{id}`: any subset (rename, reorder, deactivate …). */
export const accountUpdateInput = z
  .object({
    code: accountFields.code.optional(),
    name: accountFields.name.optional(),
    kana: accountFields.kana,
    category: accountFields.category.optional(),
    section: accountFields.section.optional(),
    normal_side: accountFields.normal_side,
    parent_id: accountFields.parent_id,
    cash_flow_role: accountFields.cash_flow_role.optional(),
    default_tax_category: z.enum(keysOf(JOURNAL_TAX_CATEGORIES), { error: '税区分を選択してください' }).optional(),
    is_active: z.boolean({ error: '有効/無効を選択してください' }).optional(),
    sort_order: accountFields.sort_order.optional(),
  })
  .refine(sectionMatchesCategory, sectionMessage);
export type AccountUpdateInput = z.input<typeof accountUpdateInput>;

export const accountListQuery = z.object({
  keyword: z
    .string()
    .trim()
    .max(100, '検索キーワードは100文字以内で入力してください')
    .refine(hasNoControlChars, `検索キーワードに${CONTROL_CHARS_MESSAGE}`)
    .optional()
    .default(''),
  include_inactive: z
    .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false'), z.boolean()])
    .optional()
    .transform((v) => v === true || v === '1' || v === 'true'),
  company_id: companyIdField,
});

export const accountDto = z.object({
  id: idDto,
  company_id: idDto,
  code: z.string(),
  name: z.string(),
  kana: z.string().nullable(),
  category: z.enum(keysOf(ACCOUNT_CATEGORIES)),
  section: z.enum(keysOf(ACCOUNT_SECTIONS)),
  normal_side: z.enum(['debit', 'credit']),
  parent_id: idDto.nullable(),
  cash_flow_role: z.enum(keysOf(CASH_FLOW_ROLES)),
  default_tax_category: z.enum(keysOf(JOURNAL_TAX_CATEGORIES)),
  is_active: z.boolean(),
  is_system: z.boolean(),
  sort_order: z.number().int(),
  /** What an edit sends back (versioned updates). */
  updated_at: timestampDto,
  /** True when any journal line uses it (then it cannot be deleted). */
  has_entries: z.boolean().optional(),
});
export type Account = z.infer<typeof accountDto>;
