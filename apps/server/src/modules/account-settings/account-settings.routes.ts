import {
  changePasswordInput,
  confirmEmailInput,
  dataOf,
  dataWithMessageOf,
  expirationYearInput,
  logoDto,
  messageDto,
  noContentDto,
  profileEmailInput,
  profileNameInput,
  taxSettingsDto,
  taxSettingsInput,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyRoute, publicCtx, userCtx, type ZodApp } from '../../lib/tenant-route.js';
import { readUpload, toDataUrl } from '../../lib/uploads.js';
import { loadTaxSettings } from '../company-profile/company.queries.js';
import {
  changeName,
  changePassword,
  confirmEmailChange,
  requestEmailChange,
  updateCompanySettings,
} from './account-actions.js';

const tags = ['account-settings'];
export const MAX_LOGO_BYTES = 1024 * 1024;

/** The caller's own account (name, e-mail, password) and the company's settings (tax display, retention, logo). */
export async function accountSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  profileRoutes(r);
  taxSettingsRoutes(r);
  companyLogoRoutes(r);
}

/** 氏名・メールアドレス・パスワード of the signed-in user. */
function profileRoutes(r: ZodApp) {
  r.put(
    '/api/profile/name',
    {
      config: { access: { permission: 'profile.update-name' } },
      schema: {
        tags,
        summary: '氏名の変更',
        response: { 200: dataWithMessageOf(z.object({ name: z.string() })) },
        body: profileNameInput,
      },
    },
    async (req) => {
      await changeName({ ctx: userCtx(req), input: { name: req.body.name } });
      return { message: '氏名を変更しました', data: { name: req.body.name } };
    },
  );

  r.put(
    '/api/profile/email',
    {
      config: { access: { permission: 'profile.update-email' } },
      schema: {
        tags,
        summary: 'メールアドレス変更（確認メールを送信）',
        response: { 200: messageDto },
        body: profileEmailInput,
      },
    },
    async (req) => {
      await requestEmailChange({ ctx: userCtx(req), input: { email: req.body.email } });
      return { message: `${req.body.email} に確認メールを送信しました。メール内のリンクを開くと変更が完了します` };
    },
  );

  r.post(
    '/api/profile/email/confirm',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'メールアドレス変更の確定（メールのリンク）',
        response: { 200: dataWithMessageOf(z.object({ email: z.string() })) },
        body: confirmEmailInput,
        security: [],
      },
    },
    async (req) => {
      const data = await confirmEmailChange({ ctx: publicCtx(req), input: { token: req.body.token } });
      return { message: 'メールアドレスを変更しました', data };
    },
  );

  r.put(
    '/api/password',
    {
      config: { access: { permission: 'profile.update-password' } },
      schema: {
        tags,
        summary: 'パスワードの変更（ほかのセッションはログアウト）',
        response: { 200: messageDto },
        body: changePasswordInput,
      },
    },
    async (req) => {
      await changePassword({ ctx: userCtx(req), input: req.body });
      return { message: 'パスワードを変更しました。ほかの端末のログインは解除されました' };
    },
  );
}

/** 消費税表示設定 and the data retention period. */
function taxSettingsRoutes(r: ZodApp) {
  const taxConfig = { access: { roles: ['company' as const], permission: 'taxes.show' } };
  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/tax-settings',
      config: taxConfig,
      schema: {
        tags,
        summary: '消費税表示設定（表示・端数処理・経理方式）',
        response: { 200: dataOf(taxSettingsDto) },
      },
    },
    async ({ ctx }) => {
      return { data: await loadTaxSettings(ctx) };
    },
  );
  companyRoute(
    r,
    {
      method: 'PUT',
      url: '/api/company/tax-settings',
      config: taxConfig,
      schema: {
        tags,
        summary: '消費税表示設定の変更',
        response: { 200: dataOf(taxSettingsDto) },
        body: taxSettingsInput,
      },
    },
    async ({ ctx, req }) => {
      const after = await updateCompanySettings({ ctx, input: { action: 'company.tax_settings', values: req.body } });
      return {
        data: {
          tax_display: after.tax_display,
          tax_rounding: after.tax_rounding,
          accounting_method: after.accounting_method,
        },
      };
    },
  );

  companyRoute(
    r,
    {
      method: 'PUT',
      url: '/api/company/expiration-year',
      config: { access: { roles: ['company'], permission: 'data.expiration' } },
      schema: {
        tags,
        summary: 'データ保存期間の変更',
        response: { 200: dataOf(z.object({ expiration_year: z.number().int() })) },
        body: expirationYearInput,
      },
    },
    async ({ ctx, req }) => {
      const after = await updateCompanySettings({
        ctx,
        input: { action: 'company.expiration_year', values: req.body },
      });
      return { data: { expiration_year: after.expiration_year } };
    },
  );
}

/** 会社ロゴ (PNG/JPEG, 1 MB). */
function companyLogoRoutes(r: ZodApp) {
  const logoConfig = { access: { roles: ['company' as const], permission: 'profile.update-name' } };
  companyRoute(
    r,
    {
      method: 'POST',
      url: '/api/company/logo',
      config: logoConfig,
      schema: {
        tags,
        summary: '会社ロゴの登録（PNG/JPEG、1MBまで）',
        consumes: ['multipart/form-data'],
        response: { 200: dataWithMessageOf(logoDto) },
      },
    },
    async ({ ctx, req }) => {
      const upload = await readUpload(req, { maxBytes: MAX_LOGO_BYTES, kinds: ['png', 'jpeg'] });
      const after = await updateCompanySettings({
        ctx,
        input: { action: 'company.logo', values: { logo_data: toDataUrl(upload) } },
      });
      return { message: 'ロゴを登録しました', data: { logo_data: after.logo_data } };
    },
  );
  companyRoute(
    r,
    {
      method: 'DELETE',
      url: '/api/company/logo',
      config: logoConfig,
      schema: { tags, summary: '会社ロゴの削除', response: { 204: noContentDto } },
    },
    async ({ ctx, reply }) => {
      await updateCompanySettings({ ctx, input: { action: 'company.logo', values: { logo_data: null } } });
      return reply.status(204).send();
    },
  );
}
