import type { QueryClient } from '@tanstack/react-query';
import { DASHBOARD_KEY, fetchDashboard } from './api';

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
