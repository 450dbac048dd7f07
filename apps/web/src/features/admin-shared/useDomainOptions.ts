import { useQuery } from '@tanstack/react-query';
import { fetchDomainOptions } from './api';

/** Domains for a select (first 100). Admins without domains.index get an empty list (403 is silent). */
export function useDomainOptions() {
  const query = useQuery({
    queryKey: ['domains', 'options'],
    queryFn: fetchDomainOptions,
    meta: { silent: true },
    retry: false,
  });
  return (query.data?.data ?? []).map((d) => ({
    value: String(d.id),
    label: d.is_default ? `${d.name}（既定）` : d.name,
  }));
}
