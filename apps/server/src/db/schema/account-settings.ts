import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/** A pending e-mail change: applied only when the link mailed to the new address is followed. */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    new_email: varchar('new_email', { length: 254 }).notNull(),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_changes_hash_unique').on(t.token_hash), index('email_changes_user_idx').on(t.user_id)],
);
