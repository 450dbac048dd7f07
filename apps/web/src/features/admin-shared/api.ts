import type { Domain, Paginated } from '@chobo/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListDataHook } from '../../components/resource-list';
import { api } from '../../lib/api';

/**
 * The data hook of an admin-portal list: `GET <path>` answering `{ data, meta }`, cached under
 * `[queryKey, 'list', params]` (what the pages' mutations invalidate).
 */
export function adminListHook<T>(path: string, queryKey: string, perPage: number): ListDataHook<T> {
  return function useAdminPage(params) {
    return useQuery({
      queryKey: [queryKey, 'list', params],
      queryFn: ({ signal }) => {
        const { keyword, page, sort_by, sort_dir, ...filters } = params;
        return api.get<Paginated<T>>(path, {
          query: { ...filters, keyword, page, per_page: perPage, sort_by, sort_dir: sort_by ? sort_dir : null },
          signal,
        });
      },
      placeholderData: keepPreviousData,
    });
  };
}

/** The first 100 domains by name (the domain selects). */
export function fetchDomainOptions() {
  return api.get<Paginated<Domain>>('/api/admin/domains', { query: { per_page: 100, sort_by: 'name' } });
}
