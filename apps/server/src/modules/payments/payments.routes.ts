import {
  agingDto,
  agingQuery,
  collectionsDto,
  collectionsQuery,
  dataOf,
  idParams,
  openItemsDto,
  openItemsQuery,
  payablesDto,
  payablesQuery,
  paymentDto,
  paymentInput,
  paymentListQuery,
  shortPaymentInput,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { CompanyCtx } from '../../lib/context.js';
import { crudRoutes } from '../../lib/crud-routes.js';
import { companyRoute, type ZodApp } from '../../lib/tenant-route.js';
import { adminReadable } from '../../plugins/auth.js';
import { type ExportTable, sendTable } from '../accounting/statement-files.js';
import { companyName } from '../company-profile/company.queries.js';
import { createPayment, deletePayment, settleShortPayment, updatePayment } from './payment-actions.js';
import {
  agingReport,
  agingTable,
  collectionsReport,
  collectionsTable,
  payablesReport,
  payablesTable,
} from './payment-reports.js';
import { listPayments, loadPayment, openItemsAnswer } from './payments.queries.js';

/** Company users with payment-management.index; admins read a company's payments with companies.index. */
const config = { access: adminReadable('payment-management.index') };
const tags = ['payments'];
const LIST = '/api/payments';
const REPORTS = '/api/payment-reports';

export async function paymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  crudRoutes(r, {
    scope: 'company',
    url: LIST,
    config,
    tags,
    input: paymentInput,
    dto: paymentDto,
    notFound: '入出金が見つかりません',
    summaries: [
      '入金・支払の一覧',
      '入金・支払の登録（消込と仕訳）',
      '入金・支払の詳細',
      '入金・支払の更新（消込と仕訳を差し替え）',
      '入金・支払の削除（仕訳は取消、書類は未入金に）',
    ],
    list: { query: paymentListQuery, run: ({ ctx, query }) => listPayments(ctx, query) },
    adminReads: true,
    create: createPayment,
    load: loadPayment,
    update: updatePayment,
    remove: deletePayment,
    more: () => paymentMoreRoutes(r),
  });
  paymentReportRoutes(r);
}

/** 消込の候補（未消込の書類）と入金不足の精算。 */
function paymentMoreRoutes(r: ZodApp) {
  companyRoute(
    r,
    {
      method: 'GET',
      url: `${LIST}/open-items`,
      config,
      schema: {
        tags,
        summary: '取引先の未消込の書類（残額、古い順）と通常の振込手数料',
        querystring: openItemsQuery,
        response: { 200: dataOf(openItemsDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await openItemsAnswer(ctx, req.query) }),
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: `${LIST}/:id/short-payment`,
      config,
      schema: {
        tags,
        summary: '入金不足の精算（差額を支払手数料として計上し、書類を入金済に）',
        params: idParams,
        body: shortPaymentInput,
        response: { 200: dataOf(paymentDto) },
      },
    },
    async ({ ctx, req }) => ({
      data: await settleShortPayment({ ctx, input: { ...req.body, id: req.params.id } }),
    }),
  );
}

/** A payment report: JSON (`format=json`), or its table as CSV / PDF. */
function reportRoute<Q extends z.ZodType<{ format: 'json' | 'csv' | 'pdf'; encoding?: 'utf8' | 'sjis' }>, T>(
  r: ZodApp,
  spec: {
    path: string;
    summary: string;
    query: Q;
    dto: z.ZodType;
    report(ctx: CompanyCtx, q: z.output<Q>): Promise<T>;
    title(data: T): string;
    table(data: T, company: string): ExportTable;
  },
) {
  companyRoute(
    r,
    {
      method: 'GET',
      url: `${REPORTS}/${spec.path}`,
      config,
      schema: {
        tags,
        summary: spec.summary,
        querystring: spec.query,
        response: { 200: dataOf(spec.dto).describe('format=json の答え（format=csv / pdf はファイル）') },
      },
    },
    async ({ ctx, req, reply }) => {
      const q = req.query as z.output<Q>;
      const data = await spec.report(ctx, q);
      if (q.format === 'json') return { data };
      return sendTable(reply, q.format, spec.title(data), spec.table(data, await companyName(ctx)), q.encoding);
    },
  );
}

/** 売掛金年齢表・回収実績・支払予定表（JSON、または CSV / PDF）。 */
function paymentReportRoutes(r: ZodApp) {
  reportRoute(r, {
    path: 'aging',
    summary: '売掛金年齢表（format=csv / pdf はファイル）',
    query: agingQuery,
    dto: agingDto,
    report: agingReport,
    title: (data) => `売掛金年齢表_${data.date}`,
    table: agingTable,
  });
  reportRoute(r, {
    path: 'collections',
    summary: '回収実績（月別の請求額と回収額）',
    query: collectionsQuery,
    dto: collectionsDto,
    report: collectionsReport,
    title: () => '回収実績',
    table: collectionsTable,
  });
  reportRoute(r, {
    path: 'payables',
    summary: '支払予定表（週別・月別）',
    query: payablesQuery,
    dto: payablesDto,
    report: payablesReport,
    title: (data) => `支払予定表_${data.date}`,
    table: payablesTable,
  });
}
