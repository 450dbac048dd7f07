/** The attendance calendar: weeks (Sunday to Saturday), the attendance month under a closing day, its dates. */
import { addDays, daysBetween, isoDate, lastDayOfMonth } from '../periods.js';
import { DAY_MS, utcDay } from './instants.js';

/** Sunday starting the week of `date`. */
const weekStarts = new Map<string, string>();
export function weekStart(date: string): string {
  let w = weekStarts.get(date);
  if (w === undefined) {
    const t = utcDay(date);
    w = new Date(t - new Date(t).getUTCDay() * DAY_MS).toISOString().slice(0, 10);
    if (weekStarts.size > 20_000) weekStarts.clear();
    weekStarts.set(date, w);
  }
  return w;
}

/** The attendance period of `month` ('YYYY-MM') for a monthly closing day (31 = month end; 20 → 21st to 20th). */
export function attendancePeriod(month: string, closingDay: number): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const end = (yy: number, mm: number) => {
    const last = lastDayOfMonth(yy, mm);
    return closingDay >= Number(last.slice(8)) ? last : isoDate(yy, mm, closingDay);
  };
  const prevY = m === 1 ? y - 1 : y;
  const prevM = m === 1 ? 12 : m - 1;
  return { from: addDays(end(prevY, prevM), 1), to: end(y, m) };
}

/** The attendance month ('YYYY-MM') a date belongs to under a closing day. */
export function attendanceMonthOf(date: string, closingDay: number): string {
  const month = date.slice(0, 7);
  const p = attendancePeriod(month, closingDay);
  if (date > p.to) {
    const [y, m] = month.split('-').map(Number) as [number, number];
    return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  }
  return month;
}

/** Every date from `from` to `to`, both included. */
export function datesOf(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: n + 1 }, (_, i) => addDays(from, i));
}
