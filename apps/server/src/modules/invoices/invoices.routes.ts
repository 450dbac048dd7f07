import {
  companyIdQuery,
  dataOf,
  idParams,
  invoiceDto,
  invoiceInput,
  invoiceListQuery,
  pageOf,
  versioned,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.js';
import { fileResponse } from '../../lib/responses.js';
import { sendFile } from '../../lib/send-file.js';
import { companyRoute } from '../../lib/tenant-route.js';
import type { RouteAccess } from '../../plugins/auth.js';
import { correctInvoice, createInvoice, updateInvoice } from './invoice-actions.js';
import { issueInvoice } from './invoice-issue-actions.js';
import { invoiceMailRoutes } from './invoice-mail.routes.js';
import { listInvoices, loadInvoice } from './invoices.queries.js';

/** Invoices belong to 受注取引管理: transactions.index; admins read them with companies.index. */
const config = {
  access: {
    roles: ['company', 'employee', 'admin'],
    permission: 'transactions.index',
    adminPermission: 'companies.index',
  } satisfies RouteAccess,
};
const tags = ['invoices'];
const LIST = '/api/invoices';
export async function invoiceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  companyRoute(
    r,
    {
      method: 'GET',
      url: LIST,
      config,
      schema: { tags, summary: '請求書の一覧', querystring: invoiceListQuery, response: { 200: pageOf(invoiceDto) } },
    },
    async ({ ctx, req }) => listInvoices(ctx, req.query),
  );
  companyRoute(
    r,
    {
      method: 'POST',
      url: LIST,
      config,
      schema: { tags, summary: '請求書（下書き）の作成', body: invoiceInput, response: { 201: dataOf(invoiceDto) } },
    },
    async ({ ctx, req, reply }) => reply.status(201).send({ data: await createInvoice({ ctx, input: req.body }) }),
  );
  companyRoute(
    r,
    {
      method: 'GET',
      url: `${LIST}/:id`,
      config,
      schema: {
        tags,
        summary: '請求書の詳細',
        params: idParams,
        querystring: companyIdQuery,
        response: { 200: dataOf(invoiceDto) },
      },
    },
    async ({ ctx, req }) => {
      const data = await loadInvoice(ctx, req.params.id);
      if (!data) throw notFound('請求書が見つかりません');
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
        summary: '請求書（下書き）の更新',
        params: idParams,
        body: versioned(invoiceInput),
        response: { 200: dataOf(invoiceDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await updateInvoice({ ctx, input: { ...req.body, id: req.params.id } }) }),
  );
  companyRoute(
    r,
    {
      method: 'POST',
      url: `${LIST}/:id/issue`,
      config,
      schema: { tags, summary: '請求書の発行', params: idParams, response: { 200: dataOf(invoiceDto) } },
    },
    async ({ ctx, req }) => ({ data: await issueInvoice({ ctx, input: { id: req.params.id } }) }),
  );
  invoiceMailRoutes(r, { config, tags, list: LIST });
  companyRoute(
    r,
    {
      method: 'POST',
      url: `${LIST}/:id/correct`,
      config,
      schema: {
        tags,
        summary: '請求書の訂正（差し替える下書きを作成）',
        params: idParams,
        response: { 201: dataOf(invoiceDto) },
      },
    },
    async ({ ctx, req, reply }) =>
      reply.status(201).send({ data: await correctInvoice({ ctx, input: { id: req.params.id } }) }),
  );
  companyRoute(
    r,
    {
      method: 'GET',
      url: `${LIST}/:id/pdf`,
      config,
      schema: {
        tags,
        summary: '請求書のPDF（A4）',
        params: idParams,
        querystring: companyIdQuery,
        response: { 200: fileResponse(['application/pdf'], '請求書のPDF') },
      },
    },
    async ({ ctx, req, reply }) => {
      const invoice = await loadInvoice(ctx, req.params.id);
      if (!invoice) throw notFound('請求書が見つかりません');
      // the PDF code (pdf-lib, fontkit) loads on the first PDF, not at start (ADR 0025)
      const { invoicePdf } = await import('./invoice-pdf.js');
      const pdf = await invoicePdf(ctx, invoice);
      return sendFile(reply, pdf, {
        type: 'application/pdf',
        name: `請求書_${invoice.number}.pdf`,
        fallback: `invoice-${invoice.number}.pdf`,
      });
    },
  );
}
