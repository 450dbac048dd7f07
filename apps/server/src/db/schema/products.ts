import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies } from './identity.js';

/** 商品 (docs/product/PRODUCT.md §4): code unique per company; CSV upload upserts by code. */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    unit: varchar('unit', { length: 20 }),
    unit_price: integer('unit_price').notNull(),
    tax_category: varchar('tax_category', { length: 16 }).notNull(),
    description: text('description'),
    is_active: boolean('is_active').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_company_code_unique').on(t.company_id, t.code),
    index('products_company_name_idx').on(t.company_id, t.name),
    check('products_tax_category_check', sql`${t.tax_category} in ('10', '8', 'exempt', 'out_of_scope')`),
    check('products_unit_price_check', sql`${t.unit_price} >= 0`),
  ],
);
