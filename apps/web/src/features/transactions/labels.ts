import { PAYMENT_METHODS, type SalesTaxCategory, TRANSACTION_STATUSES } from '@chobo/core';

/** Display helpers of 受注取引. */
export const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export const STATUS_COLORS: Record<number, string> = { 0: 'gray', 1: 'blue', 2: 'green', 3: 'red' };

export const STATUS_OPTIONS = Object.entries(TRANSACTION_STATUSES).map(([value, label]) => ({ value, label }));
export const PAYMENT_OPTIONS = Object.entries(PAYMENT_METHODS).map(([value, label]) => ({ value, label }));

export const statusLabel = (status: number) => TRANSACTION_STATUSES[status as keyof typeof TRANSACTION_STATUSES] ?? '';
export const paymentLabel = (method: number) => PAYMENT_METHODS[method as keyof typeof PAYMENT_METHODS] ?? '';

/** The label of a rate's base in the totals box (インボイスの記載の仕方). */
export const RATE_BASE_LABELS: Record<SalesTaxCategory, string> = {
  '10': '10%対象',
  '8': '8%対象（軽減税率）',
  exempt: '非課税',
  out_of_scope: '対象外',
};

/** Line tax categories in the row select (short, to fit the row). */
export const LINE_TAX_OPTIONS = [
  { value: '10', label: '10%' },
  { value: '8', label: '8%（軽減）' },
  { value: 'exempt', label: '非課税' },
  { value: 'out_of_scope', label: '対象外' },
];

export const transactionEditPath = (id: number) => `/company/transactions/edit?id=${id}`;
export const journalEntryPath = (id: number) => `/company/accountings_bk/edit?id=${id}`;
