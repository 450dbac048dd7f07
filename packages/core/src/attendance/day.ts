/** One day's figures (worked, overtime, late night, holiday, breaks) and the weekly 40 h rule over days. */

import { weekStart } from './calendar.js';
import { DAY_MS, MINUTE, ms, utcDay } from './instants.js';
import { TOKYO_OFFSET_MS, weekdayOf } from './tokyo-time.js';
import type { AttendanceRules, DayFigures, DayPunches } from './types.js';

export const DAILY_LIMIT_MINUTES = 8 * 60;
export const WEEKLY_LIMIT_MINUTES = 40 * 60;

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
