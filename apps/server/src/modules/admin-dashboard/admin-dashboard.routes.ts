import { adminDashboardDto, dataOf } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../plugins/auth.js';
import { adminDashboard } from './admin-dashboard.queries.js';

/** The counts and the latest sign-ups are company data: companies.index, like the company list. */
const config = { access: { roles: ['admin'], permission: 'companies.index' } as RouteAccess };

/** GET /api/admin/dashboard — the counts of docs/product/PRODUCT.md §3 and the latest sign-ups. */
export async function adminDashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/dashboard',
    {
      config,
      schema: {
        tags: ['admin-dashboard'],
        summary: '管理画面ホームの集計',
        response: { 200: dataOf(adminDashboardDto) },
      },
    },
    async () => ({ data: await adminDashboard(app.deps.db) }),
  );
}
