import { z } from 'zod';
import { ACCOUNT_CATEGORIES, ACCOUNT_SECTIONS, isoDateField, optionalDateField, yen } from './accounting.js';
import { companyIdField, dateDto, idDto, idField, idFilter, pageMetaDto, timestampDto } from './common.js';

/* Books, statements, fiscal years and period locks of the accounting core (docs/product/PRODUCT.md §1 shapes). */

/* ---------------------------------------------------------------- books and statements */

const companyIdParam = companyIdField;
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
    fiscal_year_id: idFilter('会計年度'),
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
    fiscal_year_id: idFilter('会計年度'),
    company_id: companyIdParam,
    format: formatParam,
  })
  .refine(periodRefine, periodMessage);
export type BalanceSheetQuery = z.infer<typeof balanceSheetQuery>;

export const LEDGER_PER_PAGE = 50;

export const ledgerQuery = z
  .object({
    account_id: idField('勘定科目'),
    /** 取引先別 sub-ledger: only the lines of this customer, its own opening balance. */
    customer_id: idFilter('取引先'),
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

const keysOf = <T extends object>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];
const yenDto = z.number().int();

export const periodDto = z.object({ from: dateDto, to: dateDto });
export type Period = z.infer<typeof periodDto>;

/** Where a figure drills down to: the ledger of this account over this period. */
export const drillDto = z.object({ account_id: idDto, from: dateDto, to: dateDto });
export type Drill = z.infer<typeof drillDto>;

/** One account behind a figure made of several (キャッシュ・フロー計算書): its ledger over the period. */
export const drillAccountDto = drillDto.extend({ code: z.string(), name: z.string() });
export type DrillAccount = z.infer<typeof drillAccountDto>;

/**
 * One row of a statement. `header` rows title a section (no amount), `account` rows carry an account,
 * `subtotal` / `total` rows carry sums; `label` is what is printed (losses already say 損失).
 */
export const statementRowDto = z.object({
  kind: z.enum(['header', 'account', 'subtotal', 'total']),
  /** Stable identifier of the row (a section or line key, or `account:<id>`). */
  key: z.string(),
  label: z.string(),
  /** Indentation level, 0 = top. */
  level: z.number().int(),
  account_id: idDto.nullable(),
  code: z.string().nullable(),
  amount: yenDto.nullable(),
  previous: yenDto.nullable(),
  /** The ledger behind the figure when it comes from one account (else null). */
  drill: drillDto.nullable(),
  /**
   * Every account behind the figure, each with its ledger over the period (only rows computed from accounts,
   * e.g. the キャッシュ・フロー計算書 lines; when there is exactly one, `drill` names it too).
   */
  drill_accounts: z.array(drillAccountDto).optional(),
});
export type StatementRow = z.infer<typeof statementRowDto>;

/** A statement with totals of the shape `totals`. */
export function statementOf<T extends z.ZodType>(totals: T) {
  return z.object({
    period: periodDto,
    previous_period: periodDto.nullable(),
    rows: z.array(statementRowDto),
    totals,
    previous_totals: totals.nullable(),
  });
}

export interface Statement<T> {
  period: Period;
  previous_period: Period | null;
  rows: StatementRow[];
  totals: T;
  previous_totals: T | null;
}

export const trialBalanceRowDto = z.object({
  account_id: idDto,
  code: z.string(),
  name: z.string(),
  category: z.enum(keysOf(ACCOUNT_CATEGORIES)),
  section: z.enum(keysOf(ACCOUNT_SECTIONS)),
  normal_side: z.enum(['debit', 'credit']),
  /** Balances are signed by the account's normal side (positive = on its normal side). */
  opening: yenDto,
  debit: yenDto,
  credit: yenDto,
  closing: yenDto,
  drill: drillDto,
});
export type TrialBalanceRow = z.infer<typeof trialBalanceRowDto>;

export const trialBalanceDto = z.object({
  period: periodDto,
  rows: z.array(trialBalanceRowDto),
  totals: z.object({ debit: yenDto, credit: yenDto }),
});
export type TrialBalance = z.infer<typeof trialBalanceDto>;

/**
 * 月次推移試算表 (`GET /api/company/trial-balance/monthly`): per account one figure a month of the period —
 * 資産・負債・純資産 the month-end balance, 収益・費用 the month's amount (as 弥生 / freee 推移表) — and the
 * year's figure (BS: the closing balance, PL: the sum of the months). Balances signed by the normal side.
 */
export const monthlyTrialBalanceRowDto = trialBalanceRowDto
  .pick({
    account_id: true,
    code: true,
    name: true,
    category: true,
    section: true,
    normal_side: true,
    opening: true,
    closing: true,
  })
  .extend({
    /** balance: each month-end's balance (BS); amount: each month's movement (PL). */
    kind: z.enum(['balance', 'amount']),
    months: z.array(yenDto),
    total: yenDto,
  });
export type MonthlyTrialBalanceRow = z.infer<typeof monthlyTrialBalanceRowDto>;

export const monthlyTrialBalanceDto = z.object({
  period: periodDto,
  /** 'YYYY-MM' of each column. */
  months: z.array(z.string()),
  rows: z.array(monthlyTrialBalanceRowDto),
});
export type MonthlyTrialBalance = z.infer<typeof monthlyTrialBalanceDto>;

export const balanceSheetTotalsDto = z.object({ assets: yenDto, liabilities: yenDto, net_assets: yenDto });
export type BalanceSheetTotals = z.infer<typeof balanceSheetTotalsDto>;

export const incomeStatementTotalsDto = z.object({
  net_sales: yenDto,
  gross_profit: yenDto,
  operating_income: yenDto,
  ordinary_income: yenDto,
  income_before_tax: yenDto,
  net_income: yenDto,
});
export type IncomeStatementTotals = z.infer<typeof incomeStatementTotalsDto>;

export const cashFlowTotalsDto = z.object({
  operating: yenDto,
  investing: yenDto,
  financing: yenDto,
  net_change: yenDto,
  cash_begin: yenDto,
  cash_end: yenDto,
});
export type CashFlowTotals = z.infer<typeof cashFlowTotalsDto>;

export const balanceSheetDto = statementOf(balanceSheetTotalsDto).extend({ date: dateDto });
export type BalanceSheet = z.infer<typeof balanceSheetDto>;

export const monthlyProfitDto = z.object({
  /** 'YYYY-MM' */
  month: z.string(),
  net_sales: yenDto,
  gross_profit: yenDto,
  operating_income: yenDto,
  net_income: yenDto,
});
export type MonthlyProfit = z.infer<typeof monthlyProfitDto>;

/** The income statement also carries the month-by-month trend of the period (for a chart). */
export const incomeStatementDto = statementOf(incomeStatementTotalsDto).extend({ monthly: z.array(monthlyProfitDto) });
export type IncomeStatement = z.infer<typeof incomeStatementDto>;

export const cashFlowStatementDto = statementOf(cashFlowTotalsDto);
export type CashFlowStatement = z.infer<typeof cashFlowStatementDto>;

/** The five profit stages and their labels when negative (docs/product/FACTS.md §1). */
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

export const ledgerLineDto = z.object({
  line_id: idDto,
  entry_id: idDto,
  entry_number: z.number().int(),
  date: dateDto,
  description: z.string(),
  memo: z.string().nullable(),
  /** The record the entry was made from (e.g. a 受注取引), linked from the ledger. */
  source_type: z.string().nullable(),
  source_id: idDto.nullable(),
  /** The other side's account (its tax lines aside), or 諸口 when it has several (core ledgerContra). */
  contra_account_id: idDto.nullable(),
  contra_account_name: z.string(),
  debit: yenDto,
  credit: yenDto,
  /** Balance after this line, signed by the account's normal side. */
  balance: yenDto,
});
export type LedgerLine = z.infer<typeof ledgerLineDto>;

export const ledgerDto = z.object({
  account: z.object({
    id: idDto,
    code: z.string(),
    name: z.string(),
    normal_side: z.enum(['debit', 'credit']),
    category: z.enum(keysOf(ACCOUNT_CATEGORIES)),
  }),
  /** The customer of a 取引先別 ledger (customer_id), else null. */
  customer: z.object({ id: idDto, name: z.string() }).nullable(),
  period: periodDto,
  /** Balance before the first line of THIS page (前期繰越 on page 1, 前頁繰越 after). */
  carried_forward: yenDto,
  /** Balance before `from` (前期繰越). */
  opening: yenDto,
  /** Balance at the end of the period. */
  closing: yenDto,
  lines: z.array(ledgerLineDto),
});
export type Ledger = z.infer<typeof ledgerDto>;

/** `GET /api/company/ledger`: one page of the lines (`meta` counts lines). */
export const ledgerPageDto = z.object({ data: ledgerDto, meta: pageMetaDto });
export type LedgerPage = z.infer<typeof ledgerPageDto>;

/* ---------------------------------------------------------------- fiscal years and locks */

export const fiscalYearDto = z.object({
  id: idDto,
  company_id: idDto,
  start_date: dateDto,
  end_date: dateDto,
  label: z.string(),
  status: z.enum(['open', 'closed']),
  closed_at: timestampDto.nullable(),
  closing_entry_id: idDto.nullable(),
});
export type FiscalYear = z.infer<typeof fiscalYearDto>;

/** Answer of closing a year: the year and the net income transferred (決算振替). */
export const closedFiscalYearDto = fiscalYearDto.extend({ net_income: yenDto });

export const fiscalYearCreateInput = z.object({
  /** Start date of the year; omitted → the year after the latest, or the one containing today. */
  start_date: optionalDateField('開始日'),
  opening_balances: z
    .array(z.object({ account_id: idField('勘定科目'), debit: yen('借方金額'), credit: yen('貸方金額') }))
    .max(500)
    .optional(),
});
export type FiscalYearCreateInput = z.input<typeof fiscalYearCreateInput>;
export type FiscalYearCreateValues = z.output<typeof fiscalYearCreateInput>;

export const periodLockDto = z.object({
  id: idDto,
  company_id: idDto,
  kind: z.enum(['month', 'year']),
  start_date: dateDto,
  end_date: dateDto,
  locked_by: idDto.nullable(),
  locked_by_name: z.string().nullable(),
  locked_at: timestampDto,
});
export type PeriodLock = z.infer<typeof periodLockDto>;

export const periodLockInput = z.object({
  kind: z.enum(['month', 'year'], { error: '締めの単位（月または年度）を選択してください' }),
  /** Month: any date in that month. Year: any date in that fiscal year. */
  date: isoDateField('対象日'),
});
export type PeriodLockInput = z.input<typeof periodLockInput>;
