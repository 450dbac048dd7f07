import {
  bankConfirmInput,
  bankConfirmResultDto,
  bankRowEditDto,
  bankRowEditInput,
  dataOf,
  idField,
  idParam,
  versioned,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { companyRoute } from '../../../lib/tenant-route.js';
import { confirmRows } from '../confirm.js';
import { setRowsIgnored } from '../review.js';
import { editRow } from '../row-edits.js';
import { config, idParams, tags } from './shared.js';

/** 明細の行: confirm, 対象外, a person's edit of one row. */
export function rowRoutes(r: FastifyInstance) {
  const BS = '/api/bank-statements';
  companyRoute(
    r,
    {
      method: 'POST',
      url: `${BS}/:id/confirm`,
      config,
      schema: {
        tags,
        summary: '明細の一括確定（1行ごとに1つの仕訳）',
        params: idParams,
        body: bankConfirmInput,
        response: { 200: dataOf(bankConfirmResultDto) },
      },
    },
    async ({ ctx, req }) => ({
      data: await confirmRows({ ctx, input: { importId: req.params.id, rows: req.body.rows } }),
    }),
  );
  companyRoute(
    r,
    {
      method: 'POST',
      url: `${BS}/:id/ignore`,
      config,
      schema: {
        tags,
        summary: '明細を対象外にする（ignored=false で戻す）',
        params: idParams,
        body: z.object({
          ids: z.array(idField('明細'), { error: '明細を選択してください' }).max(500).default([]),
          ignored: z.boolean().default(true),
        }),
        response: { 200: dataOf(z.object({ updated: z.number().int() })) },
      },
    },
    async ({ ctx, req }) => ({
      data: { updated: await setRowsIgnored({ ctx, input: { importId: req.params.id, ...req.body } }) },
    }),
  );

  companyRoute(
    r,
    {
      method: 'PUT',
      url: `${BS}/:id/rows/:row_id`,
      config,
      schema: {
        tags,
        summary: '確定前の明細の勘定科目・税区分・摘要の変更（account_id を null にすると候補に戻す）',
        params: z.object({
          id: idParam,
          row_id: idParam,
        }),
        body: versioned(bankRowEditInput),
        response: { 200: dataOf(bankRowEditDto) },
      },
    },
    async ({ ctx, req }) => ({
      data: await editRow({ ctx, input: { ...req.body, importId: req.params.id, rowId: req.params.row_id } }),
    }),
  );
}
