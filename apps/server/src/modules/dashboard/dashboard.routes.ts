import { companyIdQuery, dashboardDto, dataOf, isPermitted, tokyoDate } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyRoute } from '../../lib/tenant-route.js';
import { adminReadable, type RouteAccess, requireAuth } from '../../plugins/auth.js';
import { readDashboard } from './dashboard.js';

/** Whoever sees the company home (ホーム: customer.index); admins read it with company_id. */
const DASHBOARD_ACCESS: RouteAccess = adminReadable('customer.index');

export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/dashboard',
      config: { access: DASHBOARD_ACCESS },
      schema: {
        tags: ['dashboard'],
        summary: 'ホームの概況',
        description:
          '今月の売上、未回収売掛金・未払買掛金（買掛金＋未払金）・現金及び預金（今日時点の残高試算表の期末残高）、過去12か月の売上と費用、未入金の請求書・未請求の受注取引・支払期日が近い発注取引・確認待ちのOCR書類・未確定の銀行明細の件数と金額、本日の出勤状況（出勤管理の権限がある場合）',
        querystring: companyIdQuery,
        response: { 200: dataOf(dashboardDto) },
      },
    },
    async ({ ctx, req }) => {
      const auth = requireAuth(req);
      // today's attendance for those who manage it (as GET /api/company/attendance/today) and for an administrator's view
      const seesAttendance =
        auth.role === 'admin' || (auth.role === 'company' && isPermitted('attendance.index', auth.permissions));
      const at = ctx.deps.clock();
      return { data: await readDashboard(ctx, tokyoDate(at), seesAttendance ? { attendanceAt: at } : {}) };
    },
  );
}
