import { dashboardDto, dataOf } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyRoute } from '../../lib/tenant-route.js';
import type { RouteAccess } from '../../plugins/auth.js';
import { readDashboard } from './dashboard.js';

/** Whoever sees the company home (ホーム: customer.index); admins read it with company_id. */
const DASHBOARD_ACCESS: RouteAccess = {
  roles: ['company', 'employee', 'admin'],
  permission: 'customer.index',
  adminPermission: 'companies.index',
};

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
          '今月の売上、未回収売掛金・未払買掛金（買掛金＋未払金）・現金及び預金（今日時点の残高試算表の期末残高）、過去12か月の売上と費用、未入金の請求書と未請求の受注取引の件数',
        querystring: z.object({ company_id: z.coerce.number().int().positive().optional() }),
        response: { 200: dataOf(dashboardDto) },
      },
    },
    async ({ ctx }) => ({ data: await readDashboard(ctx) }),
  );
}
