import type { Dashboard } from '@chobo/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The company home's figures from the books (GET /api/company/dashboard). */
export function useDashboard(enabled = true) {
  return useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: ({ signal }) => fetchDashboard(signal),
    staleTime: 30_000,
    enabled,
    meta: { silent: true },
  });
}

export const DASHBOARD_PATH = '/api/company/dashboard';
export const DASHBOARD_KEY = ['dashboard'] as const;

export function fetchDashboard(signal?: AbortSignal, redirectOnUnauthorized = true): Promise<Dashboard> {
  return api.get<{ data: Dashboard }>(DASHBOARD_PATH, { signal, redirectOnUnauthorized }).then((r) => r.data);
}
