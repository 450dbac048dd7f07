import { bankDryRunDto, bankImportDetailDto, bankImportDto, bankImportQuery, dataOf } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../../lib/http-errors.js';
import { fileResponse } from '../../../lib/responses.js';
import { companyRoute } from '../../../lib/tenant-route.js';
import { dryRun, importStatement } from '../import.js';
import { revertImport } from '../revert.js';
import { IMPORT_NOT_FOUND, importFile, listImports, loadImport, loadImportDetail } from '../review.js';

import { readImportForm } from './import-form.js';
import { config, idParams, tags } from './shared.js';

/** 取り込み: upload (dry run), history, one import with its rows, the kept file, revert. */
export function importRoutes(r: FastifyInstance) {
  const BS = '/api/bank-statements';
  companyRoute(
    r,
    {
      method: 'POST',
      url: BS,
      config,
      schema: {
        tags,
        summary: '取引明細ファイルの取り込み（?dry_run=1 で保存せずに確認）',
        consumes: ['multipart/form-data'],
        querystring: z.object({ dry_run: z.enum(['0', '1', 'true', 'false']).optional() }),
        response: { 200: dataOf(bankDryRunDto), 201: dataOf(bankImportDto), 202: dataOf(bankImportDto) },
      },
    },
    async ({ ctx, req, reply }) => {
      const form = await readImportForm(req);
      const dry = req.query.dry_run === '1' || req.query.dry_run === 'true';
      if (dry) return reply.code(200).send({ data: await dryRun(ctx, { ...form, dry_run: true }) });
      const data = await importStatement({ ctx, input: { ...form, dry_run: false } });
      return reply.code(data.status === 'processing' ? 202 : 201).send({ data });
    },
  );
  companyRoute(
    r,
    {
      method: 'GET',
      url: BS,
      config,
      schema: { tags, summary: '取り込み履歴', response: { 200: dataOf(z.array(bankImportDto)) } },
    },
    async ({ ctx }) => ({ data: await listImports(ctx) }),
  );
  companyRoute(
    r,
    {
      method: 'GET',
      url: `${BS}/:id`,
      config,
      schema: {
        tags,
        summary: '取り込んだ明細（行・候補・残高の照合）',
        params: idParams,
        querystring: bankImportQuery,
        response: { 200: dataOf(bankImportDetailDto) },
      },
    },
    async ({ ctx, req }) => {
      const data = await loadImportDetail(ctx, req.params.id, req.query);
      if (!data) throw notFound(IMPORT_NOT_FOUND);
      return { data };
    },
  );
  companyRoute(
    r,
    {
      method: 'GET',
      url: `${BS}/:id/file`,
      config,
      schema: {
        tags,
        summary: '取り込んだファイル（保存された原本）',
        params: idParams,
        response: { 200: fileResponse(['application/octet-stream'], '取り込んだ明細ファイル（原本のまま）') },
      },
    },
    async ({ ctx, req, reply }) => {
      const { bytes, file_name } = await importFile(ctx, req.params.id);
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header(
          'Content-Disposition',
          `attachment; filename="statement"; filename*=UTF-8''${encodeURIComponent(file_name)}`,
        )
        .send(bytes);
    },
  );
  companyRoute(
    r,
    {
      method: 'POST',
      url: `${BS}/:id/revert`,
      config,
      schema: {
        tags,
        summary: '取り込みの取り消し（明細とこの取り込みが作成した仕訳・入出金を削除、締めた期間は逆仕訳）',
        params: idParams,
        response: {
          200: dataOf(
            z.object({
              removed_rows: z.number().int(),
              withdrawn_entries: z.number().int(),
              /** rows linked to entries made elsewhere (not by this import): the link went, the entry stayed */
              kept_entries: z.number().int(),
              import: bankImportDto,
            }),
          ),
        },
      },
    },
    async ({ ctx, req }) => {
      const done = await revertImport({ ctx, input: { id: req.params.id } });
      return { data: { ...done, import: (await loadImport(ctx, req.params.id)) as z.infer<typeof bankImportDto> } };
    },
  );
}
