import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Platform settings (/system/settings, docs/product/PRODUCT.md §3): one row (id = 1). A null column means "the
 * environment's default". Read per use (cached ≤ 5 s), so changes apply without a restart.
 */
export const systemSettings = pgTable(
  'system_settings',
  {
    id: integer('id').primaryKey(),
    service_name: varchar('service_name', { length: 100 }),
    mail_from: varchar('mail_from', { length: 300 }),
    default_expiration_year: smallint('default_expiration_year'),
    default_max_employee: integer('default_max_employee'),
    token_ttl_seconds: integer('token_ttl_seconds'),
    login_account_failures: integer('login_account_failures'),
    login_window_seconds: integer('login_window_seconds'),
    login_lock_seconds: integer('login_lock_seconds'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('system_settings_single_row', sql`${t.id} = 1`),
    check(
      'system_settings_expiration_check',
      sql`${t.default_expiration_year} is null or ${t.default_expiration_year} in (7, 10)`,
    ),
  ],
);
