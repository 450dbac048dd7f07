import { attendanceMonthOf, tokyoDate } from '@chobo/core';
import { eq } from 'drizzle-orm';
import { attendanceHistory, type StoredBreak, users } from '../../db/schema/index.js';
import type { CompanyCtx, Tenant } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
import { isMonthClosed, loadRules } from './attendance-records.queries.js';

/** What every change of 出勤管理 checks and keeps: no future day, no closed month, the history of manager edits. */

export const monthLabel = (month: string) => `${Number(month.slice(0, 4))}年${Number(month.slice(5))}月`;

/** 422 for a day after today (Asia/Tokyo, the server's clock). */
export function assertNotFuture(ctx: CompanyCtx, date: string) {
  if (date > tokyoDate(ctx.deps.clock())) throw unprocessable({ date: ['明日以降の日付は登録できません'] });
}

/** 422 when the attendance month holding `date` is closed. */
export async function assertOpen(tenant: Tenant, date: string, field = 'date') {
  const { closing_day } = await loadRules(tenant);
  const month = attendanceMonthOf(date, closing_day);
  if (await isMonthClosed(tenant, month)) {
    throw unprocessable(
      { [field]: [`${monthLabel(month)}は締め済みのため変更できません（再開は企業の管理者が行えます）`] },
      `${monthLabel(month)}は締め済みのため変更できません`,
    );
  }
}

async function actorName(tenant: Tenant, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [u] = await tenant.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return u?.name ?? null;
}

export async function writeHistory(
  ctx: CompanyCtx,
  entry: {
    employeeId: number;
    dayId: number | null;
    date: string;
    action: string;
    reason: string | null;
    before: unknown;
    after: unknown;
  },
) {
  await ctx.db.insert(attendanceHistory).values({
    company_id: ctx.companyId,
    employee_id: entry.employeeId,
    day_id: entry.dayId,
    date: entry.date,
    action: entry.action,
    actor_user_id: ctx.actor.userId,
    actor_name: await actorName(ctx, ctx.actor.userId),
    reason: entry.reason,
    before: entry.before,
    after: entry.after,
  });
}

/** Breaks as stored: in start order, instants in ISO 8601 (UTC). */
export function storedBreaks(breaks: { start: string; end: string }[]): StoredBreak[] {
  return [...breaks]
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
    .map((b) => ({ start: new Date(b.start).toISOString(), end: new Date(b.end).toISOString() }));
}
