import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { journalEntries } from './accounting.js';
import { bankAccounts, bankStatementRows } from './bank-statements.js';
import { customers } from './customers.js';
import { companies, users } from './identity.js';
import { transactionDocuments } from './transaction-documents.js';
import { invoices, salesTransactions } from './transactions.js';

/**
 * 入金・支払: money received from a customer (direction 'in') or paid to a supplier ('out'). `amount` is what
 * moved on the bank account, `fee` the 振込手数料 and `fee_bearer` who bore it (core paymentFigures); the
 * posting (journal_entry_id, source_type 'payment') is replaced when the payment is edited.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    direction: varchar('direction', { length: 3 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: smallint('method').notNull().default(1),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    fee_bearer: varchar('fee_bearer', { length: 4 }).notNull().default('us'),
    /** The company's bank account (bank_accounts.id, same company); its linked 勘定科目 is posted. */
    bank_account_id: integer('bank_account_id').references(() => bankAccounts.id, { onDelete: 'set null' }),
    memo: text('memo'),
    /** The bank statement row this payment was made from (bank import), when there is one. */
    bank_statement_row_id: integer('bank_statement_row_id').references(() => bankStatementRows.id),
    /** What the payment settles (amount, plus the fee when it was deducted from the transfer). */
    settled: bigint('settled', { mode: 'number' }).notNull(),
    journal_entry_id: integer('journal_entry_id').references(() => journalEntries.id, { onDelete: 'set null' }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payments_id_company_unique').on(t.id, t.company_id),
    index('payments_company_date_idx').on(t.company_id, t.date, t.id),
    index('payments_company_customer_idx').on(t.company_id, t.customer_id, t.date),
    uniqueIndex('payments_bank_row_unique')
      .on(t.company_id, t.bank_statement_row_id)
      .where(sql`${t.bank_statement_row_id} is not null`),
    check('payments_direction_check', sql`${t.direction} in ('in', 'out')`),
    check('payments_fee_bearer_check', sql`${t.fee_bearer} in ('us', 'them')`),
    check('payments_method_check', sql`${t.method} in (1, 2, 3, 4, 9)`),
    check('payments_amount_check', sql`${t.amount} between 1 and 999999999999`),
    check('payments_fee_check', sql`${t.fee} between 0 and 999999999999`),
    check(
      'payments_settled_check',
      sql`${t.settled} = ${t.amount} + case when (${t.direction} = 'in') = (${t.fee_bearer} = 'us') then ${t.fee} else 0 end`,
    ),
  ],
);

/**
 * 消込: part of a payment applied to one document — an invoice or a sale (入金) or a 発注取引 (支払). The
 * database refuses a sum above the document's total or above the payment (trigger in the migration).
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id').notNull(),
    payment_id: integer('payment_id').notNull(),
    invoice_id: integer('invoice_id'),
    transaction_id: integer('transaction_id'),
    transaction_document_id: integer('transaction_document_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.payment_id, t.company_id], foreignColumns: [payments.id, payments.company_id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.invoice_id, t.company_id], foreignColumns: [invoices.id, invoices.company_id] }),
    foreignKey({
      columns: [t.transaction_id, t.company_id],
      foreignColumns: [salesTransactions.id, salesTransactions.company_id],
    }),
    foreignKey({
      columns: [t.transaction_document_id, t.company_id],
      foreignColumns: [transactionDocuments.id, transactionDocuments.company_id],
    }),
    index('payment_allocations_payment_idx').on(t.payment_id),
    index('payment_allocations_invoice_idx').on(t.invoice_id, t.amount).where(sql`${t.invoice_id} is not null`),
    index('payment_allocations_transaction_idx')
      .on(t.transaction_id, t.amount)
      .where(sql`${t.transaction_id} is not null`),
    index('payment_allocations_document_idx')
      .on(t.transaction_document_id, t.amount)
      .where(sql`${t.transaction_document_id} is not null`),
    check('payment_allocations_amount_check', sql`${t.amount} > 0`),
    check(
      'payment_allocations_one_target_check',
      sql`num_nonnulls(${t.invoice_id}, ${t.transaction_id}, ${t.transaction_document_id}) = 1`,
    ),
  ],
);
