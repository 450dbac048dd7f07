import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companies } from './identity.js';

export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    name_kana: varchar('name_kana', { length: 255 }),
    honorific: varchar('honorific', { length: 4 }).notNull().default('御中'),
    used_for: smallint('used_for').notNull().default(3),
    postal_code: varchar('postal_code', { length: 7 }),
    prefecture_code: varchar('prefecture_code', { length: 2 }),
    address1: varchar('address1', { length: 255 }),
    address2: varchar('address2', { length: 255 }),
    tel: varchar('tel', { length: 20 }),
    mobile: varchar('mobile', { length: 20 }),
    fax: varchar('fax', { length: 20 }),
    email: varchar('email', { length: 254 }),
    url: varchar('url', { length: 500 }),
    contact_person: varchar('contact_person', { length: 100 }),
    department: varchar('department', { length: 100 }),
    registration_number: varchar('registration_number', { length: 14 }),
    closing_day: smallint('closing_day'),
    /** 支払月: 0 当月, 1 翌月, 2 翌々月 (core payment-terms.ts). */
    payment_month_offset: smallint('payment_month_offset'),
    /** 支払日: 1–31, 31 = 末日. */
    payment_day: smallint('payment_day'),
    /** Free text of what the structured terms do not say (kept from before they existed when unreadable). */
    payment_terms: varchar('payment_terms', { length: 100 }),
    memo: text('memo'),
    /**
     * 振込先 (issue 28): 銀行コード, 支店コード, 預金種目 (1 普通, 2 当座, 4 貯蓄), 口座番号, 受取人名 in the banks'
     * half-width kana (core toZenginKana), 手数料 負担 ('ours' 当方, 'theirs' 先方); the bank's and branch's
     * names as looked up from zengin-code when saved. All set or all null.
     */
    bank_code: varchar('bank_code', { length: 4 }),
    bank_name: varchar('bank_name', { length: 100 }),
    bank_name_kana: varchar('bank_name_kana', { length: 100 }),
    bank_branch_code: varchar('bank_branch_code', { length: 3 }),
    bank_branch_name: varchar('bank_branch_name', { length: 100 }),
    bank_branch_name_kana: varchar('bank_branch_name_kana', { length: 100 }),
    bank_account_type: smallint('bank_account_type'),
    bank_account_number: varchar('bank_account_number', { length: 7 }),
    bank_holder_kana: varchar('bank_holder_kana', { length: 30 }),
    bank_fee_bearer: varchar('bank_fee_bearer', { length: 6 }),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customers_company_idx').on(t.company_id, t.id).where(sql`${t.deleted_at} is null`),
    index('customers_company_name_idx').on(t.company_id, t.name).where(sql`${t.deleted_at} is null`),
    // keyword search (ILIKE '%…%'): trigram indexes (pg_trgm)
    index('customers_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('customers_name_kana_trgm_idx').using('gin', sql`${t.name_kana} gin_trgm_ops`),
    check('customers_used_for_check', sql`${t.used_for} in (1, 2, 3)`),
    check('customers_honorific_check', sql`${t.honorific} in ('御中', '様')`),
    check('customers_closing_day_check', sql`${t.closing_day} between 1 and 31`),
    check('customers_payment_month_offset_check', sql`${t.payment_month_offset} between 0 and 2`),
    check('customers_payment_day_check', sql`${t.payment_day} between 1 and 31`),
    check('customers_postal_code_check', sql`${t.postal_code} ~ '^[0-9]{7}$'`),
    check('customers_registration_number_check', sql`${t.registration_number} ~ '^T[0-9]{13}$'`),
    check(
      'customers_bank_account_check',
      sql`(${t.bank_code} is null and ${t.bank_branch_code} is null and ${t.bank_account_type} is null and ${t.bank_account_number} is null and ${t.bank_holder_kana} is null and ${t.bank_fee_bearer} is null)
        or (${t.bank_code} ~ '^[0-9]{4}$' and ${t.bank_branch_code} ~ '^[0-9]{3}$' and ${t.bank_account_type} in (1, 2, 4)
          and ${t.bank_account_number} ~ '^[0-9]{7}$' and ${t.bank_holder_kana} <> '' and ${t.bank_fee_bearer} in ('ours', 'theirs')
          and ${t.bank_name} is not null and ${t.bank_branch_name} is not null)`,
    ),
  ],
);

/**
 * The live (not deleted) customers of a company by 用途, kept by the trigger `customer_counts_apply` on
 * customers in the same transaction as every change (migration customer-counts, ADR 0030): the customer
 * list's total without a keyword is read from here, not counted. One row per company, so concurrent
 * changes of one company's customers queue on one row, never in opposite orders.
 */
export const customerCounts = pgTable(
  'customer_counts',
  {
    company_id: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** used_for = 1 (受注取引で使用), 2 (発注取引で使用), 3 (両方) */
    used_1: integer('used_1').notNull().default(0),
    used_2: integer('used_2').notNull().default(0),
    used_3: integer('used_3').notNull().default(0),
  },
  (t) => [check('customer_counts_check', sql`${t.used_1} >= 0 and ${t.used_2} >= 0 and ${t.used_3} >= 0`)],
);
