import type { AdminUpdateInput, AdminUser } from '@chobo/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { ADMINS_KEY, ADMINS_PATH } from './AdminListPage';

/** One system administrator to edit (/system/admins/{id}/edit). */
export function useAdmin(id: number | null) {
  return useQuery({
    queryKey: [ADMINS_KEY, 'detail', id],
    queryFn: () => api.get<{ data: AdminUser }>(`${ADMINS_PATH}/${id}`).then((r) => r.data),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function updateAdmin(id: number, body: AdminUpdateInput & { updated_at: string }): Promise<AdminUser> {
  return api.put<{ data: AdminUser }>(`${ADMINS_PATH}/${id}`, body).then((r) => r.data);
}

/** Deletes a system administrator. */
export function deleteAdmin(id: number) {
  return api.delete(`${ADMINS_PATH}/${id}`);
}
