import {
  computeTaxReturn,
  idField,
  taxReturnComputeDto,
  taxReturnComputeInput,
  taxReturnDto,
  taxReturnFillInput,
  taxReturnPostEntryInput,
  taxReturnSaveInput,
  taxReturnSettingsDto,
  taxReturnSettingsInput,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../lib/responses.js';
import { sendFile } from '../../lib/send-file.js';
import { companyRoute } from '../../lib/tenant-route.js';
import type { RouteAccess } from '../../plugins/auth.js';
import { consumptionTaxPdfRoute } from './consumption-tax-pdf.routes.js';
import { fiscalYearReturnRoutes } from './fiscal-year-return.routes.js';
import {
  fillTaxReturn,
  loadTaxReturn,
  postTaxEntry,
  saveTaxReturn,
  saveTaxReturnSettings,
} from './tax-return-actions.js';
import { loadLocalRates } from './tax-returns.queries.js';

/** 確定申告書の作成・出力: the company's owner with `preparation-of-tax-return.index` (docs/product/SPEC.md §2). */
const config: { access: RouteAccess } = {
  access: { roles: ['company'], permission: 'preparation-of-tax-return.index' },
};
const tags = ['tax-returns'];
const BASE = '/api/company/tax-returns';
const params = z.object({
  fiscal_year_id: idField('会計年度', '会計年度を指定してください'),
});

export async function taxReturnRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  fiscalYearReturnRoutes(r, {
    config,
    tags,
    base: BASE,
    settingsUrl: '/api/company/tax-return-settings',
    dto: taxReturnDto,
    compute: {
      summary: '別表一 1〜44行の計算（申告書の保存はしません）',
      body: taxReturnComputeInput,
      response: taxReturnComputeDto,
      run: (body) => computeTaxReturn(body),
    },
    settings: {
      getSummary: '法人住民税・事業税の見積もり税率',
      putSummary: '法人住民税・事業税の見積もり税率の保存',
      body: taxReturnSettingsInput,
      response: taxReturnSettingsDto,
      load: loadLocalRates,
      save: saveTaxReturnSettings,
    },
    load: { summary: '確定申告書（会計年度ごとの下書き）', run: loadTaxReturn },
    save: {
      summary: '確定申告書の保存（updated_at が古いと 409）',
      body: taxReturnSaveInput,
      run: (ctx, fiscal_year_id, body) => saveTaxReturn({ ctx, input: { ...body, fiscal_year_id } }),
    },
    fill: {
      summary: '帳簿から作成（会社情報・和暦の事業年度・税引前当期純利益から計算）',
      body: taxReturnFillInput.optional(),
      run: (ctx, fiscal_year_id, body) =>
        fillTaxReturn({ ctx, input: { fiscal_year_id, clear_overrides: body?.clear_overrides } }),
    },
    postEntry: {
      summary: '法人税、住民税及び事業税 / 未払法人税等 の仕訳を計上（確認のうえ）',
      body: taxReturnPostEntryInput,
      run: (ctx, fiscal_year_id, body) => postTaxEntry({ ctx, input: { ...body, fiscal_year_id } }),
    },
  });

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${BASE}/:fiscal_year_id/pdf`,
      config,
      schema: {
        tags,
        summary: '確定申告書（別表一）のPDF（A4）',
        params,
        response: { 200: fileResponse(['application/pdf'], '確定申告書のPDF') },
      },
    },
    async ({ ctx, req, reply }) => {
      const data = await loadTaxReturn(ctx, req.params.fiscal_year_id);
      // the PDF code (pdf-lib, fontkit) loads on the first PDF, not at start (ADR 0025)
      const { taxReturnPdf } = await import('./tax-return-pdf.js');
      const pdf = await taxReturnPdf(data);
      const name = `確定申告書_別表一_${data.fiscal_year.end_date}.pdf`;
      return sendFile(reply, pdf, {
        type: 'application/pdf',
        name,
        fallback: `tax-return-${data.fiscal_year.end_date}.pdf`,
      });
    },
  );

  // 消費税の確定申告書 PDF (issue 27): the same permission as the 法人税 return's
  consumptionTaxPdfRoute(r, config);
}
