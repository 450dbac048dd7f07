import type { CustomerValues } from '@chobo/core';
import { and, eq, sql } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Versioned } from '../../lib/context.js';
import { notFound } from '../../lib/http-errors.js';
import { bankAccountColumns } from './customer-bank-account.js';
import { customerValues, findCustomer, toCustomer } from './customers.queries.js';

const NOT_FOUND = '顧客が見つかりません';

export async function createCustomer({ ctx, input }: ActionArgs<CompanyCtx, CustomerValues>) {
  const bank = await bankAccountColumns(input.bank_account ?? null);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customers)
      .values({ ...customerValues(input), ...bank, company_id: ctx.companyId })
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

export async function updateCustomer({ ctx, input }: ActionArgs<CompanyCtx, CustomerValues & Versioned>) {
  const { id, updated_at, ...values } = input;
  const bank = await bankAccountColumns(values.bank_account);
  return ctx.db.transaction(async (tx) => {
    const before = await findCustomer({ ...ctx, db: tx }, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    assertFresh(before.updated_at, updated_at, '顧客');
    const [row] = await tx
      .update(customers)
      .set({ ...customerValues(values), ...bank, updated_at: nextVersion(customers.updated_at) })
      .where(and(eq(customers.id, id), eq(customers.company_id, ctx.companyId)))
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
export async function deleteCustomer({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  await ctx.db.transaction(async (tx) => {
    const before = await findCustomer({ ...ctx, db: tx }, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    await tx
      .update(customers)
      .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
      .where(and(eq(customers.id, id), eq(customers.company_id, ctx.companyId)));
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
