import type { AdminUpdateValues } from '@chobo/core';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { apiTokens, users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, AdminCtx, Versioned } from '../../lib/context.js';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors.js';
import { findAdmin, toAdmin } from './admins.queries.js';

const NOT_FOUND = '管理者が見つかりません';
const LAST_ADMIN = '管理者の権限（admin.index）を持つ最後の管理者のため、この操作はできません';

/**
 * Whether another enabled admin holding admin.index exists besides `exceptId`. The admin rows are
 * locked first so two concurrent edits cannot both strip the last two holders.
 */
async function otherAdminHolderExists(tx: AdminCtx['db'], exceptId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        ne(users.id, exceptId),
        isNull(users.disabled_at),
        sql`${users.permissions} @> '["admin.index"]'::jsonb`,
      ),
    )
    .for('update');
  return rows.length > 0;
}

const holds = (row: { permissions: string[]; disabled_at: Date | null }) =>
  row.disabled_at === null && row.permissions.includes('admin.index');

export async function updateAdmin({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<AdminCtx, AdminUpdateValues & Versioned>) {
  return ctx.db.transaction(async (tx) => {
    const before = await findAdmin(tx, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    assertFresh(before.updated_at, updated_at, '管理者');
    const stillHolds = !input.disabled && input.permissions.includes('admin.index');
    if (holds(before) && !stillHolds && !(await otherAdminHolderExists(tx, id))) {
      throw unprocessable(input.disabled ? { disabled: [LAST_ADMIN] } : { permissions: [LAST_ADMIN] }, LAST_ADMIN);
    }
    const [clash] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, input.email.toLowerCase()), ne(users.id, id)))
      .limit(1);
    if (clash) throw unprocessable({ email: ['このメールアドレスはすでに登録されています'] });
    const [row] = await tx
      .update(users)
      .set({
        name: input.name,
        email: input.email,
        permissions: input.permissions,
        disabled_at: input.disabled ? (before.disabled_at ?? sql`now()`) : null,
        updated_at: nextVersion(users.updated_at),
      })
      .where(eq(users.id, id))
      .returning();
    if (input.disabled && !before.disabled_at) {
      await tx
        .update(apiTokens)
        .set({ revoked_at: sql`now()` })
        .where(and(eq(apiTokens.user_id, id), isNull(apiTokens.revoked_at)));
    }
    const dto = toAdmin(row);
    await audit(tx, {
      actor: ctx.actor,
      companyId: null,
      action: input.disabled && !before.disabled_at ? 'admin.disable' : 'admin.update',
      targetType: 'admin',
      targetId: id,
      before: toAdmin(before),
      after: dto,
    });
    return dto;
  });
}

export async function deleteAdmin({ ctx, input: { id } }: ActionArgs<AdminCtx, { id: number }>) {
  await ctx.db.transaction(async (tx) => {
    const before = await findAdmin(tx, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    if (id === ctx.actor.userId) throw new HttpError(409, '自分自身のアカウントは削除できません');
    if (holds(before) && !(await otherAdminHolderExists(tx, id))) throw new HttpError(409, LAST_ADMIN);
    await tx.delete(users).where(eq(users.id, id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: null,
      action: 'admin.delete',
      targetType: 'admin',
      targetId: id,
      before: toAdmin(before),
    });
  });
}
