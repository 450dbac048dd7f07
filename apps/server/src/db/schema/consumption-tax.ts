import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { fiscalYears, journalEntries } from './accounting.js';
import { companies, users } from './identity.js';

/**
 * 消費税の確定申告 (issue 27). `consumption_tax_settings`: the company's 課税方式 (一般 / 簡易 with its main
 * 事業区分; 簡易課税 = its 届出書 filed), the 計算方法 of sales and purchases, the 個別対応 / 一括比例 choice, the
 * 基準期間の課税売上高 (null: from the books) and the 中間申告 payments — what a new draft starts from.
 * `consumption_tax_returns`: the draft per fiscal year; `inputs` the compute body without the period
 * (core contracts consumptionTaxDraftInputs: 基準期間の課税売上高 and 中間納付 included), `sources` the
 * figures' sources when 「帳簿から作成」 last read the books, `entry_id` the settlement entry posted from it.
 */
export const consumptionTaxSettings = pgTable(
  'consumption_tax_settings',
  {
    company_id: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    method: varchar('method', { length: 16 }).notNull(),
    main_business_type: integer('main_business_type'),
    sales_calc: varchar('sales_calc', { length: 16 }).notNull(),
    purchase_calc: varchar('purchase_calc', { length: 16 }).notNull(),
    apportionment: varchar('apportionment', { length: 16 }),
    base_period_taxable_sales: bigint('base_period_taxable_sales', { mode: 'number' }),
    interim_national: bigint('interim_national', { mode: 'number' }).notNull().default(0),
    interim_local: bigint('interim_local', { mode: 'number' }).notNull().default(0),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('consumption_tax_settings_method_check', sql`${t.method} in ('general', 'simplified')`),
    check(
      'consumption_tax_settings_business_type_check',
      sql`${t.main_business_type} is null or ${t.main_business_type} between 1 and 6`,
    ),
    check(
      'consumption_tax_settings_amounts_check',
      sql`coalesce(${t.base_period_taxable_sales}, 0) >= 0 and ${t.interim_national} >= 0 and ${t.interim_local} >= 0`,
    ),
  ],
);

export const consumptionTaxReturns = pgTable(
  'consumption_tax_returns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fiscal_year_id: integer('fiscal_year_id')
      .notNull()
      .references(() => fiscalYears.id, { onDelete: 'cascade' }),
    inputs: jsonb('inputs').notNull().default(sql`'{}'::jsonb`),
    sources: jsonb('sources').notNull().default(sql`'{}'::jsonb`),
    filled_at: timestamp('filled_at', { withTimezone: true }),
    /** The settlement 仮受消費税等 / 仮払消費税等 → 未払消費税等 posted from this return. */
    entry_id: integer('entry_id').references(() => journalEntries.id, { onDelete: 'set null' }),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('consumption_tax_returns_company_fiscal_year_unique').on(t.company_id, t.fiscal_year_id),
    check('consumption_tax_returns_inputs_object_check', sql`jsonb_typeof(${t.inputs}) = 'object'`),
    check('consumption_tax_returns_sources_object_check', sql`jsonb_typeof(${t.sources}) = 'object'`),
  ],
);
