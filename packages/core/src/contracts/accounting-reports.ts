import { z } from 'zod';
import {
  type Account,
  type AccountCategory,
  type AccountSection,
  isoDateField,
  type NormalSide,
  optionalDateField,
  positiveIdField,
  yen,
} from './accounting.js';
import type { PageMeta } from './common.js';

/* Books, statements, fiscal years and period locks of the accounting core (PRODUCT.md §1 shapes). */

/* ---------------------------------------------------------------- books and statements */

const companyIdParam = z.coerce.number({ error: '企業IDは数値で指定してください' }).int().positive().optional();
const formatParam = z
  .enum(['json', 'csv', 'pdf'], { error: '出力形式は csv または pdf で指定してください' })
  .default('json');

const periodRefine = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
const periodMessage = { path: ['to'], message: '終了日は開始日以降の日付を指定してください' };

/** `?from&to` (omitted: the current fiscal year), `company_id` for admins, `format`. */
export const periodQuery = z
  .object({
    from: optionalDateField('開始日'),
    to: optionalDateField('終了日'),
    fiscal_year_id: z.coerce.number().int().positive().optional(),
    compare: z
      .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
      .optional()
      .transform((v) => v !== '0' && v !== 'false'),
    company_id: companyIdParam,
    format: formatParam,
  })
  .refine(periodRefine, periodMessage);
export type PeriodQuery = z.infer<typeof periodQuery>;

/** Balance sheet: `?date` (as of) or `from&to` (as of `to`, previous = the day before `from`). */
export const balanceSheetQuery = z
  .object({
    date: optionalDateField('基準日'),
    from: optionalDateField('開始日'),
    to: optionalDateField('終了日'),
    fiscal_year_id: z.coerce.number().int().positive().optional(),
    company_id: companyIdParam,
    format: formatParam,
  })
  .refine(periodRefine, periodMessage);
export type BalanceSheetQuery = z.infer<typeof balanceSheetQuery>;

export const LEDGER_PER_PAGE = 50;

export const ledgerQuery = z
  .object({
    account_id: positiveIdField('勘定科目'),
    from: optionalDateField('開始日'),
    to: optionalDateField('終了日'),
    page: z.coerce
      .number({ error: 'ページは数値で指定してください' })
      .int()
      .min(1, 'ページは1以上で指定してください')
      .default(1),
    per_page: z.coerce.number().int().min(1).max(500, '表示件数は500以下で指定してください').default(LEDGER_PER_PAGE),
    company_id: companyIdParam,
    format: formatParam,
  })
  .refine(periodRefine, periodMessage);
export type LedgerQuery = z.infer<typeof ledgerQuery>;

export interface Period {
  from: string;
  to: string;
}

/** Where a figure drills down to: the ledger of this account over this period. */
export interface Drill {
  account_id: number;
  from: string;
  to: string;
}

/** One account behind a figure made of several (キャッシュ・フロー計算書): its ledger over the period. */
export interface DrillAccount extends Drill {
  code: string;
  name: string;
}

/**
 * One row of a statement. `header` rows title a section (no amount), `account` rows carry an account,
 * `subtotal` / `total` rows carry sums; `label` is what is printed (losses already say 損失).
 */
export interface StatementRow {
  kind: 'header' | 'account' | 'subtotal' | 'total';
  /** Stable identifier of the row (a section or line key, or `account:<id>`). */
  key: string;
  label: string;
  /** Indentation level, 0 = top. */
  level: number;
  account_id: number | null;
  code: string | null;
  amount: number | null;
  previous: number | null;
  /** The ledger behind the figure when it comes from one account (else null). */
  drill: Drill | null;
  /**
   * Every account behind the figure, each with its ledger over the period (only rows computed from accounts,
   * e.g. the キャッシュ・フロー計算書 lines; when there is exactly one, `drill` names it too).
   */
  drill_accounts?: DrillAccount[];
}

export interface Statement<T> {
  period: Period;
  previous_period: Period | null;
  rows: StatementRow[];
  totals: T;
  previous_totals: T | null;
}

export interface TrialBalanceRow {
  account_id: number;
  code: string;
  name: string;
  category: AccountCategory;
  section: AccountSection;
  normal_side: NormalSide;
  /** Balances are signed by the account's normal side (positive = on its normal side). */
  opening: number;
  debit: number;
  credit: number;
  closing: number;
  drill: Drill;
}
export interface TrialBalance {
  period: Period;
  rows: TrialBalanceRow[];
  totals: { debit: number; credit: number };
}

export interface BalanceSheetTotals {
  assets: number;
  liabilities: number;
  net_assets: number;
}
export interface IncomeStatementTotals {
  net_sales: number;
  gross_profit: number;
  operating_income: number;
  ordinary_income: number;
  income_before_tax: number;
  net_income: number;
}
export interface CashFlowTotals {
  operating: number;
  investing: number;
  financing: number;
  net_change: number;
  cash_begin: number;
  cash_end: number;
}
export type BalanceSheet = Statement<BalanceSheetTotals> & { date: string };
export interface MonthlyProfit {
  /** 'YYYY-MM' */
  month: string;
  net_sales: number;
  gross_profit: number;
  operating_income: number;
  net_income: number;
}
/** The income statement also carries the month-by-month trend of the period (for a chart). */
export type IncomeStatement = Statement<IncomeStatementTotals> & { monthly: MonthlyProfit[] };
export type CashFlowStatement = Statement<CashFlowTotals>;

/** The five profit stages and their labels when negative (FACTS.md §1). */
export const PROFIT_STAGES = {
  gross_profit: { profit: '売上総利益', loss: '売上総損失' },
  operating_income: { profit: '営業利益', loss: '営業損失' },
  ordinary_income: { profit: '経常利益', loss: '経常損失' },
  income_before_tax: { profit: '税引前当期純利益', loss: '税引前当期純損失' },
  net_income: { profit: '当期純利益', loss: '当期純損失' },
} as const;

export function profitLabel(stage: keyof typeof PROFIT_STAGES, amount: number): string {
  return amount < 0 ? PROFIT_STAGES[stage].loss : PROFIT_STAGES[stage].profit;
}

export interface LedgerLine {
  line_id: number;
  entry_id: number;
  entry_number: number;
  date: string;
  description: string;
  memo: string | null;
  /** The other side's account name, or 諸口 when the entry has several. */
  contra_account_id: number | null;
  contra_account_name: string;
  debit: number;
  credit: number;
  /** Balance after this line, signed by the account's normal side. */
  balance: number;
}

export interface Ledger {
  account: Pick<Account, 'id' | 'code' | 'name' | 'normal_side' | 'category'>;
  period: Period;
  /** Balance before the first line of THIS page (前期繰越 on page 1, 前頁繰越 after). */
  carried_forward: number;
  /** Balance before `from` (前期繰越). */
  opening: number;
  /** Balance at the end of the period. */
  closing: number;
  lines: LedgerLine[];
}
export interface LedgerPage {
  data: Ledger;
  meta: PageMeta;
}

/* ---------------------------------------------------------------- fiscal years and locks */

export interface FiscalYear {
  id: number;
  company_id: number;
  start_date: string;
  end_date: string;
  label: string;
  status: 'open' | 'closed';
  closed_at: string | null;
  closing_entry_id: number | null;
}

export const fiscalYearCreateInput = z.object({
  /** Start date of the year; omitted → the year after the latest, or the one containing today. */
  start_date: optionalDateField('開始日'),
  opening_balances: z
    .array(z.object({ account_id: positiveIdField('勘定科目'), debit: yen('借方金額'), credit: yen('貸方金額') }))
    .max(500)
    .optional(),
});
export type FiscalYearCreateInput = z.input<typeof fiscalYearCreateInput>;
export type FiscalYearCreateValues = z.output<typeof fiscalYearCreateInput>;

export interface PeriodLock {
  id: number;
  company_id: number;
  kind: 'month' | 'year';
  start_date: string;
  end_date: string;
  locked_by: number | null;
  locked_by_name: string | null;
  locked_at: string;
}

export const periodLockInput = z.object({
  kind: z.enum(['month', 'year'], { error: '締めの単位（月または年度）を選択してください' }),
  /** Month: any date in that month. Year: any date in that fiscal year. */
  date: isoDateField('対象日'),
});
export type PeriodLockInput = z.input<typeof periodLockInput>;
