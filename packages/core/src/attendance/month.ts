/** A month's totals and its scheduled working days (absences). */
import { datesOf } from './calendar.js';
import { DAILY_LIMIT_MINUTES } from './day.js';
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

/** What a payroll import needs of an employee's month (給与計算の月次勤怠), in minutes and counts. */
export interface PayrollMonth extends MonthTotals {
  /** 所定内: worked minutes of scheduled working days within the contracted daily hours (8 h when none are set). */
  scheduled_minutes: number;
  /** 法定内残業: beyond the contracted hours, still within 8 h a day and 40 h a week (no statutory premium). */
  within_statutory_overtime_minutes: number;
  /** 遅刻・早退: scheduled working days worked (clocked in and out) shorter than the contracted hours. */
  short_days: number;
  short_minutes: number;
}

/**
 * A month's payroll figures from the same day figures as the grid and `monthTotals` (so 法定外残業, 60時間超,
 * 深夜 and 法定休日 are those of FACTS.md §7): the statutory time of a day (worked − 法定外 − 法定休日) splits into
 * 所定内 up to the contracted daily hours on a scheduled working day and 法定内残業 beyond them (all of it on a
 * day off that is not the 法定休日). Without a punch schedule, 遅刻・早退 is the
 * shortfall of a scheduled working day against the contracted hours (one count and its minutes per day);
 * without contracted hours there is none.
 */
export function payrollMonth(
  period: { from: string; to: string },
  punches: readonly DayPunches[],
  figures: Map<string, DayFigures>,
  rules: AttendanceRules,
  opts: { today: string; employedFrom?: string | null; employedTo?: string | null; dailyMinutes?: number | null },
): PayrollMonth {
  const totals = monthTotals(period, punches, figures, rules, opts);
  const daily = opts.dailyMinutes ?? null;
  const out: PayrollMonth = {
    ...totals,
    scheduled_minutes: 0,
    within_statutory_overtime_minutes: 0,
    short_days: 0,
    short_minutes: 0,
  };
  const finished = new Set<string>();
  for (const p of punches) if (p.clock_in && p.clock_out) finished.add(p.date);
  for (const [date, f] of figures) {
    if (date < period.from || date > period.to) continue;
    const statutory = Math.max(0, f.worked_minutes - f.overtime_minutes - f.holiday_minutes);
    // time on a day that is not a scheduled working day (土曜・祝日) is 所定外 even within 8 h
    const scheduled = isScheduledWorkday(date, rules) ? Math.min(statutory, daily ?? DAILY_LIMIT_MINUTES) : 0;
    out.scheduled_minutes += scheduled;
    out.within_statutory_overtime_minutes += statutory - scheduled;
    if (daily && finished.has(date) && isScheduledWorkday(date, rules) && f.worked_minutes < daily) {
      out.short_days += 1;
      out.short_minutes += daily - f.worked_minutes;
    }
  }
  return out;
}
