import { adminListQuery, adminUpdateInput, adminUserDto } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../lib/crud-routes.js';
import type { RouteAccess } from '../../plugins/auth.js';
import { deleteAdmin, updateAdmin } from './admin-actions.js';
import { findAdmin, listAdmins, toAdmin } from './admins.queries.js';

/** 管理者: /api/admin/admin (new administrators come by invitation, so no POST here). */
export async function adminRoutes(app: FastifyInstance) {
  crudRoutes(app, {
    scope: 'admin',
    url: '/api/admin/admin',
    config: { access: { roles: ['admin'], permission: 'admin.index' } as RouteAccess },
    tags: ['admins'],
    input: adminUpdateInput,
    dto: adminUserDto,
    notFound: '管理者が見つかりません',
    summaries: ['管理者の一覧', null, '管理者の詳細', '管理者の更新', '管理者の削除'],
    list: { query: adminListQuery, run: ({ ctx, query }) => listAdmins(ctx.db, query) },
    load: async (ctx, id) => {
      const row = await findAdmin(ctx.db, id);
      return row && toAdmin(row);
    },
    update: updateAdmin,
    remove: deleteAdmin,
  });
}
