import {
  apiErrorDto,
  companyIdQuery,
  dataOf,
  documentFileUploadDto,
  documentHistoryDto,
  duplicateConflictDto,
  einvoiceImportDto,
  fileLinkDto,
  idParam,
  idParams,
  MAX_DOCUMENT_FILE_BYTES,
  noContentDto,
  transactionDocumentDto,
  transactionDocumentInput,
  transactionDocumentListQuery,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';
import { registerFileSource, signFileLink } from '../../lib/file-links.js';
import { notFound } from '../../lib/http-errors.js';
import { companyRoute, type ZodApp } from '../../lib/tenant-route.js';
import { readMultipart, readUploads } from '../../lib/uploads.js';
import { adminReadable } from '../../plugins/auth.js';
import { importEInvoices, parseEInvoices } from './einvoice-import.js';
import {
  addDocumentFiles,
  createDocument,
  DOCUMENT_NOT_FOUND,
  deleteDocument,
  deleteDocumentFile,
  FILE_NOT_FOUND,
  updateDocument,
} from './transaction-document-actions.js';
import { indexCsv } from './transaction-document-index.js';
import {
  documentHistory,
  findDocument,
  findFile,
  linkedDocumentFile,
  listDocuments,
  loadDocument,
} from './transaction-documents.queries.js';

/** Company users with transaction-documents.index; admins read a company's documents with companies.index. */
const config = { access: adminReadable('transaction-documents.index') };
const tags = ['transaction-documents'];
const LIST = '/api/transaction-documents';
const MAX_FILES_PER_REQUEST = 10;
/** The kind of signed file links to document files (lib/file-links.ts). */
export const FILE_LINK_KIND = 'td';
const fileParams = z.object({ id: idParam, file_id: idParam });

export async function transactionDocumentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // signed links to a document's files: live versions of live documents of the company in the token
  registerFileSource(FILE_LINK_KIND, linkedDocumentFile);
  documentRoutes(r);
  einvoiceRoutes(r);
  documentFileRoutes(r);
}

/** 電子インボイス（JP PINT XML）の取込: one 発注取引 per file, the XML kept as its version 1. */
function einvoiceRoutes(r: ZodApp) {
  companyRoute(
    r,
    {
      method: 'POST',
      url: `${LIST}/ubl`,
      config,
      schema: {
        tags,
        summary:
          '電子インボイス（JP PINT・UBL 2.1 XML）の取込（field file・複数可、各10MBまで。XMLでない・UBLのInvoiceでないファイルは422で何も保存しない）',
        consumes: ['multipart/form-data'],
        response: { 201: dataOf(z.array(einvoiceImportDto)), 409: duplicateConflictDto, '4xx': apiErrorDto },
      },
    },
    async ({ ctx, req, reply }) => {
      const { files } = await readMultipart(req, {
        maxBytes: MAX_DOCUMENT_FILE_BYTES,
        maxFiles: MAX_FILES_PER_REQUEST,
      });
      const parsed = parseEInvoices(files);
      return reply.status(201).send({ data: await importEInvoices({ ctx, input: { files: parsed } }) });
    },
  );
}

/** 発注取引: 一覧・検索（索引簿 CSV）・登録・詳細・更新・削除。 */
function documentRoutes(r: ZodApp) {
  crudRoutes(r, {
    scope: 'company',
    url: LIST,
    config,
    tags,
    input: transactionDocumentInput,
    dto: transactionDocumentDto,
    notFound: DOCUMENT_NOT_FOUND,
    summaries: [
      '発注取引の一覧・検索（電帳法: 日付・金額の範囲、取引先、組み合わせ。format=csv で索引簿）',
      '発注取引の登録（請求書・領収書は仕入を仕訳）',
      '発注取引の詳細（ファイルは全ての版）',
      '発注取引の更新（履歴に記録、仕訳も差し替え）',
      '発注取引の削除（論理削除・保存期間の経過後のみ）',
    ],
    list: {
      query: transactionDocumentListQuery,
      run: ({ ctx, query }) => listDocuments(ctx, query),
      csv: { name: '発注取引_索引簿.csv', fallback: 'transaction-documents-index.csv', body: indexCsv },
    },
    adminReads: true,
    // 409: the same document is registered (duplicate_of); resent with confirm_duplicate: true
    createResponses: { 409: duplicateConflictDto, '4xx': apiErrorDto },
    create: createDocument,
    load: loadDocument,
    update: updateDocument,
    remove: deleteDocument,
  });
}

/** 発注取引のファイル（アップロード・削除・署名付きリンク）と履歴。 */
function documentFileRoutes(r: ZodApp) {
  companyRoute(
    r,
    {
      method: 'POST',
      url: `${LIST}/:id/files`,
      config,
      schema: {
        tags,
        summary: 'ファイルのアップロード（field file・複数可、PDF/JPEG/PNG・各10MBまで、新しい版として保存）',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: dataOf(z.union([documentFileUploadDto, z.array(documentFileUploadDto)])) },
      },
    },
    async ({ ctx, req, reply }) => {
      if (!(await findDocument(ctx, req.params.id))) throw notFound(DOCUMENT_NOT_FOUND);
      const uploads = await readUploads(req, {
        maxBytes: MAX_DOCUMENT_FILE_BYTES,
        kinds: ['pdf', 'jpeg', 'png'],
        maxFiles: MAX_FILES_PER_REQUEST,
      });
      const added = await addDocumentFiles({ ctx, input: { id: req.params.id, uploads } });
      return reply.status(201).send({ data: added.length === 1 ? added[0] : added });
    },
  );

  companyRoute(
    r,
    {
      method: 'DELETE',
      url: `${LIST}/:id/files/:file_id`,
      config,
      schema: {
        tags,
        summary: 'ファイルの削除（論理削除・保存期間の経過後のみ、履歴に記録）',
        params: fileParams,
        response: { 204: noContentDto },
      },
    },
    async ({ ctx, req, reply }) => {
      await deleteDocumentFile({ ctx, input: { id: req.params.id, fileId: req.params.file_id } });
      return reply.status(204).send();
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${LIST}/:id/files/:file_id/link`,
      config,
      schema: {
        tags,
        summary: 'ファイルを開く署名付きリンク（5分間有効・ログイン不要）',
        params: fileParams,
        querystring: companyIdQuery,
        response: { 200: dataOf(fileLinkDto) },
      },
    },
    async ({ ctx, req }) => {
      if (!(await findDocument(ctx, req.params.id))) throw notFound(DOCUMENT_NOT_FOUND);
      const file = await findFile(ctx, req.params.id, req.params.file_id);
      if (!file || file.deleted_at) throw notFound(FILE_NOT_FOUND);
      const url = await signFileLink(ctx.deps, { kind: FILE_LINK_KIND, fileId: file.id, companyId: ctx.companyId });
      return { data: { url } };
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${LIST}/:id/history`,
      config,
      schema: {
        tags,
        summary: '発注取引の履歴（誰が・いつ・変更前・変更後）',
        params: idParams,
        querystring: companyIdQuery,
        response: { 200: dataOf(z.array(documentHistoryDto)) },
      },
    },
    async ({ ctx, req }) => {
      if (!(await findDocument(ctx, req.params.id, { withDeleted: true }))) throw notFound(DOCUMENT_NOT_FOUND);
      return { data: await documentHistory(ctx, req.params.id) };
    },
  );
}
