import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * List state kept in the URL query string (keyword, page, sort_by, sort_dir and feature filters), so the
 * back button and shared links reproduce a list (docs/product/PRODUCT.md §5). Later list features reuse this hook.
 */
export type SortDir = 'asc' | 'desc';

export interface ListState<S extends string, F extends string> {
  keyword: string;
  page: number;
  sortBy: S | null;
  sortDir: SortDir | null;
  filters: Record<F, string | null>;
}

export function parseListParams<S extends string, F extends string>(
  params: URLSearchParams,
  sortable: readonly S[],
  filterKeys: readonly F[],
): ListState<S, F> {
  const page = Number(params.get('page'));
  const sortBy = params.get('sort_by');
  const sortDir = params.get('sort_dir');
  const validSort = sortBy !== null && (sortable as readonly string[]).includes(sortBy) ? (sortBy as S) : null;
  const filters = {} as Record<F, string | null>;
  for (const key of filterKeys) filters[key] = params.get(key) || null;
  return {
    keyword: params.get('keyword') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    sortBy: validSort,
    sortDir: validSort ? (sortDir === 'desc' ? 'desc' : 'asc') : null,
    filters,
  };
}

/** Next sort after clicking a column: a new column sorts ascending, the current one flips. */
export function nextSort<S extends string>(current: { sortBy: S | null; sortDir: SortDir | null }, column: S) {
  if (current.sortBy === column)
    return { sortBy: column, sortDir: current.sortDir === 'asc' ? 'desc' : 'asc' } as const;
  return { sortBy: column, sortDir: 'asc' } as const;
}

export function useListParams<S extends string, F extends string = never>(
  sortable: readonly S[],
  filterKeys: readonly F[] = [],
) {
  const [params, setParams] = useSearchParams();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key lists are module constants
  const state = useMemo(() => parseListParams(params, sortable, filterKeys), [params]);

  // The query string last asked for: two changes in a row (a date, then another filter) before the router
  // has re-rendered must not build the second from the stale first (react-router hands the rendered one).
  const latest = useRef(params);
  const seen = useRef(params);
  if (seen.current !== params) {
    seen.current = params;
    latest.current = params;
  }
  const update = useCallback(
    (patch: Record<string, string | number | null>, opts: { replace?: boolean; resetPage?: boolean } = {}) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === '' || (key === 'page' && Number(value) <= 1)) next.delete(key);
        else next.set(key, String(value));
      }
      if (opts.resetPage) next.delete('page');
      latest.current = next;
      setParams(next, { replace: opts.replace });
    },
    [setParams],
  );

  return {
    ...state,
    /** Keyword edits replace the history entry (no entry per keystroke) and go back to page 1. */
    setKeyword: (keyword: string) => update({ keyword: keyword.trim() }, { replace: true, resetPage: true }),
    setPage: (page: number) => update({ page }),
    toggleSort: (column: S) => {
      const sort = nextSort(state, column);
      update({ sort_by: sort.sortBy, sort_dir: sort.sortDir }, { resetPage: true });
    },
    /** A sort chosen as a whole (a phone's 並び順 select); null = the list's default. */
    setSort: (sortBy: string | null, sortDir: SortDir | null) =>
      update({ sort_by: sortBy, sort_dir: sortBy ? sortDir : null }, { resetPage: true }),
    /** `replace` for values typed into a box (no history entry per keystroke). */
    setFilter: (key: F, value: string | null, opts: { replace?: boolean } = {}) =>
      update({ [key]: value }, { resetPage: true, replace: opts.replace }),
    reset: () => setParams(new URLSearchParams()),
  };
}

/**
 * The search box of a list: what is typed goes into the URL's keyword after `delayMs` (debounced), and a
 * keyword changed by the URL (back/forward, a shared link) comes back into the box.
 */
export function useKeywordInput(
  list: { keyword: string; setKeyword: (keyword: string) => void },
  delayMs = 300,
): [string, (value: string) => void] {
  const [keywordInput, setKeywordInput] = useState(list.keyword);
  const [debounced] = useDebouncedValue(keywordInput, delayMs);
  const setKeyword = useRef(list.setKeyword);
  setKeyword.current = list.setKeyword;
  const urlKeyword = useRef(list.keyword);
  urlKeyword.current = list.keyword;
  useEffect(() => {
    if (debounced.trim() !== urlKeyword.current) setKeyword.current(debounced);
  }, [debounced]);
  useEffect(() => {
    setKeywordInput((current) => (current.trim() === list.keyword ? current : list.keyword));
  }, [list.keyword]);
  return [keywordInput, setKeywordInput];
}
