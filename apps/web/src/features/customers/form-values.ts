import { type Customer, type CustomerValues, customerInput, formatPostalCode } from '@chobo/core';
import { readJson, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';

/** The 振込先 as the form edits it (strings; all empty = none). */
export interface BankAccountFormValues {
  bank_code: string;
  branch_code: string;
  account_type: string;
  account_number: string;
  holder_kana: string;
  fee_bearer: 'ours' | 'theirs';
}

/**
 * What the customer form holds: the contract's fields (customerInput.shape), as the strings the inputs
 * edit (honorific keeps its union; bank_account is its own strings). zod turns them back into
 * CustomerValues on submit (toCustomerInput first: an empty 振込先 is none).
 */
export type CustomerFormValues = {
  [K in keyof CustomerValues]-?: K extends 'honorific'
    ? CustomerValues[K]
    : K extends 'bank_account'
      ? BankAccountFormValues
      : string;
};

const BANK_FIELDS = ['bank_code', 'branch_code', 'account_type', 'account_number', 'holder_kana', 'fee_bearer'];

/** Every field a 422 may name (the bank account's as `bank_account.<field>`). */
export const CUSTOMER_FIELDS = [
  ...Object.keys(customerInput.shape),
  ...BANK_FIELDS.map((f) => `bank_account.${f}`),
] as (keyof CustomerFormValues)[];

export function toBankFormValues(bank: Customer['bank_account'] | undefined): BankAccountFormValues {
  return {
    bank_code: bank?.bank_code ?? '',
    branch_code: bank?.branch_code ?? '',
    account_type: bank ? String(bank.account_type) : '1',
    account_number: bank?.account_number ?? '',
    holder_kana: bank?.holder_kana ?? '',
    fee_bearer: bank?.fee_bearer ?? 'ours',
  };
}

/** What the contract reads: a 振込先 whose code, number and name are all empty is none (null). */
export function toCustomerInput(values: CustomerFormValues): Record<string, unknown> {
  const b = values.bank_account;
  const empty = !b || [b.bank_code, b.branch_code, b.account_number, b.holder_kana].every((v) => v.trim() === '');
  return { ...values, bank_account: empty ? null : b };
}

export function toFormValues(customer?: Partial<Customer> | null): CustomerFormValues {
  const values = {} as Record<string, unknown>;
  for (const key of Object.keys(customerInput.shape) as (keyof Customer)[]) {
    const value = customer?.[key];
    values[key] = value === null || value === undefined ? '' : String(value);
  }
  values.bank_account = toBankFormValues(customer?.bank_account);
  values.postal_code = formatPostalCode(customer?.postal_code);
  values.honorific = customer?.honorific ?? '御中';
  if (!customer?.used_for) values.used_for = '3';
  return values as CustomerFormValues;
}

/** docs/product/SPEC.md §3: the selected customer is kept in browser storage and restored at start. */
export function rememberSelectedCustomer(id: number): void {
  writeStorage(STORAGE_KEYS.selectedCustomer, JSON.stringify({ id }));
}

export function selectedCustomerId(): number | null {
  const value = readJson<{ id?: unknown }>(STORAGE_KEYS.selectedCustomer);
  return typeof value?.id === 'number' ? value.id : null;
}

/** The list URL to return to (the list passes its query string in the navigation state). */
export function listPathFrom(state: unknown): string {
  const search = (state as { listSearch?: unknown } | null)?.listSearch;
  return typeof search === 'string' && search.startsWith('?') ? `/company/customers${search}` : '/company/customers';
}
