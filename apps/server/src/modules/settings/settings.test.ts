import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginAttempts, users } from '../../db/schema/index.js';
import {
  companyOwner,
  createDomain,
  createTestApp,
  createUser,
  signedInAdmin,
  useTestApp,
} from '../../test/harness.js';

const settings = {
  service_name: 'テスト帳簿',
  mail_from: 'テスト帳簿 <info@test-chobo.jp>',
  default_expiration_year: 10,
  default_max_employee: 25,
  token_ttl_seconds: 600,
  login_account_failures: 3,
  login_window_seconds: 900,
  login_lock_seconds: 1200,
};

describe('settings and mail log', () => {
  const ctx = useTestApp();

  it('defaults come from the environment; a change applies without restart (token lifetime, lock policy, defaults, mail)', async () => {
    const { api } = await signedInAdmin(ctx);
    const before = (await api.get('/api/admin/settings')).json().data;
    expect(before).toMatchObject({ token_ttl_seconds: 28800, login_account_failures: 10, default_expiration_year: 7 });

    const put = await api.put('/api/admin/settings', { ...settings, updated_at: before.updated_at });
    expect(put.statusCode).toBe(200);
    expect((await api.get('/api/admin/settings')).json().data).toEqual({
      ...settings,
      updated_at: put.json().data.updated_at,
    });

    // token lifetime: a new sign-in gets a 10-minute token
    const user = await createUser(ctx.db, { role: 'admin' });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    const ttl = login.json().data.token_expires - Math.floor(Date.now() / 1000);
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);

    // lock policy: 3 failures lock the account
    const victim = await createUser(ctx.db, { role: 'admin' });
    for (let i = 0; i < 3; i++) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: victim.email, password: 'wrong-password-1' },
      });
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, victim.id));
    expect(row.locked_until).not.toBeNull();
    const lockedRes = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: victim.email, password: victim.password },
    });
    expect(lockedRes.statusCode).toBe(429);
    expect(lockedRes.json().message).toContain('20分ほど');
    await ctx.db.delete(loginAttempts);

    // defaults for new companies and the service name in invitation mail
    await createDomain(ctx.db, { is_default: true });
    const created = (await api.post('/api/admin/companies', { name: '既定値テスト' })).json().data;
    expect(created).toMatchObject({ expiration_year: 10, max_employee: 25 });
    await api.post('/api/admin/company-invitation', { email: 'svc@example.jp', company_name: '件名テスト' });
    const log = (await api.get('/api/admin/mail-log?keyword=svc@example.jp')).json();
    expect(log.data[0].subject).toBe('【テスト帳簿】件名テスト 様 ご利用開始のご案内');
  });

  it('mail log lists recipient, subject, body, status and time; recorded as logged without SMTP_URL', async () => {
    const { api } = await signedInAdmin(ctx);
    await api.post('/api/admin/admin-invitation', {
      email: 'log.me@example.jp',
      name: 'ログ',
      permissions: ['infos.index'],
    });
    await ctx.app.deps.mailer.drain();
    const res = await api.get('/api/admin/mail-log?keyword=log.me');
    expect(res.statusCode).toBe(200);
    const [m] = res.json().data;
    expect(m).toMatchObject({ to: 'log.me@example.jp', status: 'logged' });
    expect(m.body).toContain('/register_admin?token=');
    expect(m.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await api.get('/api/admin/mail-log?sort_by=body')).statusCode).toBe(422);
  });

  it('validates (422) and needs settings.index', async () => {
    const { api } = await signedInAdmin(ctx);
    const bad = await api.put('/api/admin/settings', {
      ...settings,
      default_expiration_year: 5,
      token_ttl_seconds: 10,
      mail_from: 'nobody',
      updated_at: (await api.get('/api/admin/settings')).json().data.updated_at,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'default_expiration_year',
      'mail_from',
      'token_ttl_seconds',
    ]);
    const limited = await signedInAdmin(ctx, ['admin.index']);
    expect((await limited.api.get('/api/admin/settings')).statusCode).toBe(403);
    expect((await limited.api.get('/api/admin/mail-log')).statusCode).toBe(403);
    const owner = await companyOwner(ctx);
    const updated_at = new Date().toISOString();
    expect((await owner.api.put('/api/admin/settings', { ...settings, updated_at })).statusCode).toBe(403);
  });
});

describe('dashboard', () => {
  it('counts companies by status, admins, pending invitations, notices; latest sign-ups', async () => {
    const ctx = await createTestApp();
    try {
      const { api } = await signedInAdmin(ctx);
      await api.post('/api/admin/domains', { name: 'D', host: 'd.example.jp', is_default: true });
      const a = (await api.post('/api/admin/companies', { name: '稼働中社' })).json().data;
      const s = (await api.post('/api/admin/companies', { name: '停止社' })).json().data;
      await api.post(`/api/admin/companies/${s.id}/suspend`);
      await api.post('/api/admin/company-invitation', { email: 'p@example.jp', company_name: '招待中社' });
      await api.post('/api/admin/infos', {
        title: 't',
        body: 'b',
        published_at: new Date(Date.now() - 1000).toISOString(),
      });
      const res = await api.get('/api/admin/dashboard');
      expect(res.json().data).toMatchObject({
        companies: { active: 1, suspended: 1 },
        admins: 1,
        pending_invitations: { admin: 0, company: 1 },
        infos: { total: 1, current: 1 },
      });
      expect(res.json().data.latest_companies.map((c: { id: number }) => c.id)).toEqual([s.id, a.id]);
      const owner = await companyOwner(ctx);
      expect((await owner.api.get('/api/admin/dashboard')).statusCode).toBe(403);
    } finally {
      await ctx.close();
    }
  });
});
