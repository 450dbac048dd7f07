import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { journalEntries } from './accounting.js';
import { customers } from './customers.js';
import { companies, users } from './identity.js';
import { products } from './products.js';

const yen = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Per-company counters of document numbers (受注取引, 請求書…): UPDATE … RETURNING serialises them. */
export const documentCounters = pgTable(
  'document_counters',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 32 }).notNull(),
    last_number: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.kind] })],
);

/**
 * 受注取引: a sale to a customer. Its totals are computed once per document per rate (core/sales.ts) and
 * stored; its sale is posted to the books (journal_entry_id), a write-off when 回収不能 (write_off_entry_id).
 */
export const salesTransactions = pgTable(
  'sales_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    customer_id: integer('customer_id').notNull(),
    transaction_date: date('transaction_date', { mode: 'string' }).notNull(),
    due_date: date('due_date', { mode: 'string' }),
    subject: varchar('subject', { length: 100 }).notNull(),
    payment_method: smallint('payment_method').notNull().default(1),
    status: smallint('status').notNull().default(0),
    memo: text('memo'),
    tax_mode: varchar('tax_mode', { length: 10 }).notNull().default('exclusive'),
    tax_rounding: varchar('tax_rounding', { length: 8 }).notNull().default('floor'),
    /** [{ tax_category, base, tax }] in the order 10, 8, exempt, out_of_scope. */
    by_rate: jsonb('by_rate').notNull().default(sql`'[]'::jsonb`),
    subtotal: yen('subtotal'),
    tax: yen('tax'),
    total: yen('total'),
    /** Σ payment allocations on this sale, kept by a trigger on payment_allocations (open = total − paid_amount). */
    paid_amount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    journal_entry_id: integer('journal_entry_id').references(() => journalEntries.id, { onDelete: 'set null' }),
    write_off_entry_id: integer('write_off_entry_id').references(() => journalEntries.id, { onDelete: 'set null' }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('sales_transactions_company_number_unique').on(t.company_id, t.number),
    unique('sales_transactions_id_company_unique').on(t.id, t.company_id),
    foreignKey({ columns: [t.customer_id], foreignColumns: [customers.id] }),
    index('sales_transactions_company_date_idx').on(t.company_id, t.transaction_date, t.id),
    index('sales_transactions_company_customer_idx').on(t.company_id, t.customer_id, t.transaction_date),
    // keyword search (ILIKE '%…%'): trigram index (pg_trgm)
    index('sales_transactions_subject_trgm_idx').using('gin', sql`${t.subject} gin_trgm_ops`),
    // the aging report: sales with something left to collect (not written off)
    index('sales_transactions_open_idx')
      .on(t.company_id, t.customer_id, t.due_date, t.transaction_date)
      .where(sql`${t.status} <> 3 and ${t.total} > ${t.paid_amount}`),
    check('sales_transactions_payment_method_check', sql`${t.payment_method} in (1, 2, 3, 4, 9)`),
    check('sales_transactions_status_check', sql`${t.status} in (0, 1, 2, 3)`),
    check('sales_transactions_tax_mode_check', sql`${t.tax_mode} in ('exclusive', 'inclusive')`),
    check('sales_transactions_tax_rounding_check', sql`${t.tax_rounding} in ('floor', 'round', 'ceil')`),
    check('sales_transactions_total_check', sql`${t.total} = ${t.subtotal} + ${t.tax} and ${t.total} >= 0`),
    check('sales_transactions_number_check', sql`${t.number} > 0`),
    check('sales_transactions_due_date_check', sql`${t.due_date} is null or ${t.due_date} >= ${t.transaction_date}`),
  ],
);

/** 受注取引の明細: a product line or free text; amount = quantity × unit price rounded once per line. */
export const salesTransactionLines = pgTable(
  'sales_transaction_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id').notNull(),
    transaction_id: integer('transaction_id').notNull(),
    line_no: smallint('line_no').notNull(),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    description: varchar('description', { length: 200 }).notNull(),
    quantity_milli: bigint('quantity_milli', { mode: 'number' }).notNull(),
    unit: varchar('unit', { length: 20 }),
    unit_price: bigint('unit_price', { mode: 'number' }).notNull(),
    tax_category: varchar('tax_category', { length: 16 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    foreignKey({
      columns: [t.transaction_id, t.company_id],
      foreignColumns: [salesTransactions.id, salesTransactions.company_id],
    }).onDelete('cascade'),
    unique('sales_transaction_lines_line_unique').on(t.transaction_id, t.line_no),
    index('sales_transaction_lines_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    check(
      'sales_transaction_lines_tax_category_check',
      sql`${t.tax_category} in ('10', '8', 'exempt', 'out_of_scope')`,
    ),
    check('sales_transaction_lines_quantity_check', sql`${t.quantity_milli} > 0`),
  ],
);

/**
 * 請求書 (適格請求書): one or several sales of one customer (合計請求書) and/or free lines. Draft → issued
 * (immutable, snapshots of issuer and recipient taken) → sent → paid; a correction is a new draft that
 * voids this one when it is issued (both kept). Tax once per invoice per rate over all its lines.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    issue_date: date('issue_date', { mode: 'string' }).notNull(),
    due_date: date('due_date', { mode: 'string' }),
    notes: text('notes'),
    tax_mode: varchar('tax_mode', { length: 10 }).notNull().default('exclusive'),
    tax_rounding: varchar('tax_rounding', { length: 8 }).notNull().default('floor'),
    by_rate: jsonb('by_rate').notNull().default(sql`'[]'::jsonb`),
    subtotal: yen('subtotal'),
    tax: yen('tax'),
    total: yen('total'),
    /** Σ payment allocations on this invoice, kept by a trigger on payment_allocations (open = total − paid_amount). */
    paid_amount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    /** Taken at issue: { name, registration_number, postal_code, address, tel, bank_account }. */
    issuer: jsonb('issuer'),
    /** Taken at issue: { name, honorific, postal_code, address }. */
    recipient: jsonb('recipient'),
    /** The invoice this one corrects (it becomes void when this one is issued). */
    corrects_id: integer('corrects_id'),
    /** The books' side: the difference between the invoice and its sales (free lines, tax rounding). */
    journal_entry_id: integer('journal_entry_id').references(() => journalEntries.id, { onDelete: 'set null' }),
    issued_at: timestamp('issued_at', { withTimezone: true }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    voided_at: timestamp('voided_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('invoices_company_number_unique').on(t.company_id, t.number),
    unique('invoices_id_company_unique').on(t.id, t.company_id),
    foreignKey({ columns: [t.corrects_id, t.company_id], foreignColumns: [t.id, t.company_id] }),
    index('invoices_company_issue_idx').on(t.company_id, t.issue_date, t.id),
    index('invoices_company_customer_idx').on(t.company_id, t.customer_id),
    // the invoice that corrects each one (every invoice read answers `corrected_by_id`): without it, a scan of
    // all of the company's invoices per read (loadInvoice 11–17 ms at 100,000 invoices, 2 ms with it; migration
    // 0030, bench/invoice-reads.ts)
    index('invoices_corrects_idx').on(t.company_id, t.corrects_id).where(sql`${t.corrects_id} is not null`),
    // the aging report / open items: issued invoices with something left to collect
    index('invoices_open_idx')
      .on(t.company_id, t.issue_date)
      .where(sql`${t.status} in ('issued', 'sent') and ${t.total} > ${t.paid_amount}`),
    check('invoices_status_check', sql`${t.status} in ('draft', 'issued', 'sent', 'paid', 'void')`),
    check('invoices_tax_mode_check', sql`${t.tax_mode} in ('exclusive', 'inclusive')`),
    check('invoices_total_check', sql`${t.total} = ${t.subtotal} + ${t.tax} and ${t.total} >= 0`),
    check('invoices_due_date_check', sql`${t.due_date} is null or ${t.due_date} >= ${t.issue_date}`),
    check(
      'invoices_issued_snapshot_check',
      sql`${t.status} = 'draft' or (${t.issuer} is not null and ${t.recipient} is not null)`,
    ),
  ],
);

/** 請求書の明細: copied from its sales (transaction_id) or free; amount rounded once per line. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id').notNull(),
    invoice_id: integer('invoice_id').notNull(),
    line_no: smallint('line_no').notNull(),
    transaction_id: integer('transaction_id'),
    date: date('date', { mode: 'string' }),
    description: varchar('description', { length: 200 }).notNull(),
    quantity_milli: bigint('quantity_milli', { mode: 'number' }).notNull(),
    unit: varchar('unit', { length: 20 }),
    unit_price: bigint('unit_price', { mode: 'number' }).notNull(),
    tax_category: varchar('tax_category', { length: 16 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.invoice_id, t.company_id], foreignColumns: [invoices.id, invoices.company_id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.transaction_id, t.company_id],
      foreignColumns: [salesTransactions.id, salesTransactions.company_id],
    }),
    unique('invoice_lines_line_unique').on(t.invoice_id, t.line_no),
    index('invoice_lines_transaction_idx').on(t.transaction_id),
    check('invoice_lines_tax_category_check', sql`${t.tax_category} in ('10', '8', 'exempt', 'out_of_scope')`),
    check('invoice_lines_quantity_check', sql`${t.quantity_milli} > 0`),
  ],
);

/** Which sales an invoice bills (one row per sale). */
export const invoiceTransactions = pgTable(
  'invoice_transactions',
  {
    company_id: integer('company_id').notNull(),
    invoice_id: integer('invoice_id').notNull(),
    transaction_id: integer('transaction_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.invoice_id, t.transaction_id] }),
    foreignKey({ columns: [t.invoice_id, t.company_id], foreignColumns: [invoices.id, invoices.company_id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.transaction_id, t.company_id],
      foreignColumns: [salesTransactions.id, salesTransactions.company_id],
    }),
    index('invoice_transactions_transaction_idx').on(t.transaction_id),
  ],
);

/**
 * The open receivables of issued invoices summed per customer and due date (the invoice's due date, else
 * its issue date): Σ (total − paid_amount) and how many invoices, kept by a trigger on invoices (migration
 * 0024). The aging report reads these few rows instead of every open invoice.
 */
export const invoiceOpenSums = pgTable(
  'invoice_open_sums',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id').notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.customer_id, t.due_date] })],
);
