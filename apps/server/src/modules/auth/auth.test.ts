import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTokens, auditLogs, mailLog, passwordResets, users } from '../../db/schema/index.js';
import {
  client,
  companyOwner,
  createCompany,
  createTestApp,
  createUser,
  signIn,
  TEST_PASSWORD,
  useTestApp,
} from '../../test/harness.js';

const ctx = useTestApp({ loginLimits: { ipAttempts: 1000 } });

const login = (email: string, password: string, ip = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });

describe('POST /api/login', () => {
  it('returns a token that expires in 8 hours and stores only its SHA-256 hash', async () => {
    const user = await createUser(ctx.db, { role: 'company' });
    const res = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { token, token_expires } = res.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token_expires - Date.now() / 1000).toBeGreaterThan(8 * 3600 - 60);
    expect(token_expires - Date.now() / 1000).toBeLessThanOrEqual(8 * 3600);
    const rows = await ctx.db.select().from(apiTokens).where(eq(apiTokens.user_id, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('stores passwords as argon2id hashes', async () => {
    const user = await createUser(ctx.db, { role: 'company' });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers one generic 422 for a wrong password and for an unknown account', async () => {
    const user = await createUser(ctx.db, { role: 'company' });
    const wrong = await login(user.email, 'not-the-password');
    const unknown = await login('nobody@example.jp', 'not-the-password');
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      message: 'メールアドレスまたはパスワードが正しくありません',
      errors: { email: ['メールアドレスまたはパスワードが正しくありません'] },
    });
  });

  it('validates the body with Japanese field errors', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'bad', password: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['メールアドレスの形式が正しくありません'],
      password: ['パスワードを入力してください'],
    });
  });

  it('locks the account for 15 minutes after 10 failures, even for the right password', async () => {
    const user = await createUser(ctx.db, { role: 'company' });
    for (let i = 0; i < 9; i++) expect((await login(user.email, `wrong-${i}`)).statusCode).toBe(422);
    // 9 failures: still open
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    // a success resets the count: 9 more failures do not lock
    for (let i = 0; i < 9; i++) await login(user.email, `wrong-${i}`);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await login(user.email, `wrong-${i}`);
    const locked = await login(user.email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(locked.json().message).toContain('ロック');
    const audits = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'auth.locked'), eq(auditLogs.target_id, String(user.id))));
    expect(audits).toHaveLength(1);
    // once the lock has passed, the right password works again
    await ctx.db.update(users).set({ locked_until: sql`now() - interval '1 second'` }).where(eq(users.id, user.id));
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses disabled users with the generic message', async () => {
    const user = await createUser(ctx.db, { role: 'company', disabled_at: new Date() });
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(422);
  });

  it('refuses users of a suspended company, and their existing tokens stop working', async () => {
    const company = await createCompany(ctx.db);
    const user = await createUser(ctx.db, { role: 'company', companyId: company.id });
    const token = await signIn(ctx.app, user.email);
    await ctx.db.execute(sql`update companies set status = 'suspended' where id = ${company.id}`);
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('停止');
    expect((await client(ctx.app, token).get('/api/me')).statusCode).toBe(401);
  });
});

describe('per-IP sign-in rate limit', () => {
  it('answers 429 with Retry-After once an address has sent too many attempts', async () => {
    const limited = await createTestApp({ loginLimits: { ipAttempts: 5 } });
    try {
      const send = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'someone@example.jp', password: 'whatever-1' },
          remoteAddress: ip,
        });
      for (let i = 0; i < 5; i++) expect((await send('10.0.0.7')).statusCode).toBe(422);
      const res = await send('10.0.0.7');
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // another address is not affected
      expect((await send('10.0.0.8')).statusCode).toBe(422);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/me and tokens', () => {
  it('401 without a token, with a malformed token, and with an unknown token', async () => {
    expect((await client(ctx.app, null).get('/api/me')).statusCode).toBe(401);
    expect((await client(ctx.app, 'x').get('/api/me')).statusCode).toBe(401);
    const res = await client(ctx.app, 'A'.repeat(43)).get('/api/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.stringContaining('ログイン') });
  });

  it('returns the profile with role, permissions from the domain and the company', async () => {
    const owner = await companyOwner(ctx);
    const res = await owner.api.get('/api/me');
    expect(res.statusCode).toBe(200);
    const me = res.json().data;
    expect(me).toMatchObject({
      user_id: owner.user.id,
      email: owner.user.email,
      roles: ['company'],
      company: { id: owner.company.id, name: owner.company.name },
      expiration_year: 7,
      max_employee: 10,
      logo_data: null,
    });
    expect(me.permissions).toEqual(expect.arrayContaining(['customer.index', 'products.*', 'taxes.show']));
    expect(me.domain.permissions).toContain('customer.index');
  });

  it('reflects a change of the domain permission set on the next request', async () => {
    const owner = await companyOwner(ctx);
    expect((await owner.api.get('/api/company/customer')).statusCode).toBe(200);
    await ctx.db.execute(
      sql`update domains set permissions = '["products.*"]'::jsonb where id = ${owner.company.domain_id}`,
    );
    const me = (await owner.api.get('/api/me')).json().data;
    expect(me.permissions).not.toContain('customer.index');
    expect((await owner.api.get('/api/company/customer')).statusCode).toBe(403);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(ctx.db, { role: 'company' });
    const token = await signIn(ctx.app, user.email);
    await ctx.db
      .update(apiTokens)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.user_id, user.id));
    expect((await client(ctx.app, token).get('/api/me')).statusCode).toBe(401);
  });

  it('renews a token past half its life once, keeping the old one valid for 60 seconds', async () => {
    const user = await createUser(ctx.db, { role: 'company' });
    const token = await signIn(ctx.app, user.email);
    const fresh = await client(ctx.app, token).get('/api/me');
    expect(fresh.headers['x-new-token']).toBeUndefined();

    await ctx.db
      .update(apiTokens)
      .set({ created_at: sql`now() - interval '5 hours'`, expires_at: sql`now() + interval '3 hours'` })
      .where(eq(apiTokens.user_id, user.id));
    const res = await client(ctx.app, token).get('/api/me');
    expect(res.statusCode).toBe(200);
    const newToken = String(res.headers['x-new-token']);
    const newExpires = Number(res.headers['x-new-token-expires']);
    expect(newToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newExpires - Date.now() / 1000).toBeGreaterThan(8 * 3600 - 60);

    // the old token still answers (grace) but does not renew again
    const again = await client(ctx.app, token).get('/api/me');
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-new-token']).toBeUndefined();
    const [old] = await ctx.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.token_hash, createHash('sha256').update(token).digest('hex')));
    expect(old.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    expect((await client(ctx.app, newToken).get('/api/me')).statusCode).toBe(200);
  });
});

describe('logout', () => {
  it.each(['GET', 'POST'] as const)('%s /api/logout revokes the token', async (method) => {
    const user = await createUser(ctx.db, { role: 'company' });
    const token = await signIn(ctx.app, user.email);
    const other = await signIn(ctx.app, user.email);
    const res = await ctx.app.inject({
      method,
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}`, 'x-csrf-token': 'abc' },
    });
    expect(res.statusCode).toBe(204);
    expect((await client(ctx.app, token).get('/api/me')).statusCode).toBe(401);
    // only that session ends
    expect((await client(ctx.app, other).get('/api/me')).statusCode).toBe(200);
  });

  it('GET /sanctum/csrf-cookie sets the XSRF-TOKEN cookie', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('password forgotten / reset', () => {
  const forgot = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email } });
  const reset = (payload: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/password/reset', payload });
  const mailsTo = (to: string) => ctx.db.select().from(mailLog).where(eq(mailLog.to, to));

  it('answers the same for unknown and known addresses, mailing only the known one', async () => {
    const user = await createUser(ctx.db, { role: 'company' });
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-here@example.jp');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await mailsTo('nobody-here@example.jp')).toHaveLength(0);
    const [mail] = await mailsTo(user.email);
    expect(mail.subject).toBe('【Chobo】パスワード再設定のご案内');
    expect(mail.body).toContain('60分以内');
    expect(mail.body).toMatch(/http:\/\/chobo\.test\/password-reset\?token=[A-Za-z0-9_-]{43}&email=/);
  });

  async function resetLink(email: string) {
    await forgot(email);
    const mails = await mailsTo(email);
    const body = mails[mails.length - 1].body;
    const token = /token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
    if (!token) throw new Error('no token in mail');
    return token;
  }

  it('sets a new password once, signs out every session, and the link cannot be reused', async () => {
    const user = await createUser(ctx.db, { role: 'company' });
    const session = await signIn(ctx.app, user.email);
    const token = await resetLink(user.email);
    const body = { token, email: user.email, password: 'brand-new-pass-9', password_confirmation: 'brand-new-pass-9' };
    const res = await reset(body);
    expect(res.statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(422);
    expect((await login(user.email, 'brand-new-pass-9')).statusCode).toBe(200);
    expect((await client(ctx.app, session).get('/api/me')).statusCode).toBe(401);
    const reused = await reset({ ...body, password: 'another-pass-77', password_confirmation: 'another-pass-77' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.token[0]).toContain('無効');
  });

  it('refuses an expired link and a link for another e-mail', async () => {
    const user = await createUser(ctx.db, { role: 'company' });
    const token = await resetLink(user.email);
    const body = { token, password: 'brand-new-pass-9', password_confirmation: 'brand-new-pass-9' };
    expect((await reset({ ...body, email: 'other@example.jp' })).statusCode).toBe(422);
    await ctx.db
      .update(passwordResets)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.user_id, user.id));
    expect((await reset({ ...body, email: user.email })).statusCode).toBe(422);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('validates the new password in Japanese', async () => {
    const user = await createUser(ctx.db, { role: 'company' });
    const token = await resetLink(user.email);
    const mismatch = await reset({
      token,
      email: user.email,
      password: 'brand-new-pass-9',
      password_confirmation: 'x',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(['確認用パスワードが一致しません。']);
    const short = await reset({ token, email: user.email, password: 'short', password_confirmation: 'short' });
    expect(short.json().errors.password).toEqual(['パスワードは8文字以上で入力してください']);
    const common = await reset({
      token,
      email: user.email,
      password: 'password123',
      password_confirmation: 'password123',
    });
    expect(common.json().errors.password).toEqual(['よく使われるパスワードは使用できません']);
    // the link still works after refused attempts
    const ok = await reset({
      token,
      email: user.email,
      password: 'brand-new-pass-9',
      password_confirmation: 'brand-new-pass-9',
    });
    expect(ok.statusCode).toBe(200);
  });
});
