import {
  consumptionTaxComputeInput,
  consumptionTaxFillDto,
  consumptionTaxFillInput,
  consumptionTaxPostEntryInput,
  consumptionTaxResultDto,
  consumptionTaxReturnDto,
  consumptionTaxSaveInput,
  consumptionTaxSettingsDto,
  consumptionTaxSettingsInput,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../plugins/auth.js';
import { fiscalYearReturnRoutes } from '../tax-returns/fiscal-year-return.routes.js';
import { computeOr422, loadConsumptionTaxSettings } from './consumption-tax.queries.js';
import {
  fillConsumptionTaxReturn,
  loadConsumptionTaxReturn,
  postConsumptionTaxEntry,
  saveConsumptionTaxReturn,
  saveConsumptionTaxSettings,
} from './consumption-tax-actions.js';

/** 消費税の申告 (issue 27): under 確定申告書の作成・出力, the same permission as the corporate-tax return. */
const config: { access: RouteAccess } = {
  access: { roles: ['company'], permission: 'preparation-of-tax-return.index' },
};
const tags = ['consumption-tax-returns'];
export async function consumptionTaxRoutes(app: FastifyInstance) {
  fiscalYearReturnRoutes(app.withTypeProvider<ZodTypeProvider>(), {
    config,
    tags,
    base: '/api/company/consumption-tax-returns',
    settingsUrl: '/api/company/consumption-tax-settings',
    dto: consumptionTaxReturnDto,
    compute: {
      summary: '消費税の申告書（第一表）の計算（保存はしません。認められない方式は 422）',
      body: consumptionTaxComputeInput,
      response: consumptionTaxResultDto,
      run: computeOr422,
    },
    settings: {
      getSummary: '消費税の設定（課税方式・計算方法）',
      putSummary: '消費税の設定の保存（updated_at が古いと 409）',
      body: consumptionTaxSettingsInput,
      response: consumptionTaxSettingsDto,
      load: loadConsumptionTaxSettings,
      save: saveConsumptionTaxSettings,
    },
    load: {
      summary: '消費税の申告書（会計年度ごとの下書き・計算・方式の比較）',
      run: loadConsumptionTaxReturn,
    },
    save: {
      summary: '消費税の申告書の保存（updated_at が古いと 409、認められない方式は 422）',
      body: consumptionTaxSaveInput,
      run: (ctx, fiscal_year_id, body) => saveConsumptionTaxReturn({ ctx, input: { ...body, fiscal_year_id } }),
    },
    fill: {
      summary: '帳簿から作成（税区分ごとの仕訳・発行した請求書・受け取った書類から。各金額の根拠つき）',
      body: consumptionTaxFillInput.optional(),
      response: consumptionTaxReturnDto.extend(consumptionTaxFillDto.shape),
      run: (ctx, fiscal_year_id, body) =>
        fillConsumptionTaxReturn({ ctx, input: { fiscal_year_id, updated_at: body?.updated_at } }),
    },
    postEntry: {
      summary: '消費税等の精算仕訳（仮受消費税等・仮払消費税等 → 未払消費税等）を計上（確認のうえ）',
      body: consumptionTaxPostEntryInput,
      run: (ctx, fiscal_year_id, body) => postConsumptionTaxEntry({ ctx, input: { ...body, fiscal_year_id } }),
    },
  });
}
