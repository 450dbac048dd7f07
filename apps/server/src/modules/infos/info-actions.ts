import type { InfoValues } from '@chobo/core';
import { eq } from 'drizzle-orm';
import { companies, domains, infos } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, AdminCtx, Versioned } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { findInfo, toInfo } from './infos.queries.js';

async function values(tx: AdminCtx['db'], input: InfoValues, createdBy?: number | null) {
  const domainId = input.audience === 'domain' ? (input.domain_id ?? null) : null;
  const companyId = input.audience === 'company' ? (input.company_id ?? null) : null;
  if (domainId) {
    const [d] = await tx.select({ id: domains.id }).from(domains).where(eq(domains.id, domainId));
    if (!d) throw unprocessable({ domain_id: ['ドメインが見つかりません'] });
  }
  if (companyId) {
    const [c] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
    if (!c) throw unprocessable({ company_id: ['企業が見つかりません'] });
  }
  return {
    title: input.title,
    body: input.body,
    published_at: new Date(input.published_at),
    ends_at: input.ends_at ? new Date(input.ends_at) : null,
    audience: input.audience,
    domain_id: domainId,
    company_id: companyId,
    is_important: input.is_important,
    ...(createdBy !== undefined ? { created_by: createdBy } : {}),
  };
}

export async function createInfo({ ctx, input }: ActionArgs<AdminCtx, InfoValues>) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(infos)
      .values(await values(tx, input, ctx.actor.userId))
      .returning();
    const dto = toInfo(row);
    await audit(tx, {
      actor: ctx.actor,
      companyId: null,
      action: 'info.create',
      targetType: 'info',
      targetId: row.id,
      after: dto,
    });
    return dto;
  });
}

export async function updateInfo({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<AdminCtx, InfoValues & Versioned>) {
  return ctx.db.transaction(async (tx) => {
    const before = await findInfo(tx, id, { forUpdate: true });
    if (!before) throw notFound('お知らせが見つかりません');
    assertFresh(before.updated_at, updated_at, 'お知らせ');
    const [row] = await tx
      .update(infos)
      .set({ ...(await values(tx, input)), updated_at: nextVersion(infos.updated_at) })
      .where(eq(infos.id, id))
      .returning();
    const dto = toInfo(row);
    await audit(tx, {
      actor: ctx.actor,
      companyId: null,
      action: 'info.update',
      targetType: 'info',
      targetId: id,
      before: toInfo(before),
      after: dto,
    });
    return dto;
  });
}

export async function deleteInfo({ ctx, input: { id } }: ActionArgs<AdminCtx, { id: number }>) {
  await ctx.db.transaction(async (tx) => {
    const before = await findInfo(tx, id, { forUpdate: true });
    if (!before) throw notFound('お知らせが見つかりません');
    await tx.delete(infos).where(eq(infos.id, id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: null,
      action: 'info.delete',
      targetType: 'info',
      targetId: id,
      before: toInfo(before),
    });
  });
}
