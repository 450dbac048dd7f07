import { INVOICE_STATUSES, type InvoiceStatus } from '@chobo/core';

/** Display helpers of 請求書. */
export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: 'gray',
  issued: 'blue',
  sent: 'cyan',
  paid: 'green',
  void: 'red',
};

export const INVOICE_STATUS_OPTIONS = (Object.keys(INVOICE_STATUSES) as InvoiceStatus[]).map((value) => ({
  value,
  label: INVOICE_STATUSES[value],
}));

export const invoiceStatusLabel = (status: string) => INVOICE_STATUSES[status as InvoiceStatus] ?? status;

export const invoiceEditPath = (id: number) => `/company/invoices/edit?id=${id}`;
export const invoiceCreatePath = (transactionIds: readonly number[] = []) =>
  transactionIds.length > 0
    ? `/company/invoices/create?transaction_ids=${transactionIds.join(',')}`
    : '/company/invoices/create';
export const INVOICE_LIST_PATH = '/company/transactions?tab=invoices';

/** 8% lines are marked ※ (the legend 「※は軽減税率対象」 goes next to the totals). */
export const REDUCED_MARK = '※';
export const REDUCED_LEGEND = '※は軽減税率対象';
