import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts, journalEntries } from './accounting.js';
import { customers } from './customers.js';
import { companies, users } from './identity.js';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * The company's bank accounts: ONE list, used for imports (linked 勘定科目) and on invoices (`on_invoice`,
 * at most one). Replaces companies.bank_accounts (migrated into this table).
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    bank_code: varchar('bank_code', { length: 4 }),
    bank_name: varchar('bank_name', { length: 100 }).notNull(),
    branch_code: varchar('branch_code', { length: 3 }),
    branch_name: varchar('branch_name', { length: 100 }).notNull(),
    account_type: varchar('account_type', { length: 10 }).notNull(),
    account_number: varchar('account_number', { length: 10 }).notNull(),
    account_holder: varchar('account_holder', { length: 100 }).notNull(),
    account_id: integer('account_id'),
    on_invoice: boolean('on_invoice').notNull().default(false),
    sort_order: integer('sort_order').notNull().default(0),
    /**
     * Paying by 全銀 file from this account (issue 28): 振込依頼人コード (10 digits, given by the bank), 振込依頼人名
     * in the banks' half-width kana, the bank's and branch's kana names (zengin-code, looked up when saved),
     * and the 先方負担 fee table deducted from a supplier's transfer: same branch / same bank / other bank ×
     * under 30,000円 / 30,000円 and over. Null until set.
     */
    transfer_requester_code: varchar('transfer_requester_code', { length: 10 }),
    transfer_requester_name_kana: varchar('transfer_requester_name_kana', { length: 40 }),
    transfer_bank_name_kana: varchar('transfer_bank_name_kana', { length: 100 }),
    transfer_branch_name_kana: varchar('transfer_branch_name_kana', { length: 100 }),
    fee_same_branch_under: integer('fee_same_branch_under'),
    fee_same_branch_over: integer('fee_same_branch_over'),
    fee_same_bank_under: integer('fee_same_bank_under'),
    fee_same_bank_over: integer('fee_same_bank_over'),
    fee_other_bank_under: integer('fee_other_bank_under'),
    fee_other_bank_over: integer('fee_other_bank_over'),
    ...timestamps,
  },
  (t) => [
    foreignKey({ columns: [t.account_id, t.company_id], foreignColumns: [accounts.id, accounts.company_id] }),
    check('bank_accounts_transfer_requester_code_check', sql`${t.transfer_requester_code} ~ '^[0-9]{10}$'`),
    check(
      'bank_accounts_transfer_fees_check',
      sql`coalesce(${t.fee_same_branch_under}, 0) between 0 and 100000 and coalesce(${t.fee_same_branch_over}, 0) between 0 and 100000
        and coalesce(${t.fee_same_bank_under}, 0) between 0 and 100000 and coalesce(${t.fee_same_bank_over}, 0) between 0 and 100000
        and coalesce(${t.fee_other_bank_under}, 0) between 0 and 100000 and coalesce(${t.fee_other_bank_over}, 0) between 0 and 100000`,
    ),
    uniqueIndex('bank_accounts_one_on_invoice').on(t.company_id).where(sql`${t.on_invoice}`),
    index('bank_accounts_company_idx').on(t.company_id, t.sort_order, t.id),
  ],
);

/** A saved column mapping for a CSV of any other bank (chosen once, reused as format `mapping:<id>`). */
export const bankCsvMappings = pgTable('bank_csv_mappings', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 100 }).notNull(),
  skip_rows: smallint('skip_rows').notNull().default(0),
  has_header: boolean('has_header').notNull().default(true),
  date_column: smallint('date_column').notNull(),
  amount_column: smallint('amount_column'),
  in_column: smallint('in_column'),
  out_column: smallint('out_column'),
  description_column: smallint('description_column').notNull(),
  counterparty_column: smallint('counterparty_column'),
  balance_column: smallint('balance_column'),
  ...timestamps,
});

/** One imported statement file (kept write-once in storage under storage_key). */
export const bankStatementImports = pgTable(
  'bank_statement_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    bank_account_id: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    format: varchar('format', { length: 32 }).notNull(),
    encoding: varchar('encoding', { length: 16 }).notNull(),
    file_name: varchar('file_name', { length: 255 }).notNull(),
    file_size: integer('file_size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storage_key: varchar('storage_key', { length: 300 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('imported'),
    total_rows: integer('total_rows').notNull().default(0),
    imported_rows: integer('imported_rows').notNull().default(0),
    skipped_rows: integer('skipped_rows').notNull().default(0),
    processed_rows: integer('processed_rows').notNull().default(0),
    /**
     * How many of the import's rows are unconfirmed and their amount, kept by statement triggers on
     * bank_statement_rows (migration 0026, docs/adr/0027): the home's 未確定の銀行明細 sums these over the
     * company's imported imports instead of reading rows.
     */
    unconfirmed_rows: integer('unconfirmed_rows').notNull().default(0),
    unconfirmed_amount: bigint('unconfirmed_amount', { mode: 'number' }).notNull().default(0),
    period_from: date('period_from', { mode: 'string' }),
    period_to: date('period_to', { mode: 'string' }),
    opening_balance: bigint('opening_balance', { mode: 'number' }),
    closing_balance: bigint('closing_balance', { mode: 'number' }),
    error: text('error'),
    /** The pg-boss job storing a large file (start-up tells an interrupted import by it, docs/adr/0027). */
    job_id: varchar('job_id', { length: 64 }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    reverted_at: timestamp('reverted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('bank_statement_imports_company_idx').on(t.company_id, t.id),
    check('bank_statement_imports_status_check', sql`${t.status} in ('processing', 'imported', 'failed', 'reverted')`),
  ],
);

/**
 * A statement row. `fingerprint` (ADR: bank statement fingerprint) is unique per bank account, so an
 * overlapping file adds no duplicates; `description_search` is the NFKC form (half-width kana searchable).
 */
export const bankStatementRows = pgTable(
  'bank_statement_rows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    import_id: integer('import_id')
      .notNull()
      .references(() => bankStatementImports.id, { onDelete: 'cascade' }),
    bank_account_id: integer('bank_account_id').notNull(),
    line_no: integer('line_no').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    direction: varchar('direction', { length: 3 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    description: varchar('description', { length: 255 }).notNull(),
    description_search: varchar('description_search', { length: 255 }).notNull(),
    counterparty_name: varchar('counterparty_name', { length: 255 }),
    balance: bigint('balance', { mode: 'number' }),
    fingerprint: varchar('fingerprint', { length: 32 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('unconfirmed'),
    rule_id: integer('rule_id'),
    /** What was settled when confirmed: [{ type, id, amount }] (open amounts are computed from these). */
    matched: jsonb('matched'),
    journal_entry_id: integer('journal_entry_id').references(() => journalEntries.id, { onDelete: 'set null' }),
    /** How it was confirmed (account, tax category, customer), to offer a rule when repeated. */
    confirmed_as: varchar('confirmed_as', { length: 64 }),
    confirmed_by: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    /** What a person chose before confirming (PUT /api/bank-statements/{id}/rows/{row_id}); null = the suggestion. */
    edit_account_id: integer('edit_account_id'),
    edit_tax_category: varchar('edit_tax_category', { length: 16 }),
    edit_description: varchar('edit_description', { length: 255 }),
    /** Version of the person's edit (null until first edited: the import's created_at stands in). */
    updated_at: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      columns: [t.edit_account_id, t.company_id],
      foreignColumns: [accounts.id, accounts.company_id],
    }),
    uniqueIndex('bank_statement_rows_fingerprint_unique').on(t.bank_account_id, t.fingerprint),
    index('bank_statement_rows_import_idx').on(t.import_id, t.line_no),
    // Only rows already dealt with (confirmed / ignored: the learning and settled-amount lookups): the bulk
    // insert of an import's unconfirmed rows skips this index (docs/perf/0022).
    index('bank_statement_rows_company_done_idx')
      .on(t.company_id, t.status, t.date)
      .where(sql`${t.status} <> 'unconfirmed'`),
    check('bank_statement_rows_direction_check', sql`${t.direction} in ('in', 'out')`),
    check('bank_statement_rows_amount_check', sql`${t.amount} > 0 and ${t.amount} <= 999999999999`),
    check('bank_statement_rows_status_check', sql`${t.status} in ('unconfirmed', 'confirmed', 'ignored')`),
  ],
);

/** 自動仕訳ルール: conditions → account, tax category, customer, 摘要, splits; lower priority first. */
export const bankRules = pgTable(
  'bank_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    priority: integer('priority').notNull().default(100),
    is_active: boolean('is_active').notNull().default(true),
    description_contains: varchar('description_contains', { length: 100 }),
    description_regex: varchar('description_regex', { length: 200 }),
    direction: varchar('direction', { length: 3 }).notNull().default('any'),
    amount_min: bigint('amount_min', { mode: 'number' }),
    amount_max: bigint('amount_max', { mode: 'number' }),
    counterparty_contains: varchar('counterparty_contains', { length: 100 }),
    account_id: integer('account_id').notNull(),
    tax_category: varchar('tax_category', { length: 16 }).notNull().default('none'),
    customer_id: integer('customer_id').references(() => customers.id),
    description_template: varchar('description_template', { length: 255 }),
    splits: jsonb('splits').notNull().default(sql`'[]'::jsonb`),
    ...timestamps,
  },
  (t) => [
    foreignKey({ columns: [t.account_id, t.company_id], foreignColumns: [accounts.id, accounts.company_id] }),
    index('bank_rules_company_idx').on(t.company_id, t.priority, t.id),
    check('bank_rules_direction_check', sql`${t.direction} in ('in', 'out', 'any')`),
  ],
);
