import { companyIdQuery, dataOf, idParams, invoiceDto, invoiceInput, invoiceListQuery } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes.js';
import { notFound } from '../../lib/http-errors.js';
import { fileResponse } from '../../lib/responses.js';
import { sendFile } from '../../lib/send-file.js';
import { companyRoute } from '../../lib/tenant-route.js';
import { adminReadable } from '../../plugins/auth.js';
import { correctInvoice, createInvoice, updateInvoice } from './invoice-actions.js';
import { issueInvoice } from './invoice-issue-actions.js';
import { invoiceMailRoutes } from './invoice-mail.routes.js';
import { invoiceUbl } from './invoice-ubl.js';
import { listInvoices, loadInvoice } from './invoices.queries.js';

/** Invoices belong to 受注取引管理: transactions.index; admins read them with companies.index. */
const config = { access: adminReadable('transactions.index') };
const tags = ['invoices'];
const LIST = '/api/invoices';
const NOT_FOUND = '請求書が見つかりません';

export async function invoiceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  crudRoutes(r, {
    scope: 'company',
    url: LIST,
    config,
    tags,
    input: invoiceInput,
    dto: invoiceDto,
    notFound: NOT_FOUND,
    summaries: ['請求書の一覧', '請求書（下書き）の作成', '請求書の詳細', '請求書（下書き）の更新'],
    list: { query: invoiceListQuery, run: ({ ctx, query }) => listInvoices(ctx, query) },
    adminReads: true,
    create: createInvoice,
    load: loadInvoice,
    update: updateInvoice,
  });
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
      if (!invoice) throw notFound(NOT_FOUND);
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

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${LIST}/:id/ubl`,
      config,
      schema: {
        tags,
        summary: '請求書の電子インボイス（JP PINT・UBL 2.1 XML）',
        params: idParams,
        querystring: companyIdQuery,
        response: { 200: fileResponse(['application/xml'], '請求書の電子インボイス（XML）') },
      },
    },
    async ({ ctx, req, reply }) => {
      const invoice = await loadInvoice(ctx, req.params.id);
      if (!invoice) throw notFound(NOT_FOUND);
      return sendFile(reply, await invoiceUbl(ctx, invoice), {
        type: 'application/xml; charset=utf-8',
        name: `請求書_${invoice.number}.xml`,
        fallback: `invoice-${invoice.number}.xml`,
      });
    },
  );
}
