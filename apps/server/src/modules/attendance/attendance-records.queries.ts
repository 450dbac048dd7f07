import { type AttendanceCorrection, type AttendanceRules, addDays, type DayPunches } from '@chobo/core';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  attendanceCorrections,
  attendanceDays,
  attendanceMonthCloses,
  companies,
  employees,
} from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';

/** The records of 出勤管理 one at a time: work rules, employees, days, closed months, correction requests. */

export type DayRow = typeof attendanceDays.$inferSelect;
export type AttendanceEmployee = Pick<
  typeof employees.$inferSelect,
  'id' | 'code' | 'name' | 'hire_date' | 'leave_date'
>;

export interface CompanyRules extends AttendanceRules {
  closing_day: number;
}

export async function loadRules(tenant: Tenant): Promise<CompanyRules> {
  const [row] = await tenant.db
    .select({ statutory_holiday: companies.statutory_holiday, closing_day: companies.closing_day })
    .from(companies)
    .where(eq(companies.id, tenant.companyId));
  return row;
}

const employeeCols = {
  id: employees.id,
  code: employees.code,
  name: employees.name,
  hire_date: employees.hire_date,
  leave_date: employees.leave_date,
};

/** The contracted daily hours (所定労働時間) of some employees, in minutes (absent: none set). */
export async function dailyMinutesOf(tenant: Tenant, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tenant.db
    .select({ id: employees.id, milli: employees.daily_hours_milli })
    .from(employees)
    .where(and(eq(employees.company_id, tenant.companyId), inArray(employees.id, ids)));
  return new Map(rows.flatMap((r) => (r.milli ? [[r.id, Math.round((r.milli * 60) / 1000)] as const] : [])));
}

export async function findAttendanceEmployee(tenant: Tenant, id: number): Promise<AttendanceEmployee | undefined> {
  const [row] = await tenant.db
    .select(employeeCols)
    .from(employees)
    .where(and(eq(employees.id, id), eq(employees.company_id, tenant.companyId), isNull(employees.deleted_at)))
    .limit(1);
  return row;
}

/** Every (not deleted) employee of the company, by code. */
export async function listAttendanceEmployees(tenant: Tenant): Promise<AttendanceEmployee[]> {
  return tenant.db
    .select(employeeCols)
    .from(employees)
    .where(and(eq(employees.company_id, tenant.companyId), isNull(employees.deleted_at)))
    .orderBy(asc(employees.code), asc(employees.id));
}

export async function findDay(tenant: Tenant, id: number, opts: { forUpdate?: boolean } = {}) {
  const q = tenant.db
    .select()
    .from(attendanceDays)
    .where(and(eq(attendanceDays.id, id), eq(attendanceDays.company_id, tenant.companyId)))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function findDayByDate(tenant: Tenant, employeeId: number, date: string, forUpdate = false) {
  const q = tenant.db
    .select()
    .from(attendanceDays)
    .where(
      and(
        eq(attendanceDays.company_id, tenant.companyId),
        eq(attendanceDays.employee_id, employeeId),
        eq(attendanceDays.date, date),
      ),
    )
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function isMonthClosed(tenant: Tenant, month: string): Promise<{ closed_at: Date } | undefined> {
  const [row] = await tenant.db
    .select({ closed_at: attendanceMonthCloses.closed_at })
    .from(attendanceMonthCloses)
    .where(and(eq(attendanceMonthCloses.company_id, tenant.companyId), eq(attendanceMonthCloses.month, month)))
    .limit(1);
  return row;
}

/** A day's punches for the computation (instants as epoch ms). */
export function toPunches(row: Pick<DayRow, 'date' | 'clock_in' | 'clock_out' | 'breaks'>): DayPunches {
  return {
    date: row.date,
    clock_in: row.clock_in.getTime(),
    clock_out: row.clock_out ? row.clock_out.getTime() : null,
    breaks: row.breaks,
  };
}

/** The stored shape of a day in history rows (ISO 8601 instants). */
export function daySnapshot(row: Pick<DayRow, 'date' | 'clock_in' | 'clock_out' | 'breaks'> | null) {
  if (!row) return null;
  return {
    date: row.date,
    clock_in: row.clock_in.toISOString(),
    clock_out: row.clock_out?.toISOString() ?? null,
    breaks: row.breaks,
  };
}

/** An open shift older than this no longer counts as running (a forgotten 退勤). */
export const STALE_SHIFT_MS = 16 * 3_600_000;

/** An employee's night shift of yesterday still open (no 退勤), if any. */
export async function openYesterday(tenant: Tenant, employeeId: number, today: string) {
  const row = await findDayByDate(tenant, employeeId, addDays(today, -1));
  return row && row.clock_out === null ? row : undefined;
}

/** A day with its employee as the edit screen reads it (`GET /api/company/attendance/:id`); undefined when not of the company. */
export async function dayForEdit(tenant: Tenant, id: number) {
  const [row] = await tenant.db
    .select({ day: attendanceDays, code: employees.code, name: employees.name })
    .from(attendanceDays)
    .innerJoin(employees, eq(employees.id, attendanceDays.employee_id))
    .where(and(eq(attendanceDays.id, id), eq(attendanceDays.company_id, tenant.companyId)))
    .limit(1);
  if (!row) return undefined;
  const d = row.day;
  return {
    id: d.id,
    employee: { id: d.employee_id, code: row.code, name: row.name },
    date: d.date,
    clock_in: d.clock_in.toISOString(),
    clock_out: d.clock_out?.toISOString() ?? null,
    breaks: d.breaks,
    updated_at: d.updated_at.toISOString(),
  };
}

export type CorrectionRow = typeof attendanceCorrections.$inferSelect;

/** A correction request as answered. */
export const toCorrection = (
  r: CorrectionRow,
  e: { id: number; code: string; name: string },
): AttendanceCorrection => ({
  id: r.id,
  employee: { id: e.id, code: e.code, name: e.name },
  date: r.date,
  clock_in: r.clock_in.toISOString(),
  clock_out: r.clock_out.toISOString(),
  breaks: r.breaks,
  reason: r.reason,
  status: r.status as AttendanceCorrection['status'],
  decision_note: r.decision_note,
  decided_at: r.decided_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

/** The latest 200 correction requests (one employee's when `employeeId` is given), 'all' or of one status. */
export async function listCorrections(
  tenant: Tenant,
  employeeId: number | null,
  status: 'pending' | 'approved' | 'rejected' | 'all',
) {
  const rows = await tenant.db
    .select({ c: attendanceCorrections, code: employees.code, name: employees.name })
    .from(attendanceCorrections)
    .innerJoin(employees, eq(employees.id, attendanceCorrections.employee_id))
    .where(
      and(
        eq(attendanceCorrections.company_id, tenant.companyId),
        employeeId !== null ? eq(attendanceCorrections.employee_id, employeeId) : undefined,
        status === 'all' ? undefined : eq(attendanceCorrections.status, status),
      ),
    )
    .orderBy(desc(attendanceCorrections.id))
    .limit(200);
  return rows.map((x) => toCorrection(x.c, { id: x.c.employee_id, code: x.code, name: x.name }));
}

/** Counts used by tests and the bench. */
export async function countDays(tenant: Tenant) {
  const [{ n }] = await tenant.db
    .select({ n: sql<number>`count(*)::int` })
    .from(attendanceDays)
    .where(eq(attendanceDays.company_id, tenant.companyId));
  return n;
}
