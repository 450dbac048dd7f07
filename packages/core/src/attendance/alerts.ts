/** 36協定 alerts over months and day-level alerts (short breaks, a missing 退勤). */
import { formatMinutes } from './tokyo-time.js';
import type { DayFigures, DayPunches } from './types.js';

export const AGREEMENT = {
  monthly: 45 * 60,
  yearly: 360 * 60,
  monthlyWithHoliday: 100 * 60,
  averageWithHoliday: 80 * 60,
  monthsOver45: 6,
  warningRatio: 0.8,
} as const;

export type AlertLevel = 'warning' | 'alert';
export type AlertCode =
  | 'monthly_45h'
  | 'yearly_360h'
  | 'monthly_100h'
  | 'average_80h'
  | 'months_over_45h'
  | 'break_short'
  | 'missing_clock_out';

export interface AttendanceAlert {
  code: AlertCode;
  level: AlertLevel;
  message: string;
  date: string | null;
}

/** One month's overtime and holiday minutes, for the 36協定 checks. */
export interface MonthOvertime {
  month: string;
  overtime_minutes: number;
  holiday_minutes: number;
}

function monthsBack(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const idx = y * 12 + (m - 1) - n;
  return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
}

/**
 * 36協定 (FACTS §7) for `month`, given that month's and earlier months' figures (missing months count 0):
 * 時間外 over 45 h in the month; 360 h in the agreement year (January to `month`); 時間外+休日 100 h in the
 * month; an average of 時間外+休日 over 80 h across 2–6 months ending with `month`; more than 6 months over
 * 45 h in the year. Each also warns from 80% of its cap.
 */
export function agreementAlerts(month: string, history: readonly MonthOvertime[]): AttendanceAlert[] {
  const by = new Map(history.map((h) => [h.month, h]));
  const ot = (m: string) => by.get(m)?.overtime_minutes ?? 0;
  const both = (m: string) => ot(m) + (by.get(m)?.holiday_minutes ?? 0);
  const alerts: AttendanceAlert[] = [];
  const push = (code: AlertCode, level: AlertLevel, message: string) =>
    alerts.push({ code, level, message, date: null });
  const W = AGREEMENT.warningRatio;

  const monthly = ot(month);
  if (monthly > AGREEMENT.monthly) {
    push('monthly_45h', 'alert', `時間外労働が月45時間を超えています（${formatMinutes(monthly)}）`);
  } else if (monthly >= AGREEMENT.monthly * W) {
    push('monthly_45h', 'warning', `時間外労働が月45時間の80%に達しました（${formatMinutes(monthly)}）`);
  }

  const year = month.slice(0, 4);
  const yearMonths = Array.from(
    { length: Number(month.slice(5)) },
    (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`,
  );
  const yearly = yearMonths.reduce((n, m) => n + ot(m), 0);
  if (yearly > AGREEMENT.yearly) {
    push('yearly_360h', 'alert', `時間外労働が年360時間を超えています（${formatMinutes(yearly)}）`);
  } else if (yearly >= AGREEMENT.yearly * W) {
    push('yearly_360h', 'warning', `時間外労働が年360時間の80%に達しました（${formatMinutes(yearly)}）`);
  }

  const withHoliday = both(month);
  if (withHoliday >= AGREEMENT.monthlyWithHoliday) {
    push('monthly_100h', 'alert', `時間外労働と休日労働の合計が月100時間以上です（${formatMinutes(withHoliday)}）`);
  } else if (withHoliday >= AGREEMENT.monthlyWithHoliday * W) {
    push(
      'monthly_100h',
      'warning',
      `時間外労働と休日労働の合計が月100時間の80%に達しました（${formatMinutes(withHoliday)}）`,
    );
  }

  let worst = { n: 0, avg: 0 };
  for (let n = 2; n <= 6; n += 1) {
    let sum = 0;
    for (let k = 0; k < n; k += 1) sum += both(monthsBack(month, k));
    const avg = Math.floor(sum / n);
    if (avg > worst.avg) worst = { n, avg };
  }
  if (worst.avg > AGREEMENT.averageWithHoliday) {
    push(
      'average_80h',
      'alert',
      `時間外労働と休日労働の${worst.n}か月平均が80時間を超えています（${formatMinutes(worst.avg)}）`,
    );
  } else if (worst.avg >= AGREEMENT.averageWithHoliday * W) {
    push(
      'average_80h',
      'warning',
      `時間外労働と休日労働の${worst.n}か月平均が80時間の80%に達しました（${formatMinutes(worst.avg)}）`,
    );
  }

  const over45 = yearMonths.filter((m) => ot(m) > AGREEMENT.monthly).length;
  if (over45 > AGREEMENT.monthsOver45) {
    push('months_over_45h', 'alert', `月45時間を超えた月が年6回を超えています（${over45}回）`);
  } else if (over45 >= Math.ceil(AGREEMENT.monthsOver45 * W)) {
    push('months_over_45h', 'warning', `月45時間を超えた月が年${over45}回になりました（上限6回）`);
  }
  return alerts;
}

/** Day-level alerts: short breaks, a clock-in with no clock-out on a past day. */
export function dayAlerts(
  date: string,
  p: DayPunches | undefined,
  f: DayFigures | undefined,
  today: string,
): AttendanceAlert[] {
  const out: AttendanceAlert[] = [];
  if (f?.break_short) {
    out.push({
      code: 'break_short',
      level: 'alert',
      date,
      message: `休憩が法定の${f.break_required}分に足りません（${f.break_minutes}分）`,
    });
  }
  if (p?.clock_in && !p.clock_out && date < today) {
    out.push({ code: 'missing_clock_out', level: 'warning', date, message: '退勤の打刻がありません' });
  }
  return out;
}
