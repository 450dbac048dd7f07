import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bankAccounts } from './bank-statements.js';
import { customers } from './customers.js';
import { companies, users } from './identity.js';
import { payments } from './payments.js';
import { transactionDocuments } from './transaction-documents.js';

/**
 * 振込データ (payment batch): the transfers to suppliers made on one payment date from one of the company's
 * bank accounts. draft → approved (by another user holding payment-batches.approve) → exported (the 全銀
 * 総合振込 file downloaded) → paid (the payments created: by a matched bank statement row or confirm).
 */
export const paymentBatches = pgTable(
  'payment_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    payment_date: date('payment_date', { mode: 'string' }).notNull(),
    /** The paying account (bank_accounts.id, this company's: checked by the actions). */
    bank_account_id: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    approved_by: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approved_at: timestamp('approved_at', { withTimezone: true }),
    exported_at: timestamp('exported_at', { withTimezone: true }),
    export_count: integer('export_count').notNull().default(0),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payment_batches_id_company_unique').on(t.id, t.company_id),
    index('payment_batches_company_date_idx').on(t.company_id, t.payment_date, t.id),
    check('payment_batches_status_check', sql`${t.status} in ('draft', 'approved', 'exported', 'paid')`),
    check('payment_batches_approval_check', sql`(${t.status} = 'draft') = (${t.approved_at} is null)`),
    check('payment_batches_export_count_check', sql`${t.export_count} >= 0`),
  ],
);

/**
 * One document paid in a batch: `amount` is what it settles; the supplier's transfer is the sum of its
 * items less `fee` (先方負担: the 振込手数料 deducted from the transfer, on the supplier's first item). Once
 * paid, `payment_id` is the payment (買掛金 / 未払金 against the bank) that settled it.
 */
export const paymentBatchItems = pgTable(
  'payment_batch_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id').notNull(),
    batch_id: integer('batch_id').notNull(),
    transaction_document_id: integer('transaction_document_id').notNull(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    fee_bearer: varchar('fee_bearer', { length: 4 }).notNull().default('us'),
    payment_id: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  },
  (t) => [
    foreignKey({
      columns: [t.batch_id, t.company_id],
      foreignColumns: [paymentBatches.id, paymentBatches.company_id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.transaction_document_id, t.company_id],
      foreignColumns: [transactionDocuments.id, transactionDocuments.company_id],
    }),
    uniqueIndex('payment_batch_items_document_unique').on(t.batch_id, t.transaction_document_id),
    index('payment_batch_items_document_idx').on(t.company_id, t.transaction_document_id),
    check('payment_batch_items_amount_check', sql`${t.amount} between 1 and 999999999999`),
    check('payment_batch_items_fee_check', sql`${t.fee} between 0 and ${t.amount}`),
    check('payment_batch_items_fee_bearer_check', sql`${t.fee_bearer} in ('us', 'them')`),
  ],
);
