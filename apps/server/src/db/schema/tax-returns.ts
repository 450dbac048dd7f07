import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, timestamp, unique } from 'drizzle-orm/pg-core';
import { fiscalYears, journalEntries } from './accounting.js';
import { companies, users } from './identity.js';

/**
 * 確定申告書（別表一）の下書き: one per company and fiscal year. `form` holds the specification's text fields
 * (docs/product/SPEC.md §3, kakutei form data) as they print; `overrides` the lines typed by hand (line →
 * yen); `adjustments` the 別表四 加算・減算 rows; `inputs` the 中間申告・源泉所得税 amounts; `book_income` the
 * year's 税引前当期純利益 when 「帳簿から作成」 last read the books.
 */
export const taxReturns = pgTable(
  'tax_returns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fiscal_year_id: integer('fiscal_year_id')
      .notNull()
      .references(() => fiscalYears.id, { onDelete: 'cascade' }),
    form: jsonb('form').notNull().default(sql`'{}'::jsonb`),
    overrides: jsonb('overrides').notNull().default(sql`'{}'::jsonb`),
    adjustments: jsonb('adjustments').notNull().default(sql`'[]'::jsonb`),
    inputs: jsonb('inputs').notNull().default(sql`'{}'::jsonb`),
    book_income: bigint('book_income', { mode: 'number' }),
    filled_at: timestamp('filled_at', { withTimezone: true }),
    /** The 法人税、住民税及び事業税 / 未払法人税等 entry posted from this return (on confirmation). */
    entry_id: integer('entry_id').references(() => journalEntries.id, { onDelete: 'set null' }),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('tax_returns_company_fiscal_year_unique').on(t.company_id, t.fiscal_year_id),
    check('tax_returns_form_object_check', sql`jsonb_typeof(${t.form}) = 'object'`),
    check('tax_returns_overrides_object_check', sql`jsonb_typeof(${t.overrides}) = 'object'`),
    check('tax_returns_adjustments_array_check', sql`jsonb_typeof(${t.adjustments}) = 'array'`),
  ],
);

/** Per-company rates of the 法人住民税・事業税 estimates (core/tax-return.ts LocalTaxRates; defaults documented there). */
export const taxReturnSettings = pgTable('tax_return_settings', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  local_rates: jsonb('local_rates').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
