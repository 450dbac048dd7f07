import { clockInput, clockStatusDto, dataOf, todayStatusDto } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyRoute } from '../../lib/tenant-route.js';
import { clockAnswer, clockStatus, todayAttendance } from './attendance.queries.js';
import { BASE, both, manager, ownEmployee, tags } from './attendance-access.js';
import { clock } from './attendance-clock-actions.js';

/** The clock: an employee's 打刻 at the server's time, and everyone's state today. */
export function attendanceClockRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => app.deps.clock();

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
      return { data: await clockStatus(ctx, employee, now()) };
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
      const { row } = await clock({ ctx, input: { employee, action: req.body.action, now: at } });
      return { data: clockAnswer(at, employee, row, false) };
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
}
