import {
  agingDto,
  agingQuery,
  collectionsDto,
  collectionsQuery,
  companyIdQuery,
  dataOf,
  idParams,
  noContentDto,
  openItemsDto,
  openItemsQuery,
  pageOf,
  payablesDto,
  payablesQuery,
  paymentDto,
  paymentInput,
  paymentListQuery,
  shortPaymentInput,
  versioned,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.js';
import { companyRoute, type ZodApp } from '../../lib/tenant-route.js';
import type { RouteAccess } from '../../plugins/auth.js';
import { sendTable } from '../accounting/statement-files.js';
import { createPayment, deletePayment, settleShortPayment, updatePayment } from './payment-actions.js';
import {
  agingReport,
  agingTable,
  collectionsReport,
  collectionsTable,
  companyName,
  payablesReport,
  payablesTable,
} from './payment-reports.js';
import { listPayments, loadPayment, openItems, suggestedFee } from './payments.queries.js';

/** Company users with payment-management.index; admins read a company's payments with companies.index. */
const config = {
  access: {
    roles: ['company', 'employee', 'admin'],
    permission: 'payment-management.index',
    adminPermission: 'companies.index',
  } satisfies RouteAccess,
};
const tags = ['payments'];
const LIST = '/api/payments';
const REPORTS = '/api/payment-reports';

export async function paymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  paymentListRoutes(r);
  paymentRecordRoutes(r);
  paymentReportRoutes(r);
}

/** 入金・支払の一覧・登録と、消込の候補（未消込の書類）。 */
function paymentListRoutes(r: ZodApp) {
  companyRoute(
    r,
    {
      method: 'GET',
      url: LIST,
      config,
      schema: {
        tags,
        summary: '入金・支払の一覧',
        querystring: paymentListQuery,
        response: { 200: pageOf(paymentDto) },
      },
    },
    async ({ ctx, req }) => listPayments(ctx, req.query),
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: LIST,
      config,
      schema: {
        tags,
        summary: '入金・支払の登録（消込と仕訳）',
        body: paymentInput,
        response: { 201: dataOf(paymentDto) },
      },
    },
    async ({ ctx, req, reply }) => reply.status(201).send({ data: await createPayment({ ctx, input: req.body }) }),
  );

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
    async ({ ctx, req }) => {
      const items = await openItems(ctx, req.query);
      const by = new Map<number, { customer_id: number; customer_name: string; count: number; remaining: number }>();
      for (const it of items) {
        const g = by.get(it.customer_id) ?? {
          customer_id: it.customer_id,
          customer_name: it.customer_name,
          count: 0,
          remaining: 0,
        };
        g.count++;
        g.remaining += it.remaining;
        by.set(it.customer_id, g);
      }
      return {
        data: {
          items: req.query.customer_id !== undefined ? items : items.slice(0, 500),
          suggested_fee:
            req.query.customer_id !== undefined && req.query.direction === 'in'
              ? await suggestedFee(ctx, req.query.customer_id)
              : null,
          by_customer: [...by.values()].sort((a, b) => b.remaining - a.remaining),
        },
      };
    },
  );
}

/** 1件の入金・支払: 詳細・更新・入金不足の精算・削除。 */
function paymentRecordRoutes(r: ZodApp) {
  companyRoute(
    r,
    {
      method: 'GET',
      url: `${LIST}/:id`,
      config,
      schema: {
        tags,
        summary: '入金・支払の詳細',
        params: idParams,
        querystring: companyIdQuery,
        response: { 200: dataOf(paymentDto) },
      },
    },
    async ({ ctx, req }) => {
      const data = await loadPayment(ctx, req.params.id);
      if (!data) throw notFound('入出金が見つかりません');
      return { data };
    },
  );

  companyRoute(
    r,
    {
      method: ['PUT', 'PATCH'],
      url: `${LIST}/:id`,
      config,
      schema: {
        tags,
        summary: '入金・支払の更新（消込と仕訳を差し替え）',
        params: idParams,
        body: versioned(paymentInput),
        response: { 200: dataOf(paymentDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await updatePayment({ ctx, input: { ...req.body, id: req.params.id } }) }),
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

  companyRoute(
    r,
    {
      method: 'DELETE',
      url: `${LIST}/:id`,
      config,
      schema: {
        tags,
        summary: '入金・支払の削除（仕訳は取消、書類は未入金に）',
        params: idParams,
        response: { 204: noContentDto },
      },
    },
    async ({ ctx, req, reply }) => {
      await deletePayment({ ctx, input: { id: req.params.id } });
      return reply.status(204).send();
    },
  );
}

/** 売掛金年齢表・回収実績・支払予定表（JSON、または CSV / PDF）。 */
function paymentReportRoutes(r: ZodApp) {
  companyRoute(
    r,
    {
      method: 'GET',
      url: `${REPORTS}/aging`,
      config,
      schema: {
        tags,
        summary: '売掛金年齢表（format=csv / pdf はファイル）',
        querystring: agingQuery,
        response: { 200: dataOf(agingDto).describe('format=json の答え（format=csv / pdf はファイル）') },
      },
    },
    async ({ ctx, req, reply }) => {
      const data = await agingReport(ctx, req.query);
      if (req.query.format === 'json') return { data };
      return sendTable(
        reply,
        req.query.format,
        `売掛金年齢表_${data.date}`,
        agingTable(data, await companyName(ctx)),
        req.query.encoding,
      );
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${REPORTS}/collections`,
      config,
      schema: {
        tags,
        summary: '回収実績（月別の請求額と回収額）',
        querystring: collectionsQuery,
        response: { 200: dataOf(collectionsDto).describe('format=json の答え（format=csv / pdf はファイル）') },
      },
    },
    async ({ ctx, req, reply }) => {
      const data = await collectionsReport(ctx, req.query);
      if (req.query.format === 'json') return { data };
      return sendTable(
        reply,
        req.query.format,
        '回収実績',
        collectionsTable(data, await companyName(ctx)),
        req.query.encoding,
      );
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${REPORTS}/payables`,
      config,
      schema: {
        tags,
        summary: '支払予定表（週別・月別）',
        querystring: payablesQuery,
        response: { 200: dataOf(payablesDto).describe('format=json の答え（format=csv / pdf はファイル）') },
      },
    },
    async ({ ctx, req, reply }) => {
      const data = await payablesReport(ctx, req.query);
      if (req.query.format === 'json') return { data };
      return sendTable(
        reply,
        req.query.format,
        `支払予定表_${data.date}`,
        payablesTable(data, await companyName(ctx)),
        req.query.encoding,
      );
    },
  );
}
