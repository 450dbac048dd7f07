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

/**
 * はじめの設定 (a first-run checklist on the company home): each step derived from the company's data, never a stored
 * flag — 会社情報 (郵便番号・住所・代表者名), 登録番号, 振込先口座 (a bank account), 会計年度と期首残高 (a fiscal year and
 * its opening entry), 課税方式 (the 消費税設定 saved once), 最初の取引先 (a customer).
 */
export const SETUP_STEPS = {
  company_profile: { label: '会社情報', hint: '郵便番号・住所・代表者名を登録します', to: '/profile/edit' },
  registration_number: {
    label: '登録番号',
    hint: '適格請求書発行事業者の登録番号（T＋13桁）を登録します',
    to: '/profile/edit',
  },
  bank_account: { label: '振込先口座', hint: '請求書に記載する振込先口座を登録します', to: '/profile/edit' },
  fiscal_year: {
    label: '会計年度と期首残高',
    hint: '会計年度を作成し、期首残高を入力します',
    to: '/company/accountings/fiscal-years',
  },
  tax_method: { label: '課税方式', hint: '消費税の表示・端数処理・経理方式を確認して保存します', to: '/tax/edit' },
  first_customer: { label: '最初の取引先', hint: '請求先・仕入先を登録します', to: '/company/customers/create' },
} as const;
export type SetupStepKey = keyof typeof SETUP_STEPS;
export const SETUP_STEP_KEYS = Object.keys(SETUP_STEPS) as SetupStepKey[];

export const setupChecklistDto = z.object({
  steps: z.array(z.object({ key: z.enum(SETUP_STEP_KEYS as [SetupStepKey, ...SetupStepKey[]]), done: z.boolean() })),
  /** Every step done: the checklist is no longer shown. */
  done: z.boolean(),
});
export type SetupChecklist = z.infer<typeof setupChecklistDto>;

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
    /**
     * 請求書 issued or sent with something still to be paid: amount = their open remainder (total − payments
     * allocated), face_amount = their totals (請求額). Receivables (売掛金) also hold sales not yet invoiced.
     */
    open_invoices: dashboardCheckDto.extend({ face_amount: yen }),
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
  setup: setupChecklistDto,
});
export type Dashboard = z.infer<typeof dashboardDto>;
export type DashboardMonth = z.infer<typeof dashboardMonthDto>;
