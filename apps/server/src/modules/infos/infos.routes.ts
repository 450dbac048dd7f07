import { companyInfoDto, companyInfoListDto, dataOf, idParams, infoDto, infoInput, infoListQuery } from '@chobo/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CompanyCtx } from '../../lib/context.js';
import { crudRoutes } from '../../lib/crud-routes.js';
import { notFound } from '../../lib/http-errors.js';
import { companyRoute } from '../../lib/tenant-route.js';
import { type RouteAccess, requireAuth } from '../../plugins/auth.js';
import { createInfo, deleteInfo, updateInfo } from './info-actions.js';
import { findInfo, listCompanyInfos, listInfos, readCompanyInfo, toInfo } from './infos.queries.js';

const config = { access: { roles: ['admin'], permission: 'infos.index' } as RouteAccess };
const companyConfig = { access: { roles: ['company', 'employee'] } as RouteAccess };
const tags = ['infos'];

export async function infoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  crudRoutes(app, {
    scope: 'admin',
    url: '/api/admin/infos',
    config,
    tags,
    input: infoInput,
    dto: infoDto,
    notFound: 'お知らせが見つかりません',
    summaries: ['お知らせの一覧', 'お知らせの作成', 'お知らせの詳細', 'お知らせの更新', 'お知らせの削除'],
    list: { query: infoListQuery, run: ({ ctx, query }) => listInfos(ctx.db, query) },
    create: createInfo,
    load: async (ctx, id) => {
      const row = await findInfo(ctx.db, id);
      return row && toInfo(row);
    },
    update: updateInfo,
    remove: deleteInfo,
  });

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
