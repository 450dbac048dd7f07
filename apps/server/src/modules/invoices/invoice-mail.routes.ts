import {
  companyIdQuery,
  dataOf,
  idParams,
  invoiceDto,
  invoiceMailTemplateDto,
  invoiceMailTemplateInput,
  invoicePaymentDto,
  invoiceSendInput,
} from '@chobo/core';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors.js';
import { companyRoute, type ZodApp } from '../../lib/tenant-route.js';
import type { RouteAccess } from '../../plugins/auth.js';
import { loadInvoiceMailTemplate, saveInvoiceMailTemplate, sendInvoice } from './invoice-mail-actions.js';
import { findInvoice, invoicePayments } from './invoices.queries.js';

/**
 * The invoice's mail (POST …/:id/send, the specification's call, with optional cc, bcc, subject and body), the
 * company's 請求書メールのひな形, and the invoice's 入金履歴.
 */
export function invoiceMailRoutes(
  r: ZodApp,
  { config, tags, list }: { config: { access: RouteAccess }; tags: string[]; list: string },
) {
  companyRoute(
    r,
    {
      method: 'POST',
      url: `${list}/:id/send`,
      config,
      schema: {
        tags,
        summary: '請求書をメールで送付（PDF添付・CC/BCC・件名と本文はひな形から）',
        params: idParams,
        body: invoiceSendInput,
        response: { 200: dataOf(invoiceDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await sendInvoice({ ctx, input: { ...req.body, id: req.params.id } }) }),
  );
  companyRoute(
    r,
    {
      method: 'GET',
      url: `${list}/:id/payments`,
      config,
      schema: {
        tags,
        summary: '請求書の入金履歴（消し込まれた入金）',
        params: idParams,
        querystring: companyIdQuery,
        response: { 200: dataOf(z.array(invoicePaymentDto)) },
      },
    },
    async ({ ctx, req }) => {
      if (!(await findInvoice(ctx, req.params.id))) throw notFound('請求書が見つかりません');
      return { data: await invoicePayments(ctx, req.params.id) };
    },
  );
  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/invoice-mail-template',
      config,
      schema: {
        tags,
        summary: '請求書メールのひな形（件名・本文、差し込み項目つき）',
        querystring: companyIdQuery,
        response: { 200: dataOf(invoiceMailTemplateDto) },
      },
    },
    async ({ ctx }) => ({ data: await loadInvoiceMailTemplate(ctx) }),
  );
  companyRoute(
    r,
    {
      method: 'PUT',
      url: '/api/company/invoice-mail-template',
      config,
      schema: {
        tags,
        summary: '請求書メールのひな形の保存',
        body: invoiceMailTemplateInput,
        response: { 200: dataOf(invoiceMailTemplateDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await saveInvoiceMailTemplate({ ctx, input: req.body }) }),
  );
}
