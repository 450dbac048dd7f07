import type { TaxSettingsInput } from '@chobo/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The account settings' own calls (/account-settings, /password/edit, /tax/edit, the company logo…). */
export const accountSettingsApi = {
  /** Sends a confirmation mail to the new address; answers the message to show. */
  changeEmail: (body: { email: string }) => api.put<{ message: string }>('/api/profile/email', body),
  changePassword: (body: object) => api.put<{ message: string }>('/api/password', body),
  changeName: (body: object) => api.put('/api/profile/name', body),
  setExpirationYear: (expirationYear: number) =>
    api.put('/api/company/expiration-year', { expiration_year: expirationYear }),
  uploadLogo: (body: FormData) => api.post('/api/company/logo', body),
  deleteLogo: () => api.delete('/api/company/logo'),
  saveTaxSettings: (body: TaxSettingsInput) => api.put<{ data: TaxSettingsInput }>('/api/company/tax-settings', body),
};

/** The company's tax settings (/tax/edit). */
export function useTaxSettingsForEdit() {
  return useQuery({
    queryKey: ['tax-settings'],
    queryFn: () => api.get<{ data: TaxSettingsInput }>('/api/company/tax-settings').then((r) => r.data),
  });
}
