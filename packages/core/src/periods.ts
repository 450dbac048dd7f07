/**
 * Calendar and fiscal-period arithmetic on ISO dates ('YYYY-MM-DD'), shared by the server's statements
 * and the web's accounting screens. Dates are plain calendar days (no time zone): everything is computed
 * in UTC so a day never shifts.
 */
import type { Period } from './contracts/accounting-reports.js';

const pad = (n: number) => String(n).padStart(2, '0');
const parts = (date: string) => date.slice(0, 10).split('-').map(Number) as [number, number, number];
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 'YYYY-MM-DD' of year y, month m (1–12), day d. */
export function isoDate(y: number, m: number, d: number): string {
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** `date` plus `days` (negative: earlier). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return fromUtc(Date.UTC(y, m - 1, d + days));
}

/** Whole days from `from` to `to` (to − from: 0 for the same day, negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000);
}

/** Number of days a period covers, both ends included (a fiscal year: 365 or 366). */
export function dayCount(p: Period): number {
  return daysBetween(p.from, p.to) + 1;
}

/** Last day of month `month` (1–12) of `year`. */
export function lastDayOfMonth(year: number, month: number): string {
  return fromUtc(Date.UTC(year, month, 0));
}

/** True on the last day of its month. */
export function isMonthEnd(date: string): boolean {
  return addDays(date, 1).endsWith('-01');
}

/** First day of the month after the month of `date`. */
export function nextMonthStart(date: string): string {
  const [y, m] = parts(date);
  return fromUtc(Date.UTC(y, m, 1));
}

/**
 * The corresponding date `years` later (negative: earlier). A month end maps to the month end, so
 * 2024-02-29 → 2023-02-28 and 2025-02-28 → 2024-02-29 (a February year-end stays a year-end); any other
 * day keeps its day of the month.
 */
export function shiftYears(date: string, years: number): string {
  const [y, m, d] = parts(date);
  if (isMonthEnd(date)) return lastDayOfMonth(y + years, m);
  return isoDate(y + years, m, d);
}

/**
 * The comparison period of a statement (前期比較): the same range one year earlier, both ends shifted by
 * shiftYears. For a fiscal year that is the previous fiscal year (2025-04-01〜2026-03-31 →
 * 2024-04-01〜2025-03-31), for a month or a range of months the same months of the year before
 * (2026-02-01〜2026-02-28 → 2025-02-01〜2025-02-28), so seasonal figures compare like with like.
 */
export function previousPeriod(p: Period): Period {
  return { from: shiftYears(p.from, -1), to: shiftYears(p.to, -1) };
}

/** The fiscal year containing `date` of a company whose year ends in month `endMonth` (1–12). */
export function fiscalYearContaining(date: string, endMonth: number): Period {
  const [y, m] = parts(date);
  const endYear = m <= endMonth ? y : y + 1;
  return { from: addDays(lastDayOfMonth(endYear - 1, endMonth), 1), to: lastDayOfMonth(endYear, endMonth) };
}

/** Name of a fiscal year by its last day, as Japanese companies call it: '2026-03-31' → '2026年3月期'. */
export function fiscalYearLabel(endDate: string): string {
  const [y, m] = parts(endDate);
  return `${y}年${m}月期`;
}

/** One calendar month of a range. */
export interface MonthRange extends Period {
  /** 'YYYY-MM' */
  month: string;
  /** 'M月' */
  label: string;
}

/** The most months monthsOf lists (a long fiscal year of up to 24 months, with room to spare). */
export const MAX_MONTHS = 36;

/**
 * The calendar months that [from, to] touches, each as the whole month (1st to month end) — at most
 * MAX_MONTHS of them.
 */
export function monthsOf(from: string, to: string): MonthRange[] {
  const out: MonthRange[] = [];
  let [y, m] = parts(from);
  const end = to.slice(0, 7);
  while (out.length < MAX_MONTHS) {
    const month = `${y}-${pad(m)}`;
    if (month > end) break;
    out.push({ month, from: `${month}-01`, to: lastDayOfMonth(y, m), label: `${m}月` });
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}
