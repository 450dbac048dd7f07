import {
  accountCreateInput,
  accountListQuery,
  accountUpdateInput,
  journalEntryInput,
  journalListQuery,
  journalReverseInput,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actionCtx } from '../../lib/context.js';
import { notFound } from '../../lib/http-errors.js';
import { readUpload } from '../../lib/uploads.js';
import { companyScope, type RouteAccess } from '../../plugins/auth.js';
import { createAccount, deleteAccount, updateAccount } from './account-actions.js';
import { loadAccounts, toAccount, usedAccountIds } from './accounts.queries.js';
import { listEntries, loadEntry } from './journal.queries.js';
import { createEntry, deleteEntry, reverseEntry, updateEntry } from './journal-actions.js';
import { exportJournalCsv, importJournalCsv } from './journal-csv.js';

/** Everything here needs company-accountings.show; admins read a company's books with companies.index. */
export const ACCOUNTING_ACCESS: RouteAccess = {
  roles: ['company', 'employee', 'admin'],
  permission: 'company-accountings.show',
  adminPermission: 'companies.index',
};
const config = { access: ACCOUNTING_ACCESS };
const JOURNAL = '/api/accountings';
const ACCOUNTS = '/api/company/accounts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const companyIdQuery = z.object({ company_id: z.coerce.number().int().positive().optional() });
const importQuery = z.object({ dry_run: z.string().optional() });

export async function journalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounting'];

  /* ------------------------------------------------------------- journal */
  r.get(
    JOURNAL,
    { config, schema: { tags, summary: '仕訳の一覧（format=csv で仕訳CSV）', querystring: journalListQuery } },
    async (req, reply) => {
      const companyId = await companyScope(req, { write: false, companyIdParam: req.query.company_id });
      if (req.query.format === 'csv') {
        const body = await exportJournalCsv(app.deps.db, companyId, req.query);
        const name = encodeURIComponent(`仕訳帳_${req.query.from ?? ''}_${req.query.to ?? ''}.csv`);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="journal.csv"; filename*=UTF-8''${name}`)
          .send(body);
      }
      return listEntries(app.deps.db, companyId, req.query);
    },
  );

  r.post(
    `${JOURNAL}/import`,
    {
      config,
      schema: { tags, summary: '仕訳CSVの取り込み（multipart file、dry_run=1 で検証のみ）', querystring: importQuery },
    },
    async (req) => {
      const companyId = await companyScope(req, { write: true });
      const upload = await readUpload(req, { maxBytes: 10 * 1024 * 1024, kinds: ['text'] });
      const dryRun = req.query.dry_run === '1' || req.query.dry_run === 'true';
      return { data: await importJournalCsv({ ctx: actionCtx(req, companyId), buffer: upload.buffer, dryRun }) };
    },
  );

  r.post(JOURNAL, { config, schema: { tags, summary: '仕訳の登録', body: journalEntryInput } }, async (req, reply) => {
    const companyId = await companyScope(req, { write: true });
    const data = await createEntry({ ctx: actionCtx(req, companyId), input: req.body });
    return reply.status(201).send({ data });
  });

  r.get(
    `${JOURNAL}/:id`,
    { config, schema: { tags, summary: '仕訳の詳細', params: idParams, querystring: companyIdQuery } },
    async (req) => {
      const companyId = await companyScope(req, { write: false, companyIdParam: req.query.company_id });
      const data = await loadEntry(app.deps.db, companyId, req.params.id);
      if (!data) throw notFound('仕訳が見つかりません');
      return { data };
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: `${JOURNAL}/:id`,
      config,
      schema: { tags, summary: '仕訳の更新', params: idParams, body: journalEntryInput },
      handler: async (req) => {
        const companyId = await companyScope(req, { write: true });
        return { data: await updateEntry({ ctx: actionCtx(req, companyId), id: req.params.id, input: req.body }) };
      },
    });
  }

  r.delete(
    `${JOURNAL}/:id`,
    { config, schema: { tags, summary: '仕訳の削除', params: idParams } },
    async (req, reply) => {
      const companyId = await companyScope(req, { write: true });
      await deleteEntry({ ctx: actionCtx(req, companyId), id: req.params.id });
      return reply.status(204).send();
    },
  );

  r.post(
    `${JOURNAL}/:id/reverse`,
    { config, schema: { tags, summary: '逆仕訳の登録', params: idParams, body: journalReverseInput } },
    async (req, reply) => {
      const companyId = await companyScope(req, { write: true });
      const data = await reverseEntry({ ctx: actionCtx(req, companyId), id: req.params.id, date: req.body?.date });
      return reply.status(201).send({ data });
    },
  );

  /* ------------------------------------------------------------- chart of accounts */
  r.get(
    ACCOUNTS,
    { config, schema: { tags, summary: '勘定科目の一覧', querystring: accountListQuery } },
    async (req) => {
      const companyId = await companyScope(req, { write: false, companyIdParam: req.query.company_id });
      const [rows, used] = await Promise.all([
        loadAccounts(app.deps.db, companyId),
        usedAccountIds(app.deps.db, companyId),
      ]);
      const words = req.query.keyword.split(/[\s\u3000]+/).filter(Boolean);
      const matches = (text: string | null) => words.every((w) => (text ?? '').toLowerCase().includes(w.toLowerCase()));
      const data = rows
        .filter((a) => req.query.include_inactive || a.is_active)
        .filter((a) => words.length === 0 || matches(`${a.code} ${a.name} ${a.kana ?? ''}`))
        .map((a) => toAccount(a, used.has(a.id)));
      return { data };
    },
  );

  r.post(
    ACCOUNTS,
    { config, schema: { tags, summary: '勘定科目の登録', body: accountCreateInput } },
    async (req, reply) => {
      const companyId = await companyScope(req, { write: true });
      const data = await createAccount({ ctx: actionCtx(req, companyId), input: req.body });
      return reply.status(201).send({ data });
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: `${ACCOUNTS}/:id`,
      config,
      schema: {
        tags,
        summary: '勘定科目の更新（名称・並び順・無効化など）',
        params: idParams,
        body: accountUpdateInput,
      },
      handler: async (req) => {
        const companyId = await companyScope(req, { write: true });
        return { data: await updateAccount({ ctx: actionCtx(req, companyId), id: req.params.id, input: req.body }) };
      },
    });
  }

  r.delete(
    `${ACCOUNTS}/:id`,
    { config, schema: { tags, summary: '勘定科目の削除', params: idParams } },
    async (req, reply) => {
      const companyId = await companyScope(req, { write: true });
      await deleteAccount({ ctx: actionCtx(req, companyId), id: req.params.id });
      return reply.status(204).send();
    },
  );
}
