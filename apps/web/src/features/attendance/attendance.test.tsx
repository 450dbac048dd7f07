import type { AttendanceDay, AttendanceMonth, ClockStatus } from '@chobo/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeMe, mockApi, renderApp, seedToken } from '../../test/utils';
import { TOTALS } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const EMPLOYEE = makeMe({
  name: '佐藤 花子',
  roles: ['employee'],
  permissions: ['attendance.index', 'profile.update-name', 'profile.update-password'],
});
const OWNER = makeMe({ permissions: ['attendance.index', 'profile.update-name'] });

function day(date: string, overrides: Partial<AttendanceDay> = {}): AttendanceDay {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return {
    date,
    weekday,
    holiday_name: null,
    is_statutory_holiday: weekday === 0,
    clock_in: null,
    clock_out: null,
    breaks: [],
    worked_minutes: 0,
    overtime_minutes: 0,
    late_night_minutes: 0,
    holiday_minutes: 0,
    note: null,
    id: null,
    updated_at: null,
    break_minutes: 0,
    history: [],
    pending_correction: false,
    ...overrides,
  };
}

const MONTH: AttendanceMonth = {
  employee: { id: 7, code: 'E001', name: '佐藤 花子' },
  month: '2026-04',
  period: { from: '2026-04-28', to: '2026-04-30' },
  days: [
    day('2026-04-28', {
      id: 11,
      updated_at: '2026-04-28T10:00:00.000Z',
      clock_in: '2026-04-28T00:00:00.000Z',
      clock_out: '2026-04-28T13:30:00.000Z',
      breaks: [{ start: '2026-04-28T03:00:00.000Z', end: '2026-04-28T04:00:00.000Z' }],
      worked_minutes: 750,
      overtime_minutes: 270,
      late_night_minutes: 30,
      break_minutes: 60,
      history: [
        {
          id: 1,
          action: 'update',
          actor_name: '山田 一郎',
          reason: '残業申請の反映',
          before: {
            date: '2026-04-28',
            clock_in: '2026-04-28T00:00:00.000Z',
            clock_out: '2026-04-28T09:00:00.000Z',
            breaks: [],
          },
          after: {
            date: '2026-04-28',
            clock_in: '2026-04-28T00:00:00.000Z',
            clock_out: '2026-04-28T13:30:00.000Z',
            breaks: [],
          },
          created_at: '2026-04-29T01:00:00.000Z',
        },
      ],
    }),
    day('2026-04-29', { holiday_name: '昭和の日' }),
    day('2026-04-30'),
  ],
  totals: TOTALS,
  alerts: [
    { code: 'monthly_45h', level: 'warning', message: '時間外労働が月45時間の80%に達しました（36:00）', date: null },
  ],
  locked: false,
};

const status = (state: ClockStatus['state']): ClockStatus => ({
  server_time: '2026-04-30T00:00:00.000Z',
  date: '2026-04-30',
  state,
  employee: MONTH.employee,
  day: state === 'not_started' ? null : { id: 12, clock_in: '2026-04-30T00:00:00.000Z', clock_out: null, breaks: [] },
  locked: false,
});

describe('出勤管理 as an employee', () => {
  it('shows the clock with the state; 出勤 posts the action and the state follows', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: EMPLOYEE },
      'GET /api/company/attendance/clock': { data: status('not_started') },
      'POST /api/company/attendance/clock': () => json({ data: status('working') }),
      'GET /api/company/attendance': { data: MONTH },
      'GET /api/company/attendance/corrections': { data: [] },
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/attendance');
    expect((await screen.findByTestId('clock-state')).textContent).toBe('未出勤');
    const out = screen.getByRole('button', { name: '退勤' }) as HTMLButtonElement;
    expect(out.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: '出勤' }));
    await waitFor(() => expect(screen.getByTestId('clock-state').textContent).toBe('出勤中'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ action: 'in' });
    // the month grid: H:MM, the holiday's name, the history of a day
    const grid = await screen.findByTestId('attendance-grid');
    const row = within(grid).getByText('4/28（火）').closest('tr') as HTMLElement;
    expect(within(row).getByText('12:30')).toBeTruthy();
    expect(within(row).getByText('4:30')).toBeTruthy();
    expect(within(grid).getByText('昭和の日')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: /履歴1/ }));
    expect((await screen.findByTestId('attendance-history')).textContent).toContain('残業申請の反映');
    expect(screen.getByTestId('attendance-alerts').textContent).toContain('【注意】時間外労働が月45時間の80%');
  });
});

describe('出勤管理 as a manager', () => {
  it('edits a day: the reason is required and the updated_at read is sent back', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: OWNER },
      'GET /api/company/attendance/11': {
        data: {
          id: 11,
          employee: MONTH.employee,
          date: '2026-04-28',
          clock_in: '2026-04-28T00:00:00.000Z',
          clock_out: '2026-04-28T09:00:00.000Z',
          breaks: [{ start: '2026-04-28T03:00:00.000Z', end: '2026-04-28T04:00:00.000Z' }],
          updated_at: '2026-04-28T10:00:00.000Z',
        },
      },
      'PUT /api/company/attendance/11': () =>
        json({ data: { id: 11, date: '2026-04-28', updated_at: '2026-04-29T00:00:00.000Z' } }),
      'GET /api/company/attendance': { data: MONTH },
      'GET /api/company/attendance/summary': {
        data: { month: '2026-04', period: MONTH.period, locked: false, closed_at: null, rows: [] },
      },
      'GET /api/company/attendance/today': {
        data: {
          date: '2026-04-30',
          server_time: '2026-04-30T00:00:00.000Z',
          counts: { working: 0, on_break: 0, finished: 0, not_started: 0 },
          employees: [],
        },
      },
      'GET /api/company/attendance/corrections': { data: [] },
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/attendance/edit?id=11&month=2026-04');
    const out = await screen.findByLabelText(/^退勤/);
    expect((out as HTMLInputElement).value).toBe('18:00');
    await user.clear(out);
    await user.type(out, '20:00');
    await user.click(screen.getByRole('button', { name: '更新する' }));
    expect(await screen.findByText('修正理由を入力してください')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(screen.getByLabelText(/^修正理由/), '残業の反映');
    await user.click(screen.getByRole('button', { name: '更新する' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      employee_id: 7,
      date: '2026-04-28',
      clock_in: '2026-04-28T09:00:00+09:00',
      clock_out: '2026-04-28T20:00:00+09:00',
      breaks: [{ start: '2026-04-28T12:00:00+09:00', end: '2026-04-28T13:00:00+09:00' }],
      reason: '残業の反映',
      updated_at: '2026-04-28T10:00:00.000Z',
    });
  });
});
