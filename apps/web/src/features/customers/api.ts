import {
  type Customer,
  type CustomerValues,
  type Paginated,
  PREFECTURES,
  type RegistryEntry,
  type SimilarCustomer,
  type ZenginEntry,
  type ZipcodeResult,
} from '@chobo/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListDataHook } from '../../components/resource-list';
import { ApiError, api } from '../../lib/api';
import { recordKeys, useDeleteRecord, useRecord, useSaveRecord } from '../../lib/record-hooks';

/** react-query hooks of 顧客管理 (docs/product/PRODUCT.md §4): list / show / create / update / delete. */
export const CUSTOMERS_PATH = '/api/company/customer';
export const CUSTOMER_PER_PAGE = 20;

export interface CustomerListParams {
  keyword: string;
  page: number;
  sort_by: string | null;
  sort_dir: 'asc' | 'desc' | null;
  used_for: number | null;
  company_id: number | null;
}

export const customerKeys = recordKeys<CustomerListParams>('customers');

export function fetchCustomers(params: CustomerListParams, signal?: AbortSignal) {
  return api.get<Paginated<Customer>>(CUSTOMERS_PATH, {
    query: {
      keyword: params.keyword,
      page: params.page,
      per_page: CUSTOMER_PER_PAGE,
      sort_by: params.sort_by,
      sort_dir: params.sort_by ? params.sort_dir : null,
      used_for: params.used_for,
      company_id: params.company_id,
    },
    signal,
  });
}

export function useCustomerList(params: CustomerListParams) {
  return useQuery({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => fetchCustomers(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The customer list's data hook for the ResourceList kit (`used_for` 1–3, an administrator's `companyId`). */
export function customerListHook(companyId: number | null): ListDataHook<Customer> {
  return function useCustomerPage(p) {
    const usedFor = Number(p.used_for);
    return useCustomerList({
      keyword: p.keyword,
      page: p.page,
      sort_by: p.sort_by,
      sort_dir: p.sort_dir,
      used_for: usedFor >= 1 && usedFor <= 3 ? usedFor : null,
      company_id: companyId,
    });
  };
}

export const useCustomer = (id: number | null) => useRecord<Customer>(customerKeys, CUSTOMERS_PATH, id);

export const useCreateCustomer = () => useSaveRecord<Customer, CustomerValues>(customerKeys, CUSTOMERS_PATH, null);

/** `updated_at` is the version the form was opened with: the server answers 409 if it changed since. */
export const useUpdateCustomer = (id: number) =>
  useSaveRecord<Customer, CustomerValues & { updated_at: string }>(customerKeys, CUSTOMERS_PATH, id);

export const useDeleteCustomer = () => useDeleteRecord(customerKeys, CUSTOMERS_PATH);

/** GET /api/prefectures (code → name); the built-in JIS list stands in until it answers or if it fails. */
export function usePrefectures(): Record<string, string> {
  const query = useQuery({
    queryKey: ['prefectures'],
    queryFn: () => api.get<{ data: Record<string, string> }>('/api/prefectures').then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
  return query.data ?? PREFECTURES;
}

export type { ZipcodeResult };

export function searchZipcode(zipcode: string) {
  return api.get<{ results: ZipcodeResult[] }>('/api/search-zipcode', { query: { zipcode } });
}

/**
 * The customers a name / 登録番号 being entered already belongs to (GET …/customer/similar): a warning on the
 * form, never a refusal. Asked only once there is something to compare.
 */
export function useSimilarCustomers(name: string, registrationNumber: string, excludeId: number | null) {
  const query = { name: name.trim(), registration_number: registrationNumber.trim(), exclude_id: excludeId };
  return useQuery({
    queryKey: [...customerKeys.all, 'similar', query] as const,
    queryFn: async ({ signal }): Promise<SimilarCustomer[]> =>
      (await api.get<{ data: SimilarCustomer[] }>(`${CUSTOMERS_PATH}/similar`, { query, signal })).data,
    enabled: query.name !== '' || query.registration_number !== '',
    meta: { silent: true },
    staleTime: 30_000,
  });
}

/**
 * The 全銀 bank (GET /api/zengin/banks) or, with `bankCode`, branch (…/{code}/branches) whose code is `code`:
 * asked once the code has all its digits; null when there is none.
 */
export function useZenginName(code: string, bankCode?: string) {
  const digits = bankCode === undefined ? 4 : 3;
  const ready = new RegExp(`^\\d{${digits}}$`).test(code) && (bankCode === undefined || /^\d{4}$/.test(bankCode));
  const url = bankCode === undefined ? '/api/zengin/banks' : `/api/zengin/banks/${bankCode}/branches`;
  return useQuery({
    queryKey: ['zengin', bankCode ?? null, code] as const,
    queryFn: async ({ signal }): Promise<ZenginEntry | null> => {
      const found = (await api.get<{ data: ZenginEntry[] }>(url, { query: { q: code, limit: 1 }, signal })).data[0];
      return found?.code === code ? found : null;
    },
    enabled: ready,
    retry: false,
    meta: { silent: true },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * 金融機関 (or, with `bankCode`, 支店) whose name, kana or romaji holds the typed words — for choosing by name
 * what the 全銀 code fields take. Asked once something is typed (debounced by the caller).
 */
export function useZenginSearch(q: string, bankCode?: string) {
  const url = bankCode === undefined ? '/api/zengin/banks' : `/api/zengin/banks/${bankCode}/branches`;
  return useQuery({
    queryKey: ['zengin-search', bankCode ?? null, q] as const,
    queryFn: async ({ signal }): Promise<ZenginEntry[]> =>
      (await api.get<{ data: ZenginEntry[] }>(url, { query: { q, limit: 10 }, signal })).data,
    enabled: q.trim() !== '' && (bankCode === undefined || /^\d{4}$/.test(bankCode)),
    retry: false,
    meta: { silent: true },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The 国税庁 registry's answer for a typed T-number (GET /api/registry/{t_number}): its name and whether the
 * registration is valid today; null when the registry does not hold the number (404).
 */
export function useRegistryLookup(registrationNumber: string) {
  const n = registrationNumber.trim().toUpperCase();
  return useQuery({
    queryKey: ['registry', n] as const,
    queryFn: async ({ signal }): Promise<RegistryEntry | null> => {
      try {
        return (await api.get<{ data: RegistryEntry }>(`/api/registry/${encodeURIComponent(n)}`, { signal })).data;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: /^T\d{13}$/.test(n),
    meta: { silent: true },
    staleTime: 5 * 60_000,
  });
}
