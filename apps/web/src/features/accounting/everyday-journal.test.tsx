/**
 * Issue 17 items 3–4: 仕訳帳 opens on the current fiscal year newest first and shows the saved entry with
 * 「続けて入力」; the date field takes 1105 / 11/5 / R8.11.5 and Tab moves on; Ctrl+Enter on an unbalanced
 * entry says why; under 税抜経理 a taxable line entered 税込 / 税抜 is sent split into net + 仮払消費税等.
 */
import { todayInTokyo } from '@chobo/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, page, renderApp, seedToken } from '../../test/utils';
import { ACCOUNTS, accountingMe, makeEntry } from './test-fixtures';

const TAX_ACCOUNTS = [
  ...ACCOUNTS,
  {
    ...ACCOUNTS[0],
    id: 7,
    code: '145',
    name: '仮払消費税等',
    kana: 'カリバライショウヒゼイトウ',
    cash_flow_role: 'consumption_tax' as const,
  },
  {
    ...ACCOUNTS[0],
    id: 8,
    code: '221',
    name: '仮受消費税等',
    kana: 'カリウケショウヒゼイトウ',
    category: 'liability' as const,
    section: 'current_liabilities' as const,
    normal_side: 'credit' as const,
    cash_flow_role: 'consumption_tax' as const,
  },
];

const today = todayInTokyo();
const year = Number(today.slice(0, 4));
const CURRENT = { id: 3, start_date: `${year}-01-01`, end_date: `${year}-12-31` };
const YEARS = [
  { ...CURRENT, company_id: 1, label: `${year}年12月期`, status: 'open', closed_at: null, closing_entry_id: null },
  {
    id: 2,
    company_id: 1,
    start_date: `${year - 1}-01-01`,
    end_date: `${year - 1}-12-31`,
    label: `${year - 1}年12月期`,
    status: 'closed',
    closed_at: null,
    closing_entry_id: null,
  },
];

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/me': { data: accountingMe() },
    'GET /api/company/accounts': { data: TAX_ACCOUNTS },
    'GET /api/company/fiscal-years': { data: YEARS },
    'GET /api/accountings': page([makeEntry(31, { date: today })]),
    'GET /api/accountings/31': { data: makeEntry(31, { date: today, description: '保存した仕訳' }) },
    ...extra,
  });
  seedToken();
  return api;
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

/** Types a two-line entry from the keyboard only: the debit account code and amount, then the credit's. */
async function typeLines(
  user: ReturnType<typeof userEvent.setup>,
  debit: string,
  debitAmount: string,
  credit: string,
  creditAmount: string,
) {
  await user.keyboard(debit);
  await user.tab();
  await user.keyboard(debitAmount);
  await user.tab(); // 貸方
  await user.tab(); // 税区分
  await user.tab(); // 摘要
  await user.tab();
  await user.keyboard(credit);
  await user.tab();
  await user.tab();
  await user.keyboard(creditAmount);
}
const picker = (line: number) => screen.getByRole('combobox', { name: `${line}行目 勘定科目` }) as HTMLInputElement;
const listCall = (calls: ReturnType<typeof setup>['calls']) =>
  calls.filter((c) => c.url.pathname === '/api/accountings').at(-1)?.url.searchParams;

describe('仕訳帳 (/company/accountings_bk)', () => {
  it('opens on the current fiscal year, newest first; 全期間 drops the period', async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    const { router } = renderApp('/company/accountings_bk');
    await waitFor(() => expect(screen.getAllByTestId('entry-row')).toHaveLength(1));
    const q = listCall(calls);
    expect([q?.get('from'), q?.get('to'), q?.get('sort_dir')]).toEqual([CURRENT.start_date, CURRENT.end_date, 'desc']);
    // only one list call: the fiscal year is known before the list is asked for
    expect(calls.filter((c) => c.url.pathname === '/api/accountings')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '全期間' }));
    await waitFor(() => expect(listCall(calls)?.get('from')).toBeNull());
    expect(router.state.location.search).toBe('?period=all');
    await user.click(screen.getByRole('button', { name: '今期に戻す' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('button', { name: '全期間' })).toBeTruthy();
  });

  it('after saving shows the saved entry highlighted with 「続けて入力」', async () => {
    setup({
      'POST /api/accountings': (req) =>
        json({ data: { ...makeEntry(31, { date: today }), ...(req.body as object), number: 31 } }, 201),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/company/accountings_bk/create');
    await screen.findByRole('combobox', { name: '1行目 勘定科目' });
    await user.type(field('摘要'), '現金の預け入れ{Enter}');
    await typeLines(user, '131', '10000', '111', '10000');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(router.state.location.search).toBe('?saved=31'));
    const panel = await screen.findByTestId('saved-entry');
    expect(panel.textContent).toContain('仕訳 No.31 を保存しました');
    expect(panel.textContent).toContain('保存した仕訳');
    expect(screen.getByRole('link', { name: '続けて入力' }).getAttribute('href')).toBe(
      '/company/accountings_bk/create',
    );
    await waitFor(() => expect(document.querySelector('[data-saved]')).not.toBeNull());
  });
});

describe('仕訳入力', () => {
  it('opens with the focus in 日付; it takes 1105, 11/5, R8.11.5 and Tab moves straight to 摘要', async () => {
    setup();
    const user = userEvent.setup();
    renderApp('/company/accountings_bk/create');
    const date = await screen.findByRole('textbox', { name: /^日付/ });
    await waitFor(() => expect(document.activeElement).toBe(date));
    await user.clear(date);
    await user.type(date, '1105');
    await user.tab();
    expect(document.activeElement).toBe(field('摘要'));
    expect((date as HTMLInputElement).value).toBe(`${year}-11-05`);
    expect(screen.getByText(`${year}年11月5日`)).toBeTruthy();
    await user.clear(date);
    await user.type(date, 'R8.11.5');
    await user.tab();
    expect((date as HTMLInputElement).value).toBe('2026-11-05');
    await user.clear(date);
    await user.type(date, '11/31');
    expect(screen.getByText(/日付として読めません/)).toBeTruthy();
  });

  it('Ctrl+Enter on an unbalanced entry says why next to the totals', async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    renderApp('/company/accountings_bk/create');
    await screen.findByRole('combobox', { name: '1行目 勘定科目' });
    picker(1).focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect((await screen.findByTestId('unbalanced-reason')).textContent).toContain('金額が入力されていません');
    await user.type(field('1行目 借方金額'), '5000');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() =>
      expect(screen.getByTestId('unbalanced-reason').textContent).toBe(
        '保存できません: 借方合計と貸方合計が一致していません（貸方が5,000円不足しています）。',
      ),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it.each([
    ['税込入力', 5500, [5000, 500]],
    ['税抜入力', 5000, [5000, 500]],
  ] as const)('税抜経理, %s: a 課税仕入 10%% line is sent as net + 仮払消費税等', async (mode, typed, [net, tax]) => {
    const { calls } = setup({
      'GET /api/company/accounting-settings': { data: { accounting_method: 'exclusive', tax_rounding: 'floor' } },
      'POST /api/accountings': (req) => json({ data: { ...makeEntry(31), ...(req.body as object) } }, 201),
    });
    const user = userEvent.setup();
    renderApp('/company/accountings_bk/create');
    await screen.findByTestId('tax-input-mode');
    await user.click(screen.getByText(mode));
    await user.type(field('摘要'), '事務用品{Enter}');
    await typeLines(user, '731', String(typed), '111', String(net + tax)); // 731 地代家賃: 課税仕入 10%
    await waitFor(() => expect(screen.getByTestId('difference').textContent).toBe('貸借一致'));
    expect(screen.getByTestId('tax-split').textContent).toContain(`仮払消費税等 ${tax}`);
    await user.click(screen.getByRole('button', { name: '登録する' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect((calls.find((c) => c.method === 'POST')!.body as { lines: unknown[] }).lines).toEqual([
      { account_id: 5, debit: net, credit: 0, memo: null, tax_category: 'purchase_10' },
      { account_id: 7, debit: tax, credit: 0, memo: null, tax_category: 'none' },
      { account_id: 1, debit: 0, credit: net + tax, memo: null, tax_category: 'none' },
    ]);
  });

  it('税込経理: no split and no input-mode choice', async () => {
    setup({
      'GET /api/company/accounting-settings': { data: { accounting_method: 'inclusive', tax_rounding: 'floor' } },
    });
    renderApp('/company/accountings_bk/create');
    await screen.findByRole('combobox', { name: '1行目 勘定科目' });
    await waitFor(() => expect(screen.queryByTestId('tax-input-mode')).toBeNull());
  });
});
