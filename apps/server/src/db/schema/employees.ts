import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies, users } from './identity.js';

/** 従業員 (docs/product/PRODUCT.md §4). daily_hours_milli: contracted daily hours in thousandths (7.5 h = 7500). */
export const employees = pgTable(
  'employees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The sign-in account (role employee), when the employee has one. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    code: varchar('code', { length: 20 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    name_kana: varchar('name_kana', { length: 100 }),
    email: varchar('email', { length: 254 }),
    hire_date: date('hire_date', { mode: 'string' }),
    leave_date: date('leave_date', { mode: 'string' }),
    employment_type: varchar('employment_type', { length: 16 }).notNull().default('full_time'),
    department: varchar('department', { length: 100 }),
    daily_hours_milli: integer('daily_hours_milli'),
    memo: text('memo'),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('employees_company_code_unique').on(t.company_id, t.code).where(sql`${t.deleted_at} is null`),
    uniqueIndex('employees_user_unique').on(t.user_id),
    index('employees_company_idx').on(t.company_id),
    check(
      'employees_employment_type_check',
      sql`${t.employment_type} in ('full_time', 'part_time', 'contract', 'temporary', 'executive')`,
    ),
    check(
      'employees_daily_hours_check',
      sql`${t.daily_hours_milli} is null or ${t.daily_hours_milli} between 1 and 24000`,
    ),
    check(
      'employees_dates_check',
      sql`${t.leave_date} is null or ${t.hire_date} is null or ${t.leave_date} >= ${t.hire_date}`,
    ),
  ],
);
