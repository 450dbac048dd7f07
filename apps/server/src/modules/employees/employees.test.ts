import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, companies, employees, mailLog, users } from '../../db/schema/index.js';
import { systemTenant } from '../../lib/context.js';
import { countRows } from '../../test/factories.js';
import { type Client, client, companyOwner, createUser, signIn, useTestApp } from '../../test/harness.js';
import { findEmployeeOfUser } from './employees.queries.js';

const ctx = useTestApp();

const URL = '/api/company/employees';

/** The updated_at an edit sends back, read as the edit page does. */
const employeeStamp = async (api: Client, id: number): Promise<string> =>
  (await api.get(`${URL}/${id}`)).json().data.updated_at;
const settingsStamp = async (api: Client): Promise<string> =>
  (await api.get('/api/company/employee-settings')).json().data.updated_at;
const valid = {
  code: 'E001',
  name: '鈴木 太郎',
  name_kana: 'スズキ タロウ',
  email: '',
  hire_date: '2024-04-01',
  leave_date: '',
  employment_type: 'full_time',
  department: '営業部',
  daily_hours: 7.5,
  memo: '',
};

const activeCount = (companyId: number) =>
  countRows(ctx.db, employees, and(eq(employees.company_id, companyId), sql`deleted_at is null`));

describe('employees CRUD', () => {
  it('creates with daily hours stored in thousandths, shows, updates, deletes; audited', async () => {
    const owner = await companyOwner(ctx);
    const res = await owner.api.post(URL, valid);
    expect(res.statusCode).toBe(201);
    const e = res.json().data;
    expect(e).toMatchObject({
      code: 'E001',
      daily_hours: 7.5,
      email: null,
      leave_date: null,
      is_active: true,
      login_enabled: false,
    });
    const [row] = await ctx.db.select().from(employees).where(eq(employees.id, e.id));
    expect(row.daily_hours_milli).toBe(7500);
    const [a] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'employee.create'), eq(auditLogs.target_id, String(e.id))));
    expect(a.company_id).toBe(owner.company.id);

    const upd = await owner.api.put(`${URL}/${e.id}`, {
      ...valid,
      daily_hours: '6.125',
      department: '総務部',
      updated_at: e.updated_at,
    });
    expect(upd.json().data).toMatchObject({ daily_hours: 6.125, department: '総務部' });
    expect((await owner.api.get(`${URL}/${e.id}`)).json().data.department).toBe('総務部');
    expect((await owner.api.delete(`${URL}/${e.id}`)).statusCode).toBe(204);
    expect((await owner.api.get(`${URL}/${e.id}`)).statusCode).toBe(404);
    expect((await owner.api.get(URL)).json().meta.total).toBe(0);
  });

  it('validates in Japanese and writes nothing', async () => {
    const owner = await companyOwner(ctx);
    const res = await owner.api.post(URL, {
      ...valid,
      name: '',
      name_kana: 'すずき',
      hire_date: '2024-04-01',
      leave_date: '2024-03-31',
      daily_hours: 25,
      employment_type: 'boss',
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.name[0]).toBe('氏名を入力してください');
    expect(errors.name_kana[0]).toContain('カタカナ');
    expect(errors.daily_hours[0]).toContain('24以下');
    expect(errors.employment_type[0]).toBe('雇用形態を選択してください');
    const withLogin = await owner.api.post(URL, { ...valid, login_enabled: true });
    expect(withLogin.json().errors.email[0]).toContain('メールアドレスを入力してください');
    expect(await activeCount(owner.company.id)).toBe(0);
  });

  it("answers 404 for another company's employee", async () => {
    const a = await companyOwner(ctx);
    const b = await companyOwner(ctx);
    const { id, updated_at } = (await a.api.post(URL, valid)).json().data;
    expect((await b.api.get(`${URL}/${id}`)).statusCode).toBe(404);
    expect((await b.api.put(`${URL}/${id}`, { ...valid, updated_at })).statusCode).toBe(404);
    expect((await b.api.delete(`${URL}/${id}`)).statusCode).toBe(404);
    expect((await b.api.get(URL)).json().meta.total).toBe(0);
  });

  it('searches by keyword and pages', async () => {
    const owner = await companyOwner(ctx);
    for (let i = 1; i <= 3; i++)
      await owner.api.post(URL, { ...valid, code: `E${i}`, name: i === 2 ? '山本 花子' : `社員${i}` });
    const found = (await owner.api.get(`${URL}?keyword=${encodeURIComponent('山本')}`)).json();
    expect(found.meta.total).toBe(1);
    expect(found.data[0].code).toBe('E2');
    expect((await owner.api.get(`${URL}?sort_by=memo`)).statusCode).toBe(422);
  });

  it('employees and users without employees.index cannot reach the list', async () => {
    const owner = await companyOwner(ctx);
    const emp = await createUser(ctx.db, { role: 'employee', companyId: owner.company.id });
    const api = client(ctx.app, await signIn(ctx.app, emp.email));
    expect((await api.get(URL)).statusCode).toBe(403);
    expect((await api.get('/api/company/employee-settings')).statusCode).toBe(403);
  });
});

describe('the max_employee limit', () => {
  it('allows exactly max_employee active employees and refuses the next with the limit in the message', async () => {
    const owner = await companyOwner(ctx, { max_employee: 2, max_employee_cap: 5 });
    expect((await owner.api.post(URL, { ...valid, code: 'A' })).statusCode).toBe(201);
    expect((await owner.api.post(URL, { ...valid, code: 'B' })).statusCode).toBe(201);
    const third = await owner.api.post(URL, { ...valid, code: 'C' });
    expect(third.statusCode).toBe(422);
    expect(third.json().message).toMatch(/^従業員数の上限（2人）に達しています/);
    expect(await activeCount(owner.company.id)).toBe(2);
    // someone who has already left does not count
    expect(
      (await owner.api.post(URL, { ...valid, code: 'OLD', hire_date: '2020-01-01', leave_date: '2021-03-31' }))
        .statusCode,
    ).toBe(201);
    // re-activating a former employee needs a free slot too
    const old = (await owner.api.get(`${URL}?keyword=OLD`)).json().data[0];
    expect(old.is_active).toBe(false);
    const back = await owner.api.put(`${URL}/${old.id}`, {
      ...valid,
      code: 'OLD',
      leave_date: '',
      updated_at: old.updated_at,
    });
    expect(back.statusCode).toBe(422);
    expect(back.json().message).toContain('（2人）');
  });

  it('two simultaneous adds for the last slot: exactly one succeeds', async () => {
    const owner = await companyOwner(ctx, { max_employee: 1, max_employee_cap: 5 });
    const results = await Promise.all([
      owner.api.post(URL, { ...valid, code: 'X1' }),
      owner.api.post(URL, { ...valid, code: 'X2' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await activeCount(owner.company.id)).toBe(1);
  });
});

describe('employee settings', () => {
  const settings = {
    max_employee: 4,
    work_start_time: '09:30',
    work_end_time: '18:30',
    break_minutes: 60,
    statutory_holiday: 0,
    closing_day: 25,
  };

  it('reads and updates max_employee and the work rules', async () => {
    const owner = await companyOwner(ctx, { max_employee: 3, max_employee_cap: 10 });
    const before = (await owner.api.get('/api/company/employee-settings')).json().data;
    expect(before).toMatchObject({ max_employee: 3, max_employee_cap: 10, active_employees: 0 });
    const res = await owner.api.put('/api/company/employee-settings', { ...settings, updated_at: before.updated_at });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject(settings);
    const me = (await owner.api.get('/api/me')).json().data;
    expect(me.max_employee).toBe(4);
  });

  it('refuses max_employee above the platform cap, and below the active employees', async () => {
    const owner = await companyOwner(ctx, { max_employee: 3, max_employee_cap: 5 });
    const five = await owner.api.put('/api/company/employee-settings', {
      ...settings,
      max_employee: 5,
      updated_at: await settingsStamp(owner.api),
    });
    expect(five.statusCode).toBe(200);
    const updated_at = five.json().data.updated_at;
    const over = await owner.api.put('/api/company/employee-settings', { ...settings, max_employee: 6, updated_at });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.max_employee[0]).toContain('5人以下');
    await owner.api.post(URL, { ...valid, code: 'A' });
    await owner.api.post(URL, { ...valid, code: 'B' });
    const under = await owner.api.put('/api/company/employee-settings', { ...settings, max_employee: 1, updated_at });
    expect(under.statusCode).toBe(422);
    expect(under.json().errors.max_employee[0]).toContain('2人');
    const bad = await owner.api.put('/api/company/employee-settings', {
      ...settings,
      work_end_time: '08:00',
      closing_day: 32,
      updated_at,
    });
    expect(bad.statusCode).toBe(422);
    const [c] = await ctx.db.select().from(companies).where(eq(companies.id, owner.company.id));
    expect(c.max_employee).toBe(5);
  });
});

describe('sign-in accounts for employees', () => {
  it('creates a role-employee user, mails an invitation whose link sets the password, and the employee signs in', async () => {
    const owner = await companyOwner(ctx);
    const email = `emp-${Date.now()}@example.jp`;
    const res = await owner.api.post(URL, { ...valid, email, login_enabled: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.login_enabled).toBe(true);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: 'employee', company_id: owner.company.id, password_hash: null });
    const [mail] = await ctx.db.select().from(mailLog).where(eq(mailLog.to, email)).orderBy(desc(mailLog.id));
    expect(mail.subject).toContain('招待');
    const token = decodeURIComponent(/token=([^&\s]+)/.exec(mail.body)?.[1] ?? '');
    const reset = await client(ctx.app, null).post('/api/password/reset', {
      token,
      email,
      password: 'new-secret-pass-1',
      password_confirmation: 'new-secret-pass-1',
    });
    expect(reset.statusCode).toBe(200);
    const login = await client(ctx.app, null).post('/api/login', { email, password: 'new-secret-pass-1' });
    expect(login.statusCode).toBe(200);
    const me = (await client(ctx.app, login.json().data.token).get('/api/me')).json().data;
    expect(me.roles).toEqual(['employee']);
    const linked = await findEmployeeOfUser(systemTenant(ctx.db, owner.company.id), me.user_id);
    expect(linked?.id).toBe(res.json().data.id);

    // a new name or e-mail on the employee follows onto the sign-in account
    const newEmail = `moved-${Date.now()}@example.jp`;
    await owner.api.put(`${URL}/${res.json().data.id}`, {
      ...valid,
      name: '改名 太郎',
      email: newEmail,
      login_enabled: true,
      updated_at: res.json().data.updated_at,
    });
    const [renamed] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect([renamed.name, renamed.email]).toEqual(['改名 太郎', newEmail]);
    await owner.api.put(`${URL}/${res.json().data.id}`, {
      ...valid,
      name: '再改名 太郎',
      email: newEmail,
      login_enabled: true,
      updated_at: await employeeStamp(owner.api, res.json().data.id),
    });
    const [renamedAgain] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(renamedAgain.name).toBe('再改名 太郎');

    // turning the sign-in off disables the account
    expect(
      (await client(ctx.app, null).post('/api/login', { email: newEmail, password: 'new-secret-pass-1' })).statusCode,
    ).toBe(200);
    await owner.api.put(`${URL}/${res.json().data.id}`, {
      ...valid,
      email: newEmail,
      login_enabled: false,
      updated_at: await employeeStamp(owner.api, res.json().data.id),
    });
    expect(
      (await client(ctx.app, null).post('/api/login', { email: newEmail, password: 'new-secret-pass-1' })).statusCode,
    ).not.toBe(200);
  });

  it('refuses an e-mail that another account already uses', async () => {
    const owner = await companyOwner(ctx);
    const res = await owner.api.post(URL, { ...valid, email: owner.user.email, login_enabled: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email[0]).toContain('すでに');
    expect(await activeCount(owner.company.id)).toBe(0);
  });
});

describe('switching a sign-in off and on again', () => {
  it('re-enables the same account with a new invitation; the old password no longer works', async () => {
    const owner = await companyOwner(ctx);
    const email = `again-${Date.now()}@example.jp`;
    const created = (await owner.api.post(URL, { ...valid, email, login_enabled: true })).json().data;
    const off = await owner.api.put(`${URL}/${created.id}`, {
      ...valid,
      email,
      login_enabled: false,
      updated_at: created.updated_at,
    });
    expect(off.json().data.login_enabled).toBe(false);
    const on = await owner.api.put(`${URL}/${created.id}`, {
      ...valid,
      email,
      login_enabled: true,
      updated_at: off.json().data.updated_at,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.login_enabled).toBe(true);
    const accounts = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ disabled_at: null, password_hash: null });
    const mails = await ctx.db.select().from(mailLog).where(eq(mailLog.to, email));
    expect(mails).toHaveLength(2);
  });

  it("never takes over another company's or a live account's address", async () => {
    const a = await companyOwner(ctx);
    const b = await companyOwner(ctx);
    const email = `shared-${Date.now()}@example.jp`;
    const created = (await a.api.post(URL, { ...valid, email, login_enabled: true })).json().data;
    await a.api.delete(`${URL}/${created.id}`);
    const res = await b.api.post(URL, { ...valid, email, login_enabled: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email[0]).toContain('すでに');
  });
});
