/** A month's totals and its scheduled working days (absences). */
import { datesOf } from './calendar.js';
import { holidayName, weekdayOf } from './tokyo-time.js';
import type { AttendanceRules, DayFigures, DayPunches, MonthTotals } from './types.js';

export const MONTHLY_60H_MINUTES = 60 * 60;

/** A scheduled working day: Monday–Friday, not a national holiday, not the statutory holiday. */
export function isScheduledWorkday(date: string, rules: AttendanceRules): boolean {
  const w = weekdayOf(date);
  return w >= 1 && w <= 5 && w !== rules.statutory_holiday && holidayName(date) === null;
}

/** A month's totals from its days' figures; absences are scheduled working days before `today` with no clock-in. */
export function monthTotals(
  period: { from: string; to: string },
  punches: readonly DayPunches[],
  figures: Map<string, DayFigures>,
  rules: AttendanceRules,
  opts: { today: string; employedFrom?: string | null; employedTo?: string | null },
): MonthTotals {
  const t: MonthTotals = {
    worked_minutes: 0,
    overtime_minutes: 0,
    overtime_over_60_minutes: 0,
    late_night_minutes: 0,
    holiday_minutes: 0,
    days_worked: 0,
    absences: 0,
  };
  const clocked = new Set<string>();
  for (const p of punches) if (p.clock_in && p.date >= period.from && p.date <= period.to) clocked.add(p.date);
  for (const [date, f] of figures) {
    if (date < period.from || date > period.to) continue;
    t.worked_minutes += f.worked_minutes;
    t.overtime_minutes += f.overtime_minutes;
    t.late_night_minutes += f.late_night_minutes;
    t.holiday_minutes += f.holiday_minutes;
  }
  t.days_worked = clocked.size;
  t.overtime_over_60_minutes = Math.max(0, t.overtime_minutes - MONTHLY_60H_MINUTES);
  for (const date of scheduledWorkdays(period.from, period.to, rules)) {
    if (date >= opts.today) break;
    if (opts.employedFrom && date < opts.employedFrom) continue;
    if (opts.employedTo && date > opts.employedTo) continue;
    if (!clocked.has(date)) t.absences += 1;
  }
  return t;
}

const workdayLists = new Map<string, string[]>();
/** The scheduled working days of a period (computed once per period and rules). */
export function scheduledWorkdays(from: string, to: string, rules: AttendanceRules): string[] {
  const key = `${from}|${to}|${rules.statutory_holiday}`;
  let list = workdayLists.get(key);
  if (!list) {
    list = datesOf(from, to).filter((d) => isScheduledWorkday(d, rules));
    if (workdayLists.size > 500) workdayLists.clear();
    workdayLists.set(key, list);
  }
  return list;
}
