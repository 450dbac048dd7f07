import type { DomainValues } from '@chobo/core';
import { and, eq, ne, sql } from 'drizzle-orm';
import { domains } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, AdminCtx, Versioned } from '../../lib/context.js';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors.js';
import { findDomain, toDomain } from './domains.queries.js';

const NOT_FOUND = 'ドメインが見つかりません';
const HOST_TAKEN = 'このホスト名はすでに登録されています';

async function checkHost(tx: AdminCtx['db'], host: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(sql`lower(${domains.host})`, host.toLowerCase()), exceptId ? ne(domains.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw unprocessable({ host: [HOST_TAKEN] });
}

export async function createDomain({ ctx, input }: ActionArgs<AdminCtx, DomainValues>) {
  return ctx.db.transaction(async (tx) => {
    await checkHost(tx, input.host);
    if (input.is_default) await tx.update(domains).set({ is_default: false }).where(eq(domains.is_default, true));
    const [row] = await tx.insert(domains).values(input).returning();
    const dto = toDomain(row);
    await audit(tx, {
      actor: ctx.actor,
      companyId: null,
      action: 'domain.create',
      targetType: 'domain',
      targetId: row.id,
      after: dto,
    });
    return dto;
  });
}

/** Changing the permission set applies to the domain's company users on their next request. */
export async function updateDomain({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<AdminCtx, DomainValues & Versioned>) {
  return ctx.db.transaction(async (tx) => {
    const found = await findDomain(tx, id, { forUpdate: true });
    if (!found) throw notFound(NOT_FOUND);
    assertFresh(found.domain.updated_at, updated_at, 'ドメイン');
    await checkHost(tx, input.host, id);
    if (found.domain.is_default && !input.is_default) {
      throw unprocessable({ is_default: ['既定のドメインは、別のドメインを既定にすると解除されます'] });
    }
    if (input.is_default && !found.domain.is_default) {
      await tx.update(domains).set({ is_default: false }).where(eq(domains.is_default, true));
    }
    const [row] = await tx
      .update(domains)
      .set({ ...input, updated_at: nextVersion(domains.updated_at) })
      .where(eq(domains.id, id))
      .returning();
    const dto = toDomain(row, found.n);
    await audit(tx, {
      actor: ctx.actor,
      companyId: null,
      action: 'domain.update',
      targetType: 'domain',
      targetId: id,
      before: toDomain(found.domain, found.n),
      after: dto,
    });
    return dto;
  });
}

export async function deleteDomain({ ctx, input: { id } }: ActionArgs<AdminCtx, { id: number }>) {
  await ctx.db.transaction(async (tx) => {
    const found = await findDomain(tx, id, { forUpdate: true });
    if (!found) throw notFound(NOT_FOUND);
    if (found.domain.is_default) throw new HttpError(409, '既定のドメインは削除できません');
    if (found.n > 0) throw new HttpError(409, 'このドメインを使っている企業があるため削除できません');
    await tx.delete(domains).where(eq(domains.id, id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: null,
      action: 'domain.delete',
      targetType: 'domain',
      targetId: id,
      before: { ...toDomain(found.domain, 0), logo_url: found.domain.logo_data ? '(logo)' : null },
    });
  });
}

export async function setDomainLogo({
  ctx,
  input: { id, dataUrl },
}: ActionArgs<AdminCtx, { id: number; dataUrl: string | null }>) {
  return ctx.db.transaction(async (tx) => {
    const found = await findDomain(tx, id, { forUpdate: true });
    if (!found) throw notFound(NOT_FOUND);
    const [row] = await tx
      .update(domains)
      .set({ logo_data: dataUrl, updated_at: sql`now()` })
      .where(eq(domains.id, id))
      .returning();
    await audit(tx, {
      actor: ctx.actor,
      companyId: null,
      action: dataUrl ? 'domain.logo_update' : 'domain.logo_delete',
      targetType: 'domain',
      targetId: id,
      before: { logo: found.domain.logo_data ? `${found.domain.logo_data.length} chars` : null },
      after: { logo: dataUrl ? `${dataUrl.length} chars` : null },
    });
    return toDomain(row, found.n);
  });
}
