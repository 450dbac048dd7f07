import {
  dataOf,
  mailLogListQuery,
  mailLogRowDto,
  pageOf,
  systemSettingsInput,
  systemSettingsRecordDto,
  versioned,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestCtx } from '../../lib/tenant-route.js';
import type { RouteAccess } from '../../plugins/auth.js';
import { listMailLog, loadSystemSettings, updateSystemSettings } from './settings-actions.js';

const config = { access: { roles: ['admin'], permission: 'settings.index' } as RouteAccess };
const tags = ['settings'];

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // read past the 5 s cache: the updated_at handed out must be the stored one
  r.get(
    '/api/admin/settings',
    { config, schema: { tags, summary: 'システム設定', response: { 200: dataOf(systemSettingsRecordDto) } } },
    async (req) => ({ data: await loadSystemSettings(requestCtx(req)) }),
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
    async (req) => ({ data: await updateSystemSettings({ ctx: requestCtx(req), input: req.body }) }),
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
    async (req) => listMailLog(requestCtx(req), req.query),
  );
}
