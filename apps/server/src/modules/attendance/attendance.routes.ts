import {
  ATTENDANCE_CSV_HEADER,
  type AttendanceCorrection,
  addDays,
  attendanceDayInput,
  attendanceExportQuery,
  attendanceMonthDto,
  attendanceMonthOf,
  attendanceMonthQuery,
  attendanceSummaryDto,
  attendanceSummaryQuery,
  clockInput,
  clockState,
  clockStatusDto,
  correctionDecisionInput,
  correctionDto,
  correctionListQuery,
  correctionRequestInput,
  dataOf,
  datesOf,
  formatMinutes,
  holidayName,
  MONTHLY_60H_MINUTES,
  monthCloseDto,
  monthInput,
  todayStatusDto,
  tokyoDate,
  tokyoTime,
  versioned,
  WEEKDAY_SHORT,
  weekdayOf,
} from '@chobo/core';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attendanceCorrections, attendanceDays, employees } from '../../db/schema/index.js';
import type { CompanyCtx } from '../../lib/context.js';
import { csvLine, csvWriter } from '../../lib/csv.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { fileResponse } from '../../lib/responses.js';
import { companyRoute } from '../../lib/tenant-route.js';
import { requireAuth } from '../../plugins/auth.js';
import { findEmployeeOfUser } from '../employees/employees.queries.js';
import {
  type AttendanceEmployee,
  attendanceExportRows,
  attendanceMonth,
  attendanceSummary,
  findAttendanceEmployee,
  isMonthClosed,
  loadRules,
  todayAttendance,
} from './attendance.queries.js';
import {
  clock,
  closeMonth,
  createDay,
  decideCorrection,
  reopenMonth,
  requestCorrection,
  STALE_SHIFT_MS,
  updateDay,
} from './attendance-actions.js';

/** Company users (managers) and employees (their own records only) hold attendance.index. */
const both = { access: { roles: ['company' as const, 'employee' as const], permission: 'attendance.index' } };
const manager = { access: { roles: ['company' as const], permission: 'attendance.index' } };
const tags = ['attendance'];
const BASE = '/api/company/attendance';
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The signed-in employee's own record (403 when the sign-in has none). */
async function ownEmployee(ctx: CompanyCtx, req: FastifyRequest): Promise<AttendanceEmployee> {
  const auth = requireAuth(req);
  const row = await findEmployeeOfUser(ctx, auth.userId);
  if (!row) throw forbidden('このアカウントには従業員情報がありません');
  return { id: row.id, code: row.code, name: row.name, hire_date: row.hire_date, leave_date: row.leave_date };
}

const isEmployee = (req: FastifyRequest) => requireAuth(req).role === 'employee';

/**
 * Whose records: an employee — their own (another employee's id of the company → 403; an id not of the
 * company → 404); a manager — the id given (404 when not of the company).
 */
async function targetEmployee(ctx: CompanyCtx, req: FastifyRequest, id: number | undefined) {
  if (isEmployee(req)) {
    const own = await ownEmployee(ctx, req);
    if (id === undefined || id === own.id) return own;
    if (await findAttendanceEmployee(ctx, id)) throw forbidden('ほかの従業員の出勤記録は表示できません');
    throw notFound('従業員が見つかりません');
  }
  if (id === undefined) {
    const own = await findEmployeeOfUser(ctx, requireAuth(req).userId);
    if (own) return (await findAttendanceEmployee(ctx, own.id)) as AttendanceEmployee;
    throw notFound('従業員を指定してください');
  }
  const e = await findAttendanceEmployee(ctx, id);
  if (!e) throw notFound('従業員が見つかりません');
  return e;
}

const toCorrection = (
  r: typeof attendanceCorrections.$inferSelect,
  e: { id: number; code: string; name: string },
): AttendanceCorrection => ({
  id: r.id,
  employee: { id: e.id, code: e.code, name: e.name },
  date: r.date,
  clock_in: r.clock_in.toISOString(),
  clock_out: r.clock_out.toISOString(),
  breaks: r.breaks,
  reason: r.reason,
  status: r.status as AttendanceCorrection['status'],
  decision_note: r.decision_note,
  decided_at: r.decided_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

export async function attendanceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => app.deps.clock();
  const currentMonth = async (ctx: CompanyCtx) =>
    attendanceMonthOf(tokyoDate(now()), (await loadRules(ctx)).closing_day);

  companyRoute(
    r,
    {
      method: 'GET',
      url: BASE,
      config: both,
      schema: {
        tags,
        summary: '出勤簿（従業員・月）。employee_id を省くとログイン中の従業員',
        querystring: attendanceMonthQuery,
        response: { 200: dataOf(attendanceMonthDto) },
      },
    },
    async ({ ctx, req }) => {
      const employee = await targetEmployee(ctx, req, req.query.employee_id);
      const month = req.query.month ?? (await currentMonth(ctx));
      return { data: await attendanceMonth(ctx, employee, month, tokyoDate(now())) };
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${BASE}/clock`,
      config: both,
      schema: { tags, summary: 'ログイン中の従業員の本日の打刻状況', response: { 200: dataOf(clockStatusDto) } },
    },
    async ({ ctx, req }) => {
      const employee = await ownEmployee(ctx, req);
      const at = now();
      const today = tokyoDate(at);
      const [day] = await ctx.db
        .select()
        .from(attendanceDays)
        .where(
          and(
            eq(attendanceDays.company_id, ctx.companyId),
            eq(attendanceDays.employee_id, employee.id),
            eq(attendanceDays.date, today),
          ),
        )
        .orderBy(desc(attendanceDays.date))
        .limit(1);
      const yesterday = await openYesterday(ctx, employee.id, today);
      const open =
        day ?? (yesterday && at.getTime() - yesterday.clock_in.getTime() < STALE_SHIFT_MS ? yesterday : undefined);
      const punches = open
        ? {
            clock_in: open.clock_in.toISOString(),
            clock_out: open.clock_out?.toISOString() ?? null,
            breaks: open.breaks,
          }
        : null;
      const { closing_day } = await loadRules(ctx);
      return {
        data: {
          server_time: at.toISOString(),
          date: today,
          state: clockState(punches),
          employee: { id: employee.id, code: employee.code, name: employee.name },
          day: open && punches ? { id: open.id, ...punches } : null,
          locked: Boolean(await isMonthClosed(ctx, attendanceMonthOf(today, closing_day))),
        },
      };
    },
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: `${BASE}/clock`,
      config: both,
      schema: {
        tags,
        summary: '打刻（出勤・休憩開始・休憩終了・退勤）。時刻はサーバーの時計',
        body: clockInput,
        response: { 200: dataOf(clockStatusDto) },
      },
    },
    async ({ ctx, req }) => {
      const employee = await ownEmployee(ctx, req);
      const at = now();
      const { row, state } = await clock({ ctx, input: { employee, action: req.body.action, now: at } });
      return {
        data: {
          server_time: at.toISOString(),
          date: tokyoDate(at),
          state,
          employee: { id: employee.id, code: employee.code, name: employee.name },
          day: {
            id: row.id,
            clock_in: row.clock_in.toISOString(),
            clock_out: row.clock_out?.toISOString() ?? null,
            breaks: row.breaks,
          },
          locked: false,
        },
      };
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${BASE}/today`,
      config: manager,
      schema: {
        tags,
        summary: '本日の全従業員の出勤状況（出勤中・休憩中・退勤・未出勤）',
        response: { 200: dataOf(todayStatusDto) },
      },
    },
    async ({ ctx }) => ({ data: await todayAttendance(ctx, now()) }),
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${BASE}/summary`,
      config: manager,
      schema: {
        tags,
        summary: '全従業員の月次集計と36協定アラート',
        querystring: attendanceSummaryQuery,
        response: { 200: dataOf(attendanceSummaryDto) },
      },
    },
    async ({ ctx, req }) => {
      const month = req.query.month ?? (await currentMonth(ctx));
      return { data: await attendanceSummary(ctx, month, tokyoDate(now())) };
    },
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: BASE,
      config: manager,
      schema: {
        tags,
        summary: '出勤記録の登録（修正理由は必須）',
        body: attendanceDayInput,
        response: { 201: dataOf(z.object({ id: z.number().int(), date: z.string(), updated_at: z.string() })) },
      },
    },
    async ({ ctx, req, reply }) => {
      const row = await createDay({ ctx, input: req.body });
      return reply.status(201).send({ data: { id: row.id, date: row.date, updated_at: row.updated_at.toISOString() } });
    },
  );

  companyRoute(
    r,
    {
      method: 'PUT',
      url: `${BASE}/:id`,
      config: manager,
      schema: {
        tags,
        summary: '出勤記録の編集（修正理由は必須、updated_at が古いと409）',
        params: idParams,
        body: versioned(attendanceDayInput),
        response: { 200: dataOf(z.object({ id: z.number().int(), date: z.string(), updated_at: z.string() })) },
      },
    },
    async ({ ctx, req }) => {
      const row = await updateDay({ ctx, input: { ...req.body, id: req.params.id } });
      return { data: { id: row.id, date: row.date, updated_at: row.updated_at.toISOString() } };
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${BASE}/:id`,
      config: manager,
      schema: {
        tags,
        summary: '出勤記録（編集画面用）',
        params: idParams,
        response: {
          200: dataOf(
            z.object({
              id: z.number().int(),
              employee: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
              date: z.string(),
              clock_in: z.string(),
              clock_out: z.string().nullable(),
              breaks: z.array(z.object({ start: z.string(), end: z.string().nullable() })),
              updated_at: z.string(),
            }),
          ),
        },
      },
    },
    async ({ ctx, req }) => {
      const [row] = await ctx.db
        .select({ day: attendanceDays, code: employees.code, name: employees.name })
        .from(attendanceDays)
        .innerJoin(employees, eq(employees.id, attendanceDays.employee_id))
        .where(and(eq(attendanceDays.id, req.params.id), eq(attendanceDays.company_id, ctx.companyId)))
        .limit(1);
      if (!row) throw notFound('出勤記録が見つかりません');
      const d = row.day;
      return {
        data: {
          id: d.id,
          employee: { id: d.employee_id, code: row.code, name: row.name },
          date: d.date,
          clock_in: d.clock_in.toISOString(),
          clock_out: d.clock_out?.toISOString() ?? null,
          breaks: d.breaks,
          updated_at: d.updated_at.toISOString(),
        },
      };
    },
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: `${BASE}/close`,
      config: manager,
      schema: { tags, summary: '月締め', body: monthInput, response: { 200: dataOf(monthCloseDto) } },
    },
    async ({ ctx, req }) => ({
      data: await closeMonth({ ctx, input: { month: req.body.month, today: tokyoDate(now()) } }),
    }),
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: `${BASE}/reopen`,
      config: manager,
      schema: {
        tags,
        summary: '月締めの解除（企業の管理者）',
        body: monthInput,
        response: { 200: dataOf(monthCloseDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await reopenMonth({ ctx, input: { month: req.body.month } }) }),
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${BASE}/export`,
      config: manager,
      schema: {
        tags,
        summary: '出勤簿CSV（全従業員・月。UTF-8 BOM付き、encoding=sjis で Shift_JIS）',
        querystring: attendanceExportQuery,
        response: { 200: fileResponse(['text/csv'], 'attendance.csv') },
      },
    },
    async ({ ctx, req, reply }) => {
      const { month, encoding } = req.query;
      const { period, list, computed } = await attendanceExportRows(ctx, month, tokyoDate(now()));
      const w = csvWriter(encoding);
      const lines: string[] = [csvLine(ATTENDANCE_CSV_HEADER, w.eol)];
      for (const e of list) {
        const m = computed.get(e.id);
        if (!m) continue;
        const byDate = new Map(m.rows.map((d) => [d.date, d]));
        let cumulative = 0;
        for (const date of datesOf(period.from, period.to)) {
          const d = byDate.get(date);
          const f = m.figures.get(date);
          if (!d || !f) continue;
          const over60 =
            Math.max(0, cumulative + f.overtime_minutes - MONTHLY_60H_MINUTES) -
            Math.max(0, cumulative - MONTHLY_60H_MINUTES);
          cumulative += f.overtime_minutes;
          const cin = d.clock_in.toISOString();
          const cout = d.clock_out?.toISOString() ?? null;
          lines.push(
            csvLine(
              [
                e.code,
                e.name,
                date,
                WEEKDAY_SHORT[weekdayOf(date)],
                holidayName(date) ?? '',
                tokyoTime(cin),
                cout ? tokyoTime(cout, date).replace('翌', '') : '',
                f.break_minutes,
                f.worked_minutes,
                f.overtime_minutes,
                over60,
                f.late_night_minutes,
                f.holiday_minutes,
                formatMinutes(f.break_minutes),
                formatMinutes(f.worked_minutes),
                formatMinutes(f.overtime_minutes),
                formatMinutes(f.late_night_minutes),
                formatMinutes(f.holiday_minutes),
                [cout && tokyoDate(cout) > date ? '翌日退勤' : '', d.note ?? ''].filter(Boolean).join(' '),
              ],
              w.eol,
            ),
          );
        }
      }
      const filename = `attendance-${month}.csv`;
      reply
        .header('Content-Type', `text/csv; charset=${encoding === 'sjis' ? 'Shift_JIS' : 'utf-8'}`)
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Cache-Control', 'no-store');
      return reply.send(Buffer.concat([w.bom, w.encode(lines.join(''))]));
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${BASE}/corrections`,
      config: both,
      schema: {
        tags,
        summary: '打刻修正の申請一覧（従業員は自分の申請のみ）',
        querystring: correctionListQuery,
        response: { 200: dataOf(z.array(correctionDto)) },
      },
    },
    async ({ ctx, req }) => {
      const own = isEmployee(req) ? await ownEmployee(ctx, req) : null;
      const rows = await ctx.db
        .select({ c: attendanceCorrections, code: employees.code, name: employees.name })
        .from(attendanceCorrections)
        .innerJoin(employees, eq(employees.id, attendanceCorrections.employee_id))
        .where(
          and(
            eq(attendanceCorrections.company_id, ctx.companyId),
            own ? eq(attendanceCorrections.employee_id, own.id) : undefined,
            req.query.status === 'all' ? undefined : eq(attendanceCorrections.status, req.query.status),
          ),
        )
        .orderBy(desc(attendanceCorrections.id))
        .limit(200);
      return { data: rows.map((x) => toCorrection(x.c, { id: x.c.employee_id, code: x.code, name: x.name })) };
    },
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: `${BASE}/corrections`,
      config: both,
      schema: {
        tags,
        summary: '打刻修正の申請（従業員）',
        body: correctionRequestInput,
        response: { 201: dataOf(correctionDto) },
      },
    },
    async ({ ctx, req, reply }) => {
      const employee = await ownEmployee(ctx, req);
      const row = await requestCorrection({ ctx, input: { ...req.body, employee } });
      return reply.status(201).send({ data: toCorrection(row, employee) });
    },
  );

  for (const [action, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    companyRoute(
      r,
      {
        method: 'POST',
        url: `${BASE}/corrections/:id/${action}`,
        config: manager,
        schema: {
          tags,
          summary: approve ? '打刻修正の承認' : '打刻修正の却下',
          params: idParams,
          body: correctionDecisionInput,
          response: { 200: dataOf(correctionDto) },
        },
      },
      async ({ ctx, req }) => {
        const row = await decideCorrection({ ctx, input: { id: req.params.id, approve, note: req.body.note } });
        const e = await findAttendanceEmployee(ctx, row.employee_id);
        return { data: toCorrection(row, e ?? { id: row.employee_id, code: '', name: '' }) };
      },
    );
  }
}

async function openYesterday(ctx: CompanyCtx, employeeId: number, today: string) {
  const y = addDays(today, -1);
  const [row] = await ctx.db
    .select()
    .from(attendanceDays)
    .where(
      and(
        eq(attendanceDays.company_id, ctx.companyId),
        eq(attendanceDays.employee_id, employeeId),
        eq(attendanceDays.date, y),
        isNull(attendanceDays.clock_out),
      ),
    )
    .limit(1);
  return row;
}
