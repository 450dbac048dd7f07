import {
  dataOf,
  type MailLogRow,
  mailLogListQuery,
  mailLogRowDto,
  pageOf,
  systemSettingsDto,
  systemSettingsInput,
} from '@chobo/core';
import { asc, desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailLog, systemSettings } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { pagedList } from '../../lib/list.js';
import { currentSettings, forgetSettings } from '../../lib/settings.js';
import { keywordFilter } from '../../lib/sql.js';
import { requestCtx } from '../../lib/tenant-route.js';
import type { RouteAccess } from '../../plugins/auth.js';

const config = { access: { roles: ['admin'], permission: 'settings.index' } as RouteAccess };
const tags = ['settings'];

const MAIL_SORT = { id: mailLog.id, created_at: mailLog.created_at, to: mailLog.to, status: mailLog.status } as const;

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/settings',
    { config, schema: { tags, summary: 'システム設定', response: { 200: dataOf(systemSettingsDto) } } },
    async () => ({
      data: await currentSettings(app.deps),
    }),
  );

  r.put(
    '/api/admin/settings',
    {
      config,
      schema: {
        tags,
        summary: 'システム設定の更新（再起動なしで反映）',
        response: { 200: dataOf(systemSettingsDto) },
        body: systemSettingsInput,
      },
    },
    async (req) => {
      const ctx = requestCtx(req);
      const before = await currentSettings(app.deps);
      const data = await app.deps.db.transaction(async (tx) => {
        await tx
          .insert(systemSettings)
          .values({ id: 1, ...req.body })
          .onConflictDoUpdate({ target: systemSettings.id, set: { ...req.body, updated_at: sql`now()` } });
        await audit(tx, {
          actor: ctx.actor,
          companyId: null,
          action: 'settings.update',
          targetType: 'settings',
          targetId: 1,
          before,
          after: req.body,
        });
        return req.body;
      });
      forgetSettings(app.deps.db);
      return { data };
    },
  );

  r.get(
    '/api/admin/mail-log',
    {
      config,
      schema: {
        tags,
        summary: '送信メールの記録',
        response: { 200: pageOf(mailLogRowDto) },
        querystring: mailLogListQuery,
      },
    },
    async (req) => {
      const q = req.query;
      const where = keywordFilter(q.keyword, [mailLog.to, mailLog.subject]);
      const order = q.sort_dir === 'desc' ? desc : asc;
      const db = app.deps.db;
      return pagedList(db, q, {
        from: mailLog,
        where,
        rows: (limit, offset) =>
          db
            .select()
            .from(mailLog)
            .where(where)
            .orderBy(order(MAIL_SORT[q.sort_by]), order(mailLog.id))
            .limit(limit)
            .offset(offset),
        map: (rows) =>
          rows.map(
            (m): MailLogRow => ({
              id: m.id,
              to: m.to,
              subject: m.subject,
              body: m.body,
              status: m.status as MailLogRow['status'],
              attempts: m.attempts,
              last_error: m.last_error,
              created_at: m.created_at.toISOString(),
              sent_at: m.sent_at?.toISOString() ?? null,
            }),
          ),
      });
    },
  );
}
