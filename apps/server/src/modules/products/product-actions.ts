import type { ProductValues } from '@chobo/core';
import { eq, sql } from 'drizzle-orm';
import { products } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ActionCtx } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { findProduct, findProductByCode, productValues, toProduct } from './products.queries.js';

const NOT_FOUND = '商品が見つかりません';
const DUPLICATE_CODE = 'この商品コードはすでに使われています';

export async function createProduct({ ctx, input }: { ctx: ActionCtx; input: ProductValues }) {
  return ctx.db.transaction(async (tx) => {
    if (await findProductByCode(tx, ctx.companyId, input.code)) throw unprocessable({ code: [DUPLICATE_CODE] });
    const [row] = await tx
      .insert(products)
      .values({ ...productValues(input), company_id: ctx.companyId })
      .returning();
    const dto = toProduct(row);
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'product.create',
      targetType: 'product',
      targetId: row.id,
      after: dto,
    });
    return dto;
  });
}

export async function updateProduct({ ctx, id, input }: { ctx: ActionCtx; id: number; input: ProductValues }) {
  return ctx.db.transaction(async (tx) => {
    const before = await findProduct(tx, ctx.companyId, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    const other = await findProductByCode(tx, ctx.companyId, input.code);
    if (other && other.id !== id) throw unprocessable({ code: [DUPLICATE_CODE] });
    const [row] = await tx
      .update(products)
      .set({ ...productValues(input), updated_at: sql`now()` })
      .where(eq(products.id, id))
      .returning();
    const dto = toProduct(row);
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'product.update',
      targetType: 'product',
      targetId: id,
      before: toProduct(before),
      after: dto,
    });
    return dto;
  });
}

export async function deleteProduct({ ctx, id }: { ctx: ActionCtx; id: number }) {
  await ctx.db.transaction(async (tx) => {
    const before = await findProduct(tx, ctx.companyId, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    await tx.delete(products).where(eq(products.id, id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'product.delete',
      targetType: 'product',
      targetId: id,
      before: toProduct(before),
    });
  });
}
