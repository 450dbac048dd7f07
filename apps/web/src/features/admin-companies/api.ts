import type { AdminCompany } from '@chobo/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const COMPANIES_PATH = '/api/admin/companies';
export const COMPANIES_KEY = 'admin-companies';

export function useAdminCompany(id: number | null) {
  return useQuery({
    queryKey: [COMPANIES_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<{ data: AdminCompany }>(`${COMPANIES_PATH}/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useCompanyMutation<V>(fn: (values: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: [COMPANIES_KEY] }),
  });
}

export const companyApi = {
  create: (values: unknown) => api.post<{ data: AdminCompany }>(COMPANIES_PATH, values).then((r) => r.data),
  update: (id: number, values: unknown) =>
    api.put<{ data: AdminCompany }>(`${COMPANIES_PATH}/${id}`, values).then((r) => r.data),
  remove: (id: number) => api.delete(`${COMPANIES_PATH}/${id}`),
  suspend: (id: number) => api.post<{ data: AdminCompany }>(`${COMPANIES_PATH}/${id}/suspend`),
  reactivate: (id: number) => api.post<{ data: AdminCompany }>(`${COMPANIES_PATH}/${id}/reactivate`),
  account: (id: number, values: unknown) =>
    api.put<{ data: AdminCompany }>(`${COMPANIES_PATH}/${id}/account`, values).then((r) => r.data),
};
