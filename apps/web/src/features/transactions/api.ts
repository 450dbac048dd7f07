import type { Customer, Paginated, Product, TaxSettingsInput, Transaction, TransactionValues } from '@chobo/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { filterParam, type ListDataHook, type ListQueryParams } from '../../components/resource-list';
import { api, buildQuery, type QueryValue } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { recordKeys, useDeleteRecord, useRecord, useSaveRecord } from '../../lib/record-hooks';

/** react-query hooks of 受注取引 (GET/POST /api/transactions, GET/PUT/DELETE /api/transactions/{id}). */
export const TRANSACTIONS_PATH = '/api/transactions';
export const TRANSACTION_PER_PAGE = 20;

export interface TransactionListParams {
  keyword: string;
  page: number;
  sort_by: string | null;
  sort_dir: 'asc' | 'desc' | null;
  status: string | null;
  payment_method: string | null;
  customer_id: string | null;
  from: string | null;
  to: string | null;
  company_id: number | null;
}

export const transactionKeys = recordKeys<TransactionListParams>('transactions');

/** The filters of the list as API query parameters (without paging for the CSV, which has every row). */
export function filterQuery(params: TransactionListParams): Record<string, QueryValue> {
  return {
    keyword: params.keyword,
    status: params.status,
    payment_method: params.payment_method,
    customer_id: params.customer_id,
    from: params.from,
    to: params.to,
    sort_by: params.sort_by,
    sort_dir: params.sort_by ? params.sort_dir : null,
    company_id: params.company_id,
  };
}

/** 受注取引一覧's params from the ResourceList kit's (an administrator's view adds `companyId`). */
export const toTransactionParams = (p: ListQueryParams, companyId: number | null): TransactionListParams => ({
  keyword: p.keyword,
  page: p.page,
  sort_by: p.sort_by,
  sort_dir: p.sort_dir,
  status: filterParam(p, 'status'),
  payment_method: filterParam(p, 'payment_method'),
  customer_id: filterParam(p, 'customer_id'),
  from: filterParam(p, 'from'),
  to: filterParam(p, 'to'),
  company_id: companyId,
});

/** 受注取引一覧's data hook for the ResourceList kit. */
export function transactionListHook(companyId: number | null): ListDataHook<Transaction> {
  return function useTransactionPage(p) {
    return useTransactionList(toTransactionParams(p, companyId));
  };
}

export function useTransactionList(params: TransactionListParams) {
  return useQuery({
    queryKey: transactionKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<Paginated<Transaction>>(TRANSACTIONS_PATH, {
        query: { ...filterQuery(params), page: params.page, per_page: TRANSACTION_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const useTransaction = (id: number | null) => useRecord<Transaction>(transactionKeys, TRANSACTIONS_PATH, id);

export type TransactionBody = TransactionValues & { updated_at?: string };

/** On update `updated_at` is the version the form was opened with (409 when someone saved since). */
export const useSaveTransaction = (id: number | null) =>
  useSaveRecord<Transaction, TransactionBody>(transactionKeys, TRANSACTIONS_PATH, id);

export const useDeleteTransaction = () => useDeleteRecord(transactionKeys, TRANSACTIONS_PATH, { silent: true });

/** The CSV address of the current filters (one row per line; every matching transaction, not one page). */
export function transactionsCsvPath(params: TransactionListParams, encoding: 'utf8' | 'sjis'): string {
  return `${TRANSACTIONS_PATH}${buildQuery({ ...filterQuery(params), format: 'csv', encoding: encoding === 'sjis' ? 'sjis' : null })}`;
}

/** Downloads transactions.csv through the token-carrying fetch (a plain link would have no token). */
export async function downloadTransactionsCsv(params: TransactionListParams, encoding: 'utf8' | 'sjis') {
  await downloadFile(transactionsCsvPath(params, encoding), {
    filename: encoding === 'sjis' ? 'transactions-sjis.csv' : 'transactions.csv',
  });
}

export const DEFAULT_TAX_SETTINGS: TaxSettingsInput = { tax_display: 'exclusive', tax_rounding: 'floor' };

/**
 * The company's 消費税表示設定 (default 税抜/税込 and rounding of the live totals). Users without
 * taxes.show get 403: the form then falls back to 税抜・切り捨て (the server still computes the saved totals).
 */
export function useTaxSettings() {
  return useQuery({
    queryKey: ['tax-settings'],
    queryFn: () => api.get<{ data: TaxSettingsInput }>('/api/company/tax-settings').then((r) => r.data),
    staleTime: 5 * 60_000,
    retry: false,
    meta: { silent: true },
  });
}

/**
 * 売上先 customers (used_for 1) or 仕入先 suppliers (used_for 2) — the server adds 3 両方 — matching a
 * keyword, for the pickers.
 */
export function useCustomerSearch(keyword: string, companyId: number | null = null, usedFor: 1 | 2 = 1) {
  return useQuery({
    queryKey: ['customers', usedFor === 1 ? 'sales-search' : 'supplier-search', keyword, companyId],
    queryFn: ({ signal }) =>
      api.get<Paginated<Customer>>('/api/company/customer', {
        query: { used_for: usedFor, keyword, per_page: 20, company_id: companyId },
        signal,
        progress: false,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: false,
  });
}

/** Products matching a code or name, for a line's picker. */
export function useProductSearch(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: ['products', 'line-search', keyword],
    queryFn: ({ signal }) =>
      api.get<Paginated<Product>>('/api/products', {
        query: { keyword, per_page: 10 },
        signal,
        progress: false,
      }),
    enabled,
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: false,
    staleTime: 30_000,
  });
}
