import {
  adminCompanyDto,
  adminCompanyInput,
  adminCompanyListQuery,
  companyAccountInput,
  dataOf,
  dataWithMessageOf,
  idParams,
  logoDto,
  versioned,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../lib/context.js';
import { crudRoutes } from '../../lib/crud-routes.js';
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

const NOT_FOUND = '企業が見つかりません';

async function loadCompany(db: Ctx['db'], id: number) {
  const row = await findAdminCompany(db, id);
  if (!row) throw notFound(NOT_FOUND);
  return loadAdminCompany(db, row);
}

export async function adminCompanyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  companyRecordRoutes(r);
  companyAccountRoutes(r);
  companyLogoRoutes(r);
}

/** 企業: 一覧・登録・詳細・更新・削除・利用停止・再開。 */
function companyRecordRoutes(r: ZodApp) {
  crudRoutes(r, {
    scope: 'admin',
    url: LIST,
    config,
    tags,
    input: adminCompanyInput,
    dto: adminCompanyDto,
    notFound: NOT_FOUND,
    summaries: ['企業の一覧', '企業の登録', '企業の詳細', '企業の更新', '企業の削除（仕訳のない企業のみ）'],
    list: { query: adminCompanyListQuery, run: ({ ctx, query }) => listAdminCompanies(ctx.db, query) },
    create: createAdminCompany,
    load: (ctx, id) => loadCompany(ctx.db, id),
    update: updateAdminCompany,
    remove: deleteAdminCompany,
  });
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
    async (req) => ({ data: await loadCompany(r.deps.db, req.params.id) }),
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
      if (!row) throw notFound(NOT_FOUND);
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
