import type { AttendanceMonth } from '@chobo/core';

/** A month's totals: 12:30 worked on one day, 4:30 of it overtime and 0:30 late at night. */
export const TOTALS: AttendanceMonth['totals'] = {
  worked_minutes: 750,
  overtime_minutes: 270,
  overtime_over_60_minutes: 0,
  late_night_minutes: 30,
  holiday_minutes: 0,
  days_worked: 1,
  absences: 0,
};
