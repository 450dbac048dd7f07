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
export * from './attendance/alerts.js';
export * from './attendance/calendar.js';
export * from './attendance/clock.js';
export * from './attendance/day.js';
export * from './attendance/month.js';
export * from './attendance/tokyo-time.js';
export * from './attendance/types.js';
