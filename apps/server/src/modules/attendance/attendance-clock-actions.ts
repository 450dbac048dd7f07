import { addDays, type ClockAction, clockState, tokyoDate } from '@chobo/core';
import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import { attendanceDays, type StoredBreak } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Tenant } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
import { pastLeaveDate, pastLeaveDateMessage } from '../../lib/leave-date.js';
import { assertOpen } from './attendance-checks.js';
import {
  type AttendanceEmployee,
  type DayRow,
  daySnapshot,
  findDayByDate,
  STALE_SHIFT_MS,
} from './attendance-records.queries.js';

const CLOCK_ERRORS = {
  alreadyIn: '本日はすでに出勤しています',
  openShift: '勤務中です（前日からの勤務の退勤が打刻されていません）。先に退勤してください',
  notIn: '出勤の打刻がありません。先に出勤してください',
  onBreak: 'すでに休憩中です',
  notOnBreak: '休憩中ではありません',
};

/** The employee's shift still open (clocked in, not out) from today or yesterday (a night shift). */
async function openShift(tenant: Tenant, employeeId: number, today: string) {
  const [row] = await tenant.db
    .select()
    .from(attendanceDays)
    .where(
      and(
        eq(attendanceDays.company_id, tenant.companyId),
        eq(attendanceDays.employee_id, employeeId),
        isNull(attendanceDays.clock_out),
        gte(attendanceDays.date, addDays(today, -1)),
      ),
    )
    .orderBy(desc(attendanceDays.date))
    .limit(1)
    .for('update');
  return row;
}

/** 出勤 / 休憩開始 / 休憩終了 / 退勤 at the server's time. */
export async function clock({
  ctx,
  input,
}: ActionArgs<CompanyCtx, { employee: AttendanceEmployee; action: ClockAction; now: Date }>) {
  const { employee, action, now } = input;
  const today = tokyoDate(now);
  const nowIso = now.toISOString();
  if (pastLeaveDate(employee.leave_date, now)) {
    throw unprocessable({ action: [pastLeaveDateMessage(employee.leave_date, '打刻')] });
  }
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    let row: DayRow | undefined;
    let before: ReturnType<typeof daySnapshot> = null;
    if (action === 'in') {
      await assertOpen(t, today, 'action');
      if (await findDayByDate(t, employee.id, today, true)) throw unprocessable({ action: [CLOCK_ERRORS.alreadyIn] });
      const open = await openShift(t, employee.id, today);
      // today's own row, committed by a racing 出勤 between the two reads (PostgreSQL's read committed)
      if (open?.date === today) throw unprocessable({ action: [CLOCK_ERRORS.alreadyIn] });
      // a night shift still running blocks a second 出勤; one left open for more than 16 h does not
      // (the manager corrects it; the grid flags the missing 退勤)
      if (open && now.getTime() - open.clock_in.getTime() < STALE_SHIFT_MS) {
        throw unprocessable({ action: [CLOCK_ERRORS.openShift] });
      }
      [row] = await tx
        .insert(attendanceDays)
        .values({ company_id: ctx.companyId, employee_id: employee.id, date: today, clock_in: now, breaks: [] })
        // a second 出勤 racing this one (two taps, two devices) finds the day taken: the same 422 as after it
        .onConflictDoNothing()
        .returning();
      if (!row) throw unprocessable({ action: [CLOCK_ERRORS.alreadyIn] });
    } else {
      const open = await openShift(t, employee.id, today);
      if (!open || now.getTime() - open.clock_in.getTime() >= STALE_SHIFT_MS) {
        throw unprocessable({ action: [CLOCK_ERRORS.notIn] });
      }
      await assertOpen(t, open.date, 'action');
      before = daySnapshot(open);
      const running = open.breaks.findIndex((b) => !b.end);
      let breaks: StoredBreak[] = open.breaks;
      let clockOut: Date | null = null;
      if (action === 'break_start') {
        if (running >= 0) throw unprocessable({ action: [CLOCK_ERRORS.onBreak] });
        breaks = [...open.breaks, { start: nowIso, end: null }];
      } else if (action === 'break_end') {
        if (running < 0) throw unprocessable({ action: [CLOCK_ERRORS.notOnBreak] });
        breaks = open.breaks.map((b, i) => (i === running ? { ...b, end: nowIso } : b));
      } else {
        // 退勤 during a break ends the break first
        breaks = open.breaks.map((b) => (b.end ? b : { ...b, end: nowIso }));
        clockOut = now;
        if (now.getTime() - open.clock_in.getTime() > 24 * 3_600_000) {
          throw unprocessable({ action: ['出勤から24時間を超えています。管理者に修正を依頼してください'] });
        }
      }
      [row] = await tx
        .update(attendanceDays)
        .set({ breaks, clock_out: clockOut, updated_at: nextVersion(attendanceDays.updated_at) })
        .where(and(eq(attendanceDays.id, open.id), eq(attendanceDays.company_id, ctx.companyId)))
        .returning();
    }
    const after = daySnapshot(row as DayRow);
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: `attendance.clock_${action}`,
      targetType: 'attendance_day',
      targetId: row?.id,
      before,
      after,
    });
    return { row: row as DayRow, state: clockState(after) };
  });
}
