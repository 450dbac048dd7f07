import {
  ATTENDANCE_CSV_HEADER,
  ATTENDANCE_PAYROLL_CSV_HEADER,
  datesOf,
  formatMinutes,
  holidayName,
  MONTHLY_60H_MINUTES,
  payrollMonth,
  tokyoDate,
  tokyoTime,
  WEEKDAY_SHORT,
  weekdayOf,
} from '@chobo/core';
import type { Tenant } from '../../lib/context.js';
import { csvLine, csvWriter } from '../../lib/csv.js';
import { attendanceExportRows } from './attendance.queries.js';
import { dailyMinutesOf } from './attendance-records.queries.js';

/** Dates in the payroll files: 2026/05/07. */
const slashed = (date: string) => date.replaceAll('-', '/');

/**
 * 出勤簿CSV for payroll: every employee's days of the month with their figures, one line a day, the
 * overtime beyond 60 h of the month counted from the day it is passed. UTF-8 with a BOM, or Shift_JIS.
 */
export async function attendanceCsv(tenant: Tenant, month: string, encoding: 'utf8' | 'sjis', today: string) {
  const { period, list, computed } = await attendanceExportRows(tenant, month, today);
  const w = csvWriter(encoding);
  const lines: string[] = [csvLine(ATTENDANCE_CSV_HEADER, w.eol)];
  for (const e of list) {
    const m = computed.get(e.id);
    if (!m) continue;
    const byDate = new Map(m.rows.map((d) => [d.date, d]));
    let cumulative = 0;
    for (const date of datesOf(period.from, period.to)) {
      const d = byDate.get(date);
      const f = m.figures.get(date);
      if (!d || !f) continue;
      const over60 =
        Math.max(0, cumulative + f.overtime_minutes - MONTHLY_60H_MINUTES) -
        Math.max(0, cumulative - MONTHLY_60H_MINUTES);
      cumulative += f.overtime_minutes;
      const cin = d.clock_in.toISOString();
      const cout = d.clock_out?.toISOString() ?? null;
      lines.push(
        csvLine(
          [
            e.code,
            e.name,
            slashed(date),
            WEEKDAY_SHORT[weekdayOf(date)],
            holidayName(date) ?? '',
            tokyoTime(cin),
            cout ? tokyoTime(cout, date).replace('翌', '') : '',
            f.break_minutes,
            f.worked_minutes,
            f.overtime_minutes,
            over60,
            f.late_night_minutes,
            f.holiday_minutes,
            formatMinutes(f.break_minutes),
            formatMinutes(f.worked_minutes),
            formatMinutes(f.overtime_minutes),
            formatMinutes(f.late_night_minutes),
            formatMinutes(f.holiday_minutes),
            [cout && tokyoDate(cout) > date ? '翌日退勤' : '', d.note ?? ''].filter(Boolean).join(' '),
          ],
          w.eol,
        ),
      );
    }
  }
  return Buffer.concat([w.bom, w.encode(lines.join(''))]);
}

/**
 * 月次集計CSV for a payroll import: one line per employee employed in the period (absent all month
 * included) with the month's 出勤日数, 欠勤, 所定内, 法定内残業, 法定外残業, 60時間超, 深夜, 法定休日 and 遅刻・早退
 * (core's payrollMonth over the same day figures as the grid and the daily file).
 */
export async function attendancePayrollCsv(tenant: Tenant, month: string, encoding: 'utf8' | 'sjis', today: string) {
  const { rules, period, list, computed } = await attendanceExportRows(tenant, month, today);
  const employed = list.filter(
    (e) => (!e.hire_date || e.hire_date <= period.to) && (!e.leave_date || e.leave_date >= period.from),
  );
  const daily = await dailyMinutesOf(
    tenant,
    employed.map((e) => e.id),
  );
  const w = csvWriter(encoding);
  const lines: string[] = [csvLine(ATTENDANCE_PAYROLL_CSV_HEADER, w.eol)];
  for (const e of employed) {
    const m = computed.get(e.id);
    if (!m) continue;
    const p = payrollMonth(
      period,
      m.punches.filter((x) => x.date >= period.from && x.date <= period.to),
      m.figures,
      rules,
      { today, employedFrom: e.hire_date, employedTo: e.leave_date, dailyMinutes: daily.get(e.id) ?? null },
    );
    const times = [
      p.worked_minutes,
      p.scheduled_minutes,
      p.within_statutory_overtime_minutes,
      p.overtime_minutes,
      p.overtime_over_60_minutes,
      p.late_night_minutes,
      p.holiday_minutes,
    ];
    lines.push(
      csvLine(
        [
          e.code,
          e.name,
          slashed(period.from),
          slashed(period.to),
          p.days_worked,
          p.absences,
          ...times,
          p.short_days,
          p.short_minutes,
          ...[...times, p.short_minutes].map(formatMinutes),
        ],
        w.eol,
      ),
    );
  }
  return Buffer.concat([w.bom, w.encode(lines.join(''))]);
}
