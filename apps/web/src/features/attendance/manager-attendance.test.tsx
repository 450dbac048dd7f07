import type { AttendanceCorrection, AttendanceMonth, AttendanceSummary, TodayStatus } from '@chobo/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeMe, mockApi, renderApp, seedToken } from '../../test/utils';
import { monthLabel, shiftMonth, validMonth } from './month';
import { TOTALS } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const OWNER = makeMe({ permissions: ['attendance.index', 'profile.update-name'] });
const EMPLOYEE = { id: 7, code: 'E001', name: '佐藤 花子' };
const MONTH: AttendanceMonth = {
  employee: EMPLOYEE,
  month: '2026-04',
  period: { from: '2026-04-01', to: '2026-04-30' },
  days: [],
  totals: TOTALS,
  alerts: [],
  locked: false,
};
const SUMMARY: AttendanceSummary = {
  month: '2026-04',
  period: MONTH.period,
  locked: false,
  closed_at: null,
  rows: [
    {
      ...EMPLOYEE,
      totals: TOTALS,
      alerts: [{ code: 'monthly_45h', level: 'warning', message: '時間外労働が月45時間の80%（36:00）', date: null }],
    },
  ],
};
const TODAY: TodayStatus = {
  date: '2026-04-30',
  server_time: '2026-04-30T00:00:00.000Z',
  counts: { working: 1, on_break: 0, finished: 0, not_started: 0 },
  employees: [{ ...EMPLOYEE, state: 'working', clock_in: '2026-04-30T00:00:00.000Z', clock_out: null }],
};
const CORRECTION: AttendanceCorrection = {
  id: 5,
  employee: EMPLOYEE,
  date: '2026-04-28',
  clock_in: '2026-04-28T00:00:00.000Z',
  clock_out: '2026-04-28T09:00:00.000Z',
  breaks: [],
  reason: '打刻忘れ',
  status: 'pending',
  decision_note: null,
  decided_at: null,
  created_at: '2026-04-29T00:00:00.000Z',
};

/** What the manager's overview reads besides the corrections. */
const OVERVIEW_API = {
  'GET /api/me': { data: OWNER },
  'GET /api/company/attendance': { data: MONTH },
  'GET /api/company/attendance/summary': { data: SUMMARY },
  'GET /api/company/attendance/today': { data: TODAY },
};

describe('months', () => {
  it('steps across years, labels a month and accepts only YYYY-MM', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(monthLabel('2026-04')).toBe('2026年4月');
    expect(validMonth('2026-13')).toBeNull();
    expect(validMonth('2026-04')).toBe('2026-04');
  });
});

describe('出勤管理 overview as a manager', () => {
  it('shows today, everyone’s totals and the corrections waiting; approves one and closes the month', async () => {
    const { calls } = mockApi({
      ...OVERVIEW_API,
      'GET /api/company/attendance/corrections': { data: [CORRECTION] },
      'POST /api/company/attendance/corrections/5/approve': () => json({ data: { ...CORRECTION, status: 'approved' } }),
      'POST /api/company/attendance/close': () => json({ data: { month: '2026-04', locked: true, closed_at: null } }),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/attendance?month=2026-04');

    const today = await screen.findByTestId('attendance-today');
    expect(within(today).getByText('佐藤 花子')).toBeTruthy();
    expect(within(today).getByText('出勤中 1')).toBeTruthy();

    const summary = await screen.findByTestId('attendance-summary');
    const row = within(summary).getByRole('button', { name: '佐藤 花子' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('12:30')).toBeTruthy();
    expect(within(row).getByText('4:30')).toBeTruthy();
    expect(within(row).getByText('時間外労働が月45時間の80%')).toBeTruthy();
    expect(screen.getByText('全従業員の月次集計（2026年4月）')).toBeTruthy();

    const corrections = await screen.findByTestId('attendance-corrections');
    expect(within(corrections).getByText('承認待ちの修正申請（1件）')).toBeTruthy();
    expect(within(corrections).getByText('理由：打刻忘れ')).toBeTruthy();
    await user.click(within(corrections).getByRole('button', { name: '承認' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/corrections/5/approve'))).toBe(true));

    await user.click(screen.getByRole('button', { name: '月締め' }));
    await user.click(await screen.findByRole('button', { name: '締める' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname.endsWith('/close'))?.body).toEqual({ month: '2026-04' }),
    );
  });
});

describe('出勤管理 CSV menu', () => {
  it('offers the daily log and the monthly payroll totals, each in UTF-8 or Shift_JIS', async () => {
    const { calls } = mockApi({
      ...OVERVIEW_API,
      'GET /api/company/attendance/corrections': { data: [] },
      'GET /api/company/attendance/export': () =>
        new Response('社員番号', { status: 200, headers: { 'content-type': 'text/csv' } }),
    });
    seedToken();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/company/attendance?month=2026-04');
    await screen.findByTestId('attendance-summary');
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    expect(await screen.findByText('出勤簿（日ごと）')).toBeTruthy();
    expect(screen.getByText('月次集計（給与計算用）')).toBeTruthy();
    const sjis = screen.getAllByText('Shift_JIS');
    expect(sjis).toHaveLength(2);
    await user.click(sjis[1]);
    await waitFor(() => expect(click).toHaveBeenCalled());
    const sent = calls.find((c) => c.url.pathname === '/api/company/attendance/export');
    expect(Object.fromEntries(sent?.url.searchParams ?? [])).toEqual({
      month: '2026-04',
      encoding: 'sjis',
      kind: 'monthly',
    });
    click.mockRestore();
  });
});
