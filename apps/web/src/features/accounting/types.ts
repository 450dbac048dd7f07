/** The accounting shapes of @chobo/core (contracts/accounting.ts) used by these pages. */
export type {
  Account,
  BalanceSheet,
  CashFlowStatement,
  Drill,
  FiscalYear,
  IncomeStatement,
  JournalEntry,
  JournalLine,
  Ledger,
  LedgerLine,
  LedgerPage,
  Period,
  PeriodLock,
  Statement,
  StatementRow,
  TrialBalance,
  TrialBalanceRow,
} from '@chobo/core';

/** The create / update body the form sends (PRODUCT.md §1 journal entry body). */
export interface JournalEntryBody {
  date: string;
  description: string;
  lines: { account_id: number; debit: number; credit: number; memo: string | null; tax_category?: string }[];
}
