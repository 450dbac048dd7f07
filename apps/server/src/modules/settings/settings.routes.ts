import {
  dataOf,
  type MailLogRow,
  mailLogListQuery,
  mailLogRowDto,
  pageOf,
  type SystemSettingsRecord,
  systemSettingsInput,
  systemSettingsRecordDto,
  versioned,
} from '@chobo/core';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailLog, systemSettings } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import { pagedList } from '../../lib/list.js';
import { forgetSettings, SETTINGS_NEVER_SAVED, type SettingsRow, settingsFromRow } from '../../lib/settings.js';
import { keywordFilter } from '../../lib/sql.js';
import { requestCtx } from '../../lib/tenant-route.js';
import type { RouteAccess } from '../../plugins/auth.js';

const config = { access: { roles: ['admin'], permission: 'settings.index' } as RouteAccess };
const tags = ['settings'];

const MAIL_SORT = { id: mailLog.id, created_at: mailLog.created_at, to: mailLog.to, status: mailLog.status } as const;

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const record = (row: SettingsRow | null): SystemSettingsRecord => ({
    ...settingsFromRow(row, app.deps),
    updated_at: (row?.updated_at ?? SETTINGS_NEVER_SAVED).toISOString(),
  });

  // read past the 5 s cache: the updated_at handed out must be the stored one
  r.get(
    '/api/admin/settings',
    { config, schema: { tags, summary: 'システム設定', response: { 200: dataOf(systemSettingsRecordDto) } } },
    async () => {
      const [row] = await app.deps.db.select().from(systemSettings).where(eq(systemSettings.id, 1));
      return { data: record(row ?? null) };
    },
  );

  r.put(
    '/api/admin/settings',
    {
      config,
      schema: {
        tags,
        summary: 'システム設定の更新（再起動なしで反映）',
        response: { 200: dataOf(systemSettingsRecordDto) },
        body: versioned(systemSettingsInput),
      },
    },
    async (req) => {
      const ctx = requestCtx(req);
      const { updated_at, ...values } = req.body;
      const data = await app.deps.db.transaction(async (tx) => {
        // the one row exists from here on (a first save races on it like any other), locked for the check
        await tx
          .insert(systemSettings)
          .values({ id: 1, updated_at: SETTINGS_NEVER_SAVED })
          .onConflictDoNothing({ target: systemSettings.id });
        const [row] = await tx.select().from(systemSettings).where(eq(systemSettings.id, 1)).for('update');
        assertFresh(row.updated_at, updated_at, 'システム設定');
        const before = settingsFromRow(row, app.deps);
        const [saved] = await tx
          .update(systemSettings)
          .set({ ...values, updated_at: nextVersion(systemSettings.updated_at) })
          .where(eq(systemSettings.id, 1))
          .returning();
        await audit(tx, {
          actor: ctx.actor,
          companyId: null,
          action: 'settings.update',
          targetType: 'settings',
          targetId: 1,
          before,
          after: values,
        });
        return record(saved);
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
