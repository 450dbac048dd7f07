import {
  dataOf,
  idParams,
  transferSettingsDto,
  transferSettingsInput,
  zenginBankCodeParam,
  zenginEntryDto,
  zenginLookupQuery,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors.js';
import { companyRoute } from '../../lib/tenant-route.js';
import { searchBanks, searchBranches } from '../../lib/zengin-banks.js';
import { BANK_ACCOUNT_NOT_FOUND } from '../bank-statements/bank-accounts.js';
import { config as bankConfig } from '../bank-statements/routes/shared.js';
import { loadTransferSettings, updateTransferSettings } from './transfer-settings.js';

const SIGNED_IN = { access: {} } as const;
const tags = ['zengin'];

/** The 全銀 bank and branch lookups (any signed-in user) and a bank account's transfer settings. */
export async function zenginRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/zengin/banks',
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: '金融機関の検索（全銀 金融機関コード。q: コードの先頭・名称・カナ）',
        querystring: zenginLookupQuery,
        response: { 200: dataOf(z.array(zenginEntryDto)) },
      },
    },
    async (req) => ({ data: await searchBanks(req.query.q, req.query.limit) }),
  );
  r.get(
    '/api/zengin/banks/:code/branches',
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: '支店の検索（全銀 支店コード。q: コードの先頭・名称・カナ）',
        params: zenginBankCodeParam,
        querystring: zenginLookupQuery,
        response: { 200: dataOf(z.array(zenginEntryDto)) },
      },
    },
    async (req) => {
      const branches = await searchBranches(req.params.code, req.query.q, req.query.limit);
      if (!branches) throw notFound('金融機関が見つかりません');
      return { data: branches };
    },
  );

  const url = '/api/company/bank-accounts/:id/transfer-settings';
  companyRoute(
    r,
    {
      method: 'GET',
      url,
      config: bankConfig,
      schema: {
        tags,
        summary: '銀行口座の振込設定（振込依頼人コード・依頼人名・先方負担の手数料）',
        params: idParams,
        response: { 200: dataOf(transferSettingsDto) },
      },
    },
    async ({ ctx, req }) => {
      const settings = await loadTransferSettings(ctx, req.params.id);
      if (!settings) throw notFound(BANK_ACCOUNT_NOT_FOUND);
      return { data: settings };
    },
  );
  companyRoute(
    r,
    {
      method: 'PUT',
      url,
      config: bankConfig,
      schema: {
        tags,
        summary: '銀行口座の振込設定の更新',
        params: idParams,
        body: transferSettingsInput,
        response: { 200: dataOf(transferSettingsDto) },
      },
    },
    async ({ ctx, req }) => ({
      data: await updateTransferSettings({ ctx, input: { ...req.body, id: req.params.id } }),
    }),
  );
}
