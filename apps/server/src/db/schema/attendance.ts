import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { employees } from './employees.js';
import { companies, users } from './identity.js';

/** A break as stored on the day: ISO 8601 instants; `end` null while the break is running. */
export type StoredBreak = { start: string; end: string | null };

/**
 * 出勤記録: one row per employee and working day (the day the shift started, Asia/Tokyo). Breaks live on
 * the row (a handful per day, always read with it). clock_out null while at work.
 */
export const attendanceDays = pgTable(
  'attendance_days',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employee_id: integer('employee_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    clock_in: timestamp('clock_in', { withTimezone: true }).notNull(),
    clock_out: timestamp('clock_out', { withTimezone: true }),
    breaks: jsonb('breaks').$type<StoredBreak[]>().notNull().default(sql`'[]'::jsonb`),
    note: text('note'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('attendance_days_employee_date_unique').on(t.company_id, t.employee_id, t.date),
    index('attendance_days_company_date_idx').on(t.company_id, t.date),
    foreignKey({
      name: 'attendance_days_employee_fk',
      columns: [t.employee_id],
      foreignColumns: [employees.id],
    }).onDelete('cascade'),
    check('attendance_days_out_after_in', sql`${t.clock_out} is null or ${t.clock_out} > ${t.clock_in}`),
    check(
      'attendance_days_shift_length',
      sql`${t.clock_out} is null or ${t.clock_out} - ${t.clock_in} <= interval '24 hours'`,
    ),
  ],
);

/** Every change of a day: who, when, before, after and why (clocking, manager edits, approved corrections). */
export const attendanceHistory = pgTable(
  'attendance_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employee_id: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    day_id: integer('day_id').references(() => attendanceDays.id, { onDelete: 'set null' }),
    date: date('date', { mode: 'string' }).notNull(),
    action: varchar('action', { length: 32 }).notNull(),
    actor_user_id: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actor_name: varchar('actor_name', { length: 100 }),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attendance_history_employee_date_idx').on(t.company_id, t.employee_id, t.date)],
);

/** 打刻修正の申請 by an employee; the manager approves (the day is written) or rejects. */
export const attendanceCorrections = pgTable(
  'attendance_corrections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employee_id: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    clock_in: timestamp('clock_in', { withTimezone: true }).notNull(),
    clock_out: timestamp('clock_out', { withTimezone: true }).notNull(),
    breaks: jsonb('breaks').$type<StoredBreak[]>().notNull().default(sql`'[]'::jsonb`),
    reason: text('reason').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    requested_by: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decided_by: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    decision_note: text('decision_note'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attendance_corrections_company_status_idx').on(t.company_id, t.status),
    check('attendance_corrections_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('attendance_corrections_out_after_in', sql`${t.clock_out} > ${t.clock_in}`),
  ],
);

/** 月締め: a closed attendance month of a company refuses clocking and edits until the owner reopens it. */
export const attendanceMonthCloses = pgTable(
  'attendance_month_closes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    month: varchar('month', { length: 7 }).notNull(),
    closed_by: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closed_at: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attendance_month_closes_unique').on(t.company_id, t.month),
    check('attendance_month_closes_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/** The month totals of each employee, written when a month is closed (the 36協定 history reads them). */
export const attendanceMonthTotals = pgTable(
  'attendance_month_totals',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employee_id: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    month: varchar('month', { length: 7 }).notNull(),
    worked_minutes: integer('worked_minutes').notNull(),
    overtime_minutes: integer('overtime_minutes').notNull(),
    overtime_over_60_minutes: integer('overtime_over_60_minutes').notNull(),
    late_night_minutes: integer('late_night_minutes').notNull(),
    holiday_minutes: integer('holiday_minutes').notNull(),
    days_worked: integer('days_worked').notNull(),
    absences: integer('absences').notNull(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.employee_id, t.month] })],
);
