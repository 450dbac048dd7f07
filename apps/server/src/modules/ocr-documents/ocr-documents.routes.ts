import {
  apiErrorDto,
  companyIdQuery,
  dataOf,
  duplicateConflictDto,
  idParams,
  MAX_OCR_FILE_BYTES,
  MAX_OCR_FILES_PER_REQUEST,
  type OcrDocumentDetail,
  ocrConfirmInput,
  ocrCorrectionInput,
  ocrDocumentDetailDto,
  ocrDocumentDto,
  ocrDocumentListQuery,
  pageOf,
  updatedAtField,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CompanyCtx } from '../../lib/context.js';
import { registerFileSource, signFileLink } from '../../lib/file-links.js';
import { notFound } from '../../lib/http-errors.js';
import { companyRoute } from '../../lib/tenant-route.js';
import { readUploads } from '../../lib/uploads.js';
import { adminReadable } from '../../plugins/auth.js';
import {
  confirmOcrDocument,
  correctOcrDocument,
  retryOcrDocument,
  uploadOcrDocuments,
} from './ocr-document-actions.js';
import {
  findOcrDocument,
  listOcrDocuments,
  matchSupplier,
  OCR_NOT_FOUND,
  type OcrRow,
  ocrLinkedFile,
  ocrPagesOf,
  suggestAccount,
  toOcrDocument,
  wordsOf,
} from './ocr-documents.queries.js';
import { OCR_QUEUE, type OcrJobData, runOcrJob } from './ocr-job.js';

/** Company users with ocr-documents.index (a domain permission); admins read with companies.index. */
const config = { access: adminReadable('ocr-documents.index') };
const tags = ['ocr-documents'];
const LIST = '/api/ocr-documents';
/** Signed links (lib/file-links.ts): file id = document id × 100 + page (0 = the original upload). */
export const OCR_LINK_KIND = 'ocr';

async function detail(ctx: CompanyCtx, row: OcrRow): Promise<OcrDocumentDetail> {
  const dto = toOcrDocument(row);
  const link = (page: number) =>
    signFileLink(ctx.deps, { kind: OCR_LINK_KIND, fileId: row.id * 100 + page, companyId: ctx.companyId });
  const pages = await Promise.all(
    ocrPagesOf(row).map(async (p) => ({
      page: p.page,
      width: p.width,
      height: p.height,
      image_url: await link(p.page),
    })),
  );
  const match = dto.status === 2 || dto.status === 4 ? await matchSupplier(ctx, dto.fields) : null;
  return {
    ...dto,
    pages,
    file_url: await link(0),
    text: row.text,
    words: wordsOf(row),
    supplier_match: match,
    suggested_account: dto.status === 2 ? await suggestAccount(ctx, match?.customer_id ?? null, row.text) : null,
  };
}

export async function ocrDocumentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const services = app.deps.ocr;

  // the jobs: one page at a time in this process (2 cores); on PostgreSQL every server process works
  const workers = services.workers ?? 1;
  if (workers > 0) {
    await app.deps.queue.work<OcrJobData>(OCR_QUEUE, (job) => runOcrJob(app.deps, services, job), {
      concurrency: workers,
    });
  }

  registerFileSource(OCR_LINK_KIND, ocrLinkedFile);

  companyRoute(
    r,
    {
      method: 'GET',
      url: LIST,
      config,
      schema: {
        tags,
        summary: 'OCR書類の一覧（状態 0 待機中・1 処理中・2 完了・3 失敗・4 登録済、進捗つき）',
        querystring: ocrDocumentListQuery,
        response: { 200: pageOf(ocrDocumentDto) },
      },
    },
    async ({ ctx, req }) => listOcrDocuments(ctx, req.query),
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: LIST,
      config,
      schema: {
        tags,
        summary: 'OCR書類のアップロード（field file・複数可、PNG/JPEG/PDF・各10MBまで）。1件ずつ読み取りジョブになる',
        consumes: ['multipart/form-data'],
        response: { 201: dataOf(z.array(ocrDocumentDto)) },
      },
    },
    async ({ ctx, req, reply }) => {
      const uploads = await readUploads(req, {
        maxBytes: MAX_OCR_FILE_BYTES,
        kinds: ['png', 'jpeg', 'pdf'],
        maxFiles: MAX_OCR_FILES_PER_REQUEST,
      });
      return reply.status(201).send({ data: await uploadOcrDocuments({ ctx, input: { uploads } }) });
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${LIST}/:id`,
      config,
      schema: {
        tags,
        summary: 'OCR書類の詳細（状態・進捗、ページ画像の署名付きリンク、認識文字と単語の位置・確信度、抽出項目）',
        params: idParams,
        querystring: companyIdQuery,
        response: { 200: dataOf(ocrDocumentDetailDto) },
      },
    },
    async ({ ctx, req }) => {
      const row = await findOcrDocument(ctx, req.params.id);
      if (!row) throw notFound(OCR_NOT_FOUND);
      return { data: await detail(ctx, row) };
    },
  );

  companyRoute(
    r,
    {
      method: 'PUT',
      url: `${LIST}/:id`,
      config,
      schema: {
        tags,
        summary: '読み取り結果の修正（updated_at が古いと409）',
        params: idParams,
        body: ocrCorrectionInput.extend({ updated_at: updatedAtField }),
        response: { 200: dataOf(ocrDocumentDto) },
      },
    },
    async ({ ctx, req }) => ({
      data: await correctOcrDocument({ ctx, input: { ...req.body, id: req.params.id } }),
    }),
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: `${LIST}/:id/confirm`,
      config,
      schema: {
        tags,
        summary:
          '確定: 発注取引（元ファイルを第1版に）と仕訳を登録し、登録済にする（updated_at が古いと409、無いと422）',
        params: idParams,
        body: ocrConfirmInput.extend({ updated_at: updatedAtField }),
        // 409: stale updated_at, or the document is registered already (duplicate_of, confirm_duplicate)
        response: { 200: dataOf(ocrDocumentDto), 409: duplicateConflictDto, '4xx': apiErrorDto },
      },
    },
    async ({ ctx, req }) => ({
      data: await confirmOcrDocument({ ctx, input: { ...req.body, id: req.params.id } }),
    }),
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: `${LIST}/:id/retry`,
      config,
      schema: {
        tags,
        summary: '失敗したOCR書類の再実行',
        params: idParams,
        response: { 200: dataOf(ocrDocumentDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await retryOcrDocument({ ctx, input: { id: req.params.id } }) }),
  );
}
