import type { CustomerListQuery, CustomerValues } from '@chobo/core';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { pagedList } from '../../lib/list.js';
import { escapeLike, type KeywordMatch, keywordFilter } from '../../lib/sql.js';

export type CustomerRow = typeof customers.$inferSelect;

/** The wire shape of a customer (deleted_at is internal). */
export function toCustomer(row: CustomerRow) {
  const { deleted_at: _deleted, ...rest } = row;
  return { ...rest, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

export type CustomerDto = ReturnType<typeof toCustomer>;

const SORT_COLUMNS = {
  id: customers.id,
  name: customers.name,
  name_kana: customers.name_kana,
  prefecture_code: customers.prefecture_code,
  created_at: customers.created_at,
  updated_at: customers.updated_at,
} as const;

/** Keyword: every whitespace-separated word must match one of name, kana, contact, e-mail, phone. */
const KEYWORD_COLUMNS: KeywordMatch[] = [
  customers.name,
  customers.name_kana,
  customers.contact_person,
  customers.email,
  (word) => sql`replace(${customers.tel}, '-', '') like ${`%${escapeLike(word.replace(/-/g, ''))}%`}`,
];

export async function listCustomers(tenant: Tenant, q: CustomerListQuery) {
  const { db, companyId } = tenant;
  const where = and(
    eq(customers.company_id, companyId),
    isNull(customers.deleted_at),
    keywordFilter(q.keyword, KEYWORD_COLUMNS),
    q.used_for ? sql`${customers.used_for} in (${q.used_for}, 3)` : undefined,
  );
  const column = SORT_COLUMNS[q.sort_by];
  const order = q.sort_dir === 'desc' ? desc : asc;
  return pagedList(db, q, {
    from: customers,
    where,
    rows: (limit, offset) =>
      db.select().from(customers).where(where).orderBy(order(column), order(customers.id)).limit(limit).offset(offset),
    map: (rows) => rows.map(toCustomer),
  });
}

/** A live customer of this company, or undefined (another company's record is simply not found). */
export async function findCustomer(tenant: Tenant, id: number, opts: { forUpdate?: boolean } = {}) {
  const { db, companyId } = tenant;
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.company_id, companyId), isNull(customers.deleted_at)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

export function customerValues(input: CustomerValues) {
  return {
    name: input.name,
    name_kana: input.name_kana,
    honorific: input.honorific,
    used_for: input.used_for,
    postal_code: input.postal_code,
    prefecture_code: input.prefecture_code,
    address1: input.address1,
    address2: input.address2,
    tel: input.tel,
    mobile: input.mobile,
    fax: input.fax,
    email: input.email,
    url: input.url,
    contact_person: input.contact_person,
    department: input.department,
    registration_number: input.registration_number,
    closing_day: input.closing_day,
    payment_terms: input.payment_terms,
    memo: input.memo,
  };
}
