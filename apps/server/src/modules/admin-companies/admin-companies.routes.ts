import {
  adminCompanyDto,
  adminCompanyInput,
  adminCompanyListQuery,
  companyAccountInput,
  dataOf,
  dataWithMessageOf,
  idParams,
  logoDto,
  noContentDto,
  pageOf,
  versioned,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.js';
import { requestCtx, type ZodApp } from '../../lib/tenant-route.js';
import { readUpload, toDataUrl } from '../../lib/uploads.js';
import type { RouteAccess } from '../../plugins/auth.js';
import { findAdminCompany, listAdminCompanies, loadAdminCompany } from './admin-companies.queries.js';
import {
  createAdminCompany,
  deleteAdminCompany,
  setCompanyLogo,
  setCompanyStatus,
  updateAdminCompany,
  updateCompanyAccount,
} from './company-actions.js';

const config = { access: { roles: ['admin'], permission: 'companies.index' } as RouteAccess };
const tags = ['admin-companies'];
const LIST = '/api/admin/companies';

export async function adminCompanyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  companyRecordRoutes(r);
  companyAccountRoutes(r);
  companyLogoRoutes(r);
}

/** 企業: 一覧・登録・詳細・更新・削除・利用停止・再開。 */
function companyRecordRoutes(r: ZodApp) {
  r.get(
    LIST,
    {
      config,
      schema: {
        tags,
        summary: '企業の一覧',
        response: { 200: pageOf(adminCompanyDto) },
        querystring: adminCompanyListQuery,
      },
    },
    async (req) => listAdminCompanies(r.deps.db, req.query),
  );
  r.post(
    LIST,
    {
      config,
      schema: { tags, summary: '企業の登録', response: { 201: dataOf(adminCompanyDto) }, body: adminCompanyInput },
    },
    async (req, reply) => {
      const data = await createAdminCompany({ ctx: requestCtx(req), input: req.body });
      return reply.status(201).send({ data });
    },
  );
  r.get(
    `${LIST}/:id`,
    { config, schema: { tags, summary: '企業の詳細', response: { 200: dataOf(adminCompanyDto) }, params: idParams } },
    async (req) => {
      const row = await findAdminCompany(r.deps.db, req.params.id);
      if (!row) throw notFound('企業が見つかりません');
      return { data: await loadAdminCompany(r.deps.db, row) };
    },
  );
  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: `${LIST}/:id`,
      config,
      schema: {
        tags,
        summary: '企業の更新',
        response: { 200: dataOf(adminCompanyDto) },
        params: idParams,
        body: versioned(adminCompanyInput),
      },
      handler: async (req) => ({
        data: await updateAdminCompany({ ctx: requestCtx(req), input: { ...req.body, id: req.params.id } }),
      }),
    });
  }
  r.delete(
    `${LIST}/:id`,
    {
      config,
      schema: { tags, summary: '企業の削除（仕訳のない企業のみ）', response: { 204: noContentDto }, params: idParams },
    },
    async (req, reply) => {
      await deleteAdminCompany({ ctx: requestCtx(req), input: { id: req.params.id } });
      return reply.status(204).send();
    },
  );
  r.post(
    `${LIST}/:id/suspend`,
    {
      config,
      schema: { tags, summary: '企業の利用停止', response: { 200: dataOf(adminCompanyDto) }, params: idParams },
    },
    async (req) => ({
      data: await setCompanyStatus({ ctx: requestCtx(req), input: { id: req.params.id, status: 'suspended' } }),
    }),
  );
  r.post(
    `${LIST}/:id/reactivate`,
    {
      config,
      schema: { tags, summary: '企業の利用再開', response: { 200: dataOf(adminCompanyDto) }, params: idParams },
    },
    async (req) => ({
      data: await setCompanyStatus({ ctx: requestCtx(req), input: { id: req.params.id, status: 'active' } }),
    }),
  );
}

/** 企業のログインアカウント。 */
function companyAccountRoutes(r: ZodApp) {
  r.get(
    `${LIST}/:id/account`,
    {
      config,
      schema: {
        tags,
        summary: '企業のログインアカウント',
        response: { 200: dataOf(adminCompanyDto) },
        params: idParams,
      },
    },
    async (req) => {
      const row = await findAdminCompany(r.deps.db, req.params.id);
      if (!row) throw notFound('企業が見つかりません');
      return { data: await loadAdminCompany(r.deps.db, row) };
    },
  );
  r.put(
    `${LIST}/:id/account`,
    {
      config,
      schema: {
        tags,
        summary: '企業のログインアカウントの更新',
        response: { 200: dataOf(adminCompanyDto) },
        params: idParams,
        body: versioned(companyAccountInput),
      },
    },
    async (req) => ({
      data: await updateCompanyAccount({ ctx: requestCtx(req), input: { ...req.body, id: req.params.id } }),
    }),
  );
}

/** 企業のロゴ。 */
function companyLogoRoutes(r: ZodApp) {
  r.get(
    `${LIST}/:id/logo`,
    { config, schema: { tags, summary: '企業のロゴ', response: { 200: dataOf(logoDto) }, params: idParams } },
    async (req) => {
      const row = await findAdminCompany(r.deps.db, req.params.id);
      if (!row) throw notFound('企業が見つかりません');
      return { data: { logo_data: row.logo_data } };
    },
  );
  r.post(
    `${LIST}/:id/logo`,
    {
      config,
      schema: {
        tags,
        summary: '企業のロゴの登録（PNG/JPEG、1MBまで、multipart file）',
        consumes: ['multipart/form-data'],
        response: { 200: dataWithMessageOf(logoDto) },
        params: idParams,
      },
    },
    async (req) => {
      const upload = await readUpload(req, { maxBytes: 1024 * 1024, kinds: ['png', 'jpeg'] });
      const data = await setCompanyLogo({
        ctx: requestCtx(req),
        input: { id: req.params.id, dataUrl: toDataUrl(upload) },
      });
      return { data, message: 'ロゴを登録しました' };
    },
  );
  r.delete(
    `${LIST}/:id/logo`,
    {
      config,
      schema: { tags, summary: '企業のロゴの削除', response: { 200: dataWithMessageOf(logoDto) }, params: idParams },
    },
    async (req) => ({
      data: await setCompanyLogo({ ctx: requestCtx(req), input: { id: req.params.id, dataUrl: null } }),
      message: 'ロゴを削除しました',
    }),
  );
}
