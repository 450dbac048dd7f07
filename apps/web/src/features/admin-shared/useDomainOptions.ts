import type { Domain, Paginated } from '@chobo/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Domains for a select (first 100). Admins without domains.index get an empty list (403 is silent). */
export function useDomainOptions() {
  const query = useQuery({
    queryKey: ['domains', 'options'],
    queryFn: () => api.get<Paginated<Domain>>('/api/admin/domains', { query: { per_page: 100, sort_by: 'name' } }),
    meta: { silent: true },
    retry: false,
  });
  return (query.data?.data ?? []).map((d) => ({
    value: String(d.id),
    label: d.is_default ? `${d.name}（既定）` : d.name,
  }));
}
