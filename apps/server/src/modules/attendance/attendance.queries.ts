import {
  type AttendanceDay,
  type AttendanceHistory,
  type AttendanceMonth,
  addDays,
  attendanceMonthOf,
  attendancePeriod,
  clockState,
  datesOf,
  holidayName,
  tokyoDate,
  weekdayOf,
} from '@chobo/core';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { attendanceCorrections, attendanceDays, attendanceHistory } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { alertsOf, computeMonths, type EmployeeMonth } from './attendance-figures.queries.js';
import {
  type AttendanceEmployee,
  type DayRow,
  findDayByDate,
  isMonthClosed,
  listAttendanceEmployees,
  loadRules,
  openYesterday,
  STALE_SHIFT_MS,
} from './attendance-records.queries.js';

/** The answers of 出勤管理: one employee's month, the managers' summary, the CSV's rows, today's and the clock's state. */

// what other modules read of the records
export { loadRules } from './attendance-records.queries.js';

/** The month answer of one employee (`GET /api/company/attendance?employee_id&month`). */
export async function attendanceMonth(
  tenant: Tenant,
  employee: AttendanceEmployee,
  month: string,
  today: string,
): Promise<AttendanceMonth> {
  const rules = await loadRules(tenant);
  const period = attendancePeriod(month, rules.closing_day);
  const [computed, closed, history, pending] = await Promise.all([
    computeMonths(tenant, rules, [employee], month, today),
    isMonthClosed(tenant, month),
    tenant.db
      .select()
      .from(attendanceHistory)
      .where(
        and(
          eq(attendanceHistory.company_id, tenant.companyId),
          eq(attendanceHistory.employee_id, employee.id),
          gte(attendanceHistory.date, period.from),
          lte(attendanceHistory.date, period.to),
        ),
      )
      .orderBy(asc(attendanceHistory.id)),
    tenant.db
      .select({ date: attendanceCorrections.date })
      .from(attendanceCorrections)
      .where(
        and(
          eq(attendanceCorrections.company_id, tenant.companyId),
          eq(attendanceCorrections.employee_id, employee.id),
          eq(attendanceCorrections.status, 'pending'),
          gte(attendanceCorrections.date, period.from),
          lte(attendanceCorrections.date, period.to),
        ),
      ),
  ]);
  const m = computed.get(employee.id) as EmployeeMonth;
  const rowsByDate = new Map(m.rows.map((r) => [r.date, r]));
  const historyByDate = new Map<string, AttendanceHistory[]>();
  for (const h of history) {
    let list = historyByDate.get(h.date);
    if (!list) {
      list = [];
      historyByDate.set(h.date, list);
    }
    list.push({
      id: h.id,
      action: h.action,
      actor_name: h.actor_name,
      reason: h.reason,
      before: h.before,
      after: h.after,
      created_at: h.created_at.toISOString(),
    });
  }
  const pendingDates = new Set(pending.map((p) => p.date));
  const days: AttendanceDay[] = datesOf(period.from, period.to).map((date) => {
    const row = rowsByDate.get(date);
    const f = m.figures.get(date);
    return {
      date,
      weekday: weekdayOf(date),
      holiday_name: holidayName(date),
      is_statutory_holiday: weekdayOf(date) === rules.statutory_holiday,
      clock_in: row?.clock_in.toISOString() ?? null,
      clock_out: row?.clock_out?.toISOString() ?? null,
      breaks: row?.breaks ?? [],
      worked_minutes: f?.worked_minutes ?? 0,
      overtime_minutes: f?.overtime_minutes ?? 0,
      late_night_minutes: f?.late_night_minutes ?? 0,
      holiday_minutes: f?.holiday_minutes ?? 0,
      note: row?.note ?? null,
      id: row?.id ?? null,
      updated_at: row?.updated_at.toISOString() ?? null,
      break_minutes: f?.break_minutes ?? 0,
      history: historyByDate.get(date) ?? [],
      pending_correction: pendingDates.has(date),
    };
  });
  return {
    employee: { id: employee.id, code: employee.code, name: employee.name },
    month,
    period,
    days,
    totals: m.totals,
    alerts: alertsOf(month, m, period, today),
    locked: Boolean(closed),
  };
}

/** The month totals of every employee with their alerts (the manager's overview). */
export async function attendanceSummary(tenant: Tenant, month: string, today: string) {
  const rules = await loadRules(tenant);
  const period = attendancePeriod(month, rules.closing_day);
  const list = (await listAttendanceEmployees(tenant)).filter(
    (e) => (!e.hire_date || e.hire_date <= period.to) && (!e.leave_date || e.leave_date >= period.from),
  );
  const [computed, closed] = await Promise.all([
    computeMonths(tenant, rules, list, month, today),
    isMonthClosed(tenant, month),
  ]);
  return {
    month,
    period,
    locked: Boolean(closed),
    closed_at: closed?.closed_at.toISOString() ?? null,
    rows: list.map((e) => {
      const m = computed.get(e.id) as EmployeeMonth;
      return {
        id: e.id,
        code: e.code,
        name: e.name,
        totals: m.totals,
        alerts: alertsOf(month, m, period, today),
      };
    }),
  };
}

/** For the CSV: each employee's days with their figures. */
export async function attendanceExportRows(tenant: Tenant, month: string, today: string) {
  const rules = await loadRules(tenant);
  const period = attendancePeriod(month, rules.closing_day);
  const list = await listAttendanceEmployees(tenant);
  const computed = await computeMonths(tenant, rules, list, month, today);
  return { rules, period, list, computed };
}

/**
 * Today's state of every employee still employed (出勤中 / 休憩中 / 退勤 / 未出勤): today's row, else a night
 * shift of yesterday still open. GET /api/company/attendance/today and the company home read it.
 */
export async function todayAttendance(tenant: Tenant, at: Date) {
  const today = tokyoDate(at);
  const list = (await listAttendanceEmployees(tenant)).filter((e) => !e.leave_date || e.leave_date >= today);
  const rows = list.length
    ? await tenant.db
        .select()
        .from(attendanceDays)
        .where(
          and(
            eq(attendanceDays.company_id, tenant.companyId),
            inArray(
              attendanceDays.employee_id,
              list.map((e) => e.id),
            ),
            gte(attendanceDays.date, addDays(today, -1)),
          ),
        )
    : [];
  const byEmployee = new Map<number, (typeof rows)[number]>();
  for (const d of rows) {
    if (d.date === today || (!d.clock_out && !byEmployee.has(d.employee_id))) byEmployee.set(d.employee_id, d);
  }
  const counts = { working: 0, on_break: 0, finished: 0, not_started: 0 };
  const out = list.map((e) => {
    const d = byEmployee.get(e.id);
    const state = clockState(
      d
        ? { clock_in: d.clock_in.toISOString(), clock_out: d.clock_out?.toISOString() ?? null, breaks: d.breaks }
        : null,
    );
    counts[state] += 1;
    return {
      id: e.id,
      code: e.code,
      name: e.name,
      state,
      clock_in: d?.clock_in.toISOString() ?? null,
      clock_out: d?.clock_out?.toISOString() ?? null,
    };
  });
  return { date: today, server_time: at.toISOString(), counts, employees: out };
}

/** The clock's answer for a day (`open`: the shift shown, none before 出勤). */
export function clockAnswer(at: Date, employee: AttendanceEmployee, open: DayRow | undefined, locked: boolean) {
  const punches = open
    ? {
        clock_in: open.clock_in.toISOString(),
        clock_out: open.clock_out?.toISOString() ?? null,
        breaks: open.breaks,
      }
    : null;
  return {
    server_time: at.toISOString(),
    date: tokyoDate(at),
    state: clockState(punches),
    employee: { id: employee.id, code: employee.code, name: employee.name },
    day: open && punches ? { id: open.id, ...punches } : null,
    locked,
  };
}

/** The employee's clock today (`GET /api/company/attendance/clock`): today's day, else yesterday's night shift still running. */
export async function clockStatus(tenant: Tenant, employee: AttendanceEmployee, at: Date) {
  const today = tokyoDate(at);
  const day = await findDayByDate(tenant, employee.id, today);
  const yesterday = await openYesterday(tenant, employee.id, today);
  const open =
    day ?? (yesterday && at.getTime() - yesterday.clock_in.getTime() < STALE_SHIFT_MS ? yesterday : undefined);
  const { closing_day } = await loadRules(tenant);
  return clockAnswer(at, employee, open, Boolean(await isMonthClosed(tenant, attendanceMonthOf(today, closing_day))));
}
