import {
  accountCreateInput,
  accountDto,
  accountingSettingsDto,
  accountListQuery,
  accountUpdateInput,
  companyIdQuery,
  dataOf,
  idParams,
  journalEntryDto,
  journalEntryInput,
  journalImportResultDto,
  journalListQuery,
  journalReverseInput,
  noContentDto,
  pageOf,
  versioned,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors.js';
import { sendJsonText } from '../../lib/json-text.js';
import { csvType, sendFile } from '../../lib/send-file.js';
import { companyRoute, type ZodApp } from '../../lib/tenant-route.js';
import { readUpload } from '../../lib/uploads.js';
import { adminReadable, type RouteAccess } from '../../plugins/auth.js';
import { loadAccountingSettings } from '../company-profile/company.queries.js';
import { createAccount, deleteAccount, updateAccount } from './account-actions.js';
import { listAccounts } from './accounts.queries.js';
import { listEntriesJson, loadEntryJson } from './journal.queries.js';
import { createEntry, deleteEntry, reverseEntry, updateEntry } from './journal-actions.js';
import { exportJournalCsv, importJournalCsv } from './journal-csv.js';

/** Everything here needs company-accountings.show; admins read a company's books with companies.index. */
export const ACCOUNTING_ACCESS: RouteAccess = adminReadable('company-accountings.show');
const config = { access: ACCOUNTING_ACCESS };
const JOURNAL = '/api/accountings';
const ACCOUNTS = '/api/company/accounts';

const importQuery = z.object({ dry_run: z.string().optional() });

/** 仕訳帳_2026-04-01_2027-03-31.csv; 仕訳帳_全期間.csv without a period; …から / …まで with one bound. */
export function journalCsvName(from?: string | null, to?: string | null): string {
  if (from && to) return `仕訳帳_${from}_${to}.csv`;
  if (from) return `仕訳帳_${from}から.csv`;
  if (to) return `仕訳帳_${to}まで.csv`;
  return '仕訳帳_全期間.csv';
}

const tags = ['accounting'];

/** 仕訳帳 (entries, CSV export and import), the chart of accounts and the journal form's settings. */
export async function journalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  accountingSettingsRoutes(r);
  journalEntryRoutes(r);
  journalEntryChangeRoutes(r);
  chartOfAccountsRoutes(r);
}

/** The settings the journal form splits consumption tax with. */
function accountingSettingsRoutes(r: ZodApp) {
  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/accounting-settings',
      config,
      schema: {
        tags,
        summary: '経理方式と端数処理',
        description:
          '仕訳入力が消費税を分けるために使う会社の設定: 経理方式（exclusive = 税抜経理、inclusive = 税込経理）と消費税の端数処理（floor / round / ceil）。変更は PUT /api/company/tax-settings。',
        querystring: companyIdQuery,
        response: { 200: dataOf(accountingSettingsDto) },
      },
    },
    async ({ ctx }) => {
      return { data: await loadAccountingSettings(ctx) };
    },
  );
}

/** 仕訳帳: the list (or its CSV), the CSV import, a new entry and one entry. */
function journalEntryRoutes(r: ZodApp) {
  companyRoute(
    r,
    {
      method: 'GET',
      url: JOURNAL,
      config,
      schema: {
        tags,
        summary: '仕訳の一覧（format=csv で仕訳CSV）',
        response: { 200: pageOf(journalEntryDto).describe('format=json の一覧（format=csv は text/csv のファイル）') },
        querystring: journalListQuery,
      },
    },
    async ({ ctx, req, reply }) => {
      if (req.query.format === 'csv') {
        return sendFile(reply, await exportJournalCsv(ctx, req.query), {
          type: csvType(),
          name: journalCsvName(req.query.from, req.query.to),
          fallback: 'journal.csv',
        });
      }
      return sendJsonText(reply, await listEntriesJson(ctx, req.query));
    },
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: `${JOURNAL}/import`,
      config,
      schema: {
        tags,
        summary: '仕訳CSVの取り込み（multipart file、dry_run=1 で検証のみ）',
        consumes: ['multipart/form-data'],
        response: { 200: dataOf(journalImportResultDto) },
        querystring: importQuery,
      },
    },
    async ({ ctx, req }) => {
      const upload = await readUpload(req, { maxBytes: 10 * 1024 * 1024, kinds: ['text'] });
      const dryRun = req.query.dry_run === '1' || req.query.dry_run === 'true';
      return { data: await importJournalCsv({ ctx, input: { buffer: upload.buffer, dryRun } }) };
    },
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: JOURNAL,
      config,
      schema: { tags, summary: '仕訳の登録', response: { 201: dataOf(journalEntryDto) }, body: journalEntryInput },
    },
    async ({ ctx, req, reply }) => {
      const data = await createEntry({ ctx, input: req.body });
      return reply.status(201).send({ data });
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${JOURNAL}/:id`,
      config,
      schema: {
        tags,
        summary: '仕訳の詳細',
        response: { 200: dataOf(journalEntryDto) },
        params: idParams,
        querystring: companyIdQuery,
      },
    },
    async ({ ctx, req, reply }) => {
      const json = await loadEntryJson(ctx, req.params.id);
      if (!json) throw notFound('仕訳が見つかりません');
      return sendJsonText(reply, json);
    },
  );
}

/** Changes of one entry: update, delete, 逆仕訳. */
function journalEntryChangeRoutes(r: ZodApp) {
  for (const method of ['PUT', 'PATCH'] as const) {
    companyRoute(
      r,
      {
        method,
        url: `${JOURNAL}/:id`,
        config,
        schema: {
          tags,
          summary: '仕訳の更新',
          response: { 200: dataOf(journalEntryDto) },
          params: idParams,
          body: versioned(journalEntryInput),
        },
      },
      async ({ ctx, req }) => {
        return { data: await updateEntry({ ctx, input: { ...req.body, id: req.params.id } }) };
      },
    );
  }

  companyRoute(
    r,
    {
      method: 'DELETE',
      url: `${JOURNAL}/:id`,
      config,
      schema: { tags, summary: '仕訳の削除', response: { 204: noContentDto }, params: idParams },
    },
    async ({ ctx, req, reply }) => {
      await deleteEntry({ ctx, input: { id: req.params.id } });
      return reply.status(204).send();
    },
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: `${JOURNAL}/:id/reverse`,
      config,
      schema: {
        tags,
        summary: '逆仕訳の登録',
        response: { 201: dataOf(journalEntryDto) },
        params: idParams,
        body: journalReverseInput,
      },
    },
    async ({ ctx, req, reply }) => {
      const data = await reverseEntry({ ctx, input: { id: req.params.id, date: req.body?.date } });
      return reply.status(201).send({ data });
    },
  );
}

/** 勘定科目: list, create, update, delete. */
function chartOfAccountsRoutes(r: ZodApp) {
  companyRoute(
    r,
    {
      method: 'GET',
      url: ACCOUNTS,
      config,
      schema: {
        tags,
        summary: '勘定科目の一覧',
        response: { 200: dataOf(z.array(accountDto)) },
        querystring: accountListQuery,
      },
    },
    async ({ ctx, req }) => {
      const data = await listAccounts(ctx, req.query);
      return { data };
    },
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: ACCOUNTS,
      config,
      schema: { tags, summary: '勘定科目の登録', response: { 201: dataOf(accountDto) }, body: accountCreateInput },
    },
    async ({ ctx, req, reply }) => {
      const data = await createAccount({ ctx, input: req.body });
      return reply.status(201).send({ data });
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    companyRoute(
      r,
      {
        method,
        url: `${ACCOUNTS}/:id`,
        config,
        schema: {
          tags,
          summary: '勘定科目の更新（名称・並び順・無効化など）',
          response: { 200: dataOf(accountDto) },
          params: idParams,
          body: versioned(accountUpdateInput),
        },
      },
      async ({ ctx, req }) => {
        return { data: await updateAccount({ ctx, input: { ...req.body, id: req.params.id } }) };
      },
    );
  }

  companyRoute(
    r,
    {
      method: 'DELETE',
      url: `${ACCOUNTS}/:id`,
      config,
      schema: { tags, summary: '勘定科目の削除', response: { 204: noContentDto }, params: idParams },
    },
    async ({ ctx, req, reply }) => {
      await deleteAccount({ ctx, input: { id: req.params.id } });
      return reply.status(204).send();
    },
  );
}
