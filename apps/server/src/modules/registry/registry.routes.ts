import {
  companyIdQuery,
  dataOf,
  idParams,
  lapsedSupplierDto,
  registryEntryDto,
  registryImportDto,
  registryLookupQuery,
  registryNumberParams,
  registrySummaryDto,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../../lib/http-errors.js';
import { companyRoute, requestCtx } from '../../lib/tenant-route.js';
import { readMultipart } from '../../lib/uploads.js';
import { adminReadable, type RouteAccess } from '../../plugins/auth.js';
import {
  lapsedSuppliers,
  listRegistryImports,
  loadRegistryImport,
  lookupRegistration,
  registrySummary,
  todayInJapan,
} from './registry.queries.js';
import {
  createRegistryImport,
  MAX_REGISTRY_UPLOAD,
  REGISTRY_IMPORT_JOB,
  runRegistryImport,
} from './registry-import.js';

const admin = { access: { roles: ['admin'], permission: 'settings.index' } as RouteAccess };
const tags = ['registry'];
const BASE = '/api/admin/registry';

/** 全件 unless the name or the `kind` field says 差分 (the 国税庁's diff files are named …sabun… / …diff…). */
function kindOf(field: string | undefined, fileName: string): 'full' | 'diff' {
  if (field === 'full' || field === 'diff') return field;
  if (field) {
    const message = '種類は full（全件データ）か diff（差分データ）を指定してください';
    throw new HttpError(422, message, { kind: [message] });
  }
  return /sabun|diff|差分/i.test(fileName) ? 'diff' : 'full';
}

/**
 * 適格請求書発行事業者 registry (docs/adr/0046): the platform admin uploads the 国税庁's 全件データ / 差分データ
 * (a background job imports it); every signed-in user looks a T-number up.
 */
export async function registryRoutes(app: FastifyInstance) {
  await app.deps.queue.work<{ importId: number }>(REGISTRY_IMPORT_JOB, async (job) => {
    await runRegistryImport(app.deps, job.data.importId);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    { config: admin, schema: { tags, summary: '登録番号データの状態', response: { 200: dataOf(registrySummaryDto) } } },
    async (req) => ({ data: await registrySummary(req.server.deps.db, Boolean(req.server.deps.env.REGISTRY_PGP_KEY)) }),
  );

  r.get(
    `${BASE}/imports`,
    {
      config: admin,
      schema: { tags, summary: '登録番号データの取り込み履歴', response: { 200: dataOf(z.array(registryImportDto)) } },
    },
    async (req) => ({ data: await listRegistryImports(req.server.deps.db) }),
  );

  r.post(
    `${BASE}/imports`,
    {
      config: admin,
      schema: {
        tags,
        summary: '登録番号データの取り込み（multipart: file, 任意で signature と kind）',
        consumes: ['multipart/form-data'],
        response: { 202: dataOf(registryImportDto) },
      },
    },
    async (req, reply) => {
      const { files, fields, others } = await readMultipart(req, {
        maxBytes: MAX_REGISTRY_UPLOAD,
        maxFiles: 1,
        otherFiles: ['signature'],
      });
      const [file] = files;
      if (!file) throw new HttpError(422, 'ファイルを選択してください', { file: ['ファイルを選択してください'] });
      const data = await createRegistryImport({
        ctx: requestCtx(req),
        input: { kind: kindOf(fields.kind, file.filename), file, signature: others.signature ?? null },
      });
      return reply.code(202).send({ data });
    },
  );

  r.get(
    `${BASE}/imports/:id`,
    {
      config: admin,
      schema: {
        tags,
        summary: '登録番号データの取り込みの状況',
        params: idParams,
        response: { 200: dataOf(registryImportDto) },
      },
    },
    async (req) => {
      const data = await loadRegistryImport(req.server.deps.db, req.params.id);
      if (!data) throw notFound('取り込みが見つかりません');
      return { data };
    },
  );

  r.get(
    '/api/registry/:t_number',
    {
      config: { access: {} as RouteAccess },
      schema: {
        tags,
        summary: '登録番号の照会（公表データ）',
        params: registryNumberParams,
        querystring: registryLookupQuery,
        response: { 200: dataOf(registryEntryDto) },
      },
    },
    async (req) => {
      const date = req.query.date ?? todayInJapan(req.server.deps.clock());
      const data = await lookupRegistration(req.server.deps.db, req.params.t_number, date);
      if (!data) throw notFound('この登録番号は公表データにありません');
      return { data };
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/registry/lapsed-suppliers',
      config: { access: adminReadable('transaction-documents.index') },
      schema: {
        tags,
        summary: '登録が取消・失効した仕入先',
        description: '取引先の登録番号のうち、公表データで今日までに取消または失効となっているもの',
        querystring: companyIdQuery,
        response: { 200: dataOf(z.array(lapsedSupplierDto)) },
      },
    },
    async ({ ctx }) => ({ data: await lapsedSuppliers(ctx, todayInJapan(ctx.deps.clock())) }),
  );
}
