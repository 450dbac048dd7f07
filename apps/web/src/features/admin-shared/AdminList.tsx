import { formatDateTimeJa } from '@chobo/core';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { type ColumnSpec, type FilterSpec, ResourceList } from '../../components/resource-list';
import { adminListHook } from './api';

export type AdminColumn<T> = Pick<ColumnSpec<T>, 'label' | 'sort' | 'w' | 'render'>;

/** Extra filters of a list, kept in the URL next to the keyword (e.g. the 操作ログ's action and dates). */
export interface AdminListFilters {
  keys: readonly string[];
  render: (values: Record<string, string | null>, set: (key: string, value: string | null) => void) => ReactNode;
}

/**
 * One list of the admin portal: a ResourceList over a `GET <path>` answering `{ data, meta }` — keyword
 * (debounced), sort whitelist, paging and optional filters, all in the URL (docs/product/PRODUCT.md §1).
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
  const useData = useMemo(() => adminListHook<T>(path, queryKey, perPage), [path, queryKey, perPage]);
  const specs = useMemo<FilterSpec[]>(
    () =>
      filters ? [{ type: 'custom', keys: filters.keys, render: ({ values, set }) => filters.render(values, set) }] : [],
    [filters],
  );
  return (
    <ResourceList<T>
      label={label}
      useData={useData}
      sortable={sortable}
      columns={columns}
      rowTestId="admin-row"
      search={{ placeholder }}
      filters={specs}
      empty={{ title: emptyTitle, action: emptyAction }}
      minWidth={800}
      skeleton={{ rows: 3 }}
    />
  );
}

/** A timestamp as YYYY年M月D日 HH:mm (Asia/Tokyo), '—' when there is none. */
export const fmtDateTime = (iso: string | null | undefined) => (iso ? formatDateTimeJa(iso) : '—');
