import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies, domains, users } from './identity.js';

/** Admin and company invitations (docs/product/PRODUCT.md §3). The token is mailed; only its hash is stored. */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar('kind', { length: 16 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    /** admin: the invitee's name (editable on registration). */
    name: varchar('name', { length: 100 }),
    /** admin: the admin permissions the new admin gets. */
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    /** company: the company created on registration. */
    company_name: varchar('company_name', { length: 255 }),
    domain_id: integer('domain_id').references(() => domains.id, { onDelete: 'set null' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    accepted_user_id: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    invited_by: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_unique').on(t.token_hash),
    index('invitations_kind_idx').on(t.kind, t.created_at),
    check('invitations_kind_check', sql`${t.kind} in ('admin', 'company')`),
  ],
);
