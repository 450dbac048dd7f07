import { describe, expect, it } from 'vitest';
import {
  agreementAlerts,
  attendanceMonthOf,
  attendancePeriod,
  clockState,
  computeDay,
  computeDays,
  type DayPunches,
  dayAlerts,
  formatMinutes,
  holidayName,
  type MonthOvertime,
  monthTotals,
  payrollMonth,
  tokyoDate,
  tokyoTime,
} from './attendance.js';
import { addDays } from './periods.js';

const rules = { statutory_holiday: 0 }; // Sunday
const at = (date: string, hm: string) => `${date}T${hm}:00+09:00`;
function day(date: string, from: string, to: string, breaks: [string, string][] = [], toDate = date): DayPunches {
  return {
    date,
    clock_in: at(date, from),
    clock_out: at(toDate, to),
    breaks: breaks.map(([s, e]) => ({ start: at(date, s), end: at(date, e) })),
  };
}

describe('a day', () => {
  it('9:00–18:00 with a 60 min break: 480 worked, no overtime', () => {
    const f = computeDay(day('2026-04-06', '09:00', '18:00', [['12:00', '13:00']]), rules);
    expect(f).toMatchObject({
      worked_minutes: 480,
      overtime_minutes: 0,
      late_night_minutes: 0,
      holiday_minutes: 0,
      break_minutes: 60,
      break_short: false,
    });
  });

  it('9:00–22:30 with 60 min break: 750 worked, 270 overtime, 30 late-night', () => {
    const f = computeDay(day('2026-04-06', '09:00', '22:30', [['12:00', '13:00']]), rules);
    expect(f).toMatchObject({ worked_minutes: 750, overtime_minutes: 270, late_night_minutes: 30, break_short: false });
  });

  it('22:00–7:00 across midnight belongs to the day it started: 8 h worked, 7 h late night', () => {
    const p = day('2026-04-07', '22:00', '07:00', [['02:00', '03:00']], '2026-04-08');
    p.breaks = [{ start: at('2026-04-08', '02:00'), end: at('2026-04-08', '03:00') }];
    const f = computeDay(p, rules);
    // 9 h present − 1 h break = 480; late night 22:00–5:00 = 7 h − the 1 h break inside it = 360
    expect(f).toMatchObject({ worked_minutes: 480, overtime_minutes: 0, late_night_minutes: 360, break_short: false });
    expect(tokyoTime(p.clock_out, p.date)).toBe('翌07:00');
    expect(tokyoDate(p.clock_out as string)).toBe('2026-04-08');
  });

  it('flags a break shorter than the legal minimum', () => {
    const short6 = computeDay(day('2026-04-06', '09:00', '16:30', [['12:00', '12:30']]), rules); // 7 h, 30 min
    expect(short6).toMatchObject({ worked_minutes: 420, break_short: true, break_required: 45 });
    const short8 = computeDay(day('2026-04-06', '09:00', '18:30', [['12:00', '12:45']]), rules); // 8:45, 45 min
    expect(short8).toMatchObject({ worked_minutes: 525, break_short: true, break_required: 60 });
    const ok6 = computeDay(day('2026-04-06', '09:00', '15:00'), rules); // exactly 6 h: none needed
    expect(ok6.break_short).toBe(false);
    expect(dayAlerts('2026-04-06', undefined, short6, '2026-04-30')[0]).toMatchObject({ code: 'break_short' });
  });

  it('work on the statutory holiday is holiday time, not overtime', () => {
    const f = computeDay(day('2026-04-05', '09:00', '19:00', [['12:00', '13:00']]), rules); // a Sunday
    expect(f).toMatchObject({ worked_minutes: 540, holiday_minutes: 540, overtime_minutes: 0 });
    // with Saturday as the statutory holiday, the Sunday is an ordinary day
    const g = computeDay(day('2026-04-05', '09:00', '19:00', [['12:00', '13:00']]), { statutory_holiday: 6 });
    expect(g).toMatchObject({ holiday_minutes: 0, overtime_minutes: 60 });
  });

  it('a leap day is a day like any other', () => {
    const f = computeDay(day('2028-02-29', '09:00', '20:00', [['12:00', '13:00']]), rules);
    expect(f).toMatchObject({ worked_minutes: 600, overtime_minutes: 120 });
    expect(attendancePeriod('2028-02', 31)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(attendancePeriod('2027-02', 31)).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(attendancePeriod('2028-03', 31).from).toBe('2028-03-01');
  });
});

describe('a week', () => {
  it('five 9 h days plus a Saturday: daily and weekly overtime counted once', () => {
    // week of Sunday 2026-04-05: Mon–Fri 9:00–19:00 with 1 h break (9 h each), Saturday 9:00–14:00 (5 h)
    const days = [1, 2, 3, 4, 5].map((k) => day(addDays('2026-04-05', k), '09:00', '19:00', [['12:00', '13:00']]));
    days.push(day('2026-04-11', '09:00', '14:00'));
    const f = computeDays(days, rules);
    // daily: 5 × 60 = 300; within 8 h: 5 × 480 = 2400 = 40 h, so all 300 Saturday minutes are weekly overtime
    expect(f.get('2026-04-06')?.overtime_minutes).toBe(60);
    expect(f.get('2026-04-11')?.overtime_minutes).toBe(300);
    const total = [...f.values()].reduce((n, d) => n + d.overtime_minutes, 0);
    expect(total).toBe(600); // not 300 + (2700 − 2400) + 300
    const worked = [...f.values()].reduce((n, d) => n + d.worked_minutes, 0);
    expect(worked).toBe(5 * 540 + 300);
  });

  it('a week crossing the month start counts its earlier days', () => {
    // 2026-05-01 is a Friday; Mon 04-27 … Thu 04-30 worked 10 h each (within 8 h: 4 × 480 = 1920)
    const days = ['2026-04-27', '2026-04-28', '2026-04-29', '2026-04-30'].map((d) =>
      day(d, '08:00', '19:00', [['12:00', '13:00']]),
    );
    days.push(day('2026-05-01', '09:00', '18:00', [['12:00', '13:00']])); // 480 → 2400
    days.push(day('2026-05-02', '09:00', '13:00')); // Saturday 240 → all weekly overtime
    const f = computeDays(days, rules);
    expect(f.get('2026-05-01')?.overtime_minutes).toBe(0);
    expect(f.get('2026-05-02')?.overtime_minutes).toBe(240);
    const totals = monthTotals({ from: '2026-05-01', to: '2026-05-31' }, days, f, rules, { today: '2026-05-03' });
    expect(totals).toMatchObject({ worked_minutes: 720, overtime_minutes: 240, days_worked: 2, absences: 0 });
  });
});

describe('a month', () => {
  it('crossing 60 h of overtime splits out the minutes beyond 60 h', () => {
    // April 2026: 22 weekdays (4/29 昭和の日 is a holiday; worked anyway), 11 h worked each (3 h overtime)
    const dates: string[] = [];
    for (let d = '2026-04-01'; d <= '2026-04-30'; d = addDays(d, 1)) {
      const w = new Date(`${d}T00:00:00Z`).getUTCDay();
      if (w >= 1 && w <= 5) dates.push(d);
    }
    const days = dates.map((d) => day(d, '08:00', '20:00', [['12:00', '13:00']]));
    const f = computeDays(days, rules);
    const t = monthTotals({ from: '2026-04-01', to: '2026-04-30' }, days, f, rules, { today: '2026-05-01' });
    expect(dates.length).toBe(22);
    expect(t.overtime_minutes).toBe(22 * 180);
    expect(t.overtime_over_60_minutes).toBe(22 * 180 - 3600);
    expect(t.worked_minutes).toBe(22 * 660);
    expect(t.days_worked).toBe(22);
    expect(t.absences).toBe(0);
  });

  it('absences are scheduled weekdays (no national holiday) before today with no clock-in', () => {
    const t = monthTotals({ from: '2026-05-01', to: '2026-05-31' }, [], new Map(), rules, { today: '2026-05-08' });
    // 5/1 Fri; 5/4–5/6 are holidays (みどりの日, こどもの日, 振替休日); 5/7 Thu: 2 absences
    expect(t.absences).toBe(2);
    expect(holidayName('2026-05-05')).toBe('こどもの日');
  });

  it('periods follow the closing day', () => {
    expect(attendancePeriod('2026-04', 20)).toEqual({ from: '2026-03-21', to: '2026-04-20' });
    expect(attendancePeriod('2026-03', 30)).toEqual({ from: '2026-03-01', to: '2026-03-30' });
    expect(attendanceMonthOf('2026-04-21', 20)).toBe('2026-05');
    expect(attendanceMonthOf('2026-12-25', 20)).toBe('2027-01');
    expect(attendanceMonthOf('2026-04-20', 20)).toBe('2026-04');
  });
});

describe('36協定 alerts', () => {
  const h = (hours: number) => hours * 60;
  const codes = (month: string, history: MonthOvertime[]) =>
    agreementAlerts(month, history).map((a) => `${a.code}:${a.level}`);

  it('45 h a month: warning from 36 h (80%), alert beyond 45 h', () => {
    expect(codes('2026-04', [{ month: '2026-04', overtime_minutes: h(35) + 59, holiday_minutes: 0 }])).toEqual([]);
    expect(codes('2026-04', [{ month: '2026-04', overtime_minutes: h(36), holiday_minutes: 0 }])).toEqual([
      'monthly_45h:warning',
    ]);
    expect(codes('2026-04', [{ month: '2026-04', overtime_minutes: h(45), holiday_minutes: 0 }])).toEqual([
      'monthly_45h:warning',
    ]);
    expect(codes('2026-04', [{ month: '2026-04', overtime_minutes: h(45) + 1, holiday_minutes: 0 }])).toContain(
      'monthly_45h:alert',
    );
  });

  it('100 h of overtime + holiday work in a month, and the 2–6 month average of 80 h', () => {
    const a = codes('2026-04', [{ month: '2026-04', overtime_minutes: h(60), holiday_minutes: h(20) }]);
    expect(a).toContain('monthly_100h:warning'); // 80 h = 80% of 100
    const b = codes('2026-04', [{ month: '2026-04', overtime_minutes: h(80), holiday_minutes: h(20) }]);
    expect(b).toContain('monthly_100h:alert');
    // March 90 h + April 71 h: 2-month average 80:30 → alert
    const c = codes('2026-04', [
      { month: '2026-03', overtime_minutes: h(90), holiday_minutes: 0 },
      { month: '2026-04', overtime_minutes: h(71), holiday_minutes: 0 },
    ]);
    expect(c).toContain('average_80h:alert');
    // 64 h average = 80% of 80 h: warning
    const d = codes('2026-04', [
      { month: '2026-03', overtime_minutes: h(64), holiday_minutes: 0 },
      { month: '2026-04', overtime_minutes: h(64), holiday_minutes: 0 },
    ]);
    expect(d).toContain('average_80h:warning');
    expect(d).not.toContain('average_80h:alert');
  });

  it('360 h a year and more than six months over 45 h', () => {
    const months = (n: number, hours: number) =>
      Array.from({ length: n }, (_, i) => ({
        month: `2026-${String(i + 1).padStart(2, '0')}`,
        overtime_minutes: h(hours),
        holiday_minutes: 0,
      }));
    expect(codes('2026-08', months(8, 40))).toContain('yearly_360h:warning'); // 320 h ≥ 288 h
    expect(codes('2026-09', months(9, 41))).toContain('yearly_360h:alert'); // 369 h
    expect(codes('2026-05', months(5, 46))).toContain('months_over_45h:warning'); // 5 of 6
    expect(codes('2026-07', months(7, 46))).toContain('months_over_45h:alert'); // 7 > 6
    expect(codes('2026-06', months(6, 46))).not.toContain('months_over_45h:alert');
  });
});

describe('helpers', () => {
  it('formats minutes as H:MM and reads the clock state', () => {
    expect(formatMinutes(0)).toBe('0:00');
    expect(formatMinutes(485)).toBe('8:05');
    expect(formatMinutes(2705)).toBe('45:05');
    expect(clockState(null)).toBe('not_started');
    expect(clockState({ clock_in: at('2026-04-06', '09:00'), clock_out: null, breaks: [] })).toBe('working');
    expect(
      clockState({
        clock_in: at('2026-04-06', '09:00'),
        clock_out: null,
        breaks: [{ start: at('2026-04-06', '12:00'), end: null }],
      }),
    ).toBe('on_break');
    expect(clockState(day('2026-04-06', '09:00', '18:00'))).toBe('finished');
  });
});

describe('the payroll month (給与計算の月次勤怠)', () => {
  it('splits the statutory time into 所定内 and 法定内残業, keeps 法定外・深夜・法定休日, counts 遅刻・早退 and 欠勤', () => {
    // June 2026: Mon 1 … Sun 7 (法定休日); contracted 7.5 h a day
    const days = [
      day('2026-06-01', '09:00', '18:00', [['12:00', '13:00']]), // 480: 所定内 450 + 法定内 30
      day('2026-06-02', '09:00', '21:00', [['12:00', '13:00']]), // 660: 450 + 30 + 法定外 180
      day('2026-06-03', '10:00', '18:00', [['12:00', '13:00']]), // 420: 遅刻・早退 30
      day('2026-06-04', '13:00', '23:00', [['17:00', '18:00']]), // 540: 450 + 30 + 法定外 60, 深夜 60
      day('2026-06-06', '09:00', '13:00'), // 土曜 240: 所定外 within 8 h / 40 h → 法定内残業
      day('2026-06-07', '09:00', '12:00'), // 法定休日 180
    ];
    const f = computeDays(days, rules);
    const p = payrollMonth({ from: '2026-06-01', to: '2026-06-30' }, days, f, rules, {
      today: '2026-06-08',
      dailyMinutes: 450,
    });
    expect(p).toEqual({
      worked_minutes: 2520,
      overtime_minutes: 240,
      overtime_over_60_minutes: 0,
      late_night_minutes: 60,
      holiday_minutes: 180,
      days_worked: 6,
      absences: 1, // 金 6/5
      scheduled_minutes: 1770,
      within_statutory_overtime_minutes: 330,
      short_days: 1,
      short_minutes: 30,
    });
    // every worked minute is in exactly one of 所定内, 法定内残業, 法定外, 法定休日
    expect(p.scheduled_minutes + p.within_statutory_overtime_minutes + p.overtime_minutes + p.holiday_minutes).toBe(
      p.worked_minutes,
    );
    // without contracted hours: 所定内 is the statutory 8 h, and no shortfall is counted
    const plain = payrollMonth({ from: '2026-06-01', to: '2026-06-30' }, days, f, rules, { today: '2026-06-08' });
    expect(plain).toMatchObject({ scheduled_minutes: 1860, within_statutory_overtime_minutes: 240, short_days: 0 });
  });

  it('60時間超 is the month’s 法定外 beyond 60 h (FACTS.md §7: 50% premium)', () => {
    // 22 weekdays of 9:00–21:00 with a 60 min break: 3 h 法定外 a day → 66 h
    const days = [];
    for (let d = '2026-06-01'; d <= '2026-06-30'; d = addDays(d, 1)) {
      const w = new Date(`${d}T00:00:00Z`).getUTCDay();
      if (w >= 1 && w <= 5) days.push(day(d, '09:00', '21:00', [['12:00', '13:00']]));
    }
    const f = computeDays(days, rules);
    const p = payrollMonth({ from: '2026-06-01', to: '2026-06-30' }, days, f, rules, { today: '2026-07-01' });
    expect(p.overtime_minutes).toBe(22 * 180);
    expect(p.overtime_over_60_minutes).toBe(22 * 180 - 60 * 60);
    expect(p.absences).toBe(0);
  });
});
