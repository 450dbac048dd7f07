import { bankInfoInput, companyProfileInput } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actionCtx } from '../../lib/context.js';
import { notFound } from '../../lib/http-errors.js';
import { companyScope } from '../../plugins/auth.js';
import { loadBankInfo, loadCompanyProfile, saveBankInfo, updateCompanyProfile } from './company-profile.js';

/** The company's own profile: company users (the owner/manager role). Employees read nothing here. */
const config = { access: { roles: ['company' as const] } };
const tags = ['company-profile'];

export async function companyProfileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/company-profile', { config, schema: { tags, summary: '会社情報' } }, async (req) => ({
    data: await loadCompanyProfile(app.deps.db, await companyScope(req, { write: false })),
  }));

  r.put(
    '/api/company-profile',
    { config, schema: { tags, summary: '会社情報の更新', body: companyProfileInput } },
    async (req) => {
      const companyId = await companyScope(req, { write: true });
      return { data: await updateCompanyProfile({ ctx: actionCtx(req, companyId), input: req.body }) };
    },
  );

  r.get('/api/company/bank-info', { config, schema: { tags, summary: '請求書に記載する振込先口座' } }, async (req) => {
    const data = await loadBankInfo(app.deps.db, await companyScope(req, { write: false }));
    if (!data) throw notFound('振込先口座が登録されていません');
    return { data };
  });

  for (const method of ['PUT', 'POST'] as const) {
    r.route({
      method,
      url: '/api/company/bank-info',
      config,
      schema: { tags, summary: '振込先口座の登録・更新', body: bankInfoInput },
      handler: async (req) => {
        const companyId = await companyScope(req, { write: true });
        return { data: await saveBankInfo({ ctx: actionCtx(req, companyId), input: req.body }) };
      },
    });
  }
}
