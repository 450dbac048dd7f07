import type { CompanyInfo, Info, InfoInput, Paginated } from '@chobo/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const INFOS_PATH = '/api/admin/infos';
export const INFOS_KEY = 'infos';

export function useCompanyInfos() {
  return useQuery({
    queryKey: ['company-infos'],
    queryFn: () => api.get<{ data: CompanyInfo[]; meta: { unread: number; total: number } }>('/api/company/infos'),
    meta: { silent: true },
  });
}

/** ISO → the value of an <input type="datetime-local"> in Asia/Tokyo. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(new Date(iso).getTime() + 9 * 3600_000);
  return d.toISOString().slice(0, 16);
}

/** datetime-local (Asia/Tokyo) → ISO with offset. */
export function fromLocalInput(value: string | null | undefined): string | null {
  if (!value) return null;
  return /T\d\d:\d\d$/.test(value) ? `${value}:00+09:00` : value;
}

/** One お知らせ to edit (/system/infos/{id}/edit). */
export function useInfo(id: number | null) {
  return useQuery({
    queryKey: [INFOS_KEY, 'detail', id],
    queryFn: () => api.get<{ data: Info }>(`${INFOS_PATH}/${id}`).then((r) => r.data),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Creates (no id) or updates an お知らせ; an update carries the version it was read at. */
export function saveInfo(
  id: number | null,
  body: Omit<InfoInput, 'published_at'> & { published_at: string | null; updated_at?: string },
): Promise<Info> {
  return (
    id === null ? api.post<{ data: Info }>(INFOS_PATH, body) : api.put<{ data: Info }>(`${INFOS_PATH}/${id}`, body)
  ).then((r) => r.data);
}

/** One notice for the company (GET /api/company/infos/{id}; opening it marks it read). */
export function fetchCompanyInfo(id: number) {
  return api.get<{ data: CompanyInfo }>(`/api/company/infos/${id}`).then((r) => r.data);
}

export function deleteInfo(id: number) {
  return api.delete(`${INFOS_PATH}/${id}`);
}

/** One row of an admin list API (`{path}/{id}`), e.g. the audience select's current company or domain. */
export function fetchAudienceRow<T>(path: string, id: number, signal?: AbortSignal) {
  return api.get<{ data: T }>(`${path}/${id}`, { signal }).then((r) => r.data);
}

/** The first 20 rows of an admin list API matching `keyword` (the audience select's search). */
export function searchAudienceRows<T>(path: string, keyword: string, signal?: AbortSignal) {
  return api.get<Paginated<T>>(path, { query: { keyword, per_page: 20 }, signal });
}
