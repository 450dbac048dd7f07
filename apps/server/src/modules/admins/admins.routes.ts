import {
  adminListQuery,
  adminUpdateInput,
  adminUserDto,
  dataOf,
  idParams,
  noContentDto,
  pageOf,
  versioned,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.js';
import { requestCtx } from '../../lib/tenant-route.js';
import type { RouteAccess } from '../../plugins/auth.js';
import { deleteAdmin, updateAdmin } from './admin-actions.js';
import { findAdmin, listAdmins, toAdmin } from './admins.queries.js';

const config = { access: { roles: ['admin'], permission: 'admin.index' } as RouteAccess };
const tags = ['admins'];
const LIST = '/api/admin/admin';

export async function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    LIST,
    {
      config,
      schema: { tags, summary: '管理者の一覧', response: { 200: pageOf(adminUserDto) }, querystring: adminListQuery },
    },
    async (req) => listAdmins(app.deps.db, req.query),
  );
  r.get(
    `${LIST}/:id`,
    { config, schema: { tags, summary: '管理者の詳細', response: { 200: dataOf(adminUserDto) }, params: idParams } },
    async (req) => {
      const row = await findAdmin(app.deps.db, req.params.id);
      if (!row) throw notFound('管理者が見つかりません');
      return { data: toAdmin(row) };
    },
  );
  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: `${LIST}/:id`,
      config,
      schema: {
        tags,
        summary: '管理者の更新',
        response: { 200: dataOf(adminUserDto) },
        params: idParams,
        body: versioned(adminUpdateInput),
      },
      handler: async (req) => ({
        data: await updateAdmin({ ctx: requestCtx(req), input: { ...req.body, id: req.params.id } }),
      }),
    });
  }
  r.delete(
    `${LIST}/:id`,
    { config, schema: { tags, summary: '管理者の削除', response: { 204: noContentDto }, params: idParams } },
    async (req, reply) => {
      await deleteAdmin({ ctx: requestCtx(req), input: { id: req.params.id } });
      return reply.status(204).send();
    },
  );
}
