import {
  adminInvitationInput,
  adminInvitationListQuery,
  companyInvitationInput,
  companyInvitationListQuery,
  dataOf,
  dataWithMessageOf,
  idParams,
  invitationLookupDto,
  invitationRowDto,
  noContentDto,
  pageOf,
  registerInput,
  tokenDataDto,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors.js';
import { publicCtx, requestCtx } from '../../lib/tenant-route.js';
import type { RouteAccess } from '../../plugins/auth.js';
import {
  acceptInvitation,
  createInvitation,
  deleteInvitation,
  limitInvitationCalls,
  lookupInvitation,
  resendInvitation,
} from './invitation-actions.js';
import { findInvitation, listInvitations, toInvitation } from './invitations.queries.js';

const PUBLIC = { access: { public: true } as RouteAccess };
const SENT = 'メールを送信しました';

export async function invitationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of ['admin', 'company'] as const) {
    // Invitations live under the permission of the records they create.
    const config = {
      access: { roles: ['admin'], permission: kind === 'admin' ? 'admin.index' : 'companies.index' } as RouteAccess,
    };
    const tags = [`${kind}-invitations`];
    const list = kind === 'admin' ? '/api/admin/admin-invitation' : '/api/admin/company-invitation';
    const label = kind === 'admin' ? '管理者招待' : '企業招待';
    const listQuery = kind === 'admin' ? adminInvitationListQuery : companyInvitationListQuery;

    r.get(
      list,
      {
        config,
        schema: {
          tags,
          summary: `${label}の一覧`,
          response: { 200: pageOf(invitationRowDto) },
          querystring: listQuery,
        },
      },
      async (req) => listInvitations(app.deps.db, kind, req.query),
    );
    r.post(
      list,
      {
        config,
        schema: {
          tags,
          summary: `${label}の作成（メール送信）`,
          response: { 201: dataWithMessageOf(invitationRowDto) },
          body: kind === 'admin' ? adminInvitationInput : companyInvitationInput,
        },
      },
      async (req, reply) => {
        const data = await createInvitation({ ctx: requestCtx(req), input: { ...req.body, kind } });
        return reply.status(201).send({ data, message: SENT });
      },
    );
    r.get(
      `${list}/:id`,
      {
        config,
        schema: { tags, summary: `${label}の詳細`, response: { 200: dataOf(invitationRowDto) }, params: idParams },
      },
      async (req) => {
        const row = await findInvitation(app.deps.db, kind, req.params.id);
        if (!row) throw notFound('招待が見つかりません');
        return { data: toInvitation(row) };
      },
    );
    r.delete(
      `${list}/:id`,
      { config, schema: { tags, summary: `${label}の削除`, response: { 204: noContentDto }, params: idParams } },
      async (req, reply) => {
        await deleteInvitation({ ctx: requestCtx(req), input: { kind, id: req.params.id } });
        return reply.status(204).send();
      },
    );
    const resend = kind === 'admin' ? '/api/admin/resend/invite/:id' : '/api/admin/company/resend/invite/:id';
    r.get(
      resend,
      {
        config,
        schema: {
          tags,
          summary: `${label}の再送`,
          response: { 200: dataWithMessageOf(invitationRowDto) },
          params: idParams,
        },
      },
      async (req) => {
        const data = await resendInvitation({ ctx: requestCtx(req), input: { kind, id: req.params.id } });
        return { data, message: SENT };
      },
    );
  }

  r.get(
    '/api/invitations/:token',
    {
      config: PUBLIC,
      schema: {
        tags: ['register'],
        summary: '招待の確認',
        response: { 200: dataOf(invitationLookupDto) },
        security: [],
        params: z.object({ token: z.string().min(1).max(200) }),
      },
    },
    async (req) => {
      await limitInvitationCalls(app.deps, req.ip);
      return { data: await lookupInvitation(app.deps.db, req.params.token) };
    },
  );

  for (const kind of ['company', 'admin'] as const) {
    r.post(
      kind === 'admin' ? '/api/register-admin' : '/api/register',
      {
        config: PUBLIC,
        schema: {
          tags: ['register'],
          summary: kind === 'admin' ? '管理者招待からの登録' : '企業招待からの登録',
          response: { 201: dataOf(tokenDataDto) },
          security: [],
          body: registerInput,
        },
      },
      async (req, reply) => {
        await limitInvitationCalls(app.deps, req.ip);
        const data = await acceptInvitation({
          ctx: publicCtx(req),
          input: {
            kind,
            token: req.body.token,
            name: req.body.name,
            password: req.body.password,
            ip: req.ip,
            userAgent: req.headers['user-agent'],
          },
        });
        return reply.status(201).send({ data });
      },
    );
  }
}
