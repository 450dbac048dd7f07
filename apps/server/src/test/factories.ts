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
