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

/** A company's logo (a data: URL, or null without one). */
export function fetchCompanyLogo(companyId: number, signal?: AbortSignal) {
  return api
    .get<{ data: { logo_data: string | null } }>(`${COMPANIES_PATH}/${companyId}/logo`, { signal })
    .then((r) => r.data.logo_data);
}

/** Uploads a company's logo (multipart `file`); answers the stored logo. */
export function uploadCompanyLogo(companyId: number, body: FormData) {
  return api
    .post<{ data: { logo_data: string | null } }>(`${COMPANIES_PATH}/${companyId}/logo`, body)
    .then((r) => r.data.logo_data);
}

/** Deletes a company's logo; answers null (no logo). */
export function deleteCompanyLogo(companyId: number) {
  return api.delete<{ data: { logo_data: string | null } }>(`${COMPANIES_PATH}/${companyId}/logo`).then(() => null);
}
