import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, seedToken } from '../../test/utils';
import { ACCOUNTS, accountingMe } from './test-fixtures';

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/me': { data: accountingMe() },
    'GET /api/company/accounts': { data: ACCOUNTS.map((a) => ({ ...a, is_system: a.id <= 4 })) },
    ...extra,
  });
  seedToken();
  return api;
}

describe('勘定科目', () => {
  it('locks system accounts and deactivates, renames and adds sub-accounts to the others', async () => {
    const { calls } = setup({
      'PUT /api/company/accounts/5': (req) => json({ data: { ...ACCOUNTS[4], ...(req.body as object) } }),
      'POST /api/company/accounts': (req) => json({ data: { ...ACCOUNTS[4], id: 50, ...(req.body as object) } }, 201),
    });
    const user = userEvent.setup();
    renderApp('/company/accountings/accounts');
    await waitFor(() => expect(screen.getAllByTestId('account-row')).toHaveLength(ACCOUNTS.length));
    // grouped: category then section headers
    expect(screen.getByText('資産')).toBeTruthy();
    expect(screen.getByText('販売費及び一般管理費')).toBeTruthy();
    const cash = screen.getByRole('switch', { name: '現金を使用する' }) as HTMLInputElement;
    expect(cash.disabled).toBe(true);
    expect((screen.getByRole('button', { name: '現金の名前を変更' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('switch', { name: '地代家賃を使用する' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        is_active: false,
        updated_at: '2026-04-01T00:00:00.000Z',
      }),
    );

    await user.click(screen.getByRole('button', { name: '地代家賃の補助科目を追加' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: '勘定科目名' });
    await user.type(name, '本社家賃');
    await user.type(within(dialog).getByRole('textbox', { name: 'カナ（検索用）' }), 'ホンシャヤチン');
    await user.click(within(dialog).getByRole('button', { name: '追加する' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        code: '731-',
        name: '本社家賃',
        kana: 'ホンシャヤチン',
        parent_id: 5,
        category: 'expense',
        section: 'sga',
      }),
    );
  });
});

describe('会計年度・締め', () => {
  it('creates a year with opening balances only once debits equal credits', async () => {
    const { calls } = setup({
      'GET /api/company/fiscal-years': { data: [] },
      'GET /api/company/period-locks': { data: [] },
      'POST /api/company/fiscal-years': (req) => json({ data: { id: 9, ...(req.body as object) } }, 201),
    });
    const user = userEvent.setup();
    renderApp('/company/accountings/fiscal-years');
    await user.click(await screen.findByRole('button', { name: '期首残高を入力して作成' }));
    const dialog = await screen.findByRole('dialog');
    const create = within(dialog).getByRole('button', { name: '年度を作成' }) as HTMLButtonElement;
    // only balance-sheet accounts are offered
    expect(within(dialog).queryByRole('textbox', { name: '地代家賃の期首残高' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: '普通預金の期首残高' }), '1500000');
    await user.type(within(dialog).getByRole('textbox', { name: '現金の期首残高' }), '-100000');
    expect(screen.getByTestId('opening-debit').textContent).toBe('1,500,000');
    expect(screen.getByTestId('opening-credit').textContent).toBe('100,000');
    expect(screen.getByTestId('opening-difference').textContent).toBe('差額 1,400,000');
    expect(create.disabled).toBe(true);
    // a negative balance is on the other side (the fixtures have no liability account)
    await user.type(within(dialog).getByRole('textbox', { name: '売掛金の期首残高' }), '-1400000');
    expect(create.disabled).toBe(false);
    await user.type(within(dialog).getByLabelText('年度の開始日'), '2026-04-01');
    await user.click(create);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        start_date: '2026-04-01',
        opening_balances: [
          { account_id: 1, debit: 0, credit: 100000 },
          { account_id: 2, debit: 1500000, credit: 0 },
          { account_id: 3, debit: 0, credit: 1400000 },
        ],
      }),
    );
    expect(await screen.findByText('期首残高を登録して年度を作成しました')).toBeTruthy();
  });

  it('reopens a closed year only after the confirm', async () => {
    const { calls } = setup({
      'GET /api/company/fiscal-years': {
        data: [
          {
            id: 4,
            company_id: 1,
            start_date: '2025-04-01',
            end_date: '2026-03-31',
            label: '',
            status: 'closed',
            closed_at: '2026-05-10T10:00:00+09:00',
            closing_entry_id: 99,
          },
        ],
      },
      'GET /api/company/period-locks': { data: [] },
      'POST /api/company/fiscal-years/4/reopen': () => json({ data: {} }),
    });
    const user = userEvent.setup();
    renderApp('/company/accountings/fiscal-years');
    expect(await screen.findByText('2026年3月期')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '年度を締める' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '締めを戻す' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.url.pathname.endsWith('/reopen'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: '締めを戻す' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/4/reopen'))).toBe(true),
    );
  });

  it('explains what closing a year does before posting it, and locks a month with one click', async () => {
    const { calls } = setup({
      'GET /api/company/fiscal-years': {
        data: [
          {
            id: 3,
            company_id: 1,
            start_date: '2026-04-01',
            end_date: '2027-03-31',
            label: '2027年3月期',
            status: 'open',
            closed_at: null,
            closing_entry_id: null,
          },
        ],
      },
      'GET /api/company/period-locks': { data: [] },
      'POST /api/company/fiscal-years/3/close': () => json({ data: {} }),
      'POST /api/company/period-locks': () => json({ data: {} }, 201),
    });
    const user = userEvent.setup();
    renderApp('/company/accountings/fiscal-years');
    await user.click(await screen.findByRole('button', { name: '年度を締める' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('繰越利益剰余金');
    expect(dialog.textContent).toContain('逆仕訳');
    expect(calls.some((c) => c.url.pathname.endsWith('/close'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: '年度を締める' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/3/close'))).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: '2026年5月を締める' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/company/period-locks')?.body).toEqual({
        kind: 'month',
        date: '2026-05-01',
      }),
    );
  });
});
