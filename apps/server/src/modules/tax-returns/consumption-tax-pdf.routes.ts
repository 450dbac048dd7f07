import { idField } from '@chobo/core';
import { z } from 'zod';
import { fileResponse } from '../../lib/responses.js';
import { sendFile } from '../../lib/send-file.js';
import { companyRoute, type ZodApp } from '../../lib/tenant-route.js';
import type { RouteAccess } from '../../plugins/auth.js';
import { consumptionTaxPdfData } from './consumption-tax-pdf-data.js';

const params = z.object({ fiscal_year_id: idField('会計年度', '会計年度を指定してください') });

/**
 * GET /api/company/consumption-tax-returns/{fiscal_year_id}/pdf (issue 27): 第一表, 第二表 and the 付表 of the
 * stored draft's method, as printed (A4). Registered beside the 法人税 return's routes.
 */
export function consumptionTaxPdfRoute(r: ZodApp, config: { access: RouteAccess }) {
  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/consumption-tax-returns/:fiscal_year_id/pdf',
      config,
      schema: {
        tags: ['consumption-tax'],
        summary: '消費税及び地方消費税の確定申告書（第一表・第二表・付表）のPDF（A4）',
        params,
        response: { 200: fileResponse(['application/pdf'], '消費税の確定申告書のPDF') },
      },
    },
    async ({ ctx, req, reply }) => {
      const { data, fiscalYear } = await consumptionTaxPdfData(ctx, req.params.fiscal_year_id);
      // pdf-lib and fontkit load on the first PDF, not at start (ADR 0025)
      const { consumptionTaxPdf } = await import('./consumption-tax-pdf.js');
      const pdf = await consumptionTaxPdf(data);
      return sendFile(reply, pdf, {
        type: 'application/pdf',
        name: `消費税申告書_${fiscalYear.end_date}.pdf`,
        fallback: `consumption-tax-return-${fiscalYear.end_date}.pdf`,
      });
    },
  );
}
