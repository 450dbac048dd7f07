import type { CustomerValues } from '@chobo/core';
import { eq, sql } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ActionCtx } from '../../lib/context.js';
import { HttpError, notFound } from '../../lib/http-errors.js';
import { customerValues, findCustomer, toCustomer } from './customers.queries.js';

const NOT_FOUND = '顧客が見つかりません';

export async function createCustomer({ ctx, input }: { ctx: ActionCtx; input: CustomerValues }) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customers)
      .values({ ...customerValues(input), company_id: ctx.companyId })
      .returning();
    const dto = toCustomer(row);
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'customer.create',
      targetType: 'customer',
      targetId: row.id,
      after: dto,
    });
    return dto;
  });
}

export async function updateCustomer({
  ctx,
  id,
  input,
  expectedUpdatedAt,
}: {
  ctx: ActionCtx;
  id: number;
  input: CustomerValues;
  /** When given, the edit is refused (409) if someone saved the customer after this time. */
  expectedUpdatedAt?: string;
}) {
  return ctx.db.transaction(async (tx) => {
    const before = await findCustomer(tx, ctx.companyId, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    if (expectedUpdatedAt && new Date(expectedUpdatedAt).getTime() !== before.updated_at.getTime()) {
      throw new HttpError(409, 'ほかのユーザーがこの顧客を更新しました。画面を再読み込みしてから編集してください');
    }
    const [row] = await tx
      .update(customers)
      .set({ ...customerValues(input), updated_at: sql`now()` })
      .where(eq(customers.id, id))
      .returning();
    const dto = toCustomer(row);
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'customer.update',
      targetType: 'customer',
      targetId: id,
      before: toCustomer(before),
      after: dto,
    });
    return dto;
  });
}

/** Soft delete: the customer stays for history (later: transactions refer to it) and leaves lists and pickers. */
export async function deleteCustomer({ ctx, id }: { ctx: ActionCtx; id: number }) {
  await ctx.db.transaction(async (tx) => {
    const before = await findCustomer(tx, ctx.companyId, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    await tx.update(customers).set({ deleted_at: sql`now()`, updated_at: sql`now()` }).where(eq(customers.id, id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'customer.delete',
      targetType: 'customer',
      targetId: id,
      before: toCustomer(before),
    });
  });
}
