import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { companies } from './identity.js';

/**
 * Rows per company, list and day of the lists ordered by a date that grow with the books (受注取引
 * `sales`, 発注取引 `documents`, 入出金 `payments`), kept by row triggers in the same transaction as the
 * row (migration 0027, ADR 0032 — the journal's own per-day counts are `journal_daily_counts`, ADR 0018).
 * An unfiltered list page reads its total and the day it starts on from here (lib/day-paging.ts).
 */
export const listDayCounts = pgTable(
  'list_day_counts',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    rows: integer('rows').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.company_id, t.list, t.date] }),
    check('list_day_counts_rows_check', sql`${t.rows} >= 0`),
  ],
);
