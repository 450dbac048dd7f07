import { z } from 'zod';
import { DATE_RANGE_MESSAGE, isDateInRange } from '../validators.js';
import { dateDto, idDto, idField, idFilter, timestampDto } from './common.js';

/** 出勤管理 (docs/product/PRODUCT.md §4, issue 14). Times travel as ISO 8601 date-times with offset. */

const monthField = z
  .string({ error: '対象月を指定してください' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '対象月はYYYY-MMの形式で指定してください')
  .refine((v) => isDateInRange(`${v}-01`), `対象月${DATE_RANGE_MESSAGE.replace('日付', '月')}`);

const instant = (label: string) =>
  z.iso.datetime({
    offset: true,
    error: (issue) =>
      issue.input === undefined || issue.input === '' || issue.input === null
        ? `${label}を入力してください`
        : `${label}は日時（例: 2026-04-01T09:00:00+09:00）で入力してください`,
  });

export const CLOCK_ACTIONS = ['in', 'out', 'break_start', 'break_end'] as const;
export type ClockAction = (typeof CLOCK_ACTIONS)[number];
export const CLOCK_ACTION_LABELS: Record<ClockAction, string> = {
  in: '出勤',
  out: '退勤',
  break_start: '休憩開始',
  break_end: '休憩終了',
};

/** `POST /api/company/attendance/clock`: the time is the server's. */
export const clockInput = z.object({
  action: z.enum(CLOCK_ACTIONS, { error: '打刻の種類（in / out / break_start / break_end）を指定してください' }),
});
export type ClockInput = z.infer<typeof clockInput>;

export const breakInput = z
  .object({ start: instant('休憩開始'), end: instant('休憩終了') })
  .refine((b) => Date.parse(b.end) > Date.parse(b.start), {
    path: ['end'],
    message: '休憩終了は休憩開始より後の時刻を入力してください',
  });

const reasonField = z
  .string({ error: '修正理由を入力してください' })
  .trim()
  .min(1, '修正理由を入力してください')
  .max(500, '修正理由は500文字以内で入力してください');

/** The punches of one day (clock_out may fall on the next day for a night shift). */
const dayFields = z.object({
  date: z.iso.date({ error: '日付をYYYY-MM-DDの形式で入力してください' }),
  clock_in: instant('出勤時刻'),
  clock_out: instant('退勤時刻'),
  breaks: z.array(breakInput).max(10, '休憩は10件までです').default([]),
  reason: reasonField,
});

type DayShape = { date: string; clock_in: string; clock_out: string; breaks: { start: string; end: string }[] };

/** Checks shared by a manager's day and an employee's correction request. */
function dayRules(v: DayShape, ctx: z.RefinementCtx) {
  const a = Date.parse(v.clock_in);
  const b = Date.parse(v.clock_out);
  const dayStart = Date.parse(`${v.date}T00:00:00+09:00`);
  if (a < dayStart || a >= dayStart + 86_400_000) {
    ctx.addIssue({ code: 'custom', path: ['clock_in'], message: '出勤時刻はその日付の時刻を入力してください' });
  }
  if (!(b > a)) {
    ctx.addIssue({ code: 'custom', path: ['clock_out'], message: '退勤時刻は出勤時刻より後の時刻を入力してください' });
  } else if (b - a > 24 * 3_600_000) {
    ctx.addIssue({ code: 'custom', path: ['clock_out'], message: '勤務は24時間以内で入力してください' });
  }
  v.breaks.forEach((br, i) => {
    if (Date.parse(br.start) < a || Date.parse(br.end) > b) {
      ctx.addIssue({
        code: 'custom',
        path: ['breaks', i, 'start'],
        message: '休憩は出勤から退勤までの間で入力してください',
      });
    }
  });
  const sorted = [...v.breaks].sort((x, y) => Date.parse(x.start) - Date.parse(y.start));
  for (let i = 1; i < sorted.length; i += 1) {
    if (Date.parse(sorted[i].start) < Date.parse(sorted[i - 1].end)) {
      ctx.addIssue({ code: 'custom', path: ['breaks'], message: '休憩の時間が重なっています' });
      break;
    }
  }
}

/** `POST /api/company/attendance` (manager creates a missing day) and `PUT /api/company/attendance/{id}`. */
export const attendanceDayInput = dayFields
  .extend({
    employee_id: idField('従業員'),
  })
  .superRefine(dayRules);
export type AttendanceDayInput = z.input<typeof attendanceDayInput>;
export type AttendanceDayValues = z.output<typeof attendanceDayInput>;

/** `POST /api/company/attendance/corrections`: an employee asks for a day to be corrected. */
export const correctionRequestInput = dayFields.superRefine(dayRules);
export type CorrectionRequestInput = z.input<typeof correctionRequestInput>;
export type CorrectionRequestValues = z.output<typeof correctionRequestInput>;

/** Approve / reject a correction request. */
export const correctionDecisionInput = z.object({
  note: z.string().trim().max(500, 'コメントは500文字以内で入力してください').optional().default(''),
});

/** `POST /api/company/attendance/close` and `/reopen`. */
export const monthInput = z.object({ month: monthField });
export type MonthInput = z.infer<typeof monthInput>;

/** `GET /api/company/attendance?employee_id&month` (employee_id: the signed-in employee's own when absent). */
export const attendanceMonthQuery = z.object({
  employee_id: idFilter('従業員'),
  month: monthField.optional(),
});
export const attendanceSummaryQuery = z.object({ month: monthField.optional() });
export const attendanceExportQuery = z.object({
  month: monthField,
  encoding: z.enum(['utf8', 'sjis'], { error: '文字コードは utf8 または sjis で指定してください' }).default('utf8'),
  /** daily: one line per employee and day worked; monthly: one line per employee (給与計算用の月次集計). */
  kind: z.enum(['daily', 'monthly'], { error: '種類は daily または monthly で指定してください' }).default('daily'),
});
export const correctionListQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
});

// ── answers ────────────────────────────────────────────────────────────────────

export const breakDto = z.object({ start: timestampDto, end: timestampDto.nullable() });

export const alertDto = z.object({
  code: z.enum([
    'monthly_45h',
    'yearly_360h',
    'monthly_100h',
    'average_80h',
    'months_over_45h',
    'break_short',
    'missing_clock_out',
  ]),
  level: z.enum(['warning', 'alert']),
  message: z.string(),
  date: dateDto.nullable(),
});
export type AttendanceAlertDto = z.infer<typeof alertDto>;

export const historyDto = z.object({
  id: idDto,
  action: z.string(),
  actor_name: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: timestampDto,
});
export type AttendanceHistory = z.infer<typeof historyDto>;

export const attendanceDayDto = z.object({
  date: dateDto,
  weekday: z.number().int(),
  holiday_name: z.string().nullable(),
  is_statutory_holiday: z.boolean(),
  clock_in: timestampDto.nullable(),
  clock_out: timestampDto.nullable(),
  breaks: z.array(breakDto),
  worked_minutes: z.number().int(),
  overtime_minutes: z.number().int(),
  late_night_minutes: z.number().int(),
  holiday_minutes: z.number().int(),
  note: z.string().nullable(),
  /** The stored record (null on a day with none), its version for an edit, and its edit history. */
  id: idDto.nullable(),
  updated_at: timestampDto.nullable(),
  break_minutes: z.number().int(),
  history: z.array(historyDto),
  pending_correction: z.boolean(),
});
export type AttendanceDay = z.infer<typeof attendanceDayDto>;

export const monthTotalsDto = z.object({
  worked_minutes: z.number().int(),
  overtime_minutes: z.number().int(),
  overtime_over_60_minutes: z.number().int(),
  late_night_minutes: z.number().int(),
  holiday_minutes: z.number().int(),
  days_worked: z.number().int(),
  absences: z.number().int(),
});
export type AttendanceMonthTotals = z.infer<typeof monthTotalsDto>;

export const attendanceEmployeeDto = z.object({ id: idDto, code: z.string(), name: z.string() });

export const attendanceMonthDto = z.object({
  employee: attendanceEmployeeDto,
  month: z.string(),
  period: z.object({ from: dateDto, to: dateDto }),
  days: z.array(attendanceDayDto),
  totals: monthTotalsDto,
  alerts: z.array(alertDto),
  locked: z.boolean(),
});
export type AttendanceMonth = z.infer<typeof attendanceMonthDto>;

export const clockStateDto = z.enum(['not_started', 'working', 'on_break', 'finished']);

/** `GET /api/company/attendance/clock`: the signed-in employee's today. */
export const clockStatusDto = z.object({
  server_time: timestampDto,
  date: dateDto,
  state: clockStateDto,
  employee: attendanceEmployeeDto,
  day: z
    .object({
      id: idDto,
      clock_in: timestampDto.nullable(),
      clock_out: timestampDto.nullable(),
      breaks: z.array(breakDto),
    })
    .nullable(),
  locked: z.boolean(),
});
export type ClockStatus = z.infer<typeof clockStatusDto>;

/** `GET /api/company/attendance/today`: every employee's state today. */
export const todayStatusDto = z.object({
  date: dateDto,
  server_time: timestampDto,
  counts: z.object({
    working: z.number().int(),
    on_break: z.number().int(),
    finished: z.number().int(),
    not_started: z.number().int(),
  }),
  employees: z.array(
    attendanceEmployeeDto.extend({
      state: clockStateDto,
      clock_in: timestampDto.nullable(),
      clock_out: timestampDto.nullable(),
    }),
  ),
});
export type TodayStatus = z.infer<typeof todayStatusDto>;

/** `GET /api/company/attendance/summary?month`: the month totals of every employee. */
export const attendanceSummaryDto = z.object({
  month: z.string(),
  period: z.object({ from: dateDto, to: dateDto }),
  locked: z.boolean(),
  closed_at: timestampDto.nullable(),
  rows: z.array(attendanceEmployeeDto.extend({ totals: monthTotalsDto, alerts: z.array(alertDto) })),
});
export type AttendanceSummary = z.infer<typeof attendanceSummaryDto>;

export const CORRECTION_STATUS_LABELS = { pending: '申請中', approved: '承認済み', rejected: '却下' } as const;

export const correctionDto = z.object({
  id: idDto,
  employee: attendanceEmployeeDto,
  date: dateDto,
  clock_in: timestampDto,
  clock_out: timestampDto,
  breaks: z.array(breakDto),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  decision_note: z.string().nullable(),
  decided_at: timestampDto.nullable(),
  created_at: timestampDto,
});
export type AttendanceCorrection = z.infer<typeof correctionDto>;

export const monthCloseDto = z.object({ month: z.string(), locked: z.boolean(), closed_at: timestampDto.nullable() });

/**
 * The payroll import CSV (kind=monthly): one row per employee employed in the period, the figures of
 * core's payrollMonth; times in minutes and as h:mm. (有給 is not recorded by the product: no column.)
 */
export const ATTENDANCE_PAYROLL_CSV_HEADER = [
  '社員番号',
  '氏名',
  '期間開始',
  '期間終了',
  '出勤日数',
  '欠勤日数',
  '総労働時間(分)',
  '所定内(分)',
  '法定内残業(分)',
  '法定外残業(分)',
  '60時間超(分)',
  '深夜(分)',
  '法定休日(分)',
  '遅刻早退回数',
  '遅刻早退時間(分)',
  '総労働時間',
  '所定内',
  '法定内残業',
  '法定外残業',
  '60時間超',
  '深夜',
  '法定休日',
  '遅刻早退時間',
] as const;

/** The daily payroll CSV (one row per employee and day worked). */
export const ATTENDANCE_CSV_HEADER = [
  '社員番号',
  '氏名',
  '日付',
  '曜日',
  '祝日',
  '出勤',
  '退勤',
  '休憩(分)',
  '労働時間(分)',
  '時間外(分)',
  '時間外60h超(分)',
  '深夜(分)',
  '休日(分)',
  '休憩',
  '労働時間',
  '時間外',
  '深夜',
  '休日',
  '備考',
] as const;
