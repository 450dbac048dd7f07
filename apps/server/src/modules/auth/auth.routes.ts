import {
  dataOf,
  forgotPasswordInput,
  loginInput,
  meDto,
  messageDto,
  noContentDto,
  resetPasswordInput,
  tokenDataDto,
} from '@chobo/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicCtx, userCtx } from '../../lib/tenant-route.js';
import { requireAuth } from '../../plugins/auth.js';
import { login } from './login.js';
import { signOut } from './logout.js';
import { loadMe } from './me.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';

const PUBLIC = { access: { public: true } } as const;
const SIGNED_IN = { access: {} } as const;

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/login',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'ログイン',
        response: { 200: dataOf(tokenDataDto) },
        body: loginInput,
        security: [],
      },
    },
    async (req) => {
      const data = await login({
        ctx: publicCtx(req),
        input: {
          email: req.body.email,
          password: req.body.password,
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        },
      });
      return { data };
    },
  );

  r.get(
    '/api/me',
    {
      config: SIGNED_IN,
      schema: { tags: ['auth'], summary: 'ログイン中のユーザー', response: { 200: dataOf(meDto) } },
    },
    async (req) => ({
      data: await loadMe(app.deps.db, requireAuth(req)),
    }),
  );

  const logout = async (req: FastifyRequest, reply: FastifyReply) => {
    await signOut({ ctx: userCtx(req) });
    reply.clearCookie('XSRF-TOKEN', { path: '/' });
    return reply.status(204).send();
  };
  r.get(
    '/api/logout',
    { config: SIGNED_IN, schema: { tags: ['auth'], summary: 'ログアウト', response: { 204: noContentDto } } },
    logout,
  );
  r.post(
    '/api/logout',
    { config: SIGNED_IN, schema: { tags: ['auth'], summary: 'ログアウト', response: { 204: noContentDto } } },
    logout,
  );

  r.post(
    '/api/password/forgot',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'パスワード再設定メールの送信',
        response: { 200: messageDto },
        body: forgotPasswordInput,
      },
    },
    async (req) => {
      await requestPasswordReset({ ctx: publicCtx(req), input: { email: req.body.email, ip: req.ip } });
      return {
        message:
          'ご入力のメールアドレスが登録されている場合、パスワード再設定用のメールを送信しました。メールをご確認ください',
      };
    },
  );

  r.post(
    '/api/password/reset',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'パスワードの再設定',
        response: { 200: messageDto },
        body: resetPasswordInput,
      },
    },
    async (req) => {
      await resetPassword({ ctx: publicCtx(req), input: { ...req.body, ip: req.ip } });
      return { message: 'パスワードを再設定しました。新しいパスワードでログインしてください' };
    },
  );
}
