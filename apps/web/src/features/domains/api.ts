import type { Domain, DomainInput } from '@chobo/core';
import { api } from '../../lib/api';

export const DOMAINS_PATH = '/api/admin/domains';

/** One domain, fresh (the edit dialog's reload on 409). */
export function fetchDomain(id: number) {
  return api.get<{ data: Domain }>(`${DOMAINS_PATH}/${id}`).then((r) => r.data);
}

/** Saves an edited domain with the updated_at it read; answers the saved row. */
export function updateDomain(id: number, body: DomainInput & { updated_at: string }) {
  return api.put<{ data: Domain }>(`${DOMAINS_PATH}/${id}`, body).then((r) => r.data);
}

export function createDomain(body: DomainInput) {
  return api.post(DOMAINS_PATH, body);
}

/** Uploads a domain's logo (multipart `file`); answers the updated domain. */
export function uploadDomainLogo(id: number, body: FormData) {
  return api.post<{ data: Domain }>(`${DOMAINS_PATH}/${id}/logo`, body);
}

export function deleteDomain(id: number) {
  return api.delete(`${DOMAINS_PATH}/${id}`);
}
