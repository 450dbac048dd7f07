import {
  adminAuditLogListQuery,
  auditCheckpointDto,
  auditLogRowDto,
  auditVerifyQuery,
  auditVerifyResultDto,
  companyAuditLogListQuery,
  dataOf,
  pageOf,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileResponse } from '../../lib/responses.js';
import { sendFile } from '../../lib/send-file.js';
import { companyRoute } from '../../lib/tenant-route.js';
import type { RouteAccess } from '../../plugins/auth.js';
import { checkpointNow, checkpointsDownload, latestCheckpointSummary } from './audit-checkpoint-actions.js';
import { listAuditLogs, listCompanyAuditLogs } from './audit-logs.queries.js';
import { verifyAuditChains } from './audit-verify.js';

/** The company owner only (employees and admins: 403). */
const COMPANY_ACCESS: RouteAccess = { roles: ['company'] };
/**
 * Admins with settings.index: the audit log is platform operation data like the mail log and the system
 * settings (companies.index is about company records; the platform chain records admin and settings work).
 */
const ADMIN_ACCESS: RouteAccess = { roles: ['admin'], permission: 'settings.index' };
const tags = ['audit-logs'];

/** company_id filter of the admin routes: 0 = the platform chain. */
const chainOf = (companyId: number | undefined) => (companyId === 0 ? null : companyId);

export async function auditLogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/audit-logs',
      config: { access: COMPANY_ACCESS },
      schema: {
        tags,
        summary: '操作ログ',
        querystring: companyAuditLogListQuery,
        response: { 200: pageOf(auditLogRowDto) },
      },
    },
    async ({ ctx, req }) => listCompanyAuditLogs(ctx, req.query),
  );

  r.get(
    '/api/admin/audit-logs',
    {
      config: { access: ADMIN_ACCESS },
      schema: {
        tags,
        summary: '操作ログ（全体、company_id=0 はシステム全体の操作）',
        querystring: adminAuditLogListQuery,
        response: { 200: pageOf(auditLogRowDto) },
      },
    },
    async (req) => {
      const { company_id, ...q } = req.query;
      return listAuditLogs(app.deps.db, chainOf(company_id), q);
    },
  );

  r.get(
    '/api/admin/audit-logs/verify',
    {
      config: { access: ADMIN_ACCESS },
      schema: {
        tags,
        summary: '操作ログの改ざんチェック（ハッシュチェーンの検証）',
        querystring: auditVerifyQuery,
        response: { 200: dataOf(auditVerifyResultDto) },
      },
    },
    async (req) => ({
      data: await verifyAuditChains(app.deps.db, chainOf(req.query.company_id), {
        checkpoints: app.deps.auditCheckpoints,
      }),
    }),
  );

  r.get(
    '/api/admin/audit-logs/checkpoints/latest',
    {
      config: { access: ADMIN_ACCESS },
      schema: {
        tags,
        summary: '操作ログのチェックポイント（最新、なければ null）',
        response: { 200: dataOf(auditCheckpointDto.nullable()) },
      },
    },
    async () => ({ data: await latestCheckpointSummary(app.deps) }),
  );

  r.post(
    '/api/admin/audit-logs/checkpoints',
    {
      config: { access: ADMIN_ACCESS },
      schema: {
        tags,
        summary: '操作ログのチェックポイントを今すぐ記録する',
        response: { 201: dataOf(auditCheckpointDto) },
      },
    },
    async (_req, reply) => reply.code(201).send({ data: await checkpointNow(app.deps) }),
  );

  r.get(
    '/api/admin/audit-logs/checkpoints/download',
    {
      config: { access: ADMIN_ACCESS },
      schema: {
        tags,
        summary: '操作ログのチェックポイント（JSON Lines、保管用）',
        response: { 200: fileResponse(['application/x-ndjson'], 'audit-checkpoints.jsonl') },
      },
    },
    async (_req, reply) =>
      sendFile(reply, await checkpointsDownload(app.deps), {
        type: 'application/x-ndjson; charset=utf-8',
        name: 'audit-checkpoints.jsonl',
      }),
  );
}
