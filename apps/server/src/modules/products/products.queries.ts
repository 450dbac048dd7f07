import type { ProductListQuery, ProductValues, TaxCategory } from '@chobo/core';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { pagedList } from '../../lib/list.js';
import { keywordFilter } from '../../lib/sql.js';

export type ProductRow = typeof products.$inferSelect;

export function toProduct(row: ProductRow) {
  return {
    ...row,
    tax_category: row.tax_category as TaxCategory,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
export type ProductDto = ReturnType<typeof toProduct>;

const SORT_COLUMNS = {
  id: products.id,
  code: products.code,
  name: products.name,
  unit_price: products.unit_price,
  tax_category: products.tax_category,
  created_at: products.created_at,
  updated_at: products.updated_at,
} as const;

/** Keyword: every whitespace-separated word must match code, name, unit or description. */
const KEYWORD_COLUMNS = [products.code, products.name, products.unit, products.description];

export function productWhere(companyId: number, keyword: string) {
  return and(eq(products.company_id, companyId), keywordFilter(keyword, KEYWORD_COLUMNS));
}

export async function listProducts(tenant: Tenant, q: ProductListQuery) {
  const { db, companyId } = tenant;
  const where = productWhere(companyId, q.keyword);
  const order = q.sort_dir === 'desc' ? desc : asc;
  return pagedList(db, q, {
    from: products,
    where,
    rows: (limit, offset) =>
      db
        .select()
        .from(products)
        .where(where)
        .orderBy(order(SORT_COLUMNS[q.sort_by]), order(products.id))
        .limit(limit)
        .offset(offset),
    map: (rows) => rows.map(toProduct),
  });
}

/**
 * Every product matching the keyword, in code order, fetched in batches of `batchSize` by keyset on the
 * code (unique per company, so the (company_id, code) index serves both filter and order) — a download
 * of 100,000 products never holds them all in memory.
 */
export async function* productBatches(
  db: DbOrTx,
  companyId: number,
  keyword: string,
  batchSize = 2000,
): AsyncGenerator<ProductRow[]> {
  let after: string | null = null;
  for (;;) {
    const rows: ProductRow[] = await db
      .select()
      .from(products)
      .where(and(productWhere(companyId, keyword), after === null ? undefined : gt(products.code, after)))
      .orderBy(asc(products.code))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1].code;
  }
}

export async function findProduct(tenant: Tenant, id: number, opts: { forUpdate?: boolean } = {}) {
  const { db, companyId } = tenant;
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.company_id, companyId)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findProductByCode(tenant: Tenant, code: string) {
  const { db, companyId } = tenant;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.company_id, companyId), eq(products.code, code)))
    .limit(1);
  return row;
}

export function productValues(input: ProductValues) {
  return {
    code: input.code,
    name: input.name,
    unit: input.unit,
    unit_price: input.unit_price,
    tax_category: input.tax_category,
    description: input.description,
    is_active: input.is_active,
  };
}
