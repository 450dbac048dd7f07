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
  dataOf,
  idField,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyRoute } from '../../lib/tenant-route.js';
import type { RouteAccess } from '../../plugins/auth.js';
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
const BASE = '/api/company/consumption-tax-returns';
const params = z.object({
  fiscal_year_id: idField('会計年度', '会計年度を指定してください'),
});

export async function consumptionTaxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  companyRoute(
    r,
    {
      method: 'POST',
      url: `${BASE}/compute`,
      config,
      schema: {
        tags,
        summary: '消費税の申告書（第一表）の計算（保存はしません。認められない方式は 422）',
        body: consumptionTaxComputeInput,
        response: { 200: dataOf(consumptionTaxResultDto) },
      },
    },
    async ({ req }) => ({ data: computeOr422(req.body) }),
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/consumption-tax-settings',
      config,
      schema: {
        tags,
        summary: '消費税の設定（課税方式・計算方法）',
        response: { 200: dataOf(consumptionTaxSettingsDto) },
      },
    },
    async ({ ctx }) => ({ data: await loadConsumptionTaxSettings(ctx) }),
  );

  companyRoute(
    r,
    {
      method: 'PUT',
      url: '/api/company/consumption-tax-settings',
      config,
      schema: {
        tags,
        summary: '消費税の設定の保存（updated_at が古いと 409）',
        body: consumptionTaxSettingsInput,
        response: { 200: dataOf(consumptionTaxSettingsDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await saveConsumptionTaxSettings({ ctx, input: req.body }) }),
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${BASE}/:fiscal_year_id`,
      config,
      schema: {
        tags,
        summary: '消費税の申告書（会計年度ごとの下書き・計算・方式の比較）',
        params,
        response: { 200: dataOf(consumptionTaxReturnDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await loadConsumptionTaxReturn(ctx, req.params.fiscal_year_id) }),
  );

  companyRoute(
    r,
    {
      method: 'PUT',
      url: `${BASE}/:fiscal_year_id`,
      config,
      schema: {
        tags,
        summary: '消費税の申告書の保存（updated_at が古いと 409、認められない方式は 422）',
        params,
        body: consumptionTaxSaveInput,
        response: { 200: dataOf(consumptionTaxReturnDto) },
      },
    },
    async ({ ctx, req }) => ({
      data: await saveConsumptionTaxReturn({
        ctx,
        input: { ...req.body, fiscal_year_id: req.params.fiscal_year_id },
      }),
    }),
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: `${BASE}/:fiscal_year_id/fill`,
      config,
      schema: {
        tags,
        summary: '帳簿から作成（税区分ごとの仕訳・発行した請求書・受け取った書類から。各金額の根拠つき）',
        params,
        body: consumptionTaxFillInput.optional(),
        response: { 200: dataOf(consumptionTaxReturnDto.extend(consumptionTaxFillDto.shape)) },
      },
    },
    async ({ ctx, req }) => ({
      data: await fillConsumptionTaxReturn({
        ctx,
        input: { fiscal_year_id: req.params.fiscal_year_id, updated_at: req.body?.updated_at },
      }),
    }),
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: `${BASE}/:fiscal_year_id/post-entry`,
      config,
      schema: {
        tags,
        summary: '消費税等の精算仕訳（仮受消費税等・仮払消費税等 → 未払消費税等）を計上（確認のうえ）',
        params,
        body: consumptionTaxPostEntryInput,
        response: { 200: dataOf(consumptionTaxReturnDto) },
      },
    },
    async ({ ctx, req }) => ({
      data: await postConsumptionTaxEntry({
        ctx,
        input: { ...req.body, fiscal_year_id: req.params.fiscal_year_id },
      }),
    }),
  );
}
