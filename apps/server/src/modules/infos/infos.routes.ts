import {
  companyInfoDto,
  companyInfoListDto,
  dataOf,
  idParams,
  infoDto,
  infoInput,
  infoListQuery,
  noContentDto,
  pageOf,
  versioned,
} from '@chobo/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CompanyCtx } from '../../lib/context.js';
import { notFound } from '../../lib/http-errors.js';
import { companyRoute, requestCtx } from '../../lib/tenant-route.js';
import { type RouteAccess, requireAuth } from '../../plugins/auth.js';
import { createInfo, deleteInfo, updateInfo } from './info-actions.js';
import { findInfo, listCompanyInfos, listInfos, readCompanyInfo, toInfo } from './infos.queries.js';

const config = { access: { roles: ['admin'], permission: 'infos.index' } as RouteAccess };
const companyConfig = { access: { roles: ['company', 'employee'] } as RouteAccess };
const tags = ['infos'];
const LIST = '/api/admin/infos';

export async function infoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    LIST,
    {
      config,
      schema: { tags, summary: 'お知らせの一覧', response: { 200: pageOf(infoDto) }, querystring: infoListQuery },
    },
    async (req) => listInfos(app.deps.db, req.query),
  );
  r.post(
    LIST,
    { config, schema: { tags, summary: 'お知らせの作成', response: { 201: dataOf(infoDto) }, body: infoInput } },
    async (req, reply) => {
      const data = await createInfo({ ctx: requestCtx(req), input: req.body });
      return reply.status(201).send({ data });
    },
  );
  r.get(
    `${LIST}/:id`,
    { config, schema: { tags, summary: 'お知らせの詳細', response: { 200: dataOf(infoDto) }, params: idParams } },
    async (req) => {
      const row = await findInfo(app.deps.db, req.params.id);
      if (!row) throw notFound('お知らせが見つかりません');
      return { data: toInfo(row) };
    },
  );
  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: `${LIST}/:id`,
      config,
      schema: {
        tags,
        summary: 'お知らせの更新',
        response: { 200: dataOf(infoDto) },
        params: idParams,
        body: versioned(infoInput),
      },
      handler: async (req) => ({
        data: await updateInfo({ ctx: requestCtx(req), input: { ...req.body, id: req.params.id } }),
      }),
    });
  }
  r.delete(
    `${LIST}/:id`,
    { config, schema: { tags, summary: 'お知らせの削除', response: { 204: noContentDto }, params: idParams } },
    async (req, reply) => {
      await deleteInfo({ ctx: requestCtx(req), input: { id: req.params.id } });
      return reply.status(204).send();
    },
  );

  // the reader's company comes from the tenant ctx; the domain and user from the same sign-in
  const reader = (ctx: CompanyCtx, req: FastifyRequest) => ({
    companyId: ctx.companyId,
    domainId: requireAuth(req).domainId,
    userId: requireAuth(req).userId,
  });
  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/infos',
      config: companyConfig,
      schema: { tags, summary: '企業向けのお知らせ（未読あり）', response: { 200: companyInfoListDto } },
    },
    async ({ ctx, req }) => listCompanyInfos(ctx.db, reader(ctx, req)),
  );
  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/infos/:id',
      config: companyConfig,
      schema: {
        tags,
        summary: 'お知らせを読む（既読にする）',
        response: { 200: dataOf(companyInfoDto) },
        params: idParams,
      },
    },
    async ({ ctx, req }) => {
      const data = await readCompanyInfo(ctx.db, reader(ctx, req), req.params.id);
      if (!data) throw notFound('お知らせが見つかりません');
      return { data };
    },
  );
}
