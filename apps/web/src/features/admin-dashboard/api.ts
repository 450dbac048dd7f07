import type { AdminDashboard } from '@chobo/core';
import { api } from '../../lib/api';

/** The admin portal's counts and latest sign-ups (GET /api/admin/dashboard). */
export function fetchAdminDashboard() {
  return api.get<{ data: AdminDashboard }>('/api/admin/dashboard').then((r) => r.data);
}
