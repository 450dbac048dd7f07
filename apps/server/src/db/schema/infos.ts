import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companies, domains, users } from './identity.js';

/** Notices (お知らせ) from the platform to companies (docs/product/PRODUCT.md §3). */
export const infos = pgTable(
  'infos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull(),
    published_at: timestamp('published_at', { withTimezone: true }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true }),
    audience: varchar('audience', { length: 16 }).notNull().default('all'),
    domain_id: integer('domain_id').references(() => domains.id, { onDelete: 'cascade' }),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    is_important: boolean('is_important').notNull().default(false),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('infos_published_idx').on(t.published_at),
    check('infos_audience_check', sql`${t.audience} in ('all', 'domain', 'company')`),
    check(
      'infos_audience_target_check',
      sql`(${t.audience} = 'all') or (${t.audience} = 'domain' and ${t.domain_id} is not null) or (${t.audience} = 'company' and ${t.company_id} is not null)`,
    ),
    check('infos_period_check', sql`${t.ends_at} is null or ${t.ends_at} > ${t.published_at}`),
  ],
);

/** Which user has read which notice. */
export const infoReads = pgTable(
  'info_reads',
  {
    info_id: integer('info_id')
      .notNull()
      .references(() => infos.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    read_at: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.info_id, t.user_id] })],
);
