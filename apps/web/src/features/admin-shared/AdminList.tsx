import type { Paginated } from '@chobo/core';
import { formatDateTimeJa } from '@chobo/core';
import { Group, Paper, Table } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyBlock } from '../../components/EmptyBlock';
import { KeywordSearchInput } from '../../components/KeywordSearchInput';
import { ListErrorState } from '../../components/ListErrorState';
import { ListFooter } from '../../components/ListFooter';
import { ListSkeletonRows } from '../../components/ListSkeletonRows';
import { SortableTh } from '../../components/SortableTh';
import { api } from '../../lib/api';
import { useLoadingFlag } from '../../lib/loading';
import { useKeywordInput, useListParams } from '../../lib/use-list-params';

const NO_FILTERS: readonly string[] = [];

export interface AdminColumn<T> {
  label: string;
  /** A key of the list's sort whitelist: the header sorts by it. */
  sort?: string;
  w?: number | string;
  render: (row: T) => ReactNode;
}

/** Extra filters of a list, kept in the URL next to the keyword (e.g. the 操作ログ's action and dates). */
export interface AdminListFilters {
  keys: readonly string[];
  render: (values: Record<string, string | null>, set: (key: string, value: string | null) => void) => ReactNode;
}

/**
 * One list of the admin portal: keyword (debounced), sort whitelist, paging and optional filters — all in
 * the URL — over a `GET <path>` answering `{ data, meta }` (docs/product/PRODUCT.md §1).
 */
export function AdminList<T extends { id: number }>({
  path,
  queryKey,
  perPage = 20,
  sortable,
  columns,
  placeholder,
  emptyTitle,
  emptyAction,
  label,
  filters,
}: {
  path: string;
  queryKey: string;
  perPage?: number;
  sortable: readonly string[];
  columns: AdminColumn<T>[];
  placeholder: string;
  emptyTitle: string;
  emptyAction?: ReactNode;
  label: string;
  filters?: AdminListFilters;
}) {
  const list = useListParams(sortable, filters?.keys ?? NO_FILTERS);
  const [keywordInput, setKeywordInput] = useKeywordInput(list);

  const params = {
    keyword: list.keyword,
    page: list.page,
    sort_by: list.sortBy,
    sort_dir: list.sortDir,
    ...list.filters,
  };
  const filtered = Boolean(list.keyword) || Object.values(list.filters).some(Boolean);
  const query = useQuery({
    queryKey: [queryKey, 'list', params],
    queryFn: ({ signal }) =>
      api.get<Paginated<T>>(path, {
        query: {
          ...list.filters,
          keyword: params.keyword,
          page: params.page,
          per_page: perPage,
          sort_by: params.sort_by,
          sort_dir: params.sort_by ? params.sort_dir : null,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  useLoadingFlag(query.isFetching && (query.isPending || query.isPlaceholderData));
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;

  return (
    <Paper withBorder radius="md">
      <Group p="md" align="flex-end">
        <KeywordSearchInput placeholder={placeholder} value={keywordInput} onChange={setKeywordInput} />
        {filters?.render(list.filters, list.setFilter)}
      </Group>
      <Table.ScrollContainer minWidth={800}>
        <Table verticalSpacing="sm" aria-label={label} aria-busy={query.isFetching} highlightOnHover>
          <Table.Thead bg="gray.0">
            <Table.Tr>
              {columns.map((c) =>
                c.sort ? (
                  <SortableTh
                    key={c.label}
                    w={c.w}
                    sorted={list.sortBy === c.sort}
                    dir={list.sortBy === c.sort ? list.sortDir : null}
                    onSort={() => list.toggleSort(c.sort as never)}
                  >
                    {c.label}
                  </SortableTh>
                ) : (
                  <Table.Th key={c.label} w={c.w}>
                    {c.label}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.isPending && <ListSkeletonRows rows={3} cells={columns.length} />}
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="admin-row">
                {columns.map((c) => (
                  <Table.Td key={c.label}>{c.render(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {query.isSuccess && rows.length === 0 && (
        <EmptyBlock
          title={filtered ? '条件に一致するデータがありません' : emptyTitle}
          description={filtered ? 'キーワードや条件を変えて検索してください。' : undefined}
          action={filtered ? undefined : emptyAction}
        />
      )}
      {query.isError && !query.data && (
        <ListErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      )}
      {meta && rows.length > 0 && <ListFooter meta={meta} onPage={list.setPage} />}
    </Paper>
  );
}

/** A timestamp as YYYY年M月D日 HH:mm (Asia/Tokyo), '—' when there is none. */
export const fmtDateTime = (iso: string | null | undefined) => (iso ? formatDateTimeJa(iso) : '—');
