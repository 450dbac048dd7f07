import type { BankImportDetail, BankRule } from '@chobo/core';

const T = '2026-04-01T09:00:00+09:00';

/** An imported statement of the みずほ account (全銀協 file, no rows); a test overrides what it is about. */
export const bankImport = (overrides: Partial<BankImportDetail> = {}): BankImportDetail => ({
  id: 7,
  bank_account_id: 1,
  bank_account_label: 'みずほ銀行 丸の内支店 普通 1234567',
  format: 'zengin',
  format_label: '全銀協 入出金取引明細',
  encoding: 'shift_jis',
  file_name: 'zengin.txt',
  file_size: 1600,
  status: 'imported',
  total_rows: 0,
  imported_rows: 0,
  skipped_rows: 0,
  processed_rows: 0,
  confirmed_rows: 0,
  period_from: '2026-04-01',
  period_to: '2026-04-25',
  opening_balance: null,
  closing_balance: null,
  error: null,
  created_at: T,
  updated_at: T,
  rows: [],
  rows_meta: { total: 0, page: 1, per_page: 100 },
  balance_check: {
    account_id: 3,
    account_name: '普通預金',
    date: null,
    statement_balance: null,
    book_balance: null,
    difference: null,
  },
  ...overrides,
});

/** A rule that books to 地代家賃 (8) with 課税仕入10%. */
export const bankRule = (id: number, name: string, priority: number, overrides: Partial<BankRule> = {}): BankRule => ({
  id,
  name,
  priority,
  is_active: true,
  description_contains: null,
  description_regex: null,
  regex_refused: false,
  direction: 'any',
  amount_min: null,
  amount_max: null,
  counterparty_contains: null,
  account_id: 8,
  tax_category: 'purchase_10',
  customer_id: null,
  description_template: null,
  splits: [],
  updated_at: T,
  ...overrides,
});

/** The company's みずほ account, booked to 普通預金 (3). */
export const bankAccount = (overrides: { account_holder?: string } = {}) => ({
  id: 1,
  bank_code: '0001',
  bank_name: 'みずほ銀行',
  branch_code: '110',
  branch_name: '丸の内支店',
  account_type: '普通',
  account_number: '1234567',
  account_holder: 'カ）サンプル',
  account_id: 3,
  account_name: '普通預金',
  on_invoice: true,
  updated_at: T,
  ...overrides,
});
