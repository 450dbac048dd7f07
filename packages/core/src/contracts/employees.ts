import { z } from 'zod';
import { codeInput, numberInput } from '../number-input.js';
import { DATE_RANGE_MESSAGE, isCalendarDate, isDateInRange } from '../validators.js';
import { dateDto, idDto, listQuery, optionalText, requiredText, timestampDto } from './common.js';
import { kanaField, optionalEmailField } from './fields.js';

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'temporary', 'executive'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, string> = {
  full_time: '正社員',
  part_time: 'パート・アルバイト',
  contract: '契約社員',
  temporary: '派遣社員',
  executive: '役員',
};

const isoDate = (label: string) =>
  z
    .string({ error: `${label}は日付で入力してください` })
    .trim()
    .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), `${label}はYYYY-MM-DDの形式で入力してください`)
    .refine(
      (v) => v === '' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || isCalendarDate(v),
      `${label}に存在しない日付が指定されています`,
    )
    .refine((v) => v === '' || !isCalendarDate(v) || isDateInRange(v), `${label}${DATE_RANGE_MESSAGE}`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Hours with up to 3 decimals on the wire (7.5); stored as integer thousandths (7500). */
export const hoursField = (label: string) =>
  numberInput(
    z.union([z.number(), z.string(), z.null()], { error: `${label}は数値で入力してください` }).optional(),
  ).transform((v, ctx) => {
    if (v === '' || v === null || v === undefined) return null;
    const n = typeof v === 'number' ? v : Number(v.trim());
    if (!Number.isFinite(n) || n <= 0 || n > 24) {
      ctx.addIssue({ code: 'custom', message: `${label}は0より大きく24以下の数値で入力してください` });
      return z.NEVER;
    }
    if (Math.abs(Math.round(n * 1000) - n * 1000) > 1e-6) {
      ctx.addIssue({ code: 'custom', message: `${label}は小数第3位までで入力してください` });
      return z.NEVER;
    }
    return Math.round(n * 1000) / 1000;
  });

/** Create / update body of an employee (docs/product/PRODUCT.md §4 従業員管理). */
export const employeeInput = z
  .object({
    code: codeInput(requiredText('従業員コード', 20)),
    name: requiredText('氏名', 100),
    name_kana: kanaField('氏名（カナ）', 100),
    email: optionalEmailField(),
    hire_date: isoDate('入社日'),
    leave_date: isoDate('退職日'),
    employment_type: z.enum(EMPLOYMENT_TYPES, { error: '雇用形態を選択してください' }).default('full_time'),
    department: optionalText('部署', 100),
    daily_hours: hoursField('所定労働時間'),
    memo: optionalText('メモ', 2000),
    /** Create a sign-in account (role employee) and mail an invitation to set a password. */
    login_enabled: z.boolean().default(false),
  })
  .refine((v) => !v.hire_date || !v.leave_date || v.leave_date >= v.hire_date, {
    path: ['leave_date'],
    message: '退職日は入社日以降の日付を入力してください',
  })
  .refine((v) => !v.login_enabled || !!v.email, {
    path: ['email'],
    message: 'ログインアカウントを作成するにはメールアドレスを入力してください',
  });
export type EmployeeInput = z.input<typeof employeeInput>;
export type EmployeeValues = z.output<typeof employeeInput>;

/** An employee as the API answers it. */
export const employeeDto = z.object({
  id: idDto,
  company_id: idDto,
  user_id: idDto.nullable(),
  code: z.string(),
  name: z.string(),
  name_kana: z.string().nullable(),
  email: z.string().nullable(),
  hire_date: dateDto.nullable(),
  leave_date: dateDto.nullable(),
  employment_type: z.enum(EMPLOYMENT_TYPES),
  department: z.string().nullable(),
  /** Hours (7.5), up to 3 decimals. */
  daily_hours: z.number().nullable(),
  memo: z.string().nullable(),
  /** True when the employee has a sign-in account. */
  login_enabled: z.boolean(),
  is_active: z.boolean(),
  created_at: timestampDto,
  updated_at: timestampDto,
});
export type Employee = z.infer<typeof employeeDto>;

export const EMPLOYEE_SORTABLE = ['id', 'code', 'name', 'name_kana', 'hire_date', 'department', 'created_at'] as const;
export const employeeListQuery = listQuery(EMPLOYEE_SORTABLE, { defaultSort: 'code', defaultDir: 'asc' });
export type EmployeeListQuery = z.infer<typeof employeeListQuery>;

export const WEEKDAY_LABELS = ['日曜日', '月曜日', '火曜日', '水曜日', '木曜日', '金曜日', '土曜日'] as const;

const timeOfDay = (label: string) =>
  z
    .string({ error: `${label}を入力してください` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label}はHH:MMの形式で入力してください`);

/** 従業員設定 (`GET`/`PUT /api/company/employee-settings`): max_employee and the work rules. */
export const employeeSettingsInput = z
  .object({
    max_employee: numberInput(
      z.coerce
        .number({ error: '従業員数の上限は数値で入力してください' })
        .int('従業員数の上限は整数で入力してください')
        .min(0, '従業員数の上限は0以上で入力してください')
        .max(100000, '従業員数の上限が大きすぎます'),
    ),
    work_start_time: timeOfDay('始業時刻'),
    work_end_time: timeOfDay('終業時刻'),
    break_minutes: numberInput(
      z.coerce
        .number({ error: '休憩時間は数値で入力してください' })
        .int('休憩時間は分単位の整数で入力してください')
        .min(0, '休憩時間は0分以上で入力してください')
        .max(480, '休憩時間は480分以下で入力してください'),
    ),
    statutory_holiday: z.coerce
      .number({ error: '法定休日を選択してください' })
      .int()
      .min(0, '法定休日を選択してください')
      .max(6, '法定休日を選択してください'),
    closing_day: numberInput(
      z.coerce
        .number({ error: '締め日は1〜31の数値で指定してください（31は末日）' })
        .int('締め日は1〜31の数値で指定してください（31は末日）')
        .min(1, '締め日は1〜31の数値で指定してください（31は末日）')
        .max(31, '締め日は1〜31の数値で指定してください（31は末日）'),
    ),
  })
  .refine((v) => v.work_end_time > v.work_start_time, {
    path: ['work_end_time'],
    message: '終業時刻は始業時刻より後の時刻を入力してください',
  });
export type EmployeeSettingsInput = z.input<typeof employeeSettingsInput>;
export type EmployeeSettingsValues = z.output<typeof employeeSettingsInput>;

export const employeeSettingsDto = z.object({
  max_employee: z.number().int(),
  work_start_time: z.string(),
  work_end_time: z.string(),
  break_minutes: z.number().int(),
  statutory_holiday: z.number().int(),
  closing_day: z.number().int(),
  /** The most the company may set (the platform admin's cap). */
  max_employee_cap: z.number().int(),
  active_employees: z.number().int(),
  /** The company row's: an edit sends it back (409 when the company was saved since). */
  updated_at: timestampDto,
});
export type EmployeeSettings = z.infer<typeof employeeSettingsDto>;

export function maxEmployeeMessage(limit: number): string {
  return `従業員数の上限（${limit}人）に達しています。従業員設定で上限を変更するか、退職した従業員に退職日を設定してください`;
}
