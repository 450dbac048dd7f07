import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { companies, users } from './identity.js';

const yen = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

const CATEGORIES = `('asset', 'liability', 'net_assets', 'revenue', 'expense')`;
const KINDS = `('normal', 'opening', 'closing', 'reversal')`;

/** 勘定科目: the chart of accounts of one company (seeded by modules/accounting/chart-of-accounts.ts). */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 10 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    kana: varchar('kana', { length: 100 }),
    category: varchar('category', { length: 16 }).notNull(),
    section: varchar('section', { length: 32 }).notNull(),
    normal_side: varchar('normal_side', { length: 6 }).notNull(),
    parent_id: integer('parent_id'),
    cash_flow_role: varchar('cash_flow_role', { length: 32 }).notNull(),
    default_tax_category: varchar('default_tax_category', { length: 16 }).notNull().default('none'),
    /** Accounts the statements rely on (現金, 売掛金, 繰越利益剰余金 …) have a key and cannot be deleted. */
    system_key: varchar('system_key', { length: 32 }),
    is_active: boolean('is_active').notNull().default(true),
    sort_order: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique('accounts_company_code_unique').on(t.company_id, t.code),
    unique('accounts_id_company_unique').on(t.id, t.company_id),
    uniqueIndex('accounts_company_system_key_unique')
      .on(t.company_id, t.system_key)
      .where(sql`${t.system_key} is not null`),
    foreignKey({ columns: [t.parent_id, t.company_id], foreignColumns: [t.id, t.company_id] }),
    check('accounts_category_check', sql`${t.category} in ${sql.raw(CATEGORIES)}`),
    check('accounts_normal_side_check', sql`${t.normal_side} in ('debit', 'credit')`),
    check('accounts_code_check', sql`${t.code} ~ '^[0-9A-Za-z-]{1,10}$'`),
    check('accounts_parent_check', sql`${t.parent_id} is null or ${t.parent_id} <> ${t.id}`),
  ],
);

/** Per-company counter of journal entry numbers (UPDATE … RETURNING serialises concurrent postings). */
export const journalCounters = pgTable('journal_counters', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  last_number: integer('last_number').notNull().default(0),
});

/**
 * Σ journal_entries.total per company, kept by the trigger `journal_entries_total_apply` (migration
 * company_journal_total_bound), which refuses an entry taking it past MAX_COMPANY_JOURNAL_TOTAL (1,000兆円):
 * then every balance, total and statement figure stays an exact JS number (docs/adr/0005-money-range.md).
 */
const MAX_COMPANY_JOURNAL_TOTAL = 1_000_000_000_000_000; // = MAX_COMPANY_JOURNAL_TOTAL of @chobo/core
export const companyJournalTotals = pgTable(
  'company_journal_totals',
  {
    company_id: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    debit: yen('debit'),
  },
  (t) => [
    check(
      'company_journal_totals_debit_check',
      sql`${t.debit} >= 0 and ${t.debit} <= ${sql.raw(String(MAX_COMPANY_JOURNAL_TOTAL))}`,
    ),
  ],
);

/** 仕訳. Balanced at commit by the deferred trigger `journal_entries_balanced` (migration 0004). */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    description: varchar('description', { length: 255 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull().default('normal'),
    reversal_of_id: integer('reversal_of_id'),
    /** Sum of the debits (= sum of the credits), checked at commit. */
    total: yen('total'),
    source_type: varchar('source_type', { length: 32 }),
    source_id: integer('source_id'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    unique('journal_entries_company_number_unique').on(t.company_id, t.number),
    unique('journal_entries_id_company_unique').on(t.id, t.company_id),
    uniqueIndex('journal_entries_reversal_unique').on(t.reversal_of_id).where(sql`${t.reversal_of_id} is not null`),
    foreignKey({ columns: [t.reversal_of_id, t.company_id], foreignColumns: [t.id, t.company_id] }),
    index('journal_entries_company_date_idx').on(t.company_id, t.date, t.id),
    check('journal_entries_kind_check', sql`${t.kind} in ${sql.raw(KINDS)}`),
    check('journal_entries_total_check', sql`${t.total} > 0`),
    check('journal_entries_number_check', sql`${t.number} > 0`),
  ],
);

/**
 * The number of journal entries per company and day, maintained by the trigger `journal_daily_counts_apply`
 * on journal_entries in the same transaction as every posting (docs/adr/0012-journal-list-daily-counts.md):
 * the journal list's total and the day a page starts on are read from here, not counted over the entries.
 */
export const journalDailyCounts = pgTable(
  'journal_daily_counts',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    entries: integer('entries').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.company_id, t.date] }),
    check('journal_daily_counts_entries_check', sql`${t.entries} >= 0`),
  ],
);

/**
 * The same counts per company and month (`month` = its first day), kept from journal_daily_counts by the
 * trigger `journal_monthly_counts_apply` on that table (migration journal-monthly-counts, ADR 0030), so
 * whatever keeps the daily counts keeps these: the journal list's total and the month a page starts in are
 * read from a few rows per year instead of one per day.
 */
export const journalMonthlyCounts = pgTable(
  'journal_monthly_counts',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    entries: integer('entries').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.company_id, t.month] }),
    check('journal_monthly_counts_entries_check', sql`${t.entries} >= 0`),
  ],
);

/**
 * The version of each company's journal as its pages show it (ADR 0037): a value of the sequence
 * `journal_version_seq`, set at commit (deferred constraint triggers, migration journal-versions) by every
 * transaction that changes the company's entries or lines, an account's code or name, a customer's name or a
 * period lock. The journal list keeps pages in memory under it; a value is never reused, even after a rollback.
 */
export const journalVersions = pgTable('journal_versions', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** 仕訳明細: exactly one of debit/credit is > 0. `date` and `kind` repeat the entry's (checked at commit). */
export const journalLines = pgTable(
  'journal_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id').notNull(),
    entry_id: integer('entry_id').notNull(),
    line_no: smallint('line_no').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull().default('normal'),
    account_id: integer('account_id').notNull(),
    debit: yen('debit'),
    credit: yen('credit'),
    tax_category: varchar('tax_category', { length: 16 }).notNull().default('none'),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    memo: varchar('memo', { length: 255 }),
  },
  (t) => [
    foreignKey({
      columns: [t.entry_id, t.company_id],
      foreignColumns: [journalEntries.id, journalEntries.company_id],
    }).onDelete('cascade'),
    // cascade only so that deleting a company passes; deleting a used account alone unbalances its
    // entries and is refused at commit by the balance trigger
    foreignKey({ columns: [t.account_id, t.company_id], foreignColumns: [accounts.id, accounts.company_id] }).onDelete(
      'cascade',
    ),
    unique('journal_lines_entry_line_unique').on(t.entry_id, t.line_no),
    index('journal_lines_ledger_idx').on(t.company_id, t.account_id, t.date, t.entry_id, t.id),
    index('journal_lines_entry_idx').on(t.entry_id),
    check(
      'journal_lines_amount_check',
      sql`${t.debit} >= 0 and ${t.credit} >= 0 and (${t.debit} > 0) <> (${t.credit} > 0)`,
    ),
    check('journal_lines_kind_check', sql`${t.kind} in ${sql.raw(KINDS)}`),
  ],
);

/**
 * Per-account, per-day, per-kind sums of the posted lines, maintained by the trigger on journal_lines in
 * the same transaction as every posting, so statements never scan lines.
 */
export const accountDailyBalances = pgTable(
  'account_daily_balances',
  {
    company_id: integer('company_id').notNull(),
    account_id: integer('account_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    debit: yen('debit'),
    credit: yen('credit'),
    line_count: integer('line_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.company_id, t.account_id, t.date, t.kind] }),
    foreignKey({ columns: [t.account_id, t.company_id], foreignColumns: [accounts.id, accounts.company_id] }).onDelete(
      'cascade',
    ),
    index('account_daily_balances_company_date_idx').on(t.company_id, t.date),
    check('account_daily_balances_check', sql`${t.debit} >= 0 and ${t.credit} >= 0 and ${t.line_count} >= 0`),
  ],
);

/** The same sums per account, MONTH (first day) and kind: full months of a period read these. */
export const accountMonthlyBalances = pgTable(
  'account_monthly_balances',
  {
    company_id: integer('company_id').notNull(),
    account_id: integer('account_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    debit: yen('debit'),
    credit: yen('credit'),
    line_count: integer('line_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.company_id, t.account_id, t.month, t.kind] }),
    foreignKey({ columns: [t.account_id, t.company_id], foreignColumns: [accounts.id, accounts.company_id] }).onDelete(
      'cascade',
    ),
    index('account_monthly_balances_company_month_idx').on(t.company_id, t.month),
    check('account_monthly_balances_month_check', sql`extract(day from ${t.month}) = 1`),
    check('account_monthly_balances_check', sql`${t.debit} >= 0 and ${t.credit} >= 0 and ${t.line_count} >= 0`),
  ],
);

/**
 * The taxable journal lines (税区分 other than 対象外) per company, day, account and 税区分: amount Σ(credit − debit),
 * n lines, tax Σ(credit − debit) of each line's 仮受 / 仮払消費税等 line at line_no + 1. Kept by statement triggers
 * on journal_lines in the same transaction (migration 0047, ADR 0059); the consumption-tax fill reads it.
 */
export const journalTaxDailySums = pgTable(
  'journal_tax_daily_sums',
  {
    company_id: integer('company_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    account_id: integer('account_id').notNull(),
    tax_category: varchar('tax_category', { length: 16 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    n: integer('n').notNull().default(0),
    tax: bigint('tax', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'journal_tax_daily_sums_pk', columns: [t.company_id, t.date, t.account_id, t.tax_category] }),
    foreignKey({
      name: 'journal_tax_daily_sums_account_fk',
      columns: [t.account_id, t.company_id],
      foreignColumns: [accounts.id, accounts.company_id],
    }).onDelete('cascade'),
    index('journal_tax_daily_sums_account_idx').on(t.account_id),
  ],
);

/** 会計年度. */
export const fiscalYears = pgTable(
  'fiscal_years',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 8 }).notNull().default('open'),
    opening_entry_id: integer('opening_entry_id').references(() => journalEntries.id, { onDelete: 'set null' }),
    closing_entry_id: integer('closing_entry_id').references(() => journalEntries.id, { onDelete: 'restrict' }),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    closed_by: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    unique('fiscal_years_company_start_unique').on(t.company_id, t.start_date),
    check('fiscal_years_dates_check', sql`${t.end_date} > ${t.start_date}`),
    check('fiscal_years_status_check', sql`${t.status} in ('open', 'closed')`),
    check('fiscal_years_closed_check', sql`(${t.status} = 'closed') = (${t.closed_at} is not null)`),
  ],
);

/** 締め: a locked month or fiscal year; postings dated inside are refused. */
export const periodLocks = pgTable(
  'period_locks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 5 }).notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    locked_by: integer('locked_by').references(() => users.id, { onDelete: 'set null' }),
    locked_at: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('period_locks_company_period_unique').on(t.company_id, t.kind, t.start_date),
    index('period_locks_company_idx').on(t.company_id, t.start_date, t.end_date),
    check('period_locks_kind_check', sql`${t.kind} in ('month', 'year')`),
    check('period_locks_dates_check', sql`${t.end_date} >= ${t.start_date}`),
  ],
);
