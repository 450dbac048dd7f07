import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import type { Client } from './harness.js';

/** A customer or supplier created through `POST /api/company/customer` with exactly `fields`: its `data`. */
// biome-ignore lint/suspicious/noExplicitAny: the API's JSON, as `res.json()` gives it
export async function newCustomer(api: Client, fields: Record<string, unknown>): Promise<any> {
  return (await api.post('/api/company/customer', fields)).json().data;
}

/** A 受注取引 of one line (`unit_price` yen + 10%) through `POST /api/transactions`: its `data`. */
export async function newSale(
  api: Client,
  fields: { customer_id: number; transaction_date: string; subject: string; unit_price: number; due_date?: string },
): Promise<{ id: number; total: number }> {
  const { unit_price, ...header } = fields;
  const res = await api.post('/api/transactions', {
    ...header,
    lines: [{ description: '商品', quantity: 1, unit_price, tax_category: '10' }],
  });
  return res.json().data;
}

/** The body of `PUT /api/accountings/{id}` keeping the entry `shown` (its GET's data) but for its 摘要. */
export function entryEditBody(
  shown: Record<string, unknown> & { lines: Record<string, unknown>[] },
  description: string,
) {
  return {
    date: shown.date,
    description,
    lines: shown.lines.map((l) => ({
      account_id: l.account_id,
      debit: l.debit,
      credit: l.credit,
      tax_category: l.tax_category,
      customer_id: l.customer_id,
      memo: l.memo,
    })),
    updated_at: shown.updated_at,
  };
}

/** How many rows of `table` match `where` (every row without it), read straight from the database. */
export async function countRows(db: Db, table: PgTable, where?: SQL): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return n;
}

/** The company's accounts by code (`GET /api/company/accounts`): `code('1120')` is 普通預金's id. */
export async function accountCodes(api: Client): Promise<(code: string) => number> {
  const list: { id: number; code: string }[] = (await api.get('/api/company/accounts?per_page=500')).json().data;
  return (code: string) => list.find((a) => a.code === code)?.id as number;
}

/**
 * A bank account through `POST /api/company/bank-accounts` (三菱UFJ銀行 本店 普通 1234567 unless `fields`
 * says otherwise), linked to the ledger account `accountId` (普通預金): its id. Throws unless created.
 */
export async function newBankAccount(api: Client, accountId: number, fields: Record<string, unknown> = {}) {
  const res = await api.post('/api/company/bank-accounts', {
    bank_code: '0005',
    bank_name: '三菱UFJ銀行',
    branch_code: '001',
    branch_name: '本店',
    account_type: '普通',
    account_number: '1234567',
    account_holder: 'カ）サンプルショウジ',
    account_id: accountId,
    ...fields,
  });
  if (res.statusCode !== 201) throw new Error(`bank account not created: ${res.statusCode} ${res.body}`);
  return res.json().data.id as number;
}
