import {
  type AttendanceAlertDto,
  type AttendanceMonthTotals,
  agreementAlerts,
  attendancePeriod,
  computeDays,
  type DayFigures,
  type DayPunches,
  dayAlerts,
  type MonthOvertime,
  monthTotals,
  weekStart,
} from '@chobo/core';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  attendanceDays,
  attendanceMonthCloses,
  attendanceMonthTotals,
  type StoredBreak,
} from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { type AttendanceEmployee, type CompanyRules, toPunches } from './attendance-records.queries.js';

/**
 * The overtime figures of a month: each employee's days computed under the work rules, the month's totals and
 * the 36協定 history of the months before (closed months from their stored totals, open ones from their days).
 */

/** Days of some employees between two dates (both included), in date order. */
async function loadDays(tenant: Tenant, employeeIds: number[] | null, from: string, to: string) {
  const where = and(
    eq(attendanceDays.company_id, tenant.companyId),
    employeeIds ? inArray(attendanceDays.employee_id, employeeIds) : undefined,
    gte(attendanceDays.date, from),
    lte(attendanceDays.date, to),
  );
  // One JSON text per employee (instants as epoch milliseconds): the embedded database hands back a few
  // hundred values far faster than thousands of rows of timestamptz/jsonb (318 ms → 53 ms for 8,700 days).
  const raw = await tenant.db
    .select({
      employee_id: attendanceDays.employee_id,
      days: sql<string>`json_agg(json_build_array(${attendanceDays.id}, ${attendanceDays.date}, extract(epoch from ${attendanceDays.clock_in}) * 1000, extract(epoch from ${attendanceDays.clock_out}) * 1000, ${attendanceDays.breaks}, ${attendanceDays.note}, extract(epoch from ${attendanceDays.updated_at}) * 1000) order by ${attendanceDays.date})::text`,
    })
    .from(attendanceDays)
    .where(where)
    .groupBy(attendanceDays.employee_id)
    .orderBy(asc(attendanceDays.employee_id));
  const out: {
    id: number;
    employee_id: number;
    date: string;
    clock_in: Date;
    clock_out: Date | null;
    breaks: StoredBreak[];
    note: string | null;
    updated_at: Date;
  }[] = [];
  for (const r of raw) {
    const list = JSON.parse(r.days) as [number, string, number, number | null, StoredBreak[], string | null, number][];
    for (const [id, date, cin, cout, breaks, note, updated] of list) {
      out.push({
        id,
        employee_id: r.employee_id,
        date,
        clock_in: new Date(Math.trunc(cin)),
        clock_out: cout === null ? null : new Date(Math.trunc(cout)),
        breaks,
        note,
        updated_at: new Date(Math.trunc(updated)),
      });
    }
  }
  return out;
}
type LoadedDay = Awaited<ReturnType<typeof loadDays>>[number];

export function monthsBack(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const idx = y * 12 + (m - 1) - n;
  return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
}

/** The months the 36協定 checks of `month` look at: January of its year or 5 months back, whichever is earlier. */
export function agreementMonths(month: string): string[] {
  const earliest = [monthsBack(month, 5), `${month.slice(0, 4)}-01`].sort()[0];
  const out: string[] = [];
  for (let m = earliest; m < month; m = monthsBack(m, -1)) out.push(m);
  return out;
}

export interface EmployeeMonth {
  totals: AttendanceMonthTotals;
  figures: Map<string, DayFigures>;
  punches: DayPunches[];
  rows: LoadedDay[];
  history: MonthOvertime[];
}

/**
 * The month's figures of some employees (all of the company when `employeeIds` is null) with their
 * 36協定 history: closed months from their stored totals, open ones computed from their days — all days
 * read in one query.
 */
export async function computeMonths(
  tenant: Tenant,
  rules: CompanyRules,
  employeesOf: AttendanceEmployee[],
  month: string,
  today: string,
): Promise<Map<number, EmployeeMonth>> {
  const ids = employeesOf.map((e) => e.id);
  const period = attendancePeriod(month, rules.closing_day);
  const previous = agreementMonths(month);
  const closedRows = ids.length
    ? await tenant.db
        .select({
          employee_id: attendanceMonthTotals.employee_id,
          month: attendanceMonthTotals.month,
          overtime_minutes: attendanceMonthTotals.overtime_minutes,
          holiday_minutes: attendanceMonthTotals.holiday_minutes,
        })
        .from(attendanceMonthTotals)
        .where(
          and(
            eq(attendanceMonthTotals.company_id, tenant.companyId),
            inArray(attendanceMonthTotals.employee_id, ids),
            gte(attendanceMonthTotals.month, previous[0] ?? month),
            lte(attendanceMonthTotals.month, month),
          ),
        )
    : [];
  const stored = new Map<number, Map<string, MonthOvertime>>();
  for (const r of closedRows) {
    let m = stored.get(r.employee_id);
    if (!m) {
      m = new Map();
      stored.set(r.employee_id, m);
    }
    m.set(r.month, { month: r.month, overtime_minutes: r.overtime_minutes, holiday_minutes: r.holiday_minutes });
  }
  // A closed month's stored totals stand for every employee (an employee with no row had no time).
  const closedOfCompany = new Set(
    (
      await tenant.db
        .select({ month: attendanceMonthCloses.month })
        .from(attendanceMonthCloses)
        .where(
          and(
            eq(attendanceMonthCloses.company_id, tenant.companyId),
            gte(attendanceMonthCloses.month, previous[0] ?? month),
            lte(attendanceMonthCloses.month, month),
          ),
        )
    ).map((r) => r.month),
  );
  const openPrevious = previous.filter((m) => !closedOfCompany.has(m));
  const liveMonths = [...openPrevious, month];
  const firstPeriod = attendancePeriod(liveMonths[0], rules.closing_day);
  const from = weekStart(firstPeriod.from);
  const rows = ids.length ? await loadDays(tenant, employeesOf.length > 50 ? null : ids, from, period.to) : [];
  const byEmployee = new Map<number, LoadedDay[]>();
  for (const r of rows) {
    let list = byEmployee.get(r.employee_id);
    if (!list) {
      list = [];
      byEmployee.set(r.employee_id, list);
    }
    list.push(r);
  }
  const out = new Map<number, EmployeeMonth>();
  const openPeriods = openPrevious.map((m) => ({ month: m, ...attendancePeriod(m, rules.closing_day) }));
  const gridFrom = weekStart(period.from);
  for (const e of employeesOf) {
    const eRows = byEmployee.get(e.id) ?? [];
    const punches = eRows.map(toPunches);
    const figures = computeDays(punches, rules);
    const history: MonthOvertime[] = [...(stored.get(e.id)?.values() ?? [])].filter((h) => h.month !== month);
    for (const p of openPeriods) {
      const m = p.month;
      let overtime = 0;
      let holiday = 0;
      for (const [date, f] of figures) {
        if (date < p.from || date > p.to) continue;
        overtime += f.overtime_minutes;
        holiday += f.holiday_minutes;
      }
      history.push({ month: m, overtime_minutes: overtime, holiday_minutes: holiday });
    }
    const inPeriod = punches.filter((p) => p.date >= gridFrom);
    const totals = monthTotals(period, inPeriod, figures, rules, {
      today,
      employedFrom: e.hire_date,
      employedTo: e.leave_date,
    });
    history.push({ month, overtime_minutes: totals.overtime_minutes, holiday_minutes: totals.holiday_minutes });
    out.set(e.id, { totals, figures, punches, rows: eRows, history });
  }
  return out;
}

export function alertsOf(month: string, m: EmployeeMonth, period: { from: string; to: string }, today: string) {
  const alerts: AttendanceAlertDto[] = agreementAlerts(month, m.history);
  // day alerts fire only on days with punches
  for (const p of m.punches) {
    if (p.date < period.from || p.date > period.to) continue;
    alerts.push(...dayAlerts(p.date, p, m.figures.get(p.date), today));
  }
  return alerts;
}
