import type { CompanyInfo } from '@chobo/core';
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
