import type {
  Invoice,
  InvoiceMailTemplate,
  InvoiceMailTemplateInput,
  InvoicePayment,
  InvoiceSendInput,
  InvoiceValues,
  Paginated,
  Transaction,
} from '@chobo/core';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { filterParam, type ListDataHook } from '../../components/resource-list';
import { api } from '../../lib/api';
import { recordKeys, saveRecord, useRecord } from '../../lib/record-hooks';
import { downloadFile } from '../accounting/download';
import { TRANSACTIONS_PATH, transactionKeys } from '../transactions/api';

/** react-query hooks of 請求書 (GET/POST /api/invoices, GET/PUT /api/invoices/{id}, issue / send / correct / pdf). */
export const INVOICES_PATH = '/api/invoices';
export const INVOICE_PER_PAGE = 20;

/** 請求書一覧's data hook for the ResourceList kit. */
export const useInvoicePage: ListDataHook<Invoice> = (p) =>
  useInvoiceList({
    keyword: p.keyword,
    page: p.page,
    sort_by: p.sort_by,
    sort_dir: p.sort_dir,
    status: filterParam(p, 'status'),
    customer_id: filterParam(p, 'customer_id'),
  });

export interface InvoiceListParams {
  keyword: string;
  page: number;
  sort_by: string | null;
  sort_dir: 'asc' | 'desc' | null;
  status: string | null;
  customer_id: string | null;
}

export const invoiceKeys = recordKeys<InvoiceListParams>('invoices');

export function useInvoiceList(params: InvoiceListParams) {
  return useQuery({
    queryKey: invoiceKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<Paginated<Invoice>>(INVOICES_PATH, {
        query: {
          keyword: params.keyword,
          status: params.status,
          customer_id: params.customer_id,
          sort_by: params.sort_by,
          sort_dir: params.sort_by ? params.sort_dir : null,
          page: params.page,
          per_page: INVOICE_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const useInvoice = (id: number | null) => useRecord<Invoice>(invoiceKeys, INVOICES_PATH, id);

/** The 未請求 sales of a customer, the ones a new 合計請求書 can bill. */
export function useUnbilledSales(customerId: number | null) {
  return useQuery({
    queryKey: [...transactionKeys.lists(), 'unbilled', customerId],
    queryFn: ({ signal }) =>
      api.get<Paginated<Transaction>>(TRANSACTIONS_PATH, {
        query: { customer_id: customerId, status: 0, per_page: 100, sort_by: 'transaction_date', sort_dir: 'asc' },
        signal,
        progress: false,
      }),
    enabled: customerId !== null,
    meta: { silent: true },
  });
}

/** Sales by id (those an invoice already bills, or the ones picked on the 受注取引 list). */
export function useSalesByIds(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: transactionKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<{ data: Transaction }>(`${TRANSACTIONS_PATH}/${id}`, { signal }).then((r) => r.data),
      meta: { silent: true },
      staleTime: 30_000,
    })),
    combine: (results) => ({
      data: results.flatMap((r) => (r.data ? [r.data] : [])),
      pending: results.some((r) => r.isPending),
      error: results.find((r) => r.error)?.error ?? null,
    }),
  });
}

export type InvoiceBody = InvoiceValues & { updated_at?: string };

function useInvoiceMutation<V>(fn: (vars: V) => Promise<Invoice>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onSuccess: (invoice) => {
      client.setQueryData(invoiceKeys.detail(invoice.id), invoice);
      // issuing bills the sales (請求済), voiding a replaced invoice changes another row
      return Promise.all([
        client.invalidateQueries({ queryKey: invoiceKeys.all }),
        client.invalidateQueries({ queryKey: transactionKeys.all }),
      ]);
    },
  });
}

export function useSaveInvoice(id: number | null) {
  return useInvoiceMutation((body: InvoiceBody) => saveRecord<Invoice, InvoiceBody>(INVOICES_PATH, id, body));
}

export function useIssueInvoice() {
  return useInvoiceMutation((id: number) =>
    api.post<{ data: Invoice }>(`${INVOICES_PATH}/${id}/issue`, {}).then((r) => r.data),
  );
}

/** メールで送付: to, cc, bcc, 件名 and 本文 (their placeholders are filled on the server, as in the preview). */
export function useSendInvoice() {
  return useInvoiceMutation(({ id, ...body }: { id: number } & InvoiceSendInput) =>
    api.post<{ data: Invoice }>(`${INVOICES_PATH}/${id}/send`, body).then((r) => r.data),
  );
}

const MAIL_TEMPLATE_PATH = '/api/company/invoice-mail-template';
const mailTemplateKey = ['invoice-mail-template'] as const;

/** The company's 請求書メールのひな形 (the default until one is saved). */
export function useInvoiceMailTemplate(enabled: boolean) {
  return useQuery({
    queryKey: mailTemplateKey,
    queryFn: ({ signal }) => api.get<{ data: InvoiceMailTemplate }>(MAIL_TEMPLATE_PATH, { signal }).then((r) => r.data),
    enabled,
    meta: { silent: true },
  });
}

export function useSaveInvoiceMailTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceMailTemplateInput) =>
      api.put<{ data: InvoiceMailTemplate }>(MAIL_TEMPLATE_PATH, body).then((r) => r.data),
    meta: { silent: true },
    onSuccess: (template) => client.setQueryData(mailTemplateKey, template),
  });
}

/** 入金履歴: the payments allocated to an invoice (GET /api/invoices/{id}/payments). */
export function useInvoicePayments(id: number) {
  return useQuery({
    queryKey: [...invoiceKeys.detail(id), 'payments'],
    queryFn: ({ signal }) =>
      api.get<{ data: InvoicePayment[] }>(`${INVOICES_PATH}/${id}/payments`, { signal }).then((r) => r.data),
    meta: { silent: true },
  });
}

export function useCorrectInvoice() {
  return useInvoiceMutation((id: number) =>
    api.post<{ data: Invoice }>(`${INVOICES_PATH}/${id}/correct`, {}).then((r) => r.data),
  );
}

/** The A4 PDF, fetched with the bearer token and saved under the server's file name (請求書_N.pdf). */
export function downloadInvoicePdf(invoice: Pick<Invoice, 'id' | 'number'>): Promise<string> {
  return downloadFile(`${INVOICES_PATH}/${invoice.id}/pdf`, {}, `請求書_${invoice.number}.pdf`);
}

/** The JP PINT e-invoice (UBL 2.1 XML, 電子インボイス), saved as 請求書_N.xml. */
export function downloadInvoiceXml(invoice: Pick<Invoice, 'id' | 'number'>): Promise<string> {
  return downloadFile(`${INVOICES_PATH}/${invoice.id}/ubl`, {}, `請求書_${invoice.number}.xml`);
}
