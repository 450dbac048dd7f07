/**
 * 出勤管理: the pure computation of worked time under 労働基準法 (docs/product/FACTS.md §7), shared by the
 * server (month answer, totals, CSV) and the web's live grid. No I/O. Everything is in Asia/Tokyo, which
 * has no daylight saving: a Tokyo wall-clock time is the UTC instant + 9 h.
 *
 * - A shift belongs to the day it started (a 22:00–7:00 night shift is the first day's).
 * - Worked = clock-in to clock-out minus breaks. Late night (深夜) = worked minutes between 22:00 and 5:00.
 * - On the weekly statutory holiday (法定休日, from the work rules) all worked minutes are 休日労働; they are
 *   neither daily nor weekly overtime.
 * - Overtime (時間外) = beyond 8 h on the day, plus — of the hours within 8 h a day — those beyond 40 h in the
 *   week (Sunday to Saturday), so an hour is counted once, never twice.
 * - The month's overtime beyond 60 h is split out (50% premium).
 * - Breaks shorter than the legal minimum are flagged: ≥45 min beyond 6 h of work, ≥60 min beyond 8 h.
 * - 36協定 alerts (caps and early warnings at 80%): see `agreementAlerts`.
 */
import holidayJp from '@holiday-jp/holiday_jp';
import { addDays, daysBetween, isoDate, lastDayOfMonth } from './periods.js';

export const TOKYO_OFFSET_MS = 9 * 3_600_000;
export const DAILY_LIMIT_MINUTES = 8 * 60;
export const WEEKLY_LIMIT_MINUTES = 40 * 60;
export const MONTHLY_60H_MINUTES = 60 * 60;
export const AGREEMENT = {
  monthly: 45 * 60,
  yearly: 360 * 60,
  monthlyWithHoliday: 100 * 60,
  averageWithHoliday: 80 * 60,
  monthsOver45: 6,
  warningRatio: 0.8,
} as const;

export const WEEKDAY_SHORT = ['日', '月', '火', '水', '木', '金', '土'] as const;

export interface BreakSpan {
  start: string;
  end: string | null;
}

/** An instant: ISO 8601 with offset, or epoch milliseconds. */
export type Instant = string | number;

/** One day's punches as stored. */
export interface DayPunches {
  date: string;
  clock_in: Instant | null;
  clock_out: Instant | null;
  breaks: readonly BreakSpan[];
}

export interface AttendanceRules {
  /** Weekday of the 法定休日: 0 = Sunday … 6 = Saturday. */
  statutory_holiday: number;
}

export interface DayFigures {
  worked_minutes: number;
  overtime_minutes: number;
  late_night_minutes: number;
  holiday_minutes: number;
  break_minutes: number;
  /** The break is shorter than the legal minimum for the worked time. */
  break_short: boolean;
  /** The break the law asks for (0, 45 or 60). */
  break_required: number;
}

export interface MonthTotals {
  worked_minutes: number;
  overtime_minutes: number;
  overtime_over_60_minutes: number;
  late_night_minutes: number;
  holiday_minutes: number;
  days_worked: number;
  absences: number;
}

export type AlertLevel = 'warning' | 'alert';
export type AlertCode =
  | 'monthly_45h'
  | 'yearly_360h'
  | 'monthly_100h'
  | 'average_80h'
  | 'months_over_45h'
  | 'break_short'
  | 'missing_clock_out';

export interface AttendanceAlert {
  code: AlertCode;
  level: AlertLevel;
  message: string;
  date: string | null;
}

const MINUTE = 60_000;
const ms = (t: Instant) => (typeof t === 'number' ? t : Date.parse(t));

/** Minutes as H:MM (e.g. 0:00, 8:30, 45:05). */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const m = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

const DAY_MS = 86_400_000;

/** UTC midnight of an ISO date, in ms (no string parsing). */
function utcDay(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

const weekdays = new Map<string, number>();

/** Weekday of an ISO date (0 = Sunday). */
export function weekdayOf(date: string): number {
  let w = weekdays.get(date);
  if (w === undefined) {
    w = new Date(utcDay(date.slice(0, 10))).getUTCDay();
    if (weekdays.size > 20_000) weekdays.clear();
    weekdays.set(date, w);
  }
  return w;
}

const holidays = holidayJp.holidays as Record<string, { name: string } | undefined>;

/** The national holiday's name (祝日), or null. */
export function holidayName(date: string): string | null {
  return holidays[date]?.name ?? null;
}

/** The Tokyo calendar date of an instant. */
export function tokyoDate(instant: Date | string | number): string {
  const t = typeof instant === 'number' ? instant : typeof instant === 'string' ? ms(instant) : instant.getTime();
  return new Date(t + TOKYO_OFFSET_MS).toISOString().slice(0, 10);
}

/** HH:MM (Tokyo) of an instant; a time on a later day than `date` reads 翌HH:MM. */
export function tokyoTime(instant: Instant | null, date?: string): string {
  if (instant === null || instant === '') return '';
  const t = new Date(ms(instant) + TOKYO_OFFSET_MS).toISOString();
  const hm = t.slice(11, 16);
  return date && t.slice(0, 10) > date ? `翌${hm}` : hm;
}

/** The instant of Tokyo wall-clock `date` `HH:MM` as ISO 8601 with +09:00. */
export function tokyoInstant(date: string, hm: string): string {
  return `${date}T${hm}:00+09:00`;
}

type Span = [number, number];

function workSpans(p: DayPunches): { spans: Span[]; breakMs: number } {
  if (!p.clock_in || !p.clock_out) return { spans: [], breakMs: 0 };
  const a = ms(p.clock_in);
  const b = ms(p.clock_out);
  if (!(b > a)) return { spans: [], breakMs: 0 };
  const cuts = p.breaks
    .filter((x) => x.end)
    .map((x) => [Math.max(a, ms(x.start)), Math.min(b, ms(x.end as string))] as Span)
    .filter(([s, e]) => e > s)
    .sort((x, y) => x[0] - y[0]);
  const spans: Span[] = [];
  let cursor = a;
  let breakMs = 0;
  for (const [s, e] of cuts) {
    if (e <= cursor) continue;
    const from = Math.max(s, cursor);
    if (from > cursor) spans.push([cursor, from]);
    breakMs += e - from;
    cursor = e;
  }
  if (b > cursor) spans.push([cursor, b]);
  return { spans, breakMs };
}

/** Late-night windows 22:00–5:00 (Tokyo) around a shift: [d 13:00Z, d 20:00Z] for each day d. */
function lateNightMs(spans: Span[], date: string): number {
  let total = 0;
  // 22:00 Tokyo of `date` = its UTC midnight − 9 h + 22 h
  const first = utcDay(date) - TOKYO_OFFSET_MS + 22 * 3_600_000;
  for (let k = -1; k <= 2; k += 1) {
    const from = first + k * DAY_MS;
    const to = from + 7 * 3_600_000;
    for (const [s, e] of spans) total += Math.max(0, Math.min(e, to) - Math.max(s, from));
  }
  return total;
}

/** The break the law asks for after `worked` minutes: 45 beyond 6 h, 60 beyond 8 h. */
export function requiredBreak(worked: number): number {
  if (worked > 8 * 60) return 60;
  if (worked > 6 * 60) return 45;
  return 0;
}

/** One day on its own: worked, late-night, holiday and the daily overtime (the weekly rule is added by `computeDays`). */
export function computeDay(p: DayPunches, rules: AttendanceRules): DayFigures {
  const { spans, breakMs } = workSpans(p);
  const workedMs = spans.reduce((n, [s, e]) => n + (e - s), 0);
  const worked = Math.floor(workedMs / MINUTE);
  const breakMinutes = Math.floor(breakMs / MINUTE);
  const statutory = weekdayOf(p.date) === rules.statutory_holiday;
  const required = requiredBreak(worked);
  return {
    worked_minutes: worked,
    overtime_minutes: statutory ? 0 : Math.max(0, worked - DAILY_LIMIT_MINUTES),
    late_night_minutes: Math.floor(lateNightMs(spans, p.date) / MINUTE),
    holiday_minutes: statutory ? worked : 0,
    break_minutes: breakMinutes,
    break_short: worked > 0 && breakMinutes < required,
    break_required: required,
  };
}

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

/**
 * Every day's figures with the weekly 40 h rule: within each week (Sunday–Saturday) the minutes within
 * 8 h a day accumulate in date order; those past 40 h become overtime too. Pass the days from the Sunday
 * before the first day you report, so a week crossing the month start counts its earlier days.
 */
export function computeDays(days: readonly DayPunches[], rules: AttendanceRules): Map<string, DayFigures> {
  const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const out = new Map<string, DayFigures>();
  let week = '';
  let within = 0;
  for (const p of sorted) {
    const f = computeDay(p, rules);
    const w = weekStart(p.date);
    if (w !== week) {
      week = w;
      within = 0;
    }
    if (f.holiday_minutes === 0 && f.worked_minutes > 0) {
      const regular = Math.min(f.worked_minutes, DAILY_LIMIT_MINUTES);
      const before = within;
      within += regular;
      const weekly = Math.max(0, within - Math.max(before, WEEKLY_LIMIT_MINUTES));
      f.overtime_minutes += weekly;
    }
    const prev = out.get(p.date);
    out.set(p.date, prev ? sumFigures(prev, f) : f);
  }
  return out;
}

function sumFigures(a: DayFigures, b: DayFigures): DayFigures {
  return {
    worked_minutes: a.worked_minutes + b.worked_minutes,
    overtime_minutes: a.overtime_minutes + b.overtime_minutes,
    late_night_minutes: a.late_night_minutes + b.late_night_minutes,
    holiday_minutes: a.holiday_minutes + b.holiday_minutes,
    break_minutes: a.break_minutes + b.break_minutes,
    break_short: a.break_short || b.break_short,
    break_required: Math.max(a.break_required, b.break_required),
  };
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

/** One month's overtime and holiday minutes, for the 36協定 checks. */
export interface MonthOvertime {
  month: string;
  overtime_minutes: number;
  holiday_minutes: number;
}

function monthsBack(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const idx = y * 12 + (m - 1) - n;
  return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
}

/**
 * 36協定 (FACTS §7) for `month`, given that month's and earlier months' figures (missing months count 0):
 * 時間外 over 45 h in the month; 360 h in the agreement year (January to `month`); 時間外+休日 100 h in the
 * month; an average of 時間外+休日 over 80 h across 2–6 months ending with `month`; more than 6 months over
 * 45 h in the year. Each also warns from 80% of its cap.
 */
export function agreementAlerts(month: string, history: readonly MonthOvertime[]): AttendanceAlert[] {
  const by = new Map(history.map((h) => [h.month, h]));
  const ot = (m: string) => by.get(m)?.overtime_minutes ?? 0;
  const both = (m: string) => ot(m) + (by.get(m)?.holiday_minutes ?? 0);
  const alerts: AttendanceAlert[] = [];
  const push = (code: AlertCode, level: AlertLevel, message: string) =>
    alerts.push({ code, level, message, date: null });
  const W = AGREEMENT.warningRatio;

  const monthly = ot(month);
  if (monthly > AGREEMENT.monthly) {
    push('monthly_45h', 'alert', `時間外労働が月45時間を超えています（${formatMinutes(monthly)}）`);
  } else if (monthly >= AGREEMENT.monthly * W) {
    push('monthly_45h', 'warning', `時間外労働が月45時間の80%に達しました（${formatMinutes(monthly)}）`);
  }

  const year = month.slice(0, 4);
  const yearMonths = Array.from(
    { length: Number(month.slice(5)) },
    (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`,
  );
  const yearly = yearMonths.reduce((n, m) => n + ot(m), 0);
  if (yearly > AGREEMENT.yearly) {
    push('yearly_360h', 'alert', `時間外労働が年360時間を超えています（${formatMinutes(yearly)}）`);
  } else if (yearly >= AGREEMENT.yearly * W) {
    push('yearly_360h', 'warning', `時間外労働が年360時間の80%に達しました（${formatMinutes(yearly)}）`);
  }

  const withHoliday = both(month);
  if (withHoliday >= AGREEMENT.monthlyWithHoliday) {
    push('monthly_100h', 'alert', `時間外労働と休日労働の合計が月100時間以上です（${formatMinutes(withHoliday)}）`);
  } else if (withHoliday >= AGREEMENT.monthlyWithHoliday * W) {
    push(
      'monthly_100h',
      'warning',
      `時間外労働と休日労働の合計が月100時間の80%に達しました（${formatMinutes(withHoliday)}）`,
    );
  }

  let worst = { n: 0, avg: 0 };
  for (let n = 2; n <= 6; n += 1) {
    let sum = 0;
    for (let k = 0; k < n; k += 1) sum += both(monthsBack(month, k));
    const avg = Math.floor(sum / n);
    if (avg > worst.avg) worst = { n, avg };
  }
  if (worst.avg > AGREEMENT.averageWithHoliday) {
    push(
      'average_80h',
      'alert',
      `時間外労働と休日労働の${worst.n}か月平均が80時間を超えています（${formatMinutes(worst.avg)}）`,
    );
  } else if (worst.avg >= AGREEMENT.averageWithHoliday * W) {
    push(
      'average_80h',
      'warning',
      `時間外労働と休日労働の${worst.n}か月平均が80時間の80%に達しました（${formatMinutes(worst.avg)}）`,
    );
  }

  const over45 = yearMonths.filter((m) => ot(m) > AGREEMENT.monthly).length;
  if (over45 > AGREEMENT.monthsOver45) {
    push('months_over_45h', 'alert', `月45時間を超えた月が年6回を超えています（${over45}回）`);
  } else if (over45 >= Math.ceil(AGREEMENT.monthsOver45 * W)) {
    push('months_over_45h', 'warning', `月45時間を超えた月が年${over45}回になりました（上限6回）`);
  }
  return alerts;
}

/** Day-level alerts: short breaks, a clock-in with no clock-out on a past day. */
export function dayAlerts(
  date: string,
  p: DayPunches | undefined,
  f: DayFigures | undefined,
  today: string,
): AttendanceAlert[] {
  const out: AttendanceAlert[] = [];
  if (f?.break_short) {
    out.push({
      code: 'break_short',
      level: 'alert',
      date,
      message: `休憩が法定の${f.break_required}分に足りません（${f.break_minutes}分）`,
    });
  }
  if (p?.clock_in && !p.clock_out && date < today) {
    out.push({ code: 'missing_clock_out', level: 'warning', date, message: '退勤の打刻がありません' });
  }
  return out;
}

/** The state of the clock for one day's punches. */
export type ClockState = 'not_started' | 'working' | 'on_break' | 'finished';
export const CLOCK_STATE_LABELS: Record<ClockState, string> = {
  not_started: '未出勤',
  working: '出勤中',
  on_break: '休憩中',
  finished: '退勤',
};

export function clockState(p: Pick<DayPunches, 'clock_in' | 'clock_out' | 'breaks'> | undefined | null): ClockState {
  if (!p?.clock_in) return 'not_started';
  if (p.clock_out) return 'finished';
  return p.breaks.some((b) => !b.end) ? 'on_break' : 'working';
}
