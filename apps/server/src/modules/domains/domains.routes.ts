import { dataOf, domainDto, domainInput, domainListQuery, idParams } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes.js';
import { requestCtx } from '../../lib/tenant-route.js';
import { readUpload, toDataUrl } from '../../lib/uploads.js';
import type { RouteAccess } from '../../plugins/auth.js';
import { createDomain, deleteDomain, setDomainLogo, updateDomain } from './domain-actions.js';
import { findDomain, listDomains, toDomain } from './domains.queries.js';

const config = { access: { roles: ['admin'], permission: 'domains.index' } as RouteAccess };
const tags = ['domains'];
const LIST = '/api/admin/domains';

export async function domainRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  crudRoutes(app, {
    scope: 'admin',
    url: LIST,
    config,
    tags,
    input: domainInput,
    dto: domainDto,
    notFound: 'ドメインが見つかりません',
    summaries: ['ドメインの一覧', 'ドメインの登録', 'ドメインの詳細', 'ドメインの更新', 'ドメインの削除'],
    list: { query: domainListQuery, run: ({ ctx, query }) => listDomains(ctx.db, query) },
    create: createDomain,
    load: async (ctx, id) => {
      const row = await findDomain(ctx.db, id);
      return row && toDomain(row.domain, row.n);
    },
    update: updateDomain,
    remove: deleteDomain,
  });
  r.post(
    `${LIST}/:id/logo`,
    {
      config,
      schema: {
        tags,
        summary: 'ドメインのロゴ（PNG/JPEG、1MBまで、multipart file）',
        consumes: ['multipart/form-data'],
        response: { 200: dataOf(domainDto) },
        params: idParams,
      },
    },
    async (req) => {
      const upload = await readUpload(req, { maxBytes: 1024 * 1024, kinds: ['png', 'jpeg'] });
      return {
        data: await setDomainLogo({ ctx: requestCtx(req), input: { id: req.params.id, dataUrl: toDataUrl(upload) } }),
      };
    },
  );
  r.delete(
    `${LIST}/:id/logo`,
    {
      config,
      schema: { tags, summary: 'ドメインのロゴの削除', response: { 200: dataOf(domainDto) }, params: idParams },
    },
    async (req) => ({
      data: await setDomainLogo({ ctx: requestCtx(req), input: { id: req.params.id, dataUrl: null } }),
    }),
  );
}
