import { z } from 'zod';

/**
 * GET /api/company/dashboard — the company home's figures, read from the books at today's date (Asia/Tokyo).
 * receivables / payables / cash are the closing balances of the trial balance at today (売掛金 / 買掛金 + 未払金 /
 * 現金及び預金, sub-accounts included); sales_this_month is this month's 売上高; monthly holds 12 months ending with
 * the current one (売上高 and every expense account, ordinary entries only).
 */
const yen = z.number().int();
const count = z.number().int().nonnegative();

export const dashboardMonthDto = z.object({
  /** 'YYYY-MM' */
  month: z.string(),
  sales: yen,
  expenses: yen,
});

export const dashboardCheckDto = z.object({ count, amount: yen });

/** Today's attendance (for callers who manage attendance: attendance.index, or an administrator's read-only view). */
export const dashboardAttendanceDto = z.object({
  total: count,
  clocked_in: count,
  on_break: count,
  clocked_out: count,
  not_clocked_in: count,
});

export const dashboardDto = z.object({
  /** 'YYYY-MM-DD' the figures are read at. */
  as_of: z.string(),
  /** The fiscal year containing as_of (the trial balance's period). */
  period: z.object({ from: z.string(), to: z.string() }),
  sales_this_month: yen,
  receivables: yen,
  payables: yen,
  cash: yen,
  /** Account ids behind each tile (the ledger links open them). */
  accounts: z.object({
    receivables: z.number().int().nullable(),
    payables: z.number().int().nullable(),
    cash: z.number().int().nullable(),
    sales: z.number().int().nullable(),
  }),
  monthly: z.array(dashboardMonthDto),
  /** What a manager checks every morning, as the modules land. */
  checks: z.object({
    /** 請求書 issued or sent, not yet paid. */
    open_invoices: dashboardCheckDto,
    /** 受注取引 still 未請求 (status 0). */
    unbilled_sales: dashboardCheckDto,
    /** 発注取引 not yet paid whose 支払期日 is within 7 days or past (amount = their totals). */
    payables_due: dashboardCheckDto,
    /** OCR documents read (完了) and waiting for a person to check and register them (amount = read totals). */
    ocr_to_confirm: dashboardCheckDto,
    /** Imported bank rows not yet turned into journal entries (amount = their amounts). */
    bank_rows_unconfirmed: dashboardCheckDto,
  }),
  attendance_today: dashboardAttendanceDto.optional(),
});
export type Dashboard = z.infer<typeof dashboardDto>;
export type DashboardMonth = z.infer<typeof dashboardMonthDto>;
