import type { Payment } from '@chobo/core';

/** The payment form's state (a hand-held form: the allocation table is keyed per open document). */
export type Key = string;
export const keyOf = (it: { kind: string; id: number }): Key => `${it.kind}:${it.id}`;

export interface FormState {
  direction: 'in' | 'out';
  date: string;
  customer_id: number | null;
  customer_name: string | null;
  amount: number;
  method: string;
  fee: number;
  fee_bearer: 'us' | 'them';
  bank_account_id: string | null;
  memo: string;
  /** the bank statement row this payment records (opened from the row on 取り込んだ取引明細) */
  bank_statement_row_id: number | null;
  /** allocation amount per open document */
  alloc: Record<Key, number>;
}

export function fromPayment(p: Payment): FormState {
  const alloc: Record<Key, number> = {};
  for (const a of p.allocations) {
    const kind = a.invoice_id !== null ? 'invoice' : a.transaction_id !== null ? 'transaction' : 'transaction_document';
    alloc[`${kind}:${a.invoice_id ?? a.transaction_id ?? a.transaction_document_id}`] = a.amount;
  }
  return {
    direction: p.direction,
    date: p.date,
    customer_id: p.customer_id,
    customer_name: p.customer_name,
    amount: p.amount,
    method: String(p.method),
    fee: p.fee,
    fee_bearer: p.fee_bearer,
    bank_account_id: p.bank_account_id === null ? null : String(p.bank_account_id),
    memo: p.memo ?? '',
    bank_statement_row_id: p.bank_statement_row_id ?? null,
    alloc,
  };
}
