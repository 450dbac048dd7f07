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
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts, journalEntries } from './accounting.js';
import { customers } from './customers.js';
import { companies, users } from './identity.js';

/**
 * 発注取引: a document received from a supplier (見積書 … 領収書), kept as 電子帳簿保存法 requires
 * (docs/product/PRODUCT.md §4, FACTS.md §5). Never deleted physically: deleted_at/deleted_by, and only after
 * the retention period (computed from the company's fiscal year end and expiration_year). A 請求書 or
 * 領収書 posts the purchase (journal_entry_id, linked back by journal_entries.source_type/source_id).
 */
export const transactionDocuments = pgTable(
  'transaction_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    document_type: smallint('document_type').notNull(),
    transaction_date: date('transaction_date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Σ payment allocations (支払) on this document, kept by a trigger on payment_allocations. */
    paid_amount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    /** [{ tax_category, base, tax }] as written on the document, one row per rate. */
    taxes: jsonb('taxes').notNull().default(sql`'[]'::jsonb`),
    registration_number: varchar('registration_number', { length: 14 }),
    payment_method: smallint('payment_method').notNull().default(1),
    due_date: date('due_date', { mode: 'string' }),
    status: smallint('status').notNull().default(0),
    memo: text('memo'),
    account_id: integer('account_id'),
    journal_entry_id: integer('journal_entry_id').references(() => journalEntries.id, { onDelete: 'set null' }),
    /** A received e-invoice (JP PINT): the offline checker's findings [{ rule, severity, message }]; null otherwise. */
    einvoice_findings: jsonb('einvoice_findings'),
    /** 要確認: the e-invoice gave findings (set at import; cleared by nobody but a new import). */
    needs_review: boolean('needs_review').notNull().default(false),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    deleted_by: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('transaction_documents_id_company_unique').on(t.id, t.company_id),
    foreignKey({ columns: [t.account_id, t.company_id], foreignColumns: [accounts.id, accounts.company_id] }),
    // the 電帳法 searches: date range, amount range, supplier + date (live documents only)
    index('transaction_documents_company_date_idx')
      .on(t.company_id, t.transaction_date, t.id)
      .where(sql`${t.deleted_at} is null`),
    index('transaction_documents_company_amount_idx')
      .on(t.company_id, t.amount, t.id)
      .where(sql`${t.deleted_at} is null`),
    index('transaction_documents_company_customer_idx')
      .on(t.company_id, t.customer_id, t.transaction_date)
      .where(sql`${t.deleted_at} is null`),
    // keyword search (ILIKE '%…%'): trigram index (pg_trgm)
    index('transaction_documents_memo_trgm_idx').using('gin', sql`${t.memo} gin_trgm_ops`),
    // 支払予定表 / open items: posted documents with something left to pay
    index('transaction_documents_open_idx')
      .on(t.company_id, t.customer_id, t.due_date, t.transaction_date)
      .where(sql`${t.deleted_at} is null and ${t.status} = 0 and ${t.amount} > ${t.paid_amount}`),
    check('transaction_documents_type_check', sql`${t.document_type} in (1, 2, 3, 4, 5, 6, 9)`),
    check('transaction_documents_status_check', sql`${t.status} in (0, 1)`),
    check('transaction_documents_payment_method_check', sql`${t.payment_method} in (1, 2, 3, 4, 9)`),
    check('transaction_documents_amount_check', sql`${t.amount} between 0 and 999999999999`),
    check(
      'transaction_documents_registration_number_check',
      sql`${t.registration_number} is null or ${t.registration_number} ~ '^T[0-9]{13}$'`,
    ),
    check('transaction_documents_due_date_check', sql`${t.due_date} is null or ${t.due_date} >= ${t.transaction_date}`),
    check('transaction_documents_taxes_check', sql`jsonb_typeof(${t.taxes}) = 'array'`),
  ],
);

/**
 * One stored version of a document's file: never overwritten (a new upload is version max+1), never
 * removed from storage; a logical deletion sets deleted_at and is kept in the history.
 */
export const transactionDocumentFiles = pgTable(
  'transaction_document_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id').notNull(),
    document_id: integer('document_id').notNull(),
    version: integer('version').notNull(),
    file_name: varchar('file_name', { length: 255 }).notNull(),
    content_type: varchar('content_type', { length: 40 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storage_key: varchar('storage_key', { length: 300 }).notNull(),
    uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    deleted_by: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    foreignKey({
      columns: [t.document_id, t.company_id],
      foreignColumns: [transactionDocuments.id, transactionDocuments.company_id],
    }).onDelete('cascade'),
    unique('transaction_document_files_version_unique').on(t.document_id, t.version),
    uniqueIndex('transaction_document_files_storage_key_unique').on(t.storage_key),
    index('transaction_document_files_company_idx').on(t.company_id, t.document_id),
    index('transaction_document_files_file_name_trgm_idx').using('gin', sql`${t.file_name} gin_trgm_ops`),
    check('transaction_document_files_version_check', sql`${t.version} > 0`),
    check(
      'transaction_document_files_type_check',
      sql`${t.content_type} in ('application/pdf', 'image/jpeg', 'image/png', 'application/xml')`,
    ),
    check('transaction_document_files_size_check', sql`${t.size} between 1 and 10485760`),
    check('transaction_document_files_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** Who changed what and when (before / after): the 電帳法 integrity record of a document and its files. */
export const transactionDocumentHistory = pgTable(
  'transaction_document_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id').notNull(),
    document_id: integer('document_id').notNull(),
    file_id: integer('file_id'),
    action: varchar('action', { length: 16 }).notNull(),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    before: jsonb('before'),
    after: jsonb('after'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.document_id, t.company_id],
      foreignColumns: [transactionDocuments.id, transactionDocuments.company_id],
    }).onDelete('cascade'),
    index('transaction_document_history_document_idx').on(t.company_id, t.document_id, t.id),
    check(
      'transaction_document_history_action_check',
      sql`${t.action} in ('created', 'updated', 'deleted', 'file_added', 'file_deleted')`,
    ),
  ],
);

/**
 * Secrets the server generates once and every process shares (e.g. the HMAC key of signed file links when
 * FILE_LINK_SECRET is not set): the first process inserts, the others read the same row.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
