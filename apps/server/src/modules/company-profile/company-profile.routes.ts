import { bankInfoDto, bankInfoInput, companyProfileDto, companyProfileInput, dataOf, versioned } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.js';
import { companyRoute } from '../../lib/tenant-route.js';
import { loadBankInfo, loadCompanyProfile, saveBankInfo, updateCompanyProfile } from './company-profile.js';

/** The company's own profile: company users (the owner/manager role). Employees read nothing here. */
const config = { access: { roles: ['company' as const] } };
const tags = ['company-profile'];

export async function companyProfileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company-profile',
      config,
      schema: { tags, summary: '会社情報', response: { 200: dataOf(companyProfileDto) } },
    },
    async ({ ctx }) => ({
      data: await loadCompanyProfile(ctx),
    }),
  );

  companyRoute(
    r,
    {
      method: 'PUT',
      url: '/api/company-profile',
      config,
      schema: {
        tags,
        summary: '会社情報の更新',
        response: { 200: dataOf(companyProfileDto) },
        body: versioned(companyProfileInput),
      },
    },
    async ({ ctx, req }) => {
      return { data: await updateCompanyProfile({ ctx, input: req.body }) };
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/bank-info',
      config,
      schema: { tags, summary: '請求書に記載する振込先口座', response: { 200: dataOf(bankInfoDto) } },
    },
    async ({ ctx }) => {
      const data = await loadBankInfo(ctx);
      if (!data) throw notFound('振込先口座が登録されていません');
      return { data };
    },
  );

  for (const method of ['PUT', 'POST'] as const) {
    companyRoute(
      r,
      {
        method,
        url: '/api/company/bank-info',
        config,
        schema: {
          tags,
          summary: '振込先口座の登録・更新',
          response: { 200: dataOf(bankInfoDto) },
          body: versioned(bankInfoInput),
        },
      },
      async ({ ctx, req }) => {
        return { data: await saveBankInfo({ ctx, input: req.body }) };
      },
    );
  }
}
