import { desc, eq, sql } from 'drizzle-orm';
import jpegJs from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLogs, companies, journalEntries, journalLines, mailLog, users } from '../../db/schema/index.js';
import { forgetSettings } from '../../lib/settings.js';
import {
  client,
  companyOwner,
  createCompany,
  createDomain,
  createTestApp,
  signedInAdmin,
  type TestContext,
} from '../../test/harness.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// a real 8×8 JPEG (logos are decoded completely, a bare JPEG header is refused)
const JPEG = Buffer.from(jpegJs.encode({ width: 8, height: 8, data: Buffer.alloc(8 * 8 * 4, 0x80) }, 85).data);

function multipart(file: Buffer, filename: string, type: string) {
  const boundary = '----chobo-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const valid = {
  name: '株式会社テスト商会',
  name_kana: 'カブシキガイシャテストショウカイ',
  corporate_number: '7000012050002',
  registration_number: 'T7000012050002',
  representative_name: '山田 太郎',
  postal_code: '100-0001',
  prefecture_code: '13',
  address1: '千代田区千代田1-1',
  tel: '03-1234-5678',
  email: 'info@test-shokai.jp',
  capital: 10_000_000,
  fiscal_year_end_month: 3,
  expiration_year: 10,
  tax_display: 'inclusive',
  tax_rounding: 'round',
  bank_accounts: [
    {
      bank_name: 'みずほ銀行',
      branch_name: '東京営業部',
      account_type: '普通',
      account_number: '1234567',
      account_holder: 'カ）テストショウカイ',
    },
  ],
};

describe('admin companies API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await createDomain(ctx.db, { is_default: true, name: '既定ドメイン' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('creates a company with every field on the default domain, audited', async () => {
    const { api } = await signedInAdmin(ctx);
    forgetSettings(ctx.db);
    const res = await api.post('/api/admin/companies', valid);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: '株式会社テスト商会',
      postal_code: '1000001',
      corporate_number: '7000012050002',
      expiration_year: 10,
      domain_name: '既定ドメイン',
      status: 'active',
      capital: 10_000_000,
    });
    expect(data.bank_accounts[0].bank_name).toBe('みずほ銀行');
    const show = await api.get(`/api/admin/companies/${data.id}`);
    expect(show.json().data.name).toBe('株式会社テスト商会');
    const [a] = await ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'company.create'));
    expect(a.target_id).toBe(String(data.id));
  });

  it('validates check digits, postal code, prefecture, fiscal month and retention (422, nothing written)', async () => {
    const { api } = await signedInAdmin(ctx);
    const before = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(companies))[0].n;
    const res = await api.post('/api/admin/companies', {
      ...valid,
      corporate_number: '1000012050002',
      registration_number: 'T1000012050002',
      postal_code: '12-34',
      prefecture_code: '48',
      fiscal_year_end_month: 13,
      expiration_year: 5,
    });
    expect(res.statusCode).toBe(422);
    const e = res.json().errors;
    expect(e.corporate_number).toEqual(['法人番号のチェックデジットが正しくありません']);
    expect(e.registration_number).toEqual(['登録番号のチェックデジットが正しくありません']);
    expect(e.postal_code).toBeDefined();
    expect(e.prefecture_code).toBeDefined();
    expect(e.fiscal_year_end_month).toEqual(['決算月は12以下で入力してください']);
    expect(e.expiration_year).toEqual(['データ保存期間は7年または10年を選択してください']);
    const empty = await api.post('/api/admin/companies', { name: ' ' });
    expect(empty.json().errors.name).toEqual(['企業名を入力してください']);
    const after = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(companies))[0].n;
    expect(after).toBe(before);
  });

  it('updates a company and moves it to another domain', async () => {
    const { api } = await signedInAdmin(ctx);
    const company = await createCompany(ctx.db);
    const domain = await createDomain(ctx.db, { name: '移動先' });
    const res = await api.put(`/api/admin/companies/${company.id}`, {
      ...valid,
      corporate_number: '', // the company created above holds valid's 法人番号
      name: '改名株式会社',
      domain_id: domain.id,
      updated_at: company.updated_at.toISOString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: '改名株式会社', domain_name: '移動先' });
    const updated_at = res.json().data.updated_at;
    expect((await api.put('/api/admin/companies/999999', { ...valid, updated_at })).statusCode).toBe(404);
    const bad = await api.put(`/api/admin/companies/${company.id}`, { ...valid, domain_id: 999999, updated_at });
    expect(bad.statusCode).toBe(422);
  });

  it('suspending refuses sign-in with a clear message and ends sessions; reactivating allows it again', async () => {
    const { api } = await signedInAdmin(ctx);
    const owner = await companyOwner(ctx);
    const res = await api.post(`/api/admin/companies/${owner.company.id}/suspend`);
    expect(res.json().data.status).toBe('suspended');
    expect((await owner.api.get('/api/me')).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: owner.user.email, password: owner.user.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toContain('停止');
    await api.post(`/api/admin/companies/${owner.company.id}/reactivate`);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: owner.user.email, password: owner.user.password },
    });
    expect(again.statusCode).toBe(200);
    const actions = (
      await ctx.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.target_id, String(owner.company.id)))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['company.suspend', 'company.reactivate']));
  });

  it('deletes a company without books (and its users); refuses one with journal entries (409)', async () => {
    const { api } = await signedInAdmin(ctx);
    const owner = await companyOwner(ctx);
    expect((await api.delete(`/api/admin/companies/${owner.company.id}`)).statusCode).toBe(204);
    expect((await api.get(`/api/admin/companies/${owner.company.id}`)).statusCode).toBe(404);
    expect((await ctx.db.select().from(users).where(eq(users.id, owner.user.id))).length).toBe(0);

    // a company created through the API gets the default chart of accounts; one journal entry = books
    const created = (await api.post('/api/admin/companies', { name: '帳簿あり株式会社' })).json().data;
    const accts = await ctx.db.select().from(accounts).where(eq(accounts.company_id, created.id));
    expect(accts.length).toBeGreaterThan(10);
    await ctx.db.transaction(async (tx) => {
      const [entry] = await tx
        .insert(journalEntries)
        .values({ company_id: created.id, number: 1, date: '2026-04-01', description: '開始', total: 1000 })
        .returning();
      await tx.insert(journalLines).values([
        {
          company_id: created.id,
          entry_id: entry.id,
          line_no: 1,
          date: '2026-04-01',
          account_id: accts[0].id,
          debit: 1000,
          credit: 0,
        },
        {
          company_id: created.id,
          entry_id: entry.id,
          line_no: 2,
          date: '2026-04-01',
          account_id: accts[1].id,
          debit: 0,
          credit: 1000,
        },
      ]);
    });
    const res = await api.delete(`/api/admin/companies/${created.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('利用を停止');
    expect((await api.get(`/api/admin/companies/${created.id}`)).statusCode).toBe(200);
  });

  it('account/edit: owner name/e-mail, disable, cap and retention; password mail when asked', async () => {
    const { api } = await signedInAdmin(ctx);
    forgetSettings(ctx.db);
    const owner = await companyOwner(ctx);
    const res = await api.put(`/api/admin/companies/${owner.company.id}/account`, {
      name: '新しい 担当',
      email: 'new-owner@example.jp',
      disabled: false,
      max_employee: 30,
      expiration_year: 10,
      send_password_reset: true,
      updated_at: owner.company.updated_at.toISOString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      max_employee: 30,
      expiration_year: 10,
      owner: { name: '新しい 担当', email: 'new-owner@example.jp', disabled: false },
    });
    const [mail] = await ctx.db
      .select()
      .from(mailLog)
      .where(eq(mailLog.to, 'new-owner@example.jp'))
      .orderBy(desc(mailLog.id));
    expect(mail.body).toMatch(/\/password-reset\?token=/);
    const disable = await api.put(`/api/admin/companies/${owner.company.id}/account`, {
      name: '新しい 担当',
      email: 'new-owner@example.jp',
      disabled: true,
      max_employee: 30,
      expiration_year: 7,
      updated_at: res.json().data.updated_at,
    });
    expect(disable.json().data.owner.disabled).toBe(true);
    expect((await owner.api.get('/api/me')).statusCode).toBe(401);
    const badRetention = await api.put(`/api/admin/companies/${owner.company.id}/account`, {
      name: 'x',
      email: 'new-owner@example.jp',
      max_employee: 1,
      expiration_year: 8,
      updated_at: disable.json().data.updated_at,
    });
    expect(badRetention.statusCode).toBe(422);
  });

  it('lists with keyword over name/kana/e-mail, paging 20, sort whitelist', async () => {
    const { api } = await signedInAdmin(ctx);
    for (let i = 0; i < 22; i++)
      await createCompany(ctx.db, { name: `一覧テスト${String(i).padStart(2, '0')}`, email: `l${i}@list.jp` });
    const p1 = await api.get('/api/admin/companies?keyword=一覧テスト&sort_by=name&sort_dir=asc');
    expect(p1.json().meta).toMatchObject({ total: 22, per_page: 20, last_page: 2 });
    expect(p1.json().data[0].name).toBe('一覧テスト00');
    const p2 = await api.get('/api/admin/companies?keyword=一覧テスト&sort_by=name&sort_dir=asc&page=2');
    expect(p2.json().data.map((c: { name: string }) => c.name)).toEqual(['一覧テスト20', '一覧テスト21']);
    expect((await api.get('/api/admin/companies?keyword=l7@list.jp')).json().meta.total).toBe(1);
    expect((await api.get('/api/admin/companies?sort_by=password')).statusCode).toBe(422);
  });

  it('needs companies.index; admins cannot write company data (403) but can read it with company_id', async () => {
    const other = await signedInAdmin(ctx, ['infos.index']);
    expect((await other.api.get('/api/admin/companies')).statusCode).toBe(403);
    expect((await other.api.post('/api/admin/companies', valid)).statusCode).toBe(403);
    const owner = await companyOwner(ctx);
    expect((await owner.api.get('/api/admin/companies')).statusCode).toBe(403);
    const { api } = await signedInAdmin(ctx);
    const read = await api.get(`/api/company/customer?company_id=${owner.company.id}`);
    expect(read.statusCode).toBe(200);
    const write = await api.post(`/api/company/customer?company_id=${owner.company.id}`, { name: '管理者の書き込み' });
    expect(write.statusCode).toBe(403);
    expect((await client(ctx.app, null).get('/api/admin/companies')).statusCode).toBe(401);
  });

  describe('company logo', () => {
    const upload = (token: string, id: number, file: Buffer, filename = 'logo.png', type = 'image/png') => {
      const m = multipart(file, filename, type);
      return ctx.app.inject({
        method: 'POST',
        url: `/api/admin/companies/${id}/logo`,
        headers: { authorization: `Bearer ${token}`, ...m.headers },
        payload: m.payload,
      });
    };
    const logoAudits = (id: number) =>
      ctx.db
        .select()
        .from(auditLogs)
        .where(
          sql`${auditLogs.target_type} = 'company' and ${auditLogs.target_id} = ${id} and ${auditLogs.action} like 'company.logo%'`,
        )
        .orderBy(auditLogs.id);

    it('stores a PNG/JPEG as companies.logo_data (shown by /api/me), replaces and removes it, audited', async () => {
      const owner = await companyOwner(ctx);
      const { api, token } = await signedInAdmin(ctx);
      expect((await api.get(`/api/admin/companies/${owner.company.id}/logo`)).json().data.logo_data).toBeNull();

      const up = await upload(token, owner.company.id, PNG);
      expect(up.statusCode).toBe(200);
      expect(up.json()).toMatchObject({ message: 'ロゴを登録しました' });
      expect(up.json().data.logo_data).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
      const [stored] = await ctx.db.select().from(companies).where(eq(companies.id, owner.company.id));
      expect(stored.logo_data).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
      expect((await owner.api.get('/api/me')).json().data.logo_data).toBe(stored.logo_data);
      expect((await api.get(`/api/admin/companies/${owner.company.id}/logo`)).json().data.logo_data).toBe(
        stored.logo_data,
      );
      // the company record itself stays without the image
      expect((await api.get(`/api/admin/companies/${owner.company.id}`)).json().data).not.toHaveProperty('logo_data');

      const jpeg = await upload(token, owner.company.id, JPEG, 'logo.jpg', 'image/jpeg');
      expect(jpeg.statusCode).toBe(200);
      expect(jpeg.json().data.logo_data).toMatch(/^data:image\/jpeg;base64,/);

      const del = await api.delete(`/api/admin/companies/${owner.company.id}/logo`);
      expect(del.statusCode).toBe(200);
      expect(del.json().data.logo_data).toBeNull();
      expect((await owner.api.get('/api/me')).json().data.logo_data).toBeNull();

      const rows = await logoAudits(owner.company.id);
      expect(rows.map((r) => r.action)).toEqual(['company.logo_update', 'company.logo_update', 'company.logo_delete']);
      expect(rows[0].company_id).toBe(owner.company.id);
      expect(rows[0].before).toEqual({ logo: null });
      expect(rows[0].after).toEqual({ logo: `${stored.logo_data?.length} chars` });
    });

    it('413 over 1 MB, 415 for a non-image (judged by content), 404 for an unknown company — nothing stored', async () => {
      const company = await createCompany(ctx.db);
      const { token } = await signedInAdmin(ctx);
      const big = await upload(token, company.id, Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]));
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe('ファイルサイズは1MB以下にしてください');
      const fake = await upload(token, company.id, Buffer.from('GIF89a not a png'), 'logo.png', 'image/png');
      expect(fake.statusCode).toBe(415);
      expect(fake.json().message).toBe('PNG・JPEGのファイルを選択してください');
      const pdf = await upload(token, company.id, Buffer.from('%PDF-1.4 ...'), 'logo.pdf', 'application/pdf');
      expect(pdf.statusCode).toBe(415);
      expect((await upload(token, 2_000_000_000, PNG)).statusCode).toBe(404);
      const [row] = await ctx.db.select().from(companies).where(eq(companies.id, company.id));
      expect(row.logo_data).toBeNull();
      expect(await logoAudits(company.id)).toHaveLength(0);
    });

    it('needs companies.index (403) and an admin', async () => {
      const company = await createCompany(ctx.db);
      const other = await signedInAdmin(ctx, ['infos.index']);
      expect((await upload(other.token, company.id, PNG)).statusCode).toBe(403);
      expect((await other.api.delete(`/api/admin/companies/${company.id}/logo`)).statusCode).toBe(403);
      expect((await other.api.get(`/api/admin/companies/${company.id}/logo`)).statusCode).toBe(403);
      const owner = await companyOwner(ctx);
      expect((await upload(owner.token, owner.company.id, PNG)).statusCode).toBe(403);
      expect((await client(ctx.app, null).delete(`/api/admin/companies/${company.id}/logo`)).statusCode).toBe(401);
      const [row] = await ctx.db.select().from(companies).where(eq(companies.id, company.id));
      expect(row.logo_data).toBeNull();
    });
  });
});
