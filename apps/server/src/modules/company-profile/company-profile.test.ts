import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, companies } from '../../db/schema/index.js';
import { type Client, client, companyOwner, createUser, signIn, useTestApp } from '../../test/harness.js';

/** The company row's updated_at, which an edit of the profile or the bank account sends back. */
async function stamp(api: Client): Promise<string> {
  return (await api.get('/api/company-profile')).json().data.updated_at;
}

const ctx = useTestApp();

const profile = {
  name: '株式会社テスト工業',
  name_kana: 'カブシキガイシャテストコウギョウ',
  corporate_number: '7000012050002',
  registration_number: 't7000012050002',
  representative_name: '田中 一郎',
  representative_name_kana: 'タナカ イチロウ',
  postal_code: '100-0005',
  prefecture_code: '13',
  address1: '千代田区丸の内1-1-1',
  address2: '',
  tel: '03-1234-5678',
  email: 'info@test.example.jp',
  capital: '3000000',
  fiscal_year_end_month: 12,
  business_type: '製造業',
  tax_office: '麹町',
};
const bank = {
  bank_code: '0001',
  bank_name: 'みずほ銀行',
  branch_code: '001',
  branch_name: '東京営業部',
  account_type: '普通',
  account_number: '1234567',
  account_holder: 'カ）テストコウギョウ',
};

describe('company profile', () => {
  it('reads and updates the fields a company may edit (not its caps or status)', async () => {
    const owner = await companyOwner(ctx, { max_employee: 5, max_employee_cap: 7 });
    expect((await owner.api.get('/api/company-profile')).json().data.id).toBe(owner.company.id);
    const res = await owner.api.put('/api/company-profile', {
      ...profile,
      max_employee_cap: 999,
      status: 'suspended',
      updated_at: await stamp(owner.api),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: '株式会社テスト工業',
      postal_code: '1000005',
      registration_number: 'T7000012050002',
      capital: 3000000,
      address2: null,
    });
    const [c] = await ctx.db.select().from(companies).where(eq(companies.id, owner.company.id));
    expect(c.max_employee_cap).toBe(7);
    expect(c.status).toBe('active');
    const [a] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'company.profile'), eq(auditLogs.company_id, owner.company.id)));
    expect(a.after).toMatchObject({ name: '株式会社テスト工業' });
  });

  it('validates (check digits, month) and writes nothing', async () => {
    const owner = await companyOwner(ctx);
    const res = await owner.api.put('/api/company-profile', {
      ...profile,
      corporate_number: '7000012050003',
      fiscal_year_end_month: 13,
      name: '',
      updated_at: await stamp(owner.api),
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(Object.keys(errors).sort()).toEqual(['corporate_number', 'fiscal_year_end_month', 'name']);
    expect((await owner.api.get('/api/company-profile')).json().data.name).toBe(owner.company.name);
  });

  it('employees cannot read or change it', async () => {
    const owner = await companyOwner(ctx);
    const emp = await createUser(ctx.db, { role: 'employee', companyId: owner.company.id });
    const api = client(ctx.app, await signIn(ctx.app, emp.email));
    expect((await api.get('/api/company-profile')).statusCode).toBe(403);
    const updated_at = owner.company.updated_at.toISOString();
    expect((await api.put('/api/company/bank-info', { ...bank, updated_at })).statusCode).toBe(403);
  });
});

describe('bank info', () => {
  it('404 when none, then created and updated; each company sees only its own', async () => {
    const a = await companyOwner(ctx);
    const b = await companyOwner(ctx);
    expect((await a.api.get('/api/company/bank-info')).statusCode).toBe(404);
    const first = await a.api.put('/api/company/bank-info', { ...bank, updated_at: await stamp(a.api) });
    expect(first.statusCode).toBe(200);
    const shown = (await a.api.get('/api/company/bank-info')).json().data;
    expect(shown).toEqual({ ...bank, updated_at: first.json().data.updated_at });
    const upd = await a.api.put('/api/company/bank-info', {
      ...bank,
      account_type: '当座',
      account_number: '7654321',
      updated_at: shown.updated_at,
    });
    expect(upd.json().data.account_number).toBe('7654321');
    const audits = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'company.bank_info'), eq(auditLogs.company_id, a.company.id)))
      .orderBy(auditLogs.id);
    expect(audits).toHaveLength(2);
    expect(audits[1].before).toMatchObject({ account_number: '1234567' });
    expect((await b.api.get('/api/company/bank-info')).statusCode).toBe(404);
  });

  it('checks the codes (4 and 3 digits), the number and the kana holder', async () => {
    const a = await companyOwner(ctx);
    const res = await a.api.put('/api/company/bank-info', {
      ...bank,
      bank_code: '12',
      branch_code: '1234',
      account_number: '12-34',
      account_holder: 'Test',
      account_type: '外貨',
      updated_at: await stamp(a.api),
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.bank_code[0]).toBe('銀行コードは4桁の数字で入力してください');
    expect(errors.branch_code[0]).toBe('支店コードは3桁の数字で入力してください');
    expect(errors.account_number[0]).toBe('口座番号は7桁の数字で入力してください');
    expect(errors.account_type[0]).toBe('預金種目を選択してください');
    expect((await a.api.get('/api/company/bank-info')).statusCode).toBe(404);
  });

  it('keeps further accounts the platform admin entered', async () => {
    const a = await companyOwner(ctx);
    const extra = {
      bank_name: 'ゆうちょ銀行',
      branch_name: '〇一八',
      account_type: '普通',
      account_number: '7654321',
      account_holder: 'テスト',
    };
    await ctx.db
      .update(companies)
      .set({ bank_accounts: [extra, extra] })
      .where(eq(companies.id, a.company.id));
    expect((await a.api.get('/api/company/bank-info')).json().data).toMatchObject({
      bank_code: null,
      bank_name: 'ゆうちょ銀行',
    });
    await a.api.put('/api/company/bank-info', { ...bank, updated_at: await stamp(a.api) });
    const [c] = await ctx.db.select().from(companies).where(eq(companies.id, a.company.id));
    expect(c.bank_accounts).toEqual([bank, extra]);
  });
});
