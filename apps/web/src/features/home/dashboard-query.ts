import type { Dashboard } from '@chobo/core';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const DASHBOARD_PATH = '/api/company/dashboard';
export const DASHBOARD_KEY = ['dashboard'] as const;

export function fetchDashboard(signal?: AbortSignal, redirectOnUnauthorized = true): Promise<Dashboard> {
  return api.get<{ data: Dashboard }>(DASHBOARD_PATH, { signal, redirectOnUnauthorized }).then((r) => r.data);
}

/**
 * Starts the home's figures while its route loads (the route's loader, beside GET /api/me and the page's
 * chunk), so the page finds them in the query cache instead of asking after its first render. Quiet: a
 * 401 or 403 is left to the route's guard.
 */
export function prefetchDashboard(client: QueryClient): Promise<void> {
  return client.prefetchQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: ({ signal }) => fetchDashboard(signal, false),
    staleTime: 30_000,
    meta: { silent: true },
  });
}
