import type { BankInfo, BankInfoValues, CompanyProfile, CompanyProfileValues, TaxSettingsInput } from '@chobo/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

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

/** Saves the company profile (/account-settings); answers the saved row. */
export function saveCompanyProfile(body: CompanyProfileValues & { updated_at: string }) {
  return api.put<{ data: CompanyProfile }>('/api/company-profile', body).then((r) => r.data);
}

/** Saves the company's bank account (振込先口座); answers the saved row. */
export function saveBankInfo(body: BankInfoValues & { updated_at: string }) {
  return api.put<{ data: BankInfo }>('/api/company/bank-info', body).then((r) => r.data);
}

/** The company profile (GET /api/company-profile). */
export function fetchCompanyProfile() {
  return api.get<{ data: CompanyProfile }>('/api/company-profile').then((r) => r.data);
}

/** The company's bank account, or null while none is registered (404). */
export function fetchBankInfo() {
  return api
    .get<{ data: BankInfo }>('/api/company/bank-info')
    .then((r) => r.data)
    .catch((e) => {
      if (e instanceof ApiError && e.status === 404) return null;
      throw e;
    });
}

/** Applies an e-mail change from the mail's token (public); answers the new address. */
export function confirmEmail(token: string) {
  return api.post<{ data: { email: string } }>('/api/profile/email/confirm', { token }, { auth: false });
}
