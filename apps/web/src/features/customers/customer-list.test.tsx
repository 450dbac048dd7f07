import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminMe, json, makeCustomer, makeMe, mockApi, page, renderApp, seedToken } from '../../test/utils';

const rows20 = Array.from({ length: 20 }, (_, i) => makeCustomer(i + 1));

function setup(listHandler: Parameters<typeof mockApi>[0][string], extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/me': { data: makeMe() },
    'GET /api/prefectures': { data: { '13': '東京都' } },
    'GET /api/company/customer': listHandler,
    ...extra,
  });
  seedToken();
  return api;
}

const listCalls = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/company/customer');

describe('CustomerList', () => {
  it('renders rows with name, kana, 用途, phone, address and updated date, and the range label', async () => {
    const { calls } = setup(page(rows20, { total: 45 }));
    renderApp('/company/customers');
    const rows = await screen.findAllByTestId('customer-row');
    expect(rows).toHaveLength(20);
    const first = within(rows[0]);
    expect(first.getByText('顧客1株式会社')).toBeTruthy();
    expect(first.getByText('コキャク1')).toBeTruthy();
    expect(first.getByText('両方')).toBeTruthy();
    expect(first.getByText('03-1234-5678')).toBeTruthy();
    expect(first.getByText('〒100-0001')).toBeTruthy();
    expect(first.getByText('東京都千代田区千代田')).toBeTruthy();
    expect(first.getByText('2026年2月10日')).toBeTruthy();
    expect(screen.getByTestId('list-range').textContent).toBe('全45件中 1〜20件');
    const query = listCalls(calls)[0].url.searchParams;
    expect(query.get('per_page')).toBe('20');
    expect(query.get('page')).toBe('1');
  });

  it('writes sort_by / sort_dir into the URL, marks aria-sort and asks the server for that order', async () => {
    const { calls } = setup(page(rows20, { total: 45 }));
    const user = userEvent.setup();
    const { router } = renderApp('/company/customers');
    await screen.findAllByTestId('customer-row');
    const header = screen.getByRole('columnheader', { name: /顧客名/ });
    expect(header.getAttribute('aria-sort')).toBe('none');

    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=name&sort_dir=asc'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /顧客名/ }).getAttribute('aria-sort')).toBe('ascending'),
    );
    await waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('sort_by')).toBe('name'));

    await user.click(within(screen.getByRole('columnheader', { name: /顧客名/ })).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=name&sort_dir=desc'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('sort_dir')).toBe('desc'));
  });

  it('writes the page into the URL and restores list state from it (shared links, back button)', async () => {
    const { calls } = setup((req) => {
      const p = Number(req.url.searchParams.get('page'));
      return json(page(p === 2 ? rows20.slice(0, 20) : rows20, { total: 45, current_page: p }));
    });
    const user = userEvent.setup();
    const { router } = renderApp('/company/customers?sort_by=updated_at&sort_dir=desc');
    await screen.findAllByTestId('customer-row');
    await user.click(screen.getByRole('button', { name: '2ページ目' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=updated_at&sort_dir=desc&page=2'));
    await waitFor(() => expect(screen.getByTestId('list-range').textContent).toBe('全45件中 21〜40件'));
    const last = listCalls(calls).at(-1)!.url.searchParams;
    expect([last.get('page'), last.get('sort_by'), last.get('sort_dir')]).toEqual(['2', 'updated_at', 'desc']);
    expect(screen.getByRole('columnheader', { name: /更新日/ }).getAttribute('aria-sort')).toBe('descending');

    await router.navigate(-1);
    await waitFor(() => expect(screen.getByTestId('list-range').textContent).toBe('全45件中 1〜20件'));
  });

  it('debounces the keyword (300 ms) into the URL and the request, back to page 1', async () => {
    const { calls } = setup(page(rows20, { total: 45 }));
    const { router } = renderApp('/company/customers?page=2');
    await screen.findAllByTestId('customer-row');
    const before = listCalls(calls).length;
    const search = screen.getByRole('textbox', { name: 'キーワード検索' });
    fireEvent.change(search, { target: { value: '山' } });
    fireEvent.change(search, { target: { value: '山田' } });
    // not yet: no request, no URL change (the debounce's own timing is in use-keyword-input.test.tsx)
    expect(listCalls(calls).length).toBe(before);
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(router.state.location.search).toBe(`?keyword=${encodeURIComponent('山田')}`));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('keyword')).toBe('山田'));
    expect(listCalls(calls).length).toBe(before + 1);
  });

  it('filters by 用途 through the URL', async () => {
    const { calls } = setup(page(rows20, { total: 45 }));
    const user = userEvent.setup();
    const { router } = renderApp('/company/customers');
    await screen.findAllByTestId('customer-row');
    await user.click(screen.getByText('発注取引で使用'));
    await waitFor(() => expect(router.state.location.search).toBe('?used_for=2'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('used_for')).toBe('2'));
  });

  it('shows the empty state with a create button when there are no customers', async () => {
    setup(page([]));
    renderApp('/company/customers');
    expect(await screen.findByText('顧客が登録されていません')).toBeTruthy();
    expect(screen.getByRole('link', { name: '顧客を登録する' }).getAttribute('href')).toBe('/company/customers/create');
  });

  it('opens the edit page on row click and on Enter', async () => {
    setup(page(rows20.slice(0, 2)), { 'GET /api/company/customer/2': { data: makeCustomer(2) } });
    const user = userEvent.setup();
    const { router } = renderApp('/company/customers?keyword=a');
    const rows = await screen.findAllByTestId('customer-row');
    rows[1].focus();
    fireEvent.keyDown(rows[1], { key: 'Enter' });
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/company/customers/edit?id=2'),
    );
    await screen.findByRole('button', { name: '更新する' });
    await user.click(screen.getByRole('link', { name: 'キャンセル' }));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=a'));
    await user.click((await screen.findAllByTestId('customer-row'))[0]);
    await waitFor(() => expect(router.state.location.search).toBe('?id=1'));
  });

  it('deletes after confirmation and toasts success', async () => {
    const { calls } = setup(page(rows20.slice(0, 3)), {
      'DELETE /api/company/customer/2': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderApp('/company/customers');
    await screen.findAllByTestId('customer-row');
    await user.click(screen.getByRole('button', { name: '顧客2株式会社を削除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/「顧客2株式会社」を削除しますか/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('「顧客2株式会社」を削除しました')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/company/customer/2')).toBe(true);
  });

  it('is read-only with company_id for an admin on /system/companies/{id}/customers', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: adminMe() },
      'GET /api/prefectures': { data: { '13': '東京都' } },
      'GET /api/company/customer': page(rows20.slice(0, 2)),
    });
    seedToken();
    const user = userEvent.setup();
    const { router } = renderApp('/system/companies/7/customers');
    const rows = await screen.findAllByTestId('customer-row');
    expect(listCalls(calls)[0].url.searchParams.get('company_id')).toBe('7');
    expect(screen.queryByRole('button', { name: /を削除/ })).toBeNull();
    expect(screen.queryByRole('link', { name: '新規登録' })).toBeNull();
    await user.click(rows[0]);
    expect(router.state.location.pathname).toBe('/system/companies/7/customers');
  });
});

describe('CustomerList loading', () => {
  it('sets the global loading flag (overlay) while the list loads, and shows skeleton rows', async () => {
    const { isLoading } = await import('../../lib/loading');
    let answer: (value: Response) => void = () => {};
    setup(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderApp('/company/customers');
    expect((await screen.findAllByTestId('skeleton-row')).length).toBeGreaterThan(0);
    await waitFor(() => expect(isLoading()).toBe(true));
    expect(await screen.findByTestId('loading-overlay')).toBeTruthy();
    answer(json(page(rows20.slice(0, 1))));
    await screen.findAllByTestId('customer-row');
    await waitFor(() => expect(isLoading()).toBe(false));
    await waitFor(() => expect(screen.queryByTestId('loading-overlay')).toBeNull());
  });
});
