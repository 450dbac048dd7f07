import {
  type CustomerListQuery,
  type CustomerSimilarQuery,
  type CustomerValues,
  customerNameKey,
  type SimilarCustomer,
  type SupplierBankAccount,
} from '@chobo/core';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { escapeLike, type KeywordMatch, keywordFilter } from '../../lib/sql.js';
import { jsonObjectSql, type PageStatement, type PageText, pageJson, runPage } from '../../lib/sql-json.js';
import { sqlRows } from '../accounting/sql-rows.js';

export type CustomerRow = typeof customers.$inferSelect;

/** The 振込先 of a customer row as the API answers it (null when none is stored). */
function bankAccountOf(row: CustomerRow): SupplierBankAccount | null {
  if (row.bank_code === null || row.bank_branch_code === null) return null;
  return {
    bank_code: row.bank_code,
    bank_name: row.bank_name ?? '',
    bank_name_kana: row.bank_name_kana ?? '',
    branch_code: row.bank_branch_code,
    branch_name: row.bank_branch_name ?? '',
    branch_name_kana: row.bank_branch_name_kana ?? '',
    account_type: row.bank_account_type ?? 1,
    account_number: row.bank_account_number ?? '',
    holder_kana: row.bank_holder_kana ?? '',
    fee_bearer: row.bank_fee_bearer === 'theirs' ? 'theirs' : 'ours',
  };
}

/** The wire shape of a customer (deleted_at is internal; the bank columns are `bank_account`). */
export function toCustomer(row: CustomerRow) {
  const {
    deleted_at: _deleted,
    bank_code: _bc,
    bank_name: _bn,
    bank_name_kana: _bk,
    bank_branch_code: _rc,
    bank_branch_name: _rn,
    bank_branch_name_kana: _rk,
    bank_account_type: _at,
    bank_account_number: _an,
    bank_holder_kana: _hk,
    bank_fee_bearer: _fb,
    created_at,
    updated_at,
    ...rest
  } = row;
  return {
    ...rest,
    bank_account: bankAccountOf(row),
    created_at: created_at.toISOString(),
    updated_at: updated_at.toISOString(),
  };
}

export type CustomerDto = ReturnType<typeof toCustomer>;

/** The sortable columns (the list query's whitelist; the id breaks ties). */
const SORT_COLUMNS = {
  id: 'id',
  name: 'name',
  name_kana: 'name_kana',
  prefecture_code: 'prefecture_code',
  created_at: 'created_at',
  updated_at: 'updated_at',
} as const satisfies Record<CustomerListQuery['sort_by'], string>;

/** Keyword: every whitespace-separated word must match one of name, kana, contact, e-mail, phone. */
const KEYWORD_COLUMNS: KeywordMatch[] = [
  customers.name,
  customers.name_kana,
  customers.contact_person,
  customers.email,
  (word) => sql`replace(${customers.tel}, '-', '') like ${`%${escapeLike(word.replace(/-/g, ''))}%`}`,
];

/** The 振込先 of `p` as supplierBankAccountDto's JSON (when p.bank_code is set). */
const BANK_ACCOUNT_JSON = jsonObjectSql([
  ['bank_code', sql`p.bank_code`, 'string'],
  ['bank_name', sql`p.bank_name`, 'string'],
  ['bank_name_kana', sql`coalesce(p.bank_name_kana, '')`, 'string'],
  ['branch_code', sql`p.bank_branch_code`, 'string'],
  ['branch_name', sql`p.bank_branch_name`, 'string'],
  ['branch_name_kana', sql`coalesce(p.bank_branch_name_kana, '')`, 'string'],
  ['account_type', sql`p.bank_account_type`, 'number'],
  ['account_number', sql`p.bank_account_number`, 'string'],
  ['holder_kana', sql`p.bank_holder_kana`, 'string'],
  ['fee_bearer', sql`p.bank_fee_bearer`, 'string'],
]);

/** One customer (`p`, a customers row) as customerDto's JSON, keys in the schema's order (ADR 0030). */
const CUSTOMER_JSON = jsonObjectSql([
  ['id', sql`p.id`, 'number'],
  ['company_id', sql`p.company_id`, 'number'],
  ['name', sql`p.name`, 'string'],
  ['name_kana', sql`p.name_kana`, 'string?'],
  ['honorific', sql`p.honorific`, 'string'],
  ['used_for', sql`p.used_for`, 'number'],
  ['postal_code', sql`p.postal_code`, 'string?'],
  ['prefecture_code', sql`p.prefecture_code`, 'string?'],
  ['address1', sql`p.address1`, 'string?'],
  ['address2', sql`p.address2`, 'string?'],
  ['tel', sql`p.tel`, 'string?'],
  ['mobile', sql`p.mobile`, 'string?'],
  ['fax', sql`p.fax`, 'string?'],
  ['email', sql`p.email`, 'string?'],
  ['url', sql`p.url`, 'string?'],
  ['contact_person', sql`p.contact_person`, 'string?'],
  ['department', sql`p.department`, 'string?'],
  ['registration_number', sql`p.registration_number`, 'string?'],
  ['closing_day', sql`p.closing_day`, 'number?'],
  ['payment_month_offset', sql`p.payment_month_offset`, 'number?'],
  ['payment_day', sql`p.payment_day`, 'number?'],
  ['payment_terms', sql`p.payment_terms`, 'string?'],
  ['memo', sql`p.memo`, 'string?'],
  ['bank_account', sql`case when p.bank_code is null then 'null' else ${BANK_ACCOUNT_JSON} end`, 'json'],
  ['created_at', sql`p.created_at`, 'timestamp'],
  ['updated_at', sql`p.updated_at`, 'timestamp'],
]);

/** The page (CTE `p`, customers rows), the total, and the page as JSON text, in one statement. */
function customersStatement(rows: SQL, total: SQL, order: SQL): SQL {
  return sql`with p as (${rows})
    select (${total}) as total, (select count(*)::int from p) as n,
      (select string_agg(${CUSTOMER_JSON}, ',' order by ${order}) from p) as body`;
}

/**
 * One page of the company's customers as the answer's JSON text (`{ data, meta }`) in ONE statement (ADR
 * 0030): the page, its JSON and the list's total. Without a keyword the total is the maintained count
 * (customer_counts, kept by a trigger on customers) and the statement is prepared (one per sort, direction,
 * 用途 filter and page size); with one, count(*) over the matching customers.
 */
export async function listCustomersJson(tenant: Tenant, q: CustomerListQuery): Promise<string> {
  const { db, companyId } = tenant;
  const statement = customersPageStatement(companyId, q);
  if (statement) return pageJson(await runPage(db, statement, q.per_page), q);
  const where = and(
    eq(customers.company_id, companyId),
    isNull(customers.deleted_at),
    keywordFilter(q.keyword, KEYWORD_COLUMNS),
    q.used_for ? sql`${customers.used_for} in (${q.used_for}, 3)` : undefined,
  );
  const { order, limit } = sortOf(q);
  const [result] = await sqlRows<PageText>(
    db,
    customersStatement(
      sql`select * from ${customers} where ${where} order by ${order('')} limit ${limit} offset ${(q.page - 1) * q.per_page}`,
      sql`select count(*)::int from ${customers} where ${where}`,
      order('p.'),
    ),
  );
  return pageJson(result, q);
}

function sortOf(q: CustomerListQuery) {
  const dir = q.sort_dir === 'desc' ? 'desc' : 'asc';
  return {
    dir,
    order: (prefix: string) => sql.raw(`${prefix}${SORT_COLUMNS[q.sort_by]} ${dir}, ${prefix}id ${dir}`),
    limit: sql.raw(String(q.per_page)),
  };
}

/**
 * The prepared statement of a customer page without a keyword (name, SQL, values), or undefined with one.
 * Exported for the benchmark's baseline (bench/http-server.ts).
 */
export function customersPageStatement(companyId: number, q: CustomerListQuery): PageStatement | undefined {
  if (keywordFilter(q.keyword, [])) return undefined;
  const { dir, order, limit } = sortOf(q);
  return {
    name: `chobo_customers_page_${q.sort_by}_${dir}_${q.used_for ? 'u' : ''}_${q.per_page}`,
    sql: (param) => {
      const company = param('company', 'int');
      const where = sql`c.company_id = ${company} and c.deleted_at is null${
        q.used_for ? sql` and c.used_for in (${param('used_for', 'int')}, 3)` : sql``
      }`;
      return customersStatement(
        sql`select * from customers c where ${where} order by ${order('c.')} limit ${limit} offset ${param('offset', 'int')}`,
        // the maintained count (customer_counts), not a count of the rows
        sql`coalesce((select ${
          q.used_for
            ? sql`case ${param('used_for', 'int')} when 1 then k.used_1 when 2 then k.used_2 else 0 end + k.used_3`
            : sql`k.used_1 + k.used_2 + k.used_3`
        } from customer_counts k where k.company_id = ${company}), 0)`,
        order('p.'),
      );
    },
    values: { company: companyId, offset: (q.page - 1) * q.per_page, used_for: q.used_for },
  };
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
    payment_month_offset: input.payment_month_offset,
    payment_day: input.payment_day,
    payment_terms: input.payment_terms,
    memo: input.memo,
  };
}

/** customerNameKey in SQL (the same rules: NFKC, no spaces, no legal form, lower case). */
const nameKeySql = sql`lower(regexp_replace(normalize(${customers.name}, NFKC), '[[:space:]]+|株式会社|有限会社|合同会社|[(]株[)]|[(]有[)]|[(]同[)]', '', 'g'))`;

/** Live customers with the same name (customerNameKey) or 登録番号 as the one being entered; at most 5. */
export async function findSimilarCustomers(tenant: Tenant, q: CustomerSimilarQuery): Promise<SimilarCustomer[]> {
  const key = customerNameKey(q.name);
  const reg = /^T\d{13}$/.test(q.registration_number) ? q.registration_number : null;
  if (!key && !reg) return [];
  const match: SQL[] = [];
  if (key) match.push(sql`${nameKeySql} = ${key}`);
  if (reg) match.push(eq(customers.registration_number, reg));
  const rows = await tenant.db
    .select({ id: customers.id, name: customers.name, registration_number: customers.registration_number })
    .from(customers)
    .where(
      and(
        eq(customers.company_id, tenant.companyId),
        isNull(customers.deleted_at),
        q.exclude_id ? sql`${customers.id} <> ${q.exclude_id}` : undefined,
        sql`(${sql.join(match, sql` or `)})`,
      ),
    )
    .orderBy(customers.id)
    .limit(5);
  return rows.map((r) => ({
    ...r,
    matched_by: reg && r.registration_number === reg ? 'registration_number' : 'name',
  }));
}
