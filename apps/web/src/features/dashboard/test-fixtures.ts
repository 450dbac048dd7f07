import { type Dashboard, SETUP_STEP_KEYS } from '@chobo/core';

/** A dashboard answer for component tests (figures chosen to be told apart). */
export const DASHBOARD: Dashboard = {
  as_of: '2026-11-21',
  period: { from: '2026-04-01', to: '2027-03-31' },
  sales_this_month: 1_250_000,
  receivables: 3_300_000,
  payables: 880_000,
  cash: 12_345_678,
  accounts: { receivables: 6, payables: 30, cash: 2, sales: 60 },
  monthly: Array.from({ length: 12 }, (_, i) => {
    const m = ((i + 11) % 12) + 1;
    const y = m >= 12 ? 2025 : 2026;
    return { month: `${y}-${String(m).padStart(2, '0')}`, sales: 3_000_000 + i * 10_000, expenses: 2_000_000 };
  }),
  checks: {
    open_invoices: { count: 3, amount: 1_650_000, face_amount: 1_980_000 },
    unbilled_sales: { count: 5, amount: 990_000 },
    payables_due: { count: 2, amount: 330_000 },
    ocr_to_confirm: { count: 1, amount: 11_000 },
    bank_rows_unconfirmed: { count: 4, amount: 52_800 },
  },
  // an established company: はじめの設定 is done (the checklist's own tests open steps)
  setup: { done: true, steps: SETUP_STEP_KEYS.map((key) => ({ key, done: true })) },
};
