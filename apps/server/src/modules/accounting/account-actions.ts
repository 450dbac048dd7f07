import {
  ACCOUNT_SECTIONS,
  type AccountCreateValues,
  type AccountUpdateInput,
  type accountUpdateInput,
  defaultNormalSide,
} from '@chobo/core';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { accounts } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Tenant, Versioned } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { type AccountRow, accountHasLines, findAccount, loadAccounts, toAccount } from './accounts.queries.js';

const NOT_FOUND = '勘定科目が見つかりません';
type UpdateValues = z.output<typeof accountUpdateInput>;

export type { AccountUpdateInput };

async function assertCodeFree(tenant: Tenant, code: string, exceptId?: number) {
  const { db, companyId } = tenant;
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.company_id, companyId), eq(accounts.code, code)))
    .limit(1);
  if (row && row.id !== exceptId) throw unprocessable({ code: [`科目コード「${code}」はすでに使われています`] });
}

/** A sub-account's parent must be an account of this company in the same section (and not itself). */
async function checkParent(tenant: Tenant, parentId: number | null, section: string, selfId?: number) {
  if (parentId === null) return;
  if (parentId === selfId) throw unprocessable({ parent_id: ['親科目に自分自身は指定できません'] });
  const parent = await findAccount(tenant, parentId);
  if (!parent) throw unprocessable({ parent_id: ['親科目が見つかりません'] });
  if (parent.section !== section) {
    throw unprocessable({ parent_id: ['補助科目は親科目と同じ表示区分にしてください'] });
  }
  if (parent.parent_id !== null) throw unprocessable({ parent_id: ['補助科目の下にさらに補助科目は作れません'] });
}

export async function createAccount({ ctx, input }: ActionArgs<CompanyCtx, AccountCreateValues>) {
  return ctx.db.transaction(async (tx) => {
    await loadAccounts({ ...ctx, db: tx });
    await assertCodeFree({ ...ctx, db: tx }, input.code);
    await checkParent({ ...ctx, db: tx }, input.parent_id, input.section);
    const [row] = await tx
      .insert(accounts)
      .values({
        company_id: ctx.companyId,
        code: input.code,
        name: input.name,
        kana: input.kana,
        category: input.category,
        section: input.section,
        normal_side: input.normal_side ?? defaultNormalSide(input.category),
        parent_id: input.parent_id,
        cash_flow_role: input.cash_flow_role,
        default_tax_category: input.default_tax_category,
        is_active: input.is_active,
        sort_order: input.sort_order,
      })
      .returning();
    const dto = toAccount(row, false);
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'account.create',
      targetType: 'account',
      targetId: row.id,
      after: dto,
    });
    return dto;
  });
}

export async function updateAccount({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<CompanyCtx, UpdateValues & Versioned>) {
  return ctx.db.transaction(async (tx) => {
    const before = await findAccount({ ...ctx, db: tx }, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    assertFresh(before.updated_at, updated_at, '勘定科目');
    const next: AccountRow = { ...before };
    for (const [k, v] of Object.entries(input)) if (v !== undefined) (next as Record<string, unknown>)[k] = v;
    if (input.kana === undefined) next.kana = before.kana;
    if (input.parent_id === undefined) next.parent_id = before.parent_id;
    if (input.normal_side === undefined || input.normal_side === null) next.normal_side = before.normal_side;
    if (ACCOUNT_SECTIONS[next.section as keyof typeof ACCOUNT_SECTIONS]?.category !== next.category) {
      throw unprocessable({ section: ['表示区分が区分（資産・負債・純資産・収益・費用）と一致していません'] });
    }
    const used = await accountHasLines({ ...ctx, db: tx }, id);
    if (before.system_key !== null || used) {
      // what the statements rely on cannot move to another category once used or when system
      const fixed: (keyof AccountRow)[] =
        before.system_key !== null ? ['category', 'section', 'normal_side', 'cash_flow_role'] : ['category'];
      for (const f of fixed) {
        if (next[f] !== before[f]) {
          throw unprocessable({
            [f]: [
              before.system_key !== null
                ? 'システム科目の区分は変更できません'
                : '仕訳のある勘定科目の区分は変更できません',
            ],
          });
        }
      }
      if (before.system_key !== null && next.is_active === false) {
        throw unprocessable({ is_active: ['システム科目は無効にできません'] });
      }
    }
    if (next.code !== before.code) await assertCodeFree({ ...ctx, db: tx }, next.code, id);
    await checkParent({ ...ctx, db: tx }, next.parent_id, next.section, id);
    const [row] = await tx
      .update(accounts)
      .set({
        code: next.code,
        name: next.name,
        kana: next.kana,
        category: next.category,
        section: next.section,
        normal_side: next.normal_side,
        parent_id: next.parent_id,
        cash_flow_role: next.cash_flow_role,
        default_tax_category: next.default_tax_category,
        is_active: next.is_active,
        sort_order: next.sort_order,
        updated_at: nextVersion(accounts.updated_at),
      })
      .where(eq(accounts.id, id))
      .returning();
    const dto = toAccount(row, used);
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'account.update',
      targetType: 'account',
      targetId: id,
      before: toAccount(before, used),
      after: dto,
    });
    return dto;
  });
}

/** Only unused, non-system accounts without sub-accounts can be deleted (deactivate the others). */
export async function deleteAccount({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  await ctx.db.transaction(async (tx) => {
    const before = await findAccount({ ...ctx, db: tx }, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    if (before.system_key !== null) throw unprocessable({ _: ['システム科目は削除できません'] });
    if (await accountHasLines({ ...ctx, db: tx }, id)) {
      throw unprocessable({ _: ['仕訳で使われている勘定科目は削除できません。無効にしてください'] });
    }
    const [child] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.parent_id, id)).limit(1);
    if (child) throw unprocessable({ _: ['補助科目がある勘定科目は削除できません'] });
    await tx.delete(accounts).where(eq(accounts.id, id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'account.delete',
      targetType: 'account',
      targetId: id,
      before: toAccount(before, false),
    });
  });
}
