import type { ProductValues } from '@chobo/core';
import { and, eq } from 'drizzle-orm';
import { products } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Versioned } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { findProduct, findProductByCode, productValues, toProduct } from './products.queries.js';

const NOT_FOUND = '商品が見つかりません';
const DUPLICATE_CODE = 'この商品コードはすでに使われています';

export async function createProduct({ ctx, input }: ActionArgs<CompanyCtx, ProductValues>) {
  return ctx.db.transaction(async (tx) => {
    if (await findProductByCode({ ...ctx, db: tx }, input.code)) throw unprocessable({ code: [DUPLICATE_CODE] });
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

export async function updateProduct({ ctx, input }: ActionArgs<CompanyCtx, ProductValues & Versioned>) {
  const { id, updated_at, ...values } = input;
  return ctx.db.transaction(async (tx) => {
    const before = await findProduct({ ...ctx, db: tx }, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    assertFresh(before.updated_at, updated_at, '商品');
    const other = await findProductByCode({ ...ctx, db: tx }, values.code);
    if (other && other.id !== id) throw unprocessable({ code: [DUPLICATE_CODE] });
    const [row] = await tx
      .update(products)
      .set({ ...productValues(values), updated_at: nextVersion(products.updated_at) })
      .where(and(eq(products.id, id), eq(products.company_id, ctx.companyId)))
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

export async function deleteProduct({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  await ctx.db.transaction(async (tx) => {
    const before = await findProduct({ ...ctx, db: tx }, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    await tx.delete(products).where(and(eq(products.id, id), eq(products.company_id, ctx.companyId)));
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
