import { fiscalYearContaining, lastDayOfMonth, type PeriodLock, type PeriodLockInput } from '@chobo/core';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { fiscalYears, periodLocks, users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ActionArgs, CompanyCtx, Tenant } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { companyYearEndMonth } from './balances.js';

/* ------------------------------------------------------------------ period locks */

export async function listPeriodLocks(tenant: Tenant): Promise<PeriodLock[]> {
  const { db, companyId } = tenant;
  const rows = await db
    .select({ lock: periodLocks, name: users.name })
    .from(periodLocks)
    .leftJoin(users, eq(users.id, periodLocks.locked_by))
    .where(eq(periodLocks.company_id, companyId))
    .orderBy(asc(periodLocks.start_date));
  return rows.map(({ lock, name }) => ({
    id: lock.id,
    company_id: lock.company_id,
    kind: lock.kind as PeriodLock['kind'],
    start_date: lock.start_date,
    end_date: lock.end_date,
    locked_by: lock.locked_by,
    locked_by_name: name,
    locked_at: lock.locked_at.toISOString(),
  }));
}

export async function createPeriodLock({ ctx, input }: ActionArgs<CompanyCtx, PeriodLockInput>) {
  return ctx.db.transaction(async (tx) => {
    let start: string;
    let end: string;
    if (input.kind === 'month') {
      start = `${input.date.slice(0, 7)}-01`;
      end = lastDayOfMonth(Number(input.date.slice(0, 4)), Number(input.date.slice(5, 7)));
    } else {
      const [fy] = await tx
        .select()
        .from(fiscalYears)
        .where(
          and(
            eq(fiscalYears.company_id, ctx.companyId),
            lte(fiscalYears.start_date, input.date),
            gte(fiscalYears.end_date, input.date),
          ),
        );
      const p = fy
        ? { from: fy.start_date, to: fy.end_date }
        : fiscalYearContaining(input.date, await companyYearEndMonth({ ...ctx, db: tx }));
      start = p.from;
      end = p.to;
    }
    const [dup] = await tx
      .select({ id: periodLocks.id })
      .from(periodLocks)
      .where(
        and(
          eq(periodLocks.company_id, ctx.companyId),
          lte(periodLocks.start_date, start),
          gte(periodLocks.end_date, end),
        ),
      )
      .limit(1);
    if (dup) throw unprocessable({ date: ['この期間はすでに締められています'] });
    const [row] = await tx
      .insert(periodLocks)
      .values({
        company_id: ctx.companyId,
        kind: input.kind,
        start_date: start,
        end_date: end,
        locked_by: ctx.actor.userId,
      })
      .returning();
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'period_lock.create',
      targetType: 'period_lock',
      targetId: row.id,
      after: row,
    });
    return (await listPeriodLocks({ ...ctx, db: tx })).find((l) => l.id === row.id) as PeriodLock;
  });
}

/** 締めの解除: audited; a closed fiscal year's lock is released only by reopening the year. */
export async function deletePeriodLock({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(periodLocks)
      .where(and(eq(periodLocks.id, id), eq(periodLocks.company_id, ctx.companyId)))
      .for('update');
    if (!row) throw notFound('締めの設定が見つかりません');
    const [closed] = await tx
      .select({ id: fiscalYears.id })
      .from(fiscalYears)
      .where(
        and(
          eq(fiscalYears.company_id, ctx.companyId),
          eq(fiscalYears.status, 'closed'),
          eq(fiscalYears.start_date, row.start_date),
          eq(fiscalYears.end_date, row.end_date),
        ),
      );
    if (closed) throw unprocessable({ _: ['決算を締めた年度です。年度の締めを戻してください'] });
    await tx.delete(periodLocks).where(eq(periodLocks.id, id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'period_lock.delete',
      targetType: 'period_lock',
      targetId: id,
      before: row,
    });
  });
}
