import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_KEY, fetchDashboard } from './dashboard-query';

export { DASHBOARD_PATH } from './dashboard-query';

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
