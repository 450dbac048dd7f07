import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Uploaded files kept in the database (FILE_STORAGE=database, the default with DATABASE_URL;
 * lib/storage-db.ts): write-once by the primary key, so every server process reads the same files and a
 * database backup holds them. ADR 0051.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
