import { infoInput, infoListQuery } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCtx } from '../../lib/admin-context.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { type RouteAccess, requireAuth } from '../../plugins/auth.js';
import { createInfo, deleteInfo, updateInfo } from './info-actions.js';
import { findInfo, listCompanyInfos, listInfos, readCompanyInfo, toInfo } from './infos.queries.js';

const config = { access: { roles: ['admin'], permission: 'infos.index' } as RouteAccess };
const companyConfig = { access: { roles: ['company', 'employee'] } as RouteAccess };
const tags = ['infos'];
const LIST = '/api/admin/infos';
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export async function infoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(LIST, { config, schema: { tags, summary: 'お知らせの一覧', querystring: infoListQuery } }, async (req) =>
    listInfos(app.deps.db, req.query),
  );
  r.post(LIST, { config, schema: { tags, summary: 'お知らせの作成', body: infoInput } }, async (req, reply) => {
    const data = await createInfo({ ctx: adminCtx(req), input: req.body });
    return reply.status(201).send({ data });
  });
  r.get(`${LIST}/:id`, { config, schema: { tags, summary: 'お知らせの詳細', params: idParams } }, async (req) => {
    const row = await findInfo(app.deps.db, req.params.id);
    if (!row) throw notFound('お知らせが見つかりません');
    return { data: toInfo(row) };
  });
  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: `${LIST}/:id`,
      config,
      schema: { tags, summary: 'お知らせの更新', params: idParams, body: infoInput },
      handler: async (req) => ({ data: await updateInfo({ ctx: adminCtx(req), id: req.params.id, input: req.body }) }),
    });
  }
  r.delete(
    `${LIST}/:id`,
    { config, schema: { tags, summary: 'お知らせの削除', params: idParams } },
    async (req, reply) => {
      await deleteInfo({ ctx: adminCtx(req), id: req.params.id });
      return reply.status(204).send();
    },
  );

  const who = (req: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(req);
    if (auth.companyId === null) throw forbidden();
    return { companyId: auth.companyId, domainId: auth.domainId, userId: auth.userId };
  };
  r.get(
    '/api/company/infos',
    { config: companyConfig, schema: { tags, summary: '企業向けのお知らせ（未読あり）' } },
    async (req) => listCompanyInfos(app.deps.db, who(req)),
  );
  r.get(
    '/api/company/infos/:id',
    { config: companyConfig, schema: { tags, summary: 'お知らせを読む（既読にする）', params: idParams } },
    async (req) => {
      const data = await readCompanyInfo(app.deps.db, who(req), req.params.id);
      if (!data) throw notFound('お知らせが見つかりません');
      return { data };
    },
  );
}
