import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/**
 * The offline copy of the 国税庁 適格請求書発行事業者公表サイト data (docs/adr/0046): one row per 登録番号, the
 * newest history the published files hold (最新履歴 = 1), every one of the 24 columns kept as the file has
 * them. Not company data: the same registry serves every company. Replaced whole by a 全件データ import
 * (staging table, one swap) and merged by a 差分データ import (one upsert, 99 削除 deletes).
 */
export const registryEntries = pgTable(
  'registry_entries',
  {
    registration_number: varchar('registration_number', { length: 14 }).primaryKey(),
    sequence_no: bigint('sequence_no', { mode: 'number' }).notNull(),
    process_kind: varchar('process_kind', { length: 2 }).notNull(),
    correct_kind: varchar('correct_kind', { length: 1 }).notNull(),
    person_kind: varchar('person_kind', { length: 1 }).notNull(),
    domestic_kind: varchar('domestic_kind', { length: 1 }).notNull(),
    latest: varchar('latest', { length: 1 }).notNull(),
    registered_on: date('registered_on', { mode: 'string' }),
    updated_on: date('updated_on', { mode: 'string' }),
    cancelled_on: date('cancelled_on', { mode: 'string' }),
    expired_on: date('expired_on', { mode: 'string' }),
    address: text('address'),
    address_prefecture_code: varchar('address_prefecture_code', { length: 2 }),
    address_city_code: varchar('address_city_code', { length: 3 }),
    published_address: text('published_address'),
    published_prefecture_code: varchar('published_prefecture_code', { length: 2 }),
    published_city_code: varchar('published_city_code', { length: 3 }),
    name_kana: text('name_kana'),
    name: text('name').notNull(),
    domestic_address: text('domestic_address'),
    domestic_prefecture_code: varchar('domestic_prefecture_code', { length: 2 }),
    domestic_city_code: varchar('domestic_city_code', { length: 3 }),
    trade_name: text('trade_name'),
    popular_name: text('popular_name'),
  },
  (t) => [
    check('registry_entries_number', sql`${t.registration_number} ~ '^T[0-9]{13}$'`),
    check('registry_entries_process_kind', sql`${t.process_kind} in ('01', '02', '03', '04', '99')`),
  ],
);

/** One upload of a 全件データ or 差分データ file and its background job's progress. */
export const registryImports = pgTable(
  'registry_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar('kind', { length: 4 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('queued'),
    file_name: varchar('file_name', { length: 255 }).notNull(),
    file_size: bigint('file_size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storage_key: text('storage_key'),
    signature_key: text('signature_key'),
    signature_verified: varchar('signature_verified', { length: 8 }).notNull().default('none'),
    rows_total: integer('rows_total').notNull().default(0),
    rows_done: integer('rows_done').notNull().default(0),
    rows_changed: integer('rows_changed').notNull().default(0),
    rows_deleted: integer('rows_deleted').notNull().default(0),
    data_date: date('data_date', { mode: 'string' }),
    error: text('error'),
    job_id: text('job_id'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('registry_imports_kind', sql`${t.kind} in ('full', 'diff')`),
    check('registry_imports_status', sql`${t.status} in ('queued', 'processing', 'imported', 'failed')`),
    index('registry_imports_created_idx').on(t.created_at, t.id),
  ],
);
