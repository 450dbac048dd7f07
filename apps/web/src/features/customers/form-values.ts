import { type Customer, type CustomerValues, customerInput, formatPostalCode } from '@chobo/core';
import { readJson, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';

/**
 * What the customer form holds: the contract's fields (customerInput.shape), as the strings the inputs
 * edit (honorific keeps its union). zod turns them back into CustomerValues on submit.
 */
export type CustomerFormValues = {
  [K in keyof CustomerValues]-?: K extends 'honorific' ? CustomerValues[K] : string;
};

export const CUSTOMER_FIELDS = Object.keys(customerInput.shape) as (keyof CustomerFormValues)[];

export function toFormValues(customer?: Partial<Customer> | null): CustomerFormValues {
  const values = {} as Record<string, string>;
  for (const key of CUSTOMER_FIELDS) {
    const value = customer?.[key];
    values[key] = value === null || value === undefined ? '' : String(value);
  }
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
