import {
  addDays,
  attendanceMonthOf,
  attendancePeriod,
  computeDays,
  type DayPunches,
  datesOf,
  holidayName,
  monthTotals,
  todayInTokyo,
  tokyoInstant,
  weekdayOf,
} from '@chobo/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tenant } from '../../lib/context.js';
import { loadRules } from '../../modules/attendance/attendance.queries.js';
import {
  attendanceDays,
  attendanceMonthCloses,
  attendanceMonthTotals,
  employees,
  type StoredBreak,
} from '../schema/index.js';

/** A small deterministic generator (the same demo every time for the same start date). */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 10_000) / 10_000;
  };
}

const hm = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const at = (date: string, minutes: number) =>
  new Date(tokyoInstant(minutes >= 24 * 60 ? addDays(date, 1) : date, hm(minutes)));

/**
 * A year of attendance for the demo company's employees (up to yesterday, Asia/Tokyo): weekday shifts,
 * some overtime, a few late nights (物流部's night shifts), a Sunday (法定休日) shift, a busy month for
 * 鈴木 (sales) near the 45 h alert; part-timers on short days. Every month before the current one is closed
 * (totals stored). Inserted in bulk.
 */
export async function seedDemoAttendance(tenant: Tenant, ownerUserId: number, today = todayInTokyo()) {
  const { db, companyId } = tenant;
  const staff = await db
    .select()
    .from(employees)
    .where(and(eq(employees.company_id, companyId), isNull(employees.deleted_at)));
  const rules = await loadRules(tenant);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const startMonth = `${m === 12 ? y : y - 1}-${String((m % 12) + 1).padStart(2, '0')}`; // 11 months back
  const from = `${startMonth}-01`;
  const yesterday = addDays(today, -1);
  if (yesterday < from) return;
  const busyMonth = (() => {
    const idx = y * 12 + (m - 1) - 3;
    return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
  })();

  const rows: (typeof attendanceDays.$inferInsert)[] = [];
  for (const e of staff) {
    const rand = rng(Number(e.code.replace(/\D/g, '')) * 7919 + Number(from.replace(/-/g, '')));
    const part = e.employment_type === 'part_time';
    const hours = (e.daily_hours_milli ?? 8000) / 1000;
    let sundayShiftDone = false;
    for (const date of datesOf(from, yesterday)) {
      if (e.hire_date && date < e.hire_date) continue;
      if (e.leave_date && date > e.leave_date) continue;
      const w = weekdayOf(date);
      const month = date.slice(0, 7);
      // one Sunday shift (法定休日) for 渡辺 (物流部) in the first month
      if (w === 0 && e.code === 'E006' && !sundayShiftDone && month === startMonth) {
        sundayShiftDone = true;
        rows.push(day(companyId, e.id, date, 9 * 60, 15 * 60, [[12 * 60, 12 * 60 + 45]]));
        continue;
      }
      if (w === 0 || w === 6 || holidayName(date)) continue;
      if (rand() < 0.04) continue; // 有給・欠勤
      if (part) {
        const start = 10 * 60 + Math.floor(rand() * 3) * 5;
        const len = Math.round(hours * 60);
        rows.push(
          day(
            companyId,
            e.id,
            date,
            start,
            start + len + (len > 360 ? 45 : 0),
            len > 360 ? [[12 * 60, 12 * 60 + 45]] : [],
          ),
        );
        continue;
      }
      // 物流部 田中: a night shift on the second Tuesday of each month (22:00–翌7:00, break 2:00–3:00)
      if (e.code === 'E004' && w === 2 && Number(date.slice(8)) > 7 && Number(date.slice(8)) <= 14) {
        rows.push(day(companyId, e.id, date, 22 * 60, 31 * 60, [[26 * 60, 27 * 60]]));
        continue;
      }
      const start = 8 * 60 + 45 + Math.floor(rand() * 6) * 5;
      let end = 18 * 60 + Math.floor(rand() * 7) * 5;
      const r = rand();
      if (e.code === 'E002' && month === busyMonth)
        end = 20 * 60 + 15 + Math.floor(r * 4) * 5; // ≈ 2 h 20 overtime a day
      else if (r < 0.18)
        end = 19 * 60 + Math.floor(rand() * 12) * 10; // some overtime
      else if (r < 0.2) end = 22 * 60 + 30; // a late night
      rows.push(day(companyId, e.id, date, start, end, [[12 * 60, 13 * 60]]));
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(attendanceDays).values(rows.slice(i, i + 1000));

  // close every month before the current one: totals computed here from the rows above (no re-reading),
  // stored as closeMonth stores them, in two bulk inserts
  const current = attendanceMonthOf(today, rules.closing_day);
  const months: string[] = [];
  for (let month = startMonth; month < current; ) {
    months.push(month);
    const [yy, mm] = month.split('-').map(Number) as [number, number];
    month = mm === 12 ? `${yy + 1}-01` : `${yy}-${String(mm + 1).padStart(2, '0')}`;
  }
  const byEmployee = new Map<number, DayPunches[]>();
  for (const r of rows) {
    const list = byEmployee.get(r.employee_id) ?? [];
    list.push({
      date: r.date,
      clock_in: (r.clock_in as Date).getTime(),
      clock_out: (r.clock_out as Date).getTime(),
      breaks: r.breaks ?? [],
    });
    byEmployee.set(r.employee_id, list);
  }
  const totals: (typeof attendanceMonthTotals.$inferInsert)[] = [];
  for (const e of staff) {
    const punches = byEmployee.get(e.id) ?? [];
    const figures = computeDays(punches, rules);
    for (const month of months) {
      const t = monthTotals(attendancePeriod(month, rules.closing_day), punches, figures, rules, {
        today,
        employedFrom: e.hire_date,
        employedTo: e.leave_date,
      });
      if (t.days_worked > 0 || t.absences > 0) totals.push({ company_id: companyId, employee_id: e.id, month, ...t });
    }
  }
  if (totals.length) await db.insert(attendanceMonthTotals).values(totals);
  if (months.length) {
    await db
      .insert(attendanceMonthCloses)
      .values(months.map((month) => ({ company_id: companyId, month, closed_by: ownerUserId })));
  }
}

function day(
  companyId: number,
  employeeId: number,
  date: string,
  start: number,
  end: number,
  breaks: [number, number][],
): typeof attendanceDays.$inferInsert {
  return {
    company_id: companyId,
    employee_id: employeeId,
    date,
    clock_in: at(date, start),
    clock_out: at(date, end),
    breaks: breaks.map(([s, e]): StoredBreak => ({ start: at(date, s).toISOString(), end: at(date, e).toISOString() })),
  };
}
