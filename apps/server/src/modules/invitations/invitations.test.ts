import type { AddressInfo } from 'node:net';
import { and, desc, eq, sql } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLogs, companies, invitations, loginAttempts, mailLog, users } from '../../db/schema/index.js';
import { forgetSettings } from '../../lib/settings.js';
import {
  client,
  createDomain,
  createTestApp,
  createUser,
  signedInAdmin,
  type TestContext,
  useTestApp,
} from '../../test/harness.js';

const PASSWORD = 'brand-new-pass-77';

async function lastLink(ctx: TestContext, email: string, path: string): Promise<string> {
  const [row] = await ctx.db.select().from(mailLog).where(eq(mailLog.to, email)).orderBy(desc(mailLog.id)).limit(1);
  const m = new RegExp(`http://chobo\\.test${path}\\?token=([A-Za-z0-9_-]+)`).exec(row?.body ?? '');
  if (!m) throw new Error(`no link in mail to ${email}`);
  return m[1];
}

describe('invitations API', () => {
  const ctx = useTestApp();

  it('admin invitation: mail with /register_admin link, lookup, register signs the new admin in with the invited permissions', async () => {
    const { api } = await signedInAdmin(ctx);
    const res = await api.post('/api/admin/admin-invitation', {
      email: 'new.admin@example.jp',
      name: '新井 管理',
      permissions: ['infos.index', 'domains.index'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.status).toBe('pending');
    const token = await lastLink(ctx, 'new.admin@example.jp', '/register_admin');

    const look = await ctx.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(look.statusCode).toBe(200);
    expect(look.json().data).toMatchObject({ type: 'admin', email: 'new.admin@example.jp', name: '新井 管理' });

    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/register-admin',
      payload: { token, name: '新井 太郎', password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(reg.statusCode).toBe(201);
    const me = await client(ctx.app, reg.json().data.token).get('/api/me');
    expect(me.json().data).toMatchObject({ name: '新井 太郎', roles: ['admin'] });
    expect(me.json().data.permissions).toEqual(expect.arrayContaining(['infos.index', 'domains.index']));
    expect(me.json().data.permissions).not.toContain('companies.index');

    // single use: the same link is refused with a clear message (410), and the list shows 登録済
    const again = await ctx.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toContain('すでに使用');
    const reuse = await ctx.app.inject({
      method: 'POST',
      url: '/api/register-admin',
      payload: { token, name: 'x', password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(reuse.statusCode).toBe(410);
    const list = await api.get('/api/admin/admin-invitation?keyword=new.admin');
    expect(list.json().data[0].status).toBe('accepted');
  });

  it('company invitation: registering creates the company on the named domain and its owner, signed in to the company portal', async () => {
    const { api } = await signedInAdmin(ctx);
    const domain = await createDomain(ctx.db, { permissions: ['customer.index'] });
    const res = await api.post('/api/admin/company-invitation', {
      email: 'owner@new-co.jp',
      company_name: '株式会社あたらしい',
      domain_id: domain.id,
    });
    expect(res.statusCode).toBe(201);
    const token = await lastLink(ctx, 'owner@new-co.jp', '/register');
    const look = await ctx.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(look.json().data).toMatchObject({ type: 'company', company_name: '株式会社あたらしい' });

    // wrong kind of registration for this token → 404, nothing created
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/register-admin',
      payload: { token, name: '山田', password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(wrong.statusCode).toBe(404);

    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { token, name: '山田 太郎', password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(reg.statusCode).toBe(201);
    const me = (await client(ctx.app, reg.json().data.token).get('/api/me')).json().data;
    expect(me.roles).toEqual(['company']);
    expect(me.company.name).toBe('株式会社あたらしい');
    expect(me.domain.id).toBe(domain.id);
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, me.company.id));
    expect(company.email).toBe('owner@new-co.jp');
    // the default chart of accounts came with it
    const accts = await ctx.db.select().from(accounts).where(eq(accounts.company_id, company.id));
    expect(accts.length).toBeGreaterThan(10);
    const audits = await ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'company_invitation.accept'));
    expect(audits.length).toBe(1);
  });

  it('company invitation without a domain uses the default domain', async () => {
    const { api } = await signedInAdmin(ctx);
    const def = await createDomain(ctx.db, { is_default: true });
    // regression: with the settings cache cold, reading settings inside the transaction deadlocked PGlite
    forgetSettings(ctx.db);
    await api.post('/api/admin/company-invitation', { email: 'def@co.jp', company_name: '既定商事' });
    const token = await lastLink(ctx, 'def@co.jp', '/register');
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { token, name: '既定 花子', password: PASSWORD, password_confirmation: PASSWORD },
    });
    const me = (await client(ctx.app, reg.json().data.token).get('/api/me')).json().data;
    expect(me.domain.id).toBe(def.id);
  });

  it('resend issues a new token: the old link stops working, the new one works', async () => {
    const { api } = await signedInAdmin(ctx);
    const created = await api.post('/api/admin/company-invitation', {
      email: 'resend@co.jp',
      company_name: '再送株式会社',
    });
    const id = created.json().data.id;
    forgetSettings(ctx.db);
    const oldToken = await lastLink(ctx, 'resend@co.jp', '/register');
    const res = await api.get(`/api/admin/company/resend/invite/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('メールを送信しました');
    const newToken = await lastLink(ctx, 'resend@co.jp', '/register');
    expect(newToken).not.toBe(oldToken);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/invitations/${oldToken}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/invitations/${newToken}` })).statusCode).toBe(200);
    const mails = await ctx.db.select().from(mailLog).where(eq(mailLog.to, 'resend@co.jp'));
    expect(mails.length).toBe(2);

    const adminInv = await api.post('/api/admin/admin-invitation', {
      email: 'resend.admin@example.jp',
      name: '再送',
      permissions: ['admin.index'],
    });
    const old2 = await lastLink(ctx, 'resend.admin@example.jp', '/register_admin');
    expect((await api.get(`/api/admin/resend/invite/${adminInv.json().data.id}`)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/invitations/${old2}` })).statusCode).toBe(404);
    // an admin invitation is not reachable through the company resend path
    expect((await api.get(`/api/admin/company/resend/invite/${adminInv.json().data.id}`)).statusCode).toBe(404);
  });

  it('expired invitations are refused with 410 and listed as 期限切れ; unknown tokens 404', async () => {
    const { api } = await signedInAdmin(ctx);
    const created = await api.post('/api/admin/company-invitation', {
      email: 'late@co.jp',
      company_name: '遅延株式会社',
    });
    const token = await lastLink(ctx, 'late@co.jp', '/register');
    await ctx.db
      .update(invitations)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(invitations.id, created.json().data.id));
    const look = await ctx.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(look.statusCode).toBe(410);
    expect(look.json().message).toContain('有効期限');
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { token, name: '遅延', password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(reg.statusCode).toBe(410);
    expect((await ctx.db.select().from(users).where(eq(users.email, 'late@co.jp'))).length).toBe(0);
    const list = await api.get('/api/admin/company-invitation?keyword=late@co.jp');
    expect(list.json().data[0].status).toBe('expired');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/invitations/${'x'.repeat(43)}` })).statusCode).toBe(404);
  });

  it('validates: bad e-mail, already registered e-mail, mismatched password (422, nothing written)', async () => {
    const { api } = await signedInAdmin(ctx);
    const existing = await createUser(ctx.db, { role: 'company' });
    const before = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(invitations))[0].n;
    const bad = await api.post('/api/admin/company-invitation', { email: 'nope', company_name: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toBeDefined();
    expect(bad.json().errors.company_name).toEqual(['企業名を入力してください']);
    const taken = await api.post('/api/admin/company-invitation', { email: existing.email, company_name: 'X' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['このメールアドレスはすでに登録されています']);
    const perms = await api.post('/api/admin/admin-invitation', {
      email: 'p@example.jp',
      name: 'P',
      permissions: ['bogus'],
    });
    expect(perms.statusCode).toBe(422);
    const after = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(invitations))[0].n;
    expect(after).toBe(before);

    await api.post('/api/admin/admin-invitation', { email: 'pw@example.jp', name: 'PW', permissions: ['admin.index'] });
    const token = await lastLink(ctx, 'pw@example.jp', '/register_admin');
    const mismatch = await ctx.app.inject({
      method: 'POST',
      url: '/api/register-admin',
      payload: { token, name: 'PW', password: PASSWORD, password_confirmation: 'different-1234' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(['確認用パスワードが一致しません。']);
  });

  it('permissions: admin invitations need admin.index, company invitations companies.index; company users 403', async () => {
    const infosOnly = await signedInAdmin(ctx, ['infos.index']);
    expect((await infosOnly.api.get('/api/admin/admin-invitation')).statusCode).toBe(403);
    expect((await infosOnly.api.get('/api/admin/company-invitation')).statusCode).toBe(403);
    expect(
      (await infosOnly.api.post('/api/admin/company-invitation', { email: 'a@b.jp', company_name: 'a' })).statusCode,
    ).toBe(403);
    expect((await infosOnly.api.get('/api/admin/resend/invite/1')).statusCode).toBe(403);
    const companiesOnly = await signedInAdmin(ctx, ['companies.index']);
    expect((await companiesOnly.api.get('/api/admin/company-invitation')).statusCode).toBe(200);
    expect((await companiesOnly.api.get('/api/admin/admin-invitation')).statusCode).toBe(403);
    const owner = await createUser(ctx.db, { role: 'company' });
    const ownerToken = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: owner.email, password: owner.password },
      })
    ).json().data.token;
    expect((await client(ctx.app, ownerToken).get('/api/admin/company-invitation')).statusCode).toBe(403);
    expect((await client(ctx.app, null).get('/api/admin/company-invitation')).statusCode).toBe(401);
  });

  it('lists page (company invitations 10 per page), sort whitelist (unknown sort_by 422), delete is audited', async () => {
    const { api } = await signedInAdmin(ctx);
    for (let i = 0; i < 12; i++) {
      await api.post('/api/admin/company-invitation', { email: `page${i}@paging.jp`, company_name: `ページ${i}` });
    }
    const p1 = await api.get('/api/admin/company-invitation?keyword=paging.jp&sort_by=email&sort_dir=asc');
    expect(p1.json().meta).toMatchObject({ per_page: 10, total: 12, last_page: 2, current_page: 1 });
    expect(p1.json().data[0].email).toBe('page0@paging.jp');
    const p2 = await api.get('/api/admin/company-invitation?keyword=paging.jp&sort_by=email&sort_dir=asc&page=2');
    expect(p2.json().data.map((r: { email: string }) => r.email)).toEqual(['page8@paging.jp', 'page9@paging.jp']);
    const bad = await api.get('/api/admin/company-invitation?sort_by=token_hash');
    expect(bad.statusCode).toBe(422);
    expect((await api.get('/api/admin/admin-invitation')).json().meta.per_page).toBe(20);
    const id = p1.json().data[0].id;
    expect((await api.delete(`/api/admin/company-invitation/${id}`)).statusCode).toBe(204);
    expect((await api.get(`/api/admin/company-invitation/${id}`)).statusCode).toBe(404);
    const [a] = await ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'company_invitation.delete'));
    expect(a.target_id).toBe(String(id));
  });
});

describe('invitation mails through a real SMTP server', () => {
  const received: { to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let ctx: TestContext;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    ctx = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Chobo <no-reply@chobo.test>' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('delivers both invitation mails with Japanese subject, body and a working link', async () => {
    const { api } = await signedInAdmin(ctx);
    await api.post('/api/admin/admin-invitation', {
      email: 'smtp.admin@example.jp',
      name: '鈴木 一郎',
      permissions: ['admin.index'],
    });
    await api.post('/api/admin/company-invitation', {
      email: 'smtp.co@example.jp',
      company_name: '株式会社髙橋製作所',
    });
    await ctx.app.deps.mailer.drain();

    const adminMail = received.find((m) => m.to.includes('smtp.admin@example.jp'));
    const companyMail = received.find((m) => m.to.includes('smtp.co@example.jp'));
    expect(adminMail && companyMail).toBeTruthy();
    const a = await PostalMime.parse(adminMail?.raw ?? '');
    expect(a.subject).toBe('【Chobo（帳簿）】管理者アカウントへの招待');
    expect(a.from?.address).toBe('no-reply@chobo.test');
    expect(a.text).toContain('鈴木 一郎 様');
    expect(a.text).toContain('付与される権限: 管理者');
    const aLink = /http:\/\/chobo\.test\/register_admin\?token=([A-Za-z0-9_-]{43})/.exec(a.text ?? '');
    expect(aLink).not.toBeNull();

    const c = await PostalMime.parse(companyMail?.raw ?? '');
    expect(c.subject).toBe('【Chobo（帳簿）】株式会社髙橋製作所 様 ご利用開始のご案内');
    expect(c.text).toContain('株式会社髙橋製作所 ご担当者様');
    const cLink = /http:\/\/chobo\.test\/register\?token=([A-Za-z0-9_-]{43})/.exec(c.text ?? '');
    expect(cLink).not.toBeNull();

    // the mailed links are the real ones
    const look = await ctx.app.inject({ method: 'GET', url: `/api/invitations/${cLink?.[1]}` });
    expect(look.json().data.company_name).toBe('株式会社髙橋製作所');
    const lookA = await ctx.app.inject({ method: 'GET', url: `/api/invitations/${aLink?.[1]}` });
    expect(lookA.json().data.type).toBe('admin');
    const rows = await ctx.db.select().from(mailLog).where(sql`${mailLog.to} like 'smtp.%'`);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
  });
});

describe('public invitation calls: per-IP limit', () => {
  const ctx = useTestApp({ loginLimits: { invitationIpAttempts: 3 } });

  const guess = (seed: string) => `guess${seed.replace(/\W/g, '')}`.padEnd(43, 'x');
  const lookup = (token: string, ip: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/invitations/${token}`, remoteAddress: ip });
  const register = (url: string, token: string, ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload: { token, name: '試行 太郎', password: PASSWORD, password_confirmation: PASSWORD },
      remoteAddress: ip,
    });

  it('answers 429 with Retry-After once an address has sent too many lookups / registrations; other addresses are unaffected', async () => {
    const ip = '203.0.113.50';
    // guessing tokens: unknown tokens count as well
    for (const url of ['/api/register', '/api/register-admin']) {
      const res = await register(url, guess(url), ip);
      expect(res.statusCode).toBe(404);
    }
    expect((await lookup(guess('3'), ip)).statusCode).toBe(404);

    for (const res of [
      await lookup(guess('4'), ip),
      await register('/api/register', guess('5'), ip),
      await register('/api/register-admin', guess('6'), ip),
    ]) {
      expect(res.statusCode).toBe(429);
      const retry = Number(res.headers['retry-after']);
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(15 * 60);
      expect(res.json().message).toBe('招待リンクの確認・登録の回数が多すぎます。しばらくしてから再度お試しください');
    }
    const rows = await ctx.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.kind, 'invitation')));
    expect(rows).toHaveLength(3);
    // sign-in from the same address is a separate counter
    const rowsLogin = await ctx.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.kind, 'login')));
    expect(rowsLogin).toHaveLength(0);

    // another address: normal use still works (lookup then register)
    const { api } = await signedInAdmin(ctx);
    await createDomain(ctx.db, { is_default: true });
    const created = await api.post('/api/admin/company-invitation', {
      email: 'limited.co@example.jp',
      company_name: '株式会社制限テスト',
    });
    expect(created.statusCode).toBe(201);
    const token = await lastLink(ctx, 'limited.co@example.jp', '/register');
    const other = '203.0.113.51';
    const look = await lookup(token, other);
    expect(look.statusCode).toBe(200);
    expect(look.json().data.company_name).toBe('株式会社制限テスト');
    const reg = await register('/api/register', token, other);
    expect(reg.json()).toMatchObject({ data: { token: expect.any(String) } });
    expect(reg.statusCode).toBe(201);
    // the limited address stays limited, even with a real token
    expect((await lookup(token, ip)).statusCode).toBe(429);
  });
});
