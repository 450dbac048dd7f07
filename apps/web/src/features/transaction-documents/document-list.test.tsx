import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminMe, json, mockApi, page, renderApp, seedToken } from '../../test/utils';
import { makeDocument, makeFile, PURCHASES_ME } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const lastListCall = (calls: { method: string; url: URL }[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/transaction-documents').at(-1);
const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

// generous: the machine running these is shared and often loaded
describe('発注取引一覧', { timeout: 120_000 }, () => {
  it('shows rows with dates in Japanese, yen, status badges, the 適格 mark and the file count; a row opens the edit page', async () => {
    mockApi({
      'GET /api/me': { data: PURCHASES_ME },
      'GET /api/company/customer': page([]),
      'GET /api/transaction-documents': page([
        makeDocument(1),
        makeDocument(2, {
          customer_name: '山田文具店',
          status: 1,
          amount: 5_400,
          registration_number: null,
          is_qualified: false,
          document_type: 5,
          files: [makeFile(3), makeFile(4)],
        }),
      ]),
    });
    seedToken();
    const user = userEvent.setup();
    const { router } = renderApp('/company/transaction-documents');
    const rows = await screen.findAllByTestId('document-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('2026年4月10日')).toBeTruthy();
    expect(within(rows[0]).getByText('¥11,000')).toBeTruthy();
    expect(within(rows[0]).getByText('未払い')).toBeTruthy();
    expect(within(rows[0]).getByText('適格')).toBeTruthy();
    expect(within(rows[0]).getByText('請求書')).toBeTruthy();
    expect(within(rows[1]).getByText('支払済')).toBeTruthy();
    expect(within(rows[1]).getByText('非適格')).toBeTruthy();
    expect(within(rows[1]).getByText('領収書')).toBeTruthy();
    expect(within(rows[1]).getByRole('button', { name: '山田文具店の書類ファイルを開く' }).textContent).toBe('2');
    expect(within(screen.getByTestId('page-totals')).getByText('¥16,400')).toBeTruthy();
    expect(screen.getByRole('link', { name: '新規登録' }).getAttribute('href')).toBe(
      '/company/transaction-documents/create',
    );
    await user.click(within(rows[1]).getByText('山田文具店'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/transaction-documents/edit'));
    expect(router.state.location.search).toBe('?id=2');
  });

  it('keeps the combined 電帳法 search in the URL and sends it to the API; back restores it', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: PURCHASES_ME },
      'GET /api/company/customer': page([]),
      'GET /api/transaction-documents': page([makeDocument(1)]),
    });
    seedToken();
    const user = userEvent.setup();
    const { router } = renderApp('/company/transaction-documents?customer_id=8');
    await screen.findAllByTestId('document-row');
    expect(lastListCall(calls)?.url.searchParams.get('customer_id')).toBe('8');

    const start = screen.getByLabelText('取引日（開始）');
    await user.type(start, '2026-04-01');
    await waitFor(() => expect(search(router).get('start_date')).toBe('2026-04-01'));
    await user.type(screen.getByLabelText('取引日（終了）'), '2026-04-30');
    await waitFor(() => expect(search(router).get('end_date')).toBe('2026-04-30'));
    expect(search(router).get('start_date')).toBe('2026-04-01');
    await user.type(screen.getByRole('textbox', { name: '金額（下限）' }), '10,000');
    await user.type(screen.getByRole('textbox', { name: '金額（上限）' }), '50000');
    // debounced (400 ms) on a shared, loaded machine: a generous wait
    await waitFor(() => expect(search(router).get('amount_max')).toBe('50000'), { timeout: 30_000 });
    await waitFor(() => expect(search(router).get('amount_min')).toBe('10000'), { timeout: 30_000 });
    expect(search(router).get('amount_min')).toBe('10000');

    await user.click(screen.getByRole('combobox', { name: '書類の種類で絞り込み' }));
    await user.click(await screen.findByRole('option', { name: '領収書', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: '状態で絞り込み' }));
    await user.click(await screen.findByRole('option', { name: '支払済', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: '支払方法で絞り込み' }));
    await user.click(await screen.findByRole('option', { name: '現金', hidden: true }));
    await user.type(screen.getByRole('textbox', { name: 'キーワード検索' }), '文具');

    await waitFor(() => expect(lastListCall(calls)?.url.searchParams.get('keyword')).toBe('文具'), { timeout: 30_000 });
    const sent = lastListCall(calls)?.url.searchParams;
    expect(Object.fromEntries(sent ?? [])).toMatchObject({
      customer_id: '8',
      start_date: '2026-04-01',
      end_date: '2026-04-30',
      amount_min: '10000',
      amount_max: '50000',
      document_type: '5',
      status: '1',
      payment_method: '2',
      keyword: '文具',
      per_page: '20',
    });

    await user.click(screen.getByRole('button', { name: /金額/ }));
    await waitFor(() => expect(search(router).get('sort_by')).toBe('amount'));
    expect(search(router).get('sort_dir')).toBe('asc');
    await waitFor(() => expect(lastListCall(calls)?.url.searchParams.get('sort_by')).toBe('amount'));

    // back: the sort goes, the filters stay
    await router.navigate(-1);
    await waitFor(() => expect(search(router).get('sort_by')).toBeNull());
    expect(search(router).get('amount_min')).toBe('10000');
    expect((screen.getByRole('textbox', { name: '金額（下限）' }) as HTMLInputElement).value).toBe('10,000');
  }, 120_000);

  it('refuses an inverted range with the contract message instead of asking the server', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: PURCHASES_ME },
      'GET /api/company/customer': page([]),
      'GET /api/transaction-documents': page([makeDocument(1)]),
    });
    seedToken();
    renderApp(
      '/company/transaction-documents?amount_min=5000&amount_max=100&start_date=2026-05-01&end_date=2026-04-01',
    );
    expect(await screen.findByText('金額の上限は下限以上で指定してください')).toBeTruthy();
    expect(screen.getByText('終了日は開始日以降の日付を指定してください')).toBeTruthy();
    expect(lastListCall(calls)).toBeUndefined();
  });

  it('downloads the 索引簿 CSV of the search through the token-carrying client (Shift_JIS)', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: PURCHASES_ME },
      'GET /api/company/customer': page([]),
      'GET /api/transaction-documents': (req) =>
        req.url.searchParams.get('format') === 'csv'
          ? new Response('取引日,取引先\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } })
          : json(page([makeDocument(1)])),
    });
    seedToken();
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/company/transaction-documents?start_date=2026-04-01&amount_min=1000&page=2');
    await screen.findAllByTestId('document-row');
    await user.click(screen.getByRole('button', { name: '索引簿CSV' }));
    await user.click(await screen.findByRole('menuitem', { name: /Shift_JIS/, hidden: true }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csv = calls.find((c) => c.url.searchParams.get('format') === 'csv');
    expect(csv?.url.searchParams.get('encoding')).toBe('sjis');
    expect(csv?.url.searchParams.get('start_date')).toBe('2026-04-01');
    expect(csv?.url.searchParams.get('amount_min')).toBe('1000');
    expect(csv?.url.searchParams.get('page')).toBeNull();
    expect(csv?.headers.get('Authorization')).toBe('Bearer test-token');
    click.mockRestore();
  });

  it('the file icon opens the newest file through the link helper in a new tab; a 422 is shown', async () => {
    let linkStatus = 200;
    const { calls } = mockApi({
      'GET /api/me': { data: PURCHASES_ME },
      'GET /api/company/customer': page([]),
      'GET /api/transaction-documents': page([makeDocument(1, { files: [makeFile(1), makeFile(2)] })]),
      'GET /api/transaction-documents/1/files/2/link': () =>
        linkStatus === 200
          ? json({ data: { url: 'http://localhost/files/signed?sig=abc' } })
          : json({ message: 'このファイルは開けません' }, 422),
    });
    seedToken();
    const tab = { opener: {} };
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const user = userEvent.setup();
    renderApp('/company/transaction-documents');
    const [row] = await screen.findAllByTestId('document-row');
    await user.click(within(row).getByRole('button', { name: /書類ファイルを開く/ }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost/files/signed?sig=abc', '_blank'));
    expect(tab.opener).toBeNull();
    expect(calls.some((c) => c.url.pathname.endsWith('/files/2/link'))).toBe(true);

    linkStatus = 422;
    await user.click(within(row).getByRole('button', { name: /書類ファイルを開く/ }));
    expect(await screen.findByText('このファイルは開けません')).toBeTruthy();
    expect(open).toHaveBeenCalledTimes(1);
    open.mockRestore();
  });

  it("an administrator reads a company's documents with company_id, without create or edit", async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: adminMe() },
      'GET /api/admin/companies/5': { data: { id: 5, name: '株式会社サンプル商事' } },
      'GET /api/company/customer': page([]),
      'GET /api/transaction-documents': page([makeDocument(1)]),
      'GET /api/transaction-documents/1/files/1/link': { data: { url: 'http://localhost/admin-signed' } },
    });
    seedToken();
    renderApp('/system/companies/5/transaction-documents');
    const rows = await screen.findAllByTestId('document-row');
    expect(lastListCall(calls)?.url.searchParams.get('company_id')).toBe('5');
    expect(await screen.findByText(/株式会社サンプル商事 の発注取引/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '新規登録' })).toBeNull();
    expect(rows[0].getAttribute('tabindex')).toBeNull();
    // the administrator's file link names the company
    const open = vi.spyOn(window, 'open').mockImplementation(() => ({ opener: null }) as unknown as Window);
    await userEvent.setup().click(within(rows[0]).getByRole('button', { name: /書類ファイルを開く/ }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost/admin-signed', '_blank'));
    const link = calls.find((c) => c.url.pathname === '/api/transaction-documents/1/files/1/link');
    expect(link?.url.searchParams.get('company_id')).toBe('5');
    open.mockRestore();
  });
});
