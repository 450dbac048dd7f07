import {
  dataOf,
  domainDto,
  domainInput,
  domainListQuery,
  idParams,
  noContentDto,
  pageOf,
  versioned,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.js';
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
  r.get(
    LIST,
    {
      config,
      schema: { tags, summary: 'ドメインの一覧', response: { 200: pageOf(domainDto) }, querystring: domainListQuery },
    },
    async (req) => listDomains(app.deps.db, req.query),
  );
  r.post(
    LIST,
    { config, schema: { tags, summary: 'ドメインの登録', response: { 201: dataOf(domainDto) }, body: domainInput } },
    async (req, reply) => {
      const data = await createDomain({ ctx: requestCtx(req), input: req.body });
      return reply.status(201).send({ data });
    },
  );
  r.get(
    `${LIST}/:id`,
    { config, schema: { tags, summary: 'ドメインの詳細', response: { 200: dataOf(domainDto) }, params: idParams } },
    async (req) => {
      const row = await findDomain(app.deps.db, req.params.id);
      if (!row) throw notFound('ドメインが見つかりません');
      return { data: toDomain(row.domain, row.n) };
    },
  );
  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: `${LIST}/:id`,
      config,
      schema: {
        tags,
        summary: 'ドメインの更新',
        response: { 200: dataOf(domainDto) },
        params: idParams,
        body: versioned(domainInput),
      },
      handler: async (req) => ({
        data: await updateDomain({ ctx: requestCtx(req), input: { ...req.body, id: req.params.id } }),
      }),
    });
  }
  r.delete(
    `${LIST}/:id`,
    { config, schema: { tags, summary: 'ドメインの削除', response: { 204: noContentDto }, params: idParams } },
    async (req, reply) => {
      await deleteDomain({ ctx: requestCtx(req), input: { id: req.params.id } });
      return reply.status(204).send();
    },
  );
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
