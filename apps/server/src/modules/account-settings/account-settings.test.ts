import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, companies, mailLog, users } from '../../db/schema/index.js';
import { makePng } from '../../lib/png.js';
import { client, companyOwner, createUser, signIn, TEST_PASSWORD, useTestApp } from '../../test/harness.js';
import { uploadFile } from '../../test/multipart.js';

const ctx = useTestApp();

describe('PUT /api/profile/name', () => {
  it('changes the name (shown by /api/me), audited; an empty name is 422', async () => {
    const owner = await companyOwner(ctx);
    expect((await owner.api.put('/api/profile/name', { name: '新しい 名前' })).statusCode).toBe(200);
    expect((await owner.api.get('/api/me')).json().data.name).toBe('新しい 名前');
    const [a] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'profile.update_name'), eq(auditLogs.target_id, String(owner.user.id))));
    expect(a.after).toEqual({ name: '新しい 名前' });
    const bad = await owner.api.put('/api/profile/name', { name: ' ' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.name[0]).toBe('氏名を入力してください');
  });

  it('an employee may change its name too', async () => {
    const owner = await companyOwner(ctx);
    const emp = await createUser(ctx.db, { role: 'employee', companyId: owner.company.id });
    const api = client(ctx.app, await signIn(ctx.app, emp.email));
    expect((await api.put('/api/profile/name', { name: '従業員 名' })).statusCode).toBe(200);
    // but not its e-mail (no profile.update-email) nor company settings
    expect((await api.put('/api/profile/email', { email: 'x@example.jp' })).statusCode).toBe(403);
    expect(
      (await api.put('/api/company/tax-settings', { tax_display: 'inclusive', tax_rounding: 'round' })).statusCode,
    ).toBe(403);
    expect((await api.put('/api/company/expiration-year', { expiration_year: 10 })).statusCode).toBe(403);
  });
});

describe('e-mail change', () => {
  it('mails a link to the new address; the e-mail changes only when the link is followed, once', async () => {
    const owner = await companyOwner(ctx);
    const newEmail = `new-${Date.now()}@example.jp`;
    const res = await owner.api.put('/api/profile/email', { email: newEmail });
    expect(res.statusCode).toBe(200);
    expect((await owner.api.get('/api/me')).json().data.email).toBe(owner.user.email);
    const [mail] = await ctx.db.select().from(mailLog).where(eq(mailLog.to, newEmail)).orderBy(desc(mailLog.id));
    const token = decodeURIComponent(/\/email\/confirm\?token=([^\s&]+)/.exec(mail.body)?.[1] ?? '');
    expect(token.length).toBeGreaterThan(20);
    const [notice] = await ctx.db.select().from(mailLog).where(eq(mailLog.to, owner.user.email));
    expect(notice.body).toContain(newEmail);
    expect(notice.body).not.toContain(token);
    const anon = client(ctx.app, null);
    expect((await anon.post('/api/profile/email/confirm', { token: 'wrong' })).statusCode).toBe(422);
    const ok = await anon.post('/api/profile/email/confirm', { token });
    expect(ok.statusCode).toBe(200);
    expect((await owner.api.get('/api/me')).json().data.email).toBe(newEmail);
    expect((await anon.post('/api/profile/email/confirm', { token })).statusCode).toBe(422);
    // signs in with the new address
    expect((await anon.post('/api/login', { email: newEmail, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses an address another account uses, and a malformed one', async () => {
    const a = await companyOwner(ctx);
    const b = await companyOwner(ctx);
    const taken = await a.api.put('/api/profile/email', { email: b.user.email.toUpperCase() });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email[0]).toContain('すでに使われています');
    expect((await a.api.put('/api/profile/email', { email: 'not-an-email' })).statusCode).toBe(422);
  });
});

describe('PUT /api/password', () => {
  it('needs the current password, then signs out every OTHER session', async () => {
    const owner = await companyOwner(ctx);
    const other = client(ctx.app, await signIn(ctx.app, owner.user.email));
    const body = {
      current_password: 'wrong-one',
      password: 'brand-new-pass-9',
      password_confirmation: 'brand-new-pass-9',
    };
    const wrong = await owner.api.put('/api/password', body);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password[0]).toBe('現在のパスワードが正しくありません');
    const mismatch = await owner.api.put('/api/password', {
      ...body,
      current_password: TEST_PASSWORD,
      password_confirmation: 'x',
    });
    expect(mismatch.json().errors.password_confirmation[0]).toBe('確認用パスワードが一致しません。');
    const short = await owner.api.put('/api/password', {
      current_password: TEST_PASSWORD,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect((await other.get('/api/me')).statusCode).toBe(200);

    const ok = await owner.api.put('/api/password', { ...body, current_password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await owner.api.get('/api/me')).statusCode).toBe(200);
    const [audited] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'profile.update_password'), eq(auditLogs.target_id, String(owner.user.id))));
    expect(audited).toBeDefined();
    expect((await other.get('/api/me')).statusCode).toBe(401);
    const anon = client(ctx.app, null);
    expect((await anon.post('/api/login', { email: owner.user.email, password: TEST_PASSWORD })).statusCode).not.toBe(
      200,
    );
    expect((await anon.post('/api/login', { email: owner.user.email, password: 'brand-new-pass-9' })).statusCode).toBe(
      200,
    );
  });
});

describe('company settings', () => {
  it('tax display and rounding', async () => {
    const owner = await companyOwner(ctx);
    expect((await owner.api.get('/api/company/tax-settings')).json().data).toEqual({
      tax_display: 'exclusive',
      tax_rounding: 'floor',
      accounting_method: 'exclusive',
    });
    const res = await owner.api.put('/api/company/tax-settings', { tax_display: 'inclusive', tax_rounding: 'round' });
    expect(res.statusCode).toBe(200);
    const [c] = await ctx.db.select().from(companies).where(eq(companies.id, owner.company.id));
    expect([c.tax_display, c.tax_rounding]).toEqual(['inclusive', 'round']);
    const [a] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'company.tax_settings'), eq(auditLogs.company_id, owner.company.id)));
    expect(a.before).toMatchObject({ tax_display: 'exclusive', tax_rounding: 'floor' });
    expect(a.after).toMatchObject({ tax_display: 'inclusive', tax_rounding: 'round' });
    const bad = await owner.api.put('/api/company/tax-settings', { tax_display: 'both', tax_rounding: 'round' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.tax_display[0]).toBe('消費税の表示方法を選択してください');
  });

  it('retention 7 or 10 years', async () => {
    const owner = await companyOwner(ctx);
    expect((await owner.api.put('/api/company/expiration-year', { expiration_year: 10 })).statusCode).toBe(200);
    expect((await owner.api.get('/api/me')).json().data.expiration_year).toBe(10);
    const [a] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'company.expiration_year'), eq(auditLogs.company_id, owner.company.id)));
    expect(a.after).toMatchObject({ expiration_year: 10 });
    const bad = await owner.api.put('/api/company/expiration-year', { expiration_year: 8 });
    expect(bad.statusCode).toBe(422);
    expect((await owner.api.get('/api/me')).json().data.expiration_year).toBe(10);
  });

  it('logo: a PNG becomes logo_data in /api/me; not-an-image 415, too large 413', async () => {
    const owner = await companyOwner(ctx);
    const png = makePng(4, 4, () => [200, 10, 10]);
    const res = await uploadFile(ctx.app, owner.token, '/api/company/logo', 'logo.png', png);
    expect(res.statusCode).toBe(200);
    const me = (await owner.api.get('/api/me')).json().data;
    expect(me.logo_data).toBe(`data:image/png;base64,${png.toString('base64')}`);
    const svg = await uploadFile(
      ctx.app,
      owner.token,
      '/api/company/logo',
      'logo.png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe('PNG・JPEGのファイルを選択してください');
    const big = await uploadFile(
      ctx.app,
      owner.token,
      '/api/company/logo',
      'big.png',
      Buffer.concat([png, Buffer.alloc(1024 * 1024)]),
    );
    expect(big.statusCode).toBe(413);
    expect((await owner.api.get('/api/me')).json().data.logo_data).toBe(me.logo_data);
    expect((await owner.api.delete('/api/company/logo')).statusCode).toBe(204);
    expect((await owner.api.get('/api/me')).json().data.logo_data).toBeNull();
  });
});

void users;
