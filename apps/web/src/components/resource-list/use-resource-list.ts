import type { Paginated } from '@chobo/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useLoadingFlag } from '../../lib/loading';
import { useKeywordInput, useListParams } from '../../lib/use-list-params';
import { filterKeys, validFilters } from './filter-keys';
import type { FilterSpec, ListDataHook, ListQueryParams, ResourceListState } from './types';

const NO_FILTERS: readonly FilterSpec[] = [];
export const PHONE_QUERY = '(max-width: 48em)';

/**
 * A list's state: keyword (debounced into the URL), filters, page and sort in the query string, the data
 * hook's page, and the correction of a page past the end.
 */
export function useResourceList<T>(
  useData: ListDataHook<T>,
  sortable: readonly string[],
  specs: readonly FilterSpec[] = NO_FILTERS,
  clearKeeps?: readonly string[],
  loadingOverlay = true,
) {
  const narrow = useMediaQuery(PHONE_QUERY) ?? false;
  const keys = useMemo(() => specs.flatMap(filterKeys), [specs]);
  const list = useListParams(sortable, keys);
  const [keywordInput, setKeywordInput] = useKeywordInput(list);
  const [, setSearchParams] = useSearchParams();
  const filters = validFilters(specs, list.filters);
  const params: ListQueryParams = {
    keyword: list.keyword,
    page: list.page,
    sort_by: list.sortBy,
    sort_dir: list.sortDir,
    ...filters,
  };
  const query = useData(params);
  useLoadingFlag(loadingOverlay && query.isFetching && (query.isPending || query.isPlaceholderData));
  usePageCorrection(query, list.page, list.setPage);
  const rows = query.data?.data ?? [];
  const filtered = Boolean(list.keyword) || Object.values(filters).some(Boolean);

  const clear = () => {
    setKeywordInput('');
    setSearchParams((prev) => {
      if (clearKeeps) return new URLSearchParams([...prev].filter(([key]) => clearKeeps.includes(key)));
      const next = new URLSearchParams(prev);
      for (const key of ['keyword', 'page', ...keys]) next.delete(key);
      return next;
    });
  };
  const state: ResourceListState<T> = {
    params,
    filters,
    filtered,
    narrow,
    rows,
    query,
    setFilter: list.setFilter,
    clear,
    sortBy: list.sortBy,
    sortDir: list.sortDir,
  };
  return { state, list, keywordInput, setKeywordInput };
}

/** A page past the end (e.g. its last row deleted) goes to the last page. */
function usePageCorrection<T>(query: UseQueryResult<Paginated<T>, Error>, page: number, setPage: (p: number) => void) {
  const meta = query.data?.meta;
  useEffect(() => {
    if (meta && meta.total > 0 && page > meta.last_page) setPage(meta.last_page);
  }, [meta, page, setPage]);
}
