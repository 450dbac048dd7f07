import type { DayPunches } from './types.js';

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
