import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminMe, mockApi, page, renderApp, seedToken } from '../../test/utils';
import { makeTransaction, SALES_ME } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const lastListCall = (calls: { method: string; url: URL }[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/transactions').at(-1);

describe('受注取引一覧', () => {
  it('shows the rows with status badges, yen totals and the page total; a row opens the edit page', async () => {
    mockApi({
      'GET /api/me': { data: SALES_ME },
      'GET /api/company/customer': page([]),
      'GET /api/transactions': page([
        makeTransaction(1),
        makeTransaction(2, {
          status: 2,
          customer_name: '合同会社さくらデザイン',
          totals: { by_rate: [], subtotal: 20000, tax: 2000, total: 22000 },
        }),
      ]),
    });
    seedToken();
    const user = userEvent.setup();
    const { router } = renderApp('/company/transactions?status=');
    const rows = await screen.findAllByTestId('transaction-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('未請求')).toBeTruthy();
    expect(within(rows[1]).getByText('入金済')).toBeTruthy();
    expect(within(rows[1]).getByText('¥22,000')).toBeTruthy();
    expect(within(screen.getByTestId('page-totals')).getByText('¥33,000')).toBeTruthy();
    expect(screen.getByRole('link', { name: '新規登録' }).getAttribute('href')).toBe('/company/transactions/create');
    await user.click(within(rows[1]).getByText('合同会社さくらデザイン'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=2'));
    expect(router.state.location.pathname).toBe('/company/transactions/edit');
  });

  it('puts the filters and the sort into the URL and the request, and downloads the CSV of those filters', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: SALES_ME },
      'GET /api/company/customer': page([]),
      'GET /api/transactions': (req) =>
        req.url.searchParams.get('format') === 'csv'
          ? new Response('\uFEFF取引番号\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } })
          : new Response(JSON.stringify(page([makeTransaction(1, { status: 1 })])), {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            }),
    });
    seedToken();
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    const { router } = renderApp('/company/transactions?from=2026-04-01');
    await screen.findAllByTestId('transaction-row');
    expect(lastListCall(calls)?.url.searchParams.get('from')).toBe('2026-04-01');

    await user.click(screen.getByRole('combobox', { name: '状態で絞り込み' }));
    await user.click(await screen.findByRole('option', { name: '請求済', hidden: true }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('1'));
    await waitFor(() => expect(lastListCall(calls)?.url.searchParams.get('status')).toBe('1'));

    await user.type(screen.getByRole('textbox', { name: 'キーワード検索' }), '保守');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('保守'));
    await waitFor(() => expect(lastListCall(calls)?.url.searchParams.get('keyword')).toBe('保守'));

    await user.click(screen.getByRole('button', { name: /合計/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort_by')).toBe('total'));

    await user.click(screen.getByRole('button', { name: 'CSVダウンロード' }));
    await user.click(await screen.findByRole('menuitem', { name: /Shift_JIS/, hidden: true }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csv = calls.find((c) => c.url.searchParams.get('format') === 'csv');
    expect(csv?.url.searchParams.get('encoding')).toBe('sjis');
    expect(csv?.url.searchParams.get('status')).toBe('1');
    expect(csv?.url.searchParams.get('keyword')).toBe('保守');
    expect(csv?.url.searchParams.get('from')).toBe('2026-04-01');
    expect(csv?.url.searchParams.get('page')).toBeNull();
    expect(csv?.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('invites the first registration when there are none', async () => {
    mockApi({
      'GET /api/me': { data: SALES_ME },
      'GET /api/company/customer': page([]),
      'GET /api/transactions': page([]),
    });
    seedToken();
    renderApp('/company/transactions');
    expect(await screen.findByText('受注取引はまだありません')).toBeTruthy();
    expect(screen.getByRole('link', { name: '受注取引を登録する' }).getAttribute('href')).toBe(
      '/company/transactions/create',
    );
  });

  it("an administrator reads a company's list with company_id, without create or edit", async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: adminMe() },
      'GET /api/admin/companies/5': { data: { id: 5, name: '株式会社サンプル商事' } },
      'GET /api/company/customer': page([]),
      'GET /api/transactions': page([makeTransaction(1)]),
    });
    seedToken();
    renderApp('/system/companies/5/transactions');
    const rows = await screen.findAllByTestId('transaction-row');
    expect(rows).toHaveLength(1);
    expect(lastListCall(calls)?.url.searchParams.get('company_id')).toBe('5');
    expect(await screen.findByText(/株式会社サンプル商事 の受注取引/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '新規登録' })).toBeNull();
    expect(rows[0].getAttribute('tabindex')).toBeNull();
  });
});
