import type {
  Aging,
  Collections,
  CompanyBankAccount,
  Customer,
  OpenItems,
  Paginated,
  Payables,
  Payment,
  PaymentInput,
} from '@chobo/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { filterParam, type ListDataHook } from '../../components/resource-list';
import { api, buildQuery, type QueryValue } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { recordKeys, saveRecord, useRecord } from '../../lib/record-hooks';

/** react-query hooks of 入金・支払 (/api/payments) and its reports (/api/payment-reports/...). */
export const PAYMENTS_PATH = '/api/payments';
export const REPORTS_PATH = '/api/payment-reports';
export const PAYMENT_PER_PAGE = 20;

export interface PaymentListParams {
  keyword: string;
  page: number;
  direction: string | null;
  from: string | null;
  to: string | null;
  customer_id: string | null;
  method: string | null;
  unallocated: boolean;
}

export const paymentKeys = {
  ...recordKeys<PaymentListParams>('payments'),
  open: (direction: string, customerId: number | null, paymentId: number | null) =>
    ['payments', 'open', direction, customerId, paymentId] as const,
  report: (name: string, q: Record<string, QueryValue>) => ['payments', 'report', name, q] as const,
};

/** 入出金一覧's data hook for the ResourceList kit. */
export const usePaymentPage: ListDataHook<Payment> = (p) => {
  const customerId = filterParam(p, 'customer_id');
  return usePaymentList({
    keyword: p.keyword,
    page: p.page,
    direction: filterParam(p, 'direction'),
    from: filterParam(p, 'from'),
    to: filterParam(p, 'to'),
    customer_id: customerId && /^\d+$/.test(customerId) ? customerId : null,
    method: filterParam(p, 'method'),
    unallocated: p.unallocated === '1',
  });
};

export function usePaymentList(p: PaymentListParams) {
  return useQuery({
    queryKey: paymentKeys.list(p),
    queryFn: ({ signal }) =>
      api.get<Paginated<Payment>>(PAYMENTS_PATH, {
        query: {
          keyword: p.keyword,
          page: p.page,
          per_page: PAYMENT_PER_PAGE,
          direction: p.direction,
          from: p.from,
          to: p.to,
          customer_id: p.customer_id,
          method: p.method,
          unallocated: p.unallocated ? 1 : null,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const usePayment = (id: number | null) => useRecord<Payment>(paymentKeys, PAYMENTS_PATH, id);

export function useOpenItems(direction: 'in' | 'out', customerId: number | null, paymentId: number | null = null) {
  return useQuery({
    queryKey: paymentKeys.open(direction, customerId, paymentId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: OpenItems }>(`${PAYMENTS_PATH}/open-items`, {
          query: { direction, customer_id: customerId, payment_id: paymentId },
          signal,
        })
        .then((r) => r.data),
    staleTime: 0,
  });
}

export type PaymentBody = PaymentInput & { updated_at?: string };

export function useSavePayment(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentBody) => saveRecord<Payment, PaymentBody>(PAYMENTS_PATH, id, body),
    meta: { silent: true },
    onSuccess: (p) => {
      client.setQueryData(paymentKeys.detail(p.id), p);
      return client.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
}

export function useShortPayment(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { invoice_id?: number | null; transaction_id?: number | null; updated_at: string }) =>
      api.post<{ data: Payment }>(`${PAYMENTS_PATH}/${id}/short-payment`, body).then((r) => r.data),
    meta: { silent: true },
    onSuccess: (p) => {
      client.setQueryData(paymentKeys.detail(p.id), p);
      return client.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
}

export function useDeletePayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${PAYMENTS_PATH}/${id}`),
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** Customers for a counterparty picker: 売上先 for 入金 (used_for 1), 仕入先 for 支払 (used_for 2). */
export function useCounterpartySearch(keyword: string, direction: 'in' | 'out') {
  return useQuery({
    queryKey: ['customers', 'payment-search', keyword, direction],
    queryFn: ({ signal }) =>
      api.get<Paginated<Customer>>('/api/company/customer', {
        query: { used_for: direction === 'in' ? 1 : 2, keyword, per_page: 20 },
        signal,
        progress: false,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: false,
  });
}

export function useReport<T>(name: 'aging' | 'collections' | 'payables', q: Record<string, QueryValue>) {
  return useQuery<T, Error, T>({
    queryKey: paymentKeys.report(name, q),
    queryFn: ({ signal }) => api.get<{ data: T }>(`${REPORTS_PATH}/${name}`, { query: q, signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}
export const useAging = (q: { date: string; customer_id?: number | null }) => useReport<Aging>('aging', q);
export const useCollections = (q: { from: string; to: string }) => useReport<Collections>('collections', q);
export const usePayables = (q: { date: string; group: 'week' | 'month' }) => useReport<Payables>('payables', q);

/** Downloads a report file (CSV or PDF) through the token-carrying fetch. */
export async function downloadReport(
  name: 'aging' | 'collections' | 'payables',
  q: Record<string, QueryValue>,
  format: 'csv' | 'pdf',
  encoding: 'utf8' | 'sjis' = 'utf8',
) {
  const path = `${REPORTS_PATH}/${name}${buildQuery({ ...q, format, encoding: encoding === 'sjis' ? 'sjis' : null })}`;
  await downloadFile(path, { filename: `${name}${encoding === 'sjis' ? '-sjis' : ''}.${format}` });
}

/** The company's bank accounts (/api/company/bank-accounts) as select options, by bank_accounts.id. */
export function useBankAccountOptions() {
  const q = useQuery({
    queryKey: ['bank-accounts'],
    queryFn: () =>
      api.get<{ data: CompanyBankAccount[] }>('/api/company/bank-accounts', { progress: false }).then((r) => r.data),
    meta: { silent: true },
    retry: false,
  });
  return (q.data ?? []).map((b) => ({
    value: String(b.id),
    label: [b.bank_name, b.branch_name, b.account_type, b.account_number].filter(Boolean).join(' '),
  }));
}
