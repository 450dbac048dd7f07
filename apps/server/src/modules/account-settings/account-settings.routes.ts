import {
  changePasswordInput,
  confirmEmailInput,
  expirationYearInput,
  profileEmailInput,
  profileNameInput,
  taxSettingsInput,
} from '@chobo/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companies } from '../../db/schema/index.js';
import { readUpload, toDataUrl } from '../../lib/uploads.js';
import { requireAuth } from '../../plugins/auth.js';
import {
  changeName,
  changePassword,
  confirmEmailChange,
  requestEmailChange,
  updateCompanySettings,
} from './account-actions.js';

const tags = ['account-settings'];
export const MAX_LOGO_BYTES = 1024 * 1024;

export async function accountSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/profile/name',
    {
      config: { access: { permission: 'profile.update-name' } },
      schema: { tags, summary: '氏名の変更', body: profileNameInput },
    },
    async (req) => {
      await changeName(app, requireAuth(req), req.ip, req.body.name);
      return { message: '氏名を変更しました', data: { name: req.body.name } };
    },
  );

  r.put(
    '/api/profile/email',
    {
      config: { access: { permission: 'profile.update-email' } },
      schema: { tags, summary: 'メールアドレス変更（確認メールを送信）', body: profileEmailInput },
    },
    async (req) => {
      await requestEmailChange(app, requireAuth(req), req.ip, req.body.email);
      return { message: `${req.body.email} に確認メールを送信しました。メール内のリンクを開くと変更が完了します` };
    },
  );

  r.post(
    '/api/profile/email/confirm',
    {
      config: { access: { public: true } },
      schema: { tags, summary: 'メールアドレス変更の確定（メールのリンク）', body: confirmEmailInput, security: [] },
    },
    async (req) => {
      const data = await confirmEmailChange(app, req.body.token, req.ip);
      return { message: 'メールアドレスを変更しました', data };
    },
  );

  r.put(
    '/api/password',
    {
      config: { access: { permission: 'profile.update-password' } },
      schema: { tags, summary: 'パスワードの変更（ほかのセッションはログアウト）', body: changePasswordInput },
    },
    async (req) => {
      await changePassword(app, requireAuth(req), req.ip, req.body);
      return { message: 'パスワードを変更しました。ほかの端末のログインは解除されました' };
    },
  );

  const taxConfig = { access: { roles: ['company' as const], permission: 'taxes.show' } };
  r.get(
    '/api/company/tax-settings',
    { config: taxConfig, schema: { tags, summary: '消費税表示設定' } },
    async (req) => {
      const auth = requireAuth(req);
      const [row] = await app.deps.db
        .select({ tax_display: companies.tax_display, tax_rounding: companies.tax_rounding })
        .from(companies)
        .where(eq(companies.id, auth.companyId as number));
      return { data: row };
    },
  );
  r.put(
    '/api/company/tax-settings',
    { config: taxConfig, schema: { tags, summary: '消費税表示設定の変更', body: taxSettingsInput } },
    async (req) => {
      const after = await updateCompanySettings(app, requireAuth(req), req.ip, 'company.tax_settings', req.body);
      return { data: { tax_display: after.tax_display, tax_rounding: after.tax_rounding } };
    },
  );

  r.put(
    '/api/company/expiration-year',
    {
      config: { access: { roles: ['company'], permission: 'data.expiration' } },
      schema: { tags, summary: 'データ保存期間の変更', body: expirationYearInput },
    },
    async (req) => {
      const after = await updateCompanySettings(app, requireAuth(req), req.ip, 'company.expiration_year', req.body);
      return { data: { expiration_year: after.expiration_year } };
    },
  );

  const logoConfig = { access: { roles: ['company' as const], permission: 'profile.update-name' } };
  r.post(
    '/api/company/logo',
    { config: logoConfig, schema: { tags, summary: '会社ロゴの登録（PNG/JPEG、1MBまで）' } },
    async (req) => {
      const upload = await readUpload(req, { maxBytes: MAX_LOGO_BYTES, kinds: ['png', 'jpeg'] });
      const after = await updateCompanySettings(app, requireAuth(req), req.ip, 'company.logo', {
        logo_data: toDataUrl(upload),
      });
      return { message: 'ロゴを登録しました', data: { logo_data: after.logo_data } };
    },
  );
  r.delete(
    '/api/company/logo',
    { config: logoConfig, schema: { tags, summary: '会社ロゴの削除' } },
    async (req, reply) => {
      await updateCompanySettings(app, requireAuth(req), req.ip, 'company.logo', { logo_data: null });
      return reply.status(204).send();
    },
  );
}
