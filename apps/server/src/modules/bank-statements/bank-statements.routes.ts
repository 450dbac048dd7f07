import {
  bankConfirmInput,
  bankConfirmResultDto,
  bankCsvMappingDto,
  bankCsvMappingInput,
  bankDryRunDto,
  bankFormatField,
  bankImportDetailDto,
  bankImportDto,
  bankImportQuery,
  bankRowEditDto,
  bankRowEditInput,
  bankRuleDto,
  bankRuleInput,
  bankRulePreviewDto,
  companyBankAccountDto,
  companyBankAccountInput,
  dataOf,
  fieldErrors,
  noContentDto,
  versioned,
} from '@chobo/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemTenant } from '../../lib/context.js';
import { HttpError, notFound } from '../../lib/http-errors.js';
import { fileResponse } from '../../lib/responses.js';
import { companyRoute } from '../../lib/tenant-route.js';
import { cleanFileName, isMalformedMultipart, malformedMultipart, sniffKind } from '../../lib/uploads.js';
import type { RouteAccess } from '../../plugins/auth.js';
import {
  createBankAccount,
  deleteBankAccount,
  listBankAccounts,
  loadBankAccount,
  updateBankAccount,
} from './bank-accounts.js';
import {
  confirmRows,
  dryRun,
  IMPORT_JOB,
  IMPORT_NOT_FOUND,
  importFile,
  importStatement,
  listImports,
  loadImport,
  loadImportDetail,
  revertImport,
  runImportJob,
  setRowsIgnored,
} from './imports.js';
import { editRow } from './row-edits.js';
import {
  createMapping,
  createRule,
  deleteMapping,
  deleteRule,
  listMappings,
  listRules,
  loadMapping,
  loadRule,
  MAPPING_NOT_FOUND,
  previewRule,
  RULE_NOT_FOUND,
  updateMapping,
  updateRule,
} from './settings-actions.js';

/** Company users and employees with bank_statement.index (SPEC §2). */
const config = {
  access: { roles: ['company', 'employee'], permission: 'bank_statement.index' } satisfies RouteAccess,
};
const tags = ['bank-statements'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const MAX_FILE_BYTES = 20 * 1024 * 1024;

const importFields = z.object({
  bank_account_id: z.coerce
    .number({ error: '銀行口座を選択してください' })
    .int('銀行口座を選択してください')
    .positive('銀行口座を選択してください')
    .max(2_147_483_647, '銀行口座を選択してください'),
  format: bankFormatField,
});

/** The multipart body of an import: the field `file` and the fields bank_account_id and format (any order). */
async function readImportForm(req: FastifyRequest) {
  if (!req.isMultipart()) throw new HttpError(415, 'ファイルを multipart/form-data で送信してください');
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; name: string } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_FILE_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated)
          throw new HttpError(413, 'ファイルサイズは20MB以下にしてください', {
            file: ['ファイルサイズは20MB以下にしてください'],
          });
        if (part.fieldname === 'file') file = { bytes, name: cleanFileName(part.filename, 'statement.csv') };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, 'ファイルサイズは20MB以下にしてください', {
        file: ['ファイルサイズは20MB以下にしてください'],
      });
    if (isMalformedMultipart(err)) throw malformedMultipart();
    throw err;
  }
  const parsed = importFields.safeParse(fields);
  const errors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.error.issues);
  if (!file) errors.file = ['ファイルを選択してください'];
  else if (file.bytes.length === 0) errors.file = ['ファイルが空です'];
  else if (sniffKind(file.bytes) !== 'text') errors.file = ['CSVまたは全銀形式のテキストファイルを選択してください'];
  if (!parsed.success || Object.keys(errors).length) {
    throw new HttpError(422, Object.values(errors)[0][0], errors);
  }
  return { ...parsed.data, bytes: (file as { bytes: Buffer }).bytes, file_name: (file as { name: string }).name };
}

export async function bankStatementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  await app.deps.queue.work<{ companyId: number; importId: number }>(IMPORT_JOB, async (job) => {
    await runImportJob(systemTenant(app.deps.db, job.data.companyId), job.data.importId, app.deps.storage);
  });

  /* ------------------------------------------------------------ bank accounts */
  const BA = '/api/company/bank-accounts';
  companyRoute(
    r,
    {
      method: 'GET',
      url: BA,
      config,
      schema: { tags, summary: '銀行口座の一覧', response: { 200: dataOf(z.array(companyBankAccountDto)) } },
    },
    async ({ ctx }) => ({ data: await listBankAccounts(ctx) }),
  );
  companyRoute(
    r,
    {
      method: 'POST',
      url: BA,
      config,
      schema: {
        tags,
        summary: '銀行口座の登録',
        body: companyBankAccountInput,
        response: { 201: dataOf(companyBankAccountDto) },
      },
    },
    async ({ ctx, req, reply }) => {
      const data = await createBankAccount({ ctx, input: req.body });
      return reply.code(201).send({ data });
    },
  );
  companyRoute(
    r,
    {
      method: 'GET',
      url: `${BA}/:id`,
      config,
      schema: { tags, summary: '銀行口座', params: idParams, response: { 200: dataOf(companyBankAccountDto) } },
    },
    async ({ ctx, req }) => {
      const data = await loadBankAccount(ctx, req.params.id);
      if (!data) throw notFound('銀行口座が見つかりません');
      return { data };
    },
  );
  companyRoute(
    r,
    {
      method: 'PUT',
      url: `${BA}/:id`,
      config,
      schema: {
        tags,
        summary: '銀行口座の更新',
        params: idParams,
        body: versioned(companyBankAccountInput),
        response: { 200: dataOf(companyBankAccountDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await updateBankAccount({ ctx, input: { ...req.body, id: req.params.id } }) }),
  );
  companyRoute(
    r,
    {
      method: 'DELETE',
      url: `${BA}/:id`,
      config,
      schema: { tags, summary: '銀行口座の削除', params: idParams, response: { 204: noContentDto } },
    },
    async ({ ctx, req, reply }) => {
      await deleteBankAccount({ ctx, input: { id: req.params.id } });
      return reply.code(204).send();
    },
  );

  /* ------------------------------------------------------------ imports */
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
        summary: '取り込みの取り消し（明細と作成した仕訳を削除、締めた期間は逆仕訳）',
        params: idParams,
        response: {
          200: dataOf(
            z.object({ removed_rows: z.number().int(), withdrawn_entries: z.number().int(), import: bankImportDto }),
          ),
        },
      },
    },
    async ({ ctx, req }) => {
      const done = await revertImport({ ctx, input: { id: req.params.id } });
      return { data: { ...done, import: (await loadImport(ctx, req.params.id)) as z.infer<typeof bankImportDto> } };
    },
  );
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
          ids: z.array(z.number().int().positive(), { error: '明細を選択してください' }).max(500).default([]),
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
          id: z.coerce.number().int().positive().max(2_147_483_647),
          row_id: z.coerce.number().int().positive().max(2_147_483_647),
        }),
        body: versioned(bankRowEditInput),
        response: { 200: dataOf(bankRowEditDto) },
      },
    },
    async ({ ctx, req }) => ({
      data: await editRow({ ctx, input: { ...req.body, importId: req.params.id, rowId: req.params.row_id } }),
    }),
  );

  /* ------------------------------------------------------------ rules */
  const RU = '/api/company/bank-rules';
  companyRoute(
    r,
    {
      method: 'GET',
      url: RU,
      config,
      schema: { tags, summary: '自動仕訳ルールの一覧（優先順）', response: { 200: dataOf(z.array(bankRuleDto)) } },
    },
    async ({ ctx }) => ({ data: await listRules(ctx) }),
  );
  companyRoute(
    r,
    {
      method: 'POST',
      url: RU,
      config,
      schema: { tags, summary: '自動仕訳ルールの登録', body: bankRuleInput, response: { 201: dataOf(bankRuleDto) } },
    },
    async ({ ctx, req, reply }) => reply.code(201).send({ data: await createRule({ ctx, input: req.body }) }),
  );
  companyRoute(
    r,
    {
      method: 'POST',
      url: `${RU}/preview`,
      config,
      schema: {
        tags,
        summary: 'ルールが過去の明細に一致するかの確認（保存しない）',
        body: bankRuleInput,
        response: { 200: dataOf(bankRulePreviewDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await previewRule(ctx, req.body) }),
  );
  companyRoute(
    r,
    {
      method: 'GET',
      url: `${RU}/:id`,
      config,
      schema: { tags, summary: '自動仕訳ルール', params: idParams, response: { 200: dataOf(bankRuleDto) } },
    },
    async ({ ctx, req }) => {
      const data = await loadRule(ctx, req.params.id);
      if (!data) throw notFound(RULE_NOT_FOUND);
      return { data };
    },
  );
  companyRoute(
    r,
    {
      method: 'PUT',
      url: `${RU}/:id`,
      config,
      schema: {
        tags,
        summary: '自動仕訳ルールの更新',
        params: idParams,
        body: versioned(bankRuleInput),
        response: { 200: dataOf(bankRuleDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await updateRule({ ctx, input: { ...req.body, id: req.params.id } }) }),
  );
  companyRoute(
    r,
    {
      method: 'DELETE',
      url: `${RU}/:id`,
      config,
      schema: { tags, summary: '自動仕訳ルールの削除', params: idParams, response: { 204: noContentDto } },
    },
    async ({ ctx, req, reply }) => {
      await deleteRule({ ctx, input: { id: req.params.id } });
      return reply.code(204).send();
    },
  );

  /* ------------------------------------------------------------ column mappings */
  const MP = '/api/company/bank-csv-mappings';
  companyRoute(
    r,
    {
      method: 'GET',
      url: MP,
      config,
      schema: { tags, summary: 'CSVの列の対応付け', response: { 200: dataOf(z.array(bankCsvMappingDto)) } },
    },
    async ({ ctx }) => ({ data: await listMappings(ctx) }),
  );
  companyRoute(
    r,
    {
      method: 'POST',
      url: MP,
      config,
      schema: {
        tags,
        summary: '列の対応付けの保存',
        body: bankCsvMappingInput,
        response: { 201: dataOf(bankCsvMappingDto) },
      },
    },
    async ({ ctx, req, reply }) => reply.code(201).send({ data: await createMapping({ ctx, input: req.body }) }),
  );
  companyRoute(
    r,
    {
      method: 'GET',
      url: `${MP}/:id`,
      config,
      schema: { tags, summary: '列の対応付け', params: idParams, response: { 200: dataOf(bankCsvMappingDto) } },
    },
    async ({ ctx, req }) => {
      const data = await loadMapping(ctx, req.params.id);
      if (!data) throw notFound(MAPPING_NOT_FOUND);
      return { data };
    },
  );
  companyRoute(
    r,
    {
      method: 'PUT',
      url: `${MP}/:id`,
      config,
      schema: {
        tags,
        summary: '列の対応付けの更新',
        params: idParams,
        body: versioned(bankCsvMappingInput),
        response: { 200: dataOf(bankCsvMappingDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await updateMapping({ ctx, input: { ...req.body, id: req.params.id } }) }),
  );
  companyRoute(
    r,
    {
      method: 'DELETE',
      url: `${MP}/:id`,
      config,
      schema: { tags, summary: '列の対応付けの削除', params: idParams, response: { 204: noContentDto } },
    },
    async ({ ctx, req, reply }) => {
      await deleteMapping({ ctx, input: { id: req.params.id } });
      return reply.code(204).send();
    },
  );
}
