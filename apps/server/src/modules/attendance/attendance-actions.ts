import { type AttendanceDayValues, attendancePeriod, type CorrectionRequestValues } from '@chobo/core';
import { and, eq } from 'drizzle-orm';
import {
  attendanceCorrections,
  attendanceDays,
  attendanceMonthCloses,
  attendanceMonthTotals,
} from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { assertNotFuture, assertOpen, monthLabel, storedBreaks, writeHistory } from './attendance-checks.js';
import { computeMonths } from './attendance-figures.queries.js';
import {
  type AttendanceEmployee,
  daySnapshot,
  findAttendanceEmployee,
  findDay,
  findDayByDate,
  isMonthClosed,
  listAttendanceEmployees,
  loadRules,
} from './attendance-records.queries.js';

/** A manager's days, the month close and the employees' correction requests (the clock: attendance-clock-actions.ts). */

/** A manager records a missing day (with a reason, kept in history). */
export async function createDay({ ctx, input }: ActionArgs<CompanyCtx, AttendanceDayValues>) {
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const employee = await findAttendanceEmployee(t, input.employee_id);
    if (!employee) throw notFound('従業員が見つかりません');
    assertNotFuture(ctx, input.date);
    await assertOpen(t, input.date);
    if (await findDayByDate(t, employee.id, input.date, true)) {
      throw unprocessable({ date: ['この日の出勤記録はすでにあります。一覧から編集してください'] });
    }
    const [row] = await tx
      .insert(attendanceDays)
      .values({
        company_id: ctx.companyId,
        employee_id: employee.id,
        date: input.date,
        clock_in: new Date(input.clock_in),
        clock_out: new Date(input.clock_out),
        breaks: storedBreaks(input.breaks),
      })
      .returning();
    const after = daySnapshot(row);
    await writeHistory(t, {
      employeeId: employee.id,
      dayId: row.id,
      date: row.date,
      action: 'create',
      reason: input.reason,
      before: null,
      after,
    });
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'attendance.create',
      targetType: 'attendance_day',
      targetId: row.id,
      after: { ...after, employee_id: employee.id, reason: input.reason },
    });
    return row;
  });
}

/** A manager edits a day (reason required; 409 when stale; the before/after kept in history). */
export async function updateDay({
  ctx,
  input,
}: ActionArgs<CompanyCtx, AttendanceDayValues & { id: number; updated_at: string }>) {
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const current = await findDay(t, input.id, { forUpdate: true });
    if (!current) throw notFound('出勤記録が見つかりません');
    assertFresh(current.updated_at, input.updated_at, '出勤記録');
    if (input.employee_id !== current.employee_id) {
      throw unprocessable({ employee_id: ['出勤記録の従業員は変更できません'] });
    }
    await assertOpen(t, current.date);
    if (input.date !== current.date) {
      assertNotFuture(ctx, input.date);
      await assertOpen(t, input.date);
      if (await findDayByDate(t, current.employee_id, input.date, true)) {
        throw unprocessable({ date: ['この日の出勤記録はすでにあります'] });
      }
    }
    const before = daySnapshot(current);
    const [row] = await tx
      .update(attendanceDays)
      .set({
        date: input.date,
        clock_in: new Date(input.clock_in),
        clock_out: new Date(input.clock_out),
        breaks: storedBreaks(input.breaks),
        updated_at: nextVersion(attendanceDays.updated_at),
      })
      .where(and(eq(attendanceDays.id, current.id), eq(attendanceDays.company_id, ctx.companyId)))
      .returning();
    const after = daySnapshot(row);
    await writeHistory(t, {
      employeeId: row.employee_id,
      dayId: row.id,
      date: row.date,
      action: 'update',
      reason: input.reason,
      before,
      after,
    });
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'attendance.update',
      targetType: 'attendance_day',
      targetId: row.id,
      before,
      after: { ...after, reason: input.reason },
    });
    return row;
  });
}

/** 月締め: stores every employee's month totals (the 36協定 history) and refuses changes until reopened. */
export async function closeMonth({ ctx, input }: ActionArgs<CompanyCtx, { month: string; today: string }>) {
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    if (await isMonthClosed(t, input.month)) {
      throw unprocessable({ month: [`${monthLabel(input.month)}はすでに締め済みです`] });
    }
    const rules = await loadRules(t);
    const list = await listAttendanceEmployees(t);
    const computed = await computeMonths(t, rules, list, input.month, input.today);
    const values = list
      .map((e) => ({ e, m: computed.get(e.id) }))
      .filter(({ m }) => m && (m.totals.days_worked > 0 || m.totals.absences > 0))
      .map(({ e, m }) => ({ company_id: ctx.companyId, employee_id: e.id, month: input.month, ...m?.totals }));
    if (values.length)
      await tx.insert(attendanceMonthTotals).values(values as (typeof attendanceMonthTotals.$inferInsert)[]);
    const [row] = await tx
      .insert(attendanceMonthCloses)
      .values({ company_id: ctx.companyId, month: input.month, closed_by: ctx.actor.userId })
      .returning();
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'attendance.close',
      targetType: 'attendance_month',
      targetId: input.month,
      after: { month: input.month, period: attendancePeriod(input.month, rules.closing_day), employees: values.length },
    });
    return { month: input.month, locked: true, closed_at: row.closed_at.toISOString() };
  });
}

/** Reopens a closed month (the owner); its stored totals are dropped. */
export async function reopenMonth({ ctx, input }: ActionArgs<CompanyCtx, { month: string }>) {
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const closed = await isMonthClosed(t, input.month);
    if (!closed) throw unprocessable({ month: [`${monthLabel(input.month)}は締められていません`] });
    await tx
      .delete(attendanceMonthCloses)
      .where(and(eq(attendanceMonthCloses.company_id, ctx.companyId), eq(attendanceMonthCloses.month, input.month)));
    await tx
      .delete(attendanceMonthTotals)
      .where(and(eq(attendanceMonthTotals.company_id, ctx.companyId), eq(attendanceMonthTotals.month, input.month)));
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'attendance.reopen',
      targetType: 'attendance_month',
      targetId: input.month,
      before: { month: input.month, closed_at: closed.closed_at.toISOString() },
    });
    return { month: input.month, locked: false, closed_at: null };
  });
}

/** An employee asks for a day to be corrected. */
export async function requestCorrection({
  ctx,
  input,
}: ActionArgs<CompanyCtx, CorrectionRequestValues & { employee: AttendanceEmployee }>) {
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    assertNotFuture(ctx, input.date);
    await assertOpen(t, input.date);
    const [row] = await tx
      .insert(attendanceCorrections)
      .values({
        company_id: ctx.companyId,
        employee_id: input.employee.id,
        date: input.date,
        clock_in: new Date(input.clock_in),
        clock_out: new Date(input.clock_out),
        breaks: storedBreaks(input.breaks),
        reason: input.reason,
        requested_by: ctx.actor.userId,
      })
      .returning();
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'attendance.correction_request',
      targetType: 'attendance_correction',
      targetId: row.id,
      after: { date: row.date, reason: row.reason },
    });
    return row;
  });
}

/** The manager approves (the day is written, history keeps the request's reason) or rejects a request. */
export async function decideCorrection({
  ctx,
  input,
}: ActionArgs<CompanyCtx, { id: number; approve: boolean; note: string }>) {
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const [req] = await tx
      .select()
      .from(attendanceCorrections)
      .where(and(eq(attendanceCorrections.id, input.id), eq(attendanceCorrections.company_id, ctx.companyId)))
      .for('update');
    if (!req) throw notFound('修正申請が見つかりません');
    if (req.status !== 'pending') throw unprocessable({ status: ['この申請はすでに処理されています'] });
    if (input.approve) {
      await assertOpen(t, req.date);
      const current = await findDayByDate(t, req.employee_id, req.date, true);
      const values = { clock_in: req.clock_in, clock_out: req.clock_out, breaks: req.breaks };
      const [row] = current
        ? await tx
            .update(attendanceDays)
            .set({ ...values, updated_at: nextVersion(attendanceDays.updated_at) })
            .where(and(eq(attendanceDays.id, current.id), eq(attendanceDays.company_id, ctx.companyId)))
            .returning()
        : await tx
            .insert(attendanceDays)
            .values({ company_id: ctx.companyId, employee_id: req.employee_id, date: req.date, ...values })
            .returning();
      await writeHistory(t, {
        employeeId: req.employee_id,
        dayId: row.id,
        date: req.date,
        action: 'correction',
        reason: input.note ? `${req.reason}（承認: ${input.note}）` : req.reason,
        before: daySnapshot(current ?? null),
        after: daySnapshot(row),
      });
    }
    const [row] = await tx
      .update(attendanceCorrections)
      .set({
        status: input.approve ? 'approved' : 'rejected',
        decided_by: ctx.actor.userId,
        decided_at: new Date(),
        decision_note: input.note || null,
        updated_at: new Date(),
      })
      .where(and(eq(attendanceCorrections.id, req.id), eq(attendanceCorrections.company_id, ctx.companyId)))
      .returning();
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: input.approve ? 'attendance.correction_approve' : 'attendance.correction_reject',
      targetType: 'attendance_correction',
      targetId: req.id,
      before: { status: req.status },
      after: { status: row.status, note: row.decision_note },
    });
    return row;
  });
}
