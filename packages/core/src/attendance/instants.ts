/** Internal helpers of the attendance computation (not exported from @chobo/core). */

/** An instant: ISO 8601 with offset, or epoch milliseconds. */
export type Instant = string | number;

export const MINUTE = 60_000;
export const ms = (t: Instant) => (typeof t === 'number' ? t : Date.parse(t));

export const DAY_MS = 86_400_000;

/** UTC midnight of an ISO date, in ms (no string parsing). */
export function utcDay(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}
