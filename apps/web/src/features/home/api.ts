import type { Dashboard } from '@chobo/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const DASHBOARD_PATH = '/api/company/dashboard';

/** The company home's figures from the books (GET /api/company/dashboard). */
export function useDashboard(enabled = true) {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => api.get<{ data: Dashboard }>(DASHBOARD_PATH, { signal }).then((r) => r.data),
    staleTime: 30_000,
    enabled,
    meta: { silent: true },
  });
}
