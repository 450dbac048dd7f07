/** The shapes of the attendance computation: a day's punches, the work rules, a day's and a month's figures. */
import type { Instant } from './instants.js';

export interface BreakSpan {
  start: string;
  end: string | null;
}

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
