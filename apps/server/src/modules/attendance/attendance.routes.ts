import {
  attendanceExportQuery,
  attendanceMonthDto,
  attendanceMonthOf,
  attendanceMonthQuery,
  attendanceSummaryDto,
  attendanceSummaryQuery,
  dataOf,
  monthCloseDto,
  monthInput,
  tokyoDate,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CompanyCtx } from '../../lib/context.js';
import { fileResponse } from '../../lib/responses.js';
import { csvType, sendFile } from '../../lib/send-file.js';
import { companyRoute } from '../../lib/tenant-route.js';
import { attendanceMonth, attendanceSummary, loadRules } from './attendance.queries.js';
import { BASE, both, manager, tags, targetEmployee } from './attendance-access.js';
import { closeMonth, reopenMonth } from './attendance-actions.js';
import { attendanceClockRoutes } from './attendance-clock.routes.js';
import { attendanceCsv, attendancePayrollCsv } from './attendance-csv.js';
import { attendanceCorrectionRoutes, attendanceDayRoutes } from './attendance-days.routes.js';

/** 出勤管理 (`/api/company/attendance…`): the clock, the month, the days, corrections, the month close, the CSV. */
export async function attendanceRoutes(app: FastifyInstance) {
  attendanceClockRoutes(app);
  attendanceMonthRoutes(app);
  attendanceDayRoutes(app);
  attendanceCorrectionRoutes(app);
}

/** The month: one employee's grid, everyone's summary, the close and reopen, the payroll CSV. */
function attendanceMonthRoutes(app: FastifyInstance) {
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
        summary:
          '出勤簿CSV（全従業員・月。kind=daily: 日ごと、kind=monthly: 給与計算用の月次集計。UTF-8 BOM付き、encoding=sjis で Shift_JIS）',
        querystring: attendanceExportQuery,
        response: { 200: fileResponse(['text/csv'], 'attendance.csv') },
      },
    },
    async ({ ctx, req, reply }) => {
      const { month, encoding, kind } = req.query;
      const today = tokyoDate(now());
      if (kind === 'monthly') {
        const body = await attendancePayrollCsv(ctx, month, encoding, today);
        return sendFile(reply, body, { type: csvType(encoding), name: `attendance-monthly-${month}.csv` });
      }
      const body = await attendanceCsv(ctx, month, encoding, today);
      return sendFile(reply, body, { type: csvType(encoding), name: `attendance-${month}.csv` });
    },
  );
}
