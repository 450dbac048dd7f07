import type { MailLogListQuery, MailLogRow, SystemSettingsRecord, systemSettingsInput } from '@chobo/core';
import { asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { mailLog, systemSettings } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, AdminCtx, Stamped } from '../../lib/context.js';
import type { AppDeps } from '../../lib/deps.js';
import { pagedList } from '../../lib/list.js';
import { forgetSettings, SETTINGS_NEVER_SAVED, type SettingsRow, settingsFromRow } from '../../lib/settings.js';
import { keywordFilter } from '../../lib/sql.js';

const MAIL_SORT = { id: mailLog.id, created_at: mailLog.created_at, to: mailLog.to, status: mailLog.status } as const;

const record = (row: SettingsRow | null, deps: AppDeps): SystemSettingsRecord => ({
  ...settingsFromRow(row, deps),
  updated_at: (row?.updated_at ?? SETTINGS_NEVER_SAVED).toISOString(),
});

/** The platform settings as stored, read past the 5 s cache: the updated_at handed out must be the stored one. */
export async function loadSystemSettings(ctx: AdminCtx): Promise<SystemSettingsRecord> {
  const [row] = await ctx.db.select().from(systemSettings).where(eq(systemSettings.id, 1));
  return record(row ?? null, ctx.deps);
}

/** Saves the platform settings (versioned, audited); in force without a restart (the cache is dropped). */
export async function updateSystemSettings({
  ctx,
  input: { updated_at, ...values },
}: ActionArgs<AdminCtx, z.infer<typeof systemSettingsInput> & Stamped>): Promise<SystemSettingsRecord> {
  const data = await ctx.db.transaction(async (tx) => {
    // the one row exists from here on (a first save races on it like any other), locked for the check
    await tx
      .insert(systemSettings)
      .values({ id: 1, updated_at: SETTINGS_NEVER_SAVED })
      .onConflictDoNothing({ target: systemSettings.id });
    const [row] = await tx.select().from(systemSettings).where(eq(systemSettings.id, 1)).for('update');
    assertFresh(row.updated_at, updated_at, 'システム設定');
    const before = settingsFromRow(row, ctx.deps);
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
    return record(saved, ctx.deps);
  });
  forgetSettings(ctx.db);
  return data;
}

/** 送信メールの記録, one page, filtered by keyword (to, subject) and sorted. */
export async function listMailLog(ctx: AdminCtx, q: MailLogListQuery) {
  const where = keywordFilter(q.keyword, [mailLog.to, mailLog.subject]);
  const order = q.sort_dir === 'desc' ? desc : asc;
  const { db } = ctx;
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
}
