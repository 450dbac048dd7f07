import type { Paginated } from '@chobo/core';
import { keepPreviousData, QueryClient, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/all-providers';
import { ResourceList } from './ResourceList';
import type { ListDataHook, ListQueryParams, ResourceListProps } from './types';

interface Row {
  id: number;
  name: string;
  status: 'a' | 'b';
}

const ROWS: Row[] = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  name: `行${i + 1}`,
  status: i % 2 ? 'b' : 'a',
}));
const PER_PAGE = 20;

function pageOf(rows: Row[], page: number): Paginated<Row> {
  const lastPage = Math.max(1, Math.ceil(rows.length / PER_PAGE));
  const data = rows.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  const from = data.length ? (page - 1) * PER_PAGE + 1 : null;
  return {
    data,
    meta: {
      current_page: page,
      last_page: lastPage,
      per_page: PER_PAGE,
      total: rows.length,
      from,
      to: from === null ? null : from + data.length - 1,
    },
  } as Paginated<Row>;
}

function setup(path: string, rows: Row[] = ROWS, props: Partial<ResourceListProps<Row>> = {}) {
  const fetchPage = vi.fn(async (p: ListQueryParams) => {
    let found = rows.filter((r) => (!p.keyword || r.name.includes(p.keyword)) && (!p.status || r.status === p.status));
    if (p.sort_by === 'name') found = [...found].sort((a, b) => a.id - b.id);
    if (p.sort_dir === 'desc') found = [...found].reverse();
    return pageOf(found, p.page);
  });
  const useRows: ListDataHook<Row> = (params) =>
    useQuery({ queryKey: ['rows', params], queryFn: () => fetchPage(params), placeholderData: keepPreviousData });
  const element = (
    <ResourceList<Row>
      label="テスト一覧"
      useData={useRows}
      sortable={['name']}
      rowTestId="test-row"
      columns={[
        { label: '名前', sort: 'name', render: (r) => r.name },
        { label: '状態', render: (r) => r.status },
      ]}
      search={{ placeholder: '名前で検索' }}
      filters={[
        {
          type: 'chips',
          key: 'status',
          ariaLabel: '状態で絞り込み',
          options: [
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ],
          valid: (v) => v === 'a' || v === 'b',
        },
      ]}
      card={{ testId: 'test-card', render: (r) => `カード ${r.name}` }}
      empty={{ title: 'まだありません' }}
      emptyFiltered={{ title: '条件に一致しません', clearAction: true }}
      {...props}
    />
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: [path] });
  render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const search = () => new URLSearchParams(router.state.location.search);
  return { router, fetchPage, search };
}

describe('ResourceList', () => {
  it('reads keyword and filters from the URL into the inputs, and writes them back', async () => {
    const user = userEvent.setup();
    const { router, search, fetchPage } = setup('/?keyword=行1&status=b&page=1');
    expect(await screen.findAllByTestId('test-row')).not.toHaveLength(0);
    expect((screen.getByRole('textbox', { name: 'キーワード検索' }) as HTMLInputElement).value).toBe('行1');
    expect((screen.getByRole('radio', { name: 'B' }) as HTMLInputElement).checked).toBe(true);
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ keyword: '行1', status: 'b', page: 1 }));

    await user.click(screen.getByRole('radio', { name: 'A' }));
    await waitFor(() => expect(search().get('status')).toBe('a'));
    const box = screen.getByRole('textbox', { name: 'キーワード検索' });
    await user.clear(box);
    await user.type(box, '行2');
    await waitFor(() => expect(search().get('keyword')).toBe('行2'));
    expect(search().get('status')).toBe('a');

    // back/forward or a shared link: the URL fills the inputs again
    await router.navigate('/?keyword=行3');
    await waitFor(() => expect((box as HTMLInputElement).value).toBe('行3'));
    expect((screen.getByRole('radio', { name: 'すべて' }) as HTMLInputElement).checked).toBe(true);
  });

  it('ignores a filter value its spec refuses', async () => {
    const { fetchPage } = setup('/?status=zzz');
    await screen.findAllByTestId('test-row');
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ status: null }));
  });

  it('pages through the footer and corrects a page past the end', async () => {
    const user = userEvent.setup();
    const { search } = setup('/?page=9');
    await waitFor(() => expect(search().get('page')).toBe('3'));
    expect(await screen.findByText('全45件中 41〜45件')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '1ページ目' }));
    await waitFor(() => expect(search().get('page')).toBeNull());
    expect(await screen.findByText('全45件中 1〜20件')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '次のページ' }));
    await waitFor(() => expect(search().get('page')).toBe('2'));
    expect(await screen.findByText('行21')).toBeTruthy();
  });

  it('toggles the sort of a column: ascending, then descending', async () => {
    const user = userEvent.setup();
    const { search } = setup('/?page=2');
    await screen.findByText('行21');
    const header = () => screen.getByRole('columnheader', { name: '名前' });
    expect(header().getAttribute('aria-sort')).toBe('none');
    await user.click(within(header()).getByRole('button'));
    await waitFor(() => expect(search().get('sort_dir')).toBe('asc'));
    expect(search().get('sort_by')).toBe('name');
    expect(search().get('page')).toBeNull();
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(header()).getByRole('button'));
    await waitFor(() => expect(search().get('sort_dir')).toBe('desc'));
    expect(await screen.findByText('行45')).toBeTruthy();
    expect(header().getAttribute('aria-sort')).toBe('descending');
  });

  it('renders the phone card instead of the table at a narrow viewport', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width: 48em'),
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    setup('/');
    const cards = await screen.findAllByTestId('test-card');
    expect(cards).toHaveLength(20);
    expect(cards[0].textContent).toBe('カード 行1');
    expect(screen.getByRole('list', { name: 'テスト一覧' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('tells an empty list from an empty search, and clears the search', async () => {
    const user = userEvent.setup();
    setup('/', []);
    expect(await screen.findByText('まだありません')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '条件をクリア' })).toBeNull();

    const { search } = setup('/?keyword=無い&status=a&tab=x');
    expect(await screen.findByText('条件に一致しません')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '条件をクリア' }));
    await waitFor(() => expect(search().get('keyword')).toBeNull());
    expect(search().get('status')).toBeNull();
    expect(search().get('tab')).toBe('x');
    expect(await screen.findAllByTestId('test-row')).toHaveLength(20);
  });

  it('shows the error with 再読み込み, which fetches again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const useRows: ListDataHook<Row> = (params) =>
      useQuery({
        queryKey: ['failing', params],
        queryFn: async () => {
          if (fail) throw new Error('読み込めませんでした');
          return pageOf(ROWS, params.page);
        },
      });
    setup('/', ROWS, { useData: useRows });
    expect(await screen.findByText('読み込めませんでした')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findAllByTestId('test-row')).toHaveLength(20);
    expect(screen.queryByText('読み込めませんでした')).toBeNull();
  });
});
