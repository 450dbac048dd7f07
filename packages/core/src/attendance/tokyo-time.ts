/** Asia/Tokyo (no daylight saving: a Tokyo wall-clock time is the UTC instant + 9 h): dates, times, weekdays, 祝日. */
import holidayJp from '@holiday-jp/holiday_jp';
import { type Instant, ms, utcDay } from './instants.js';

export type { Instant } from './instants.js';

export const TOKYO_OFFSET_MS = 9 * 3_600_000;

export const WEEKDAY_SHORT = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** Minutes as H:MM (e.g. 0:00, 8:30, 45:05). */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const m = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
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
