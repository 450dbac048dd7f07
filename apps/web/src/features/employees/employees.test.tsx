import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeMe, mockApi, page, renderApp, seedToken } from '../../test/utils';

const ME = makeMe({ permissions: ['employees.index', 'account.max-employee', 'profile.update-name'] });
const SETTINGS = {
  max_employee: 2,
  max_employee_cap: 5,
  active_employees: 2,
  work_start_time: '09:00',
  work_end_time: '18:00',
  break_minutes: 60,
  statutory_holiday: 0,
  closing_day: 31,
  updated_at: '2026-04-01T00:00:00.000Z',
};

describe('employees', () => {
  it('shows the limit refusal from the server above the form and sends hours as a number', async () => {
    const message =
      '従業員数の上限（2人）に達しています。従業員設定で上限を変更するか、退職した従業員に退職日を設定してください';
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/employee-settings': { data: SETTINGS },
      'POST /api/company/employees': () => json({ message, errors: { max_employee: [message] } }, 422),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/employee/create');
    await user.type(await screen.findByRole('textbox', { name: '従業員コード' }), 'E9');
    await user.type(screen.getByRole('textbox', { name: '氏名' }), '新人 太郎');
    await user.type(screen.getByRole('textbox', { name: /所定労働時間/ }), '7.5');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    expect((await screen.findByRole('alert')).textContent).toContain('従業員数の上限（2人）');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ code: 'E9', daily_hours: 7.5, login_enabled: false });
    expect(screen.getByText(/在籍 2人 \/ 上限 2人/)).toBeTruthy();
  });

  it('employee settings: the cap is shown; a save sends numbers and the version read, the next save the new one', async () => {
    let saves = 0;
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/employee-settings': { data: SETTINGS },
      'PUT /api/company/employee-settings': (req) =>
        json({ data: { ...SETTINGS, ...(req.body as object), updated_at: `2026-04-0${2 + saves++}T00:00:00.000Z` } }),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/max-employee/edit');
    expect(await screen.findByText('ご契約の上限は5人です')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      max_employee: 2,
      work_start_time: '09:00',
      work_end_time: '18:00',
      break_minutes: 60,
      statutory_holiday: 0,
      closing_day: 31,
      updated_at: '2026-04-01T00:00:00.000Z',
    });
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1].body).toMatchObject({ updated_at: '2026-04-02T00:00:00.000Z' });
  });

  it('employee settings: a 409 shows the message; 「最新の内容を読み込む」 reads again and refills the form', async () => {
    const message = 'ほかのユーザーがこの従業員設定を更新しました。画面を再読み込みしてから編集してください';
    const fresh = { ...SETTINGS, max_employee: 4, updated_at: '2026-04-05T00:00:00.000Z' };
    let stored = SETTINGS;
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/employee-settings': () => json({ data: stored }),
      'PUT /api/company/employee-settings': (req) =>
        (req.body as { updated_at: string }).updated_at === stored.updated_at
          ? json({ data: { ...stored, ...(req.body as object), updated_at: '2026-04-06T00:00:00.000Z' } })
          : json({ message }, 409),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/max-employee/edit');
    const cap = await screen.findByRole('textbox', { name: '従業員数の上限' });
    stored = fresh; // someone else saves meanwhile
    await user.clear(cap);
    await user.type(cap, '3');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText('ほかのユーザーが更新しました')).toBeTruthy();
    // the user's input stays until they choose to reload
    expect((screen.getByRole('textbox', { name: '従業員数の上限' }) as HTMLInputElement).value).toBe('3人');
    const gets = () => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/company/employee-settings');
    const before = gets().length;
    await user.click(screen.getByRole('button', { name: '最新の内容を読み込む' }));
    await waitFor(() => expect(gets().length).toBeGreaterThan(before));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: '従業員数の上限' }) as HTMLInputElement).value).toBe('4人'),
    );
    expect(screen.queryByText(message)).toBeNull();
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1].body).toMatchObject({
      max_employee: 4,
      updated_at: '2026-04-05T00:00:00.000Z',
    });
  });

  it('lists employees with their status', async () => {
    mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/employee-settings': { data: SETTINGS },
      'GET /api/company/employees': page([
        {
          id: 1,
          company_id: 1,
          user_id: 3,
          code: 'E1',
          name: '佐藤 花子',
          name_kana: null,
          email: 'a@example.jp',
          hire_date: '2020-04-01',
          leave_date: null,
          employment_type: 'full_time',
          department: '経理部',
          daily_hours: 8,
          memo: null,
          login_enabled: true,
          is_active: true,
          created_at: '',
          updated_at: '',
        },
        {
          id: 2,
          company_id: 1,
          user_id: null,
          code: 'E2',
          name: '中村 大輔',
          name_kana: null,
          email: null,
          hire_date: '2017-04-01',
          leave_date: '2025-03-31',
          employment_type: 'part_time',
          department: null,
          daily_hours: 5.5,
          memo: null,
          login_enabled: false,
          is_active: false,
          created_at: '',
          updated_at: '',
        },
      ]),
    });
    seedToken();
    renderApp('/company/employee');
    const rows = await screen.findAllByTestId('employee-row');
    expect(rows[0].textContent).toContain('在籍');
    expect(rows[1].textContent).toContain('退職');
    expect(rows[1].textContent).toContain('5.5時間');
    expect(screen.getByLabelText('ログインアカウントあり')).toBeTruthy();
  });
});

describe('home tile', () => {
  it('shows active employees against the limit on /company', async () => {
    mockApi({
      'GET /api/me': { data: makeMe({ permissions: ['customer.index', 'account.max-employee'] }) },
      'GET /api/company/employee-settings': { data: { ...SETTINGS, active_employees: 1 } },
    });
    seedToken();
    const { router } = renderApp('/company');
    await waitFor(() => expect(router.state.location.pathname).toBe('/company'));
    const tile = await screen.findByTestId('home-tile-employees', {}, { timeout: 30_000 });
    await waitFor(() => expect(tile.textContent).toContain('1 / 上限 2人'));
  });

  it('is absent without the 従業員設定 permission', async () => {
    mockApi({ 'GET /api/me': { data: makeMe({ permissions: ['customer.index'] }) } });
    seedToken();
    renderApp('/company');
    await screen.findAllByTestId('home-tile');
    expect(screen.queryByTestId('home-tile-employees')).toBeNull();
  });
});
