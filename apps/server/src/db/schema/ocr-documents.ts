import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companies, users } from './identity.js';
import { transactionDocuments } from './transaction-documents.js';

/** One page of an OCR document: its rendered image (PNG, greyscale, ~300 dpi) in the file storage. */
export interface OcrPage {
  page: number;
  width: number;
  height: number;
  image_key: string;
}

/**
 * An uploaded invoice / receipt and its OCR (docs/product/PRODUCT.md §4 "OCR documents"): status 0 待機中,
 * 1 処理中, 2 完了, 3 失敗, 4 登録済. The original file is in the write-once storage (storage_key, sha256);
 * the job (queue `ocr-document`) fills pages, text, words and fields; a person's corrections are kept apart
 * (corrections) so the machine's reading stays visible; 確定 links the 発注取引 it created.
 */
export const ocrDocuments = pgTable(
  'ocr_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    error: text('error'),
    file_name: varchar('file_name', { length: 255 }).notNull(),
    content_type: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storage_key: varchar('storage_key', { length: 500 }).notNull(),
    /** OcrPage[] */
    pages: jsonb('pages').notNull().default(sql`'[]'::jsonb`),
    text: text('text'),
    /** [{ text, confidence, box }] of every page. */
    words: jsonb('words').notNull().default(sql`'[]'::jsonb`),
    /** The extracted fields: { key: { value, confidence, box, warning? } }. */
    fields: jsonb('fields'),
    /** A person's corrections: { key: value }. */
    corrections: jsonb('corrections').notNull().default(sql`'{}'::jsonb`),
    /** The queue job that reads it (the latest attempt). */
    job_id: varchar('job_id', { length: 64 }),
    transaction_document_id: integer('transaction_document_id').references(() => transactionDocuments.id),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ocr_documents_company_created_idx').on(t.company_id, t.created_at),
    index('ocr_documents_company_status_idx').on(t.company_id, t.status),
    check('ocr_documents_status_check', sql`${t.status} in (0, 1, 2, 3, 4)`),
    check('ocr_documents_progress_check', sql`${t.progress} between 0 and 100`),
    check('ocr_documents_registered_check', sql`(${t.status} = 4) = (${t.transaction_document_id} is not null)`),
  ],
);
