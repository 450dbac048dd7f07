import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs } from '../db/schema/index.js';
import { type Client, companyOwner, createCompany, createDomain, signedInAdmin, useTestApp } from '../test/harness.js';

/**
 * Optimistic concurrency end to end: every edit sends back the updated_at it read; a stale one is 409 with
 * the Japanese message and changes nothing; a missing one is 422. These fail when assertFresh is removed.
 */
const ctx = useTestApp();

const STALE = /^ほかのユーザーがこの.+を更新しました。画面を再読み込みしてから編集してください$/;
const MISSING = '更新日時（updated_at）がありません。画面を再読み込みしてから編集してください';

async function updateAudits(action: string, targetId: number) {
  return ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.target_id, String(targetId))));
}

/** 20 edits sent at once, all from the same read: one wins, nineteen are told someone else saved. */
async function race(send: (i: number) => Promise<{ statusCode: number; json(): { message?: string } }>) {
  const results = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i)));
  const winners = results.flatMap((r, i) => (r.statusCode === 200 ? [i] : []));
  const losers = results.filter((r) => r.statusCode === 409);
  expect(winners).toHaveLength(1);
  expect(losers).toHaveLength(19);
  for (const r of losers) expect(r.json().message).toMatch(STALE);
  return { winner: winners[0], results };
}

describe('20 concurrent edits of one record', () => {
  it('product: exactly one 200, nineteen 409; the stored product is the winner’s; one audit row', async () => {
    const owner = await companyOwner(ctx);
    const body = (i: number) => ({
      code: `P-${i}`,
      name: `同時編集${i}`,
      unit: '個',
      unit_price: 1000 + i,
      tax_category: '10',
      description: `編集者${i}`,
      is_active: true,
    });
    const created = (await owner.api.post('/api/products', body(99))).json().data;
    const { winner } = await race((i) =>
      owner.api.put(`/api/products/${created.id}`, { ...body(i), updated_at: created.updated_at }),
    );
    const stored = (await owner.api.get(`/api/products/${created.id}`)).json().data;
    expect(stored).toMatchObject(body(winner));
    expect(stored.updated_at).not.toBe(created.updated_at);
    const audits = await updateAudits('product.update', created.id);
    expect(audits).toHaveLength(1);
    expect(audits[0].after).toMatchObject(body(winner));
  });

  it('journal entry: exactly one 200; its lines are the winner’s and the trial balance still balances', async () => {
    const owner = await companyOwner(ctx);
    const accounts = (await owner.api.get('/api/company/accounts')).json().data as { code: string; id: number }[];
    const id = (code: string) => accounts.find((a) => a.code === code)?.id;
    const entry = (amount: number) => ({
      date: '2026-04-10',
      description: `売上${amount}`,
      lines: [
        { account_id: id('1120'), debit: amount, credit: 0 },
        { account_id: id('4110'), debit: 0, credit: amount, tax_category: 'sales_10' },
      ],
    });
    const created = (await owner.api.post('/api/accountings', entry(1000))).json().data;
    const { winner } = await race((i) =>
      owner.api.put(`/api/accountings/${created.id}`, { ...entry(2000 + i), updated_at: created.updated_at }),
    );
    const stored = (await owner.api.get(`/api/accountings/${created.id}`)).json().data;
    expect(stored).toMatchObject({ total: 2000 + winner, description: `売上${2000 + winner}` });
    expect(stored.lines.map((l: { debit: number; credit: number }) => [l.debit, l.credit])).toEqual([
      [2000 + winner, 0],
      [0, 2000 + winner],
    ]);
    const tb = (await owner.api.get('/api/company/trial-balance?from=2026-04-01&to=2027-03-31')).json().data;
    expect(tb.totals.debit).toBe(2000 + winner);
    expect(tb.totals.credit).toBe(tb.totals.debit);
    expect(await updateAudits('journal.update', created.id)).toHaveLength(1);
  });
});

/**
 * A stale edit: read, someone saves, then the first reader saves with what it read → 409, and the
 * record is still what the other user saved.
 */
async function expectStaleRefused(opts: {
  api: Client;
  url: string;
  read: () => Promise<Record<string, unknown> & { updated_at: string }>;
  first: Record<string, unknown>;
  second: Record<string, unknown>;
}) {
  const read = await opts.read();
  const saved = await opts.api.put(opts.url, { ...opts.first, updated_at: read.updated_at });
  expect(saved.statusCode, saved.body).toBe(200);
  const afterFirst = await opts.read();
  const stale = await opts.api.put(opts.url, { ...opts.second, updated_at: read.updated_at });
  expect(stale.statusCode).toBe(409);
  expect(stale.json().message).toMatch(STALE);
  expect(await opts.read()).toEqual(afterFirst);
  const missing = await opts.api.put(opts.url, opts.second);
  expect(missing.statusCode).toBe(422);
  expect(missing.json().errors.updated_at).toEqual([MISSING]);
  expect(await opts.read()).toEqual(afterFirst);
}

const data = async (api: Client, url: string) => (await api.get(url)).json().data;

describe('a stale updated_at is 409 and changes nothing; a missing one is 422', () => {
  it('customer', async () => {
    const owner = await companyOwner(ctx);
    const base = { name: '株式会社同時', name_kana: 'ドウジ', honorific: '御中', used_for: 1 };
    const { id } = (await owner.api.post('/api/company/customer', base)).json().data;
    const url = `/api/company/customer/${id}`;
    await expectStaleRefused({
      api: owner.api,
      url,
      read: () => data(owner.api, url),
      first: { ...base, tel: '03-1111-1111' },
      second: { ...base, tel: '03-2222-2222' },
    });
  });

  it('employee', async () => {
    const owner = await companyOwner(ctx);
    const base = {
      code: 'E1',
      name: '同時 太郎',
      hire_date: '2024-04-01',
      employment_type: 'full_time',
      daily_hours: 8,
    };
    const { id } = (await owner.api.post('/api/company/employees', base)).json().data;
    const url = `/api/company/employees/${id}`;
    await expectStaleRefused({
      api: owner.api,
      url,
      read: () => data(owner.api, url),
      first: { ...base, department: '営業部' },
      second: { ...base, department: '総務部' },
    });
  });

  it('account (chart of accounts)', async () => {
    const owner = await companyOwner(ctx);
    const base = { code: '7999', name: '同時費', category: 'expense', section: 'sga', cash_flow_role: 'pl' };
    const { id } = (await owner.api.post('/api/company/accounts', base)).json().data;
    const read = async () =>
      (await data(owner.api, '/api/company/accounts?include_inactive=1')).find((a: { id: number }) => a.id === id);
    await expectStaleRefused({
      api: owner.api,
      url: `/api/company/accounts/${id}`,
      read,
      first: { name: '同時費A' },
      second: { is_active: false },
    });
  });

  it('company profile, and the bank account on the same company row', async () => {
    const owner = await companyOwner(ctx);
    const profile = { name: '株式会社同時編集', fiscal_year_end_month: 3 };
    await expectStaleRefused({
      api: owner.api,
      url: '/api/company-profile',
      read: () => data(owner.api, '/api/company-profile'),
      first: { ...profile, tel: '03-1111-1111' },
      second: { ...profile, tel: '03-2222-2222' },
    });
    const bank = {
      bank_code: '0001',
      bank_name: 'みずほ銀行',
      branch_code: '100',
      branch_name: '東京営業部',
      account_type: '普通',
      account_number: '1234567',
      account_holder: 'カ）ドウジ',
    };
    const read = await data(owner.api, '/api/company-profile');
    // the profile is saved by someone else: the bank form read the same row, so it is stale now
    expect((await owner.api.put('/api/company-profile', { ...profile, updated_at: read.updated_at })).statusCode).toBe(
      200,
    );
    const stale = await owner.api.put('/api/company/bank-info', { ...bank, updated_at: read.updated_at });
    expect(stale.statusCode).toBe(409);
    expect((await owner.api.get('/api/company/bank-info')).statusCode).toBe(404);
  });

  it('employee settings', async () => {
    const owner = await companyOwner(ctx, { max_employee: 3, max_employee_cap: 10 });
    const base = {
      work_start_time: '09:00',
      work_end_time: '18:00',
      break_minutes: 60,
      statutory_holiday: 0,
      closing_day: 31,
    };
    await expectStaleRefused({
      api: owner.api,
      url: '/api/company/employee-settings',
      read: () => data(owner.api, '/api/company/employee-settings'),
      first: { ...base, max_employee: 5 },
      second: { ...base, max_employee: 7 },
    });
  });

  it('admin: company, company account, domain, notice, admin and platform settings', async () => {
    const { api, user } = await signedInAdmin(ctx);
    const company = await createCompany(ctx.db);
    const companyUrl = `/api/admin/companies/${company.id}`;
    await expectStaleRefused({
      api,
      url: companyUrl,
      read: () => data(api, companyUrl),
      first: { name: '改名A株式会社', domain_id: company.domain_id },
      second: { name: '改名B株式会社', domain_id: company.domain_id },
    });

    const owner = await companyOwner(ctx);
    const accountUrl = `/api/admin/companies/${owner.company.id}/account`;
    const account = { name: '担当 一郎', email: `owner-${owner.company.id}@example.jp`, expiration_year: 7 };
    await expectStaleRefused({
      api,
      url: accountUrl,
      read: () => data(api, accountUrl),
      first: { ...account, max_employee: 5 },
      second: { ...account, max_employee: 9 },
    });

    const domain = await createDomain(ctx.db);
    const domainUrl = `/api/admin/domains/${domain.id}`;
    const d = { name: domain.name, host: domain.host, roles: [], permissions: ['customer.index'] };
    await expectStaleRefused({
      api,
      url: domainUrl,
      read: () => data(api, domainUrl),
      first: d,
      second: { ...d, permissions: ['products.*'] },
    });

    const info = (
      await api.post('/api/admin/infos', { title: '同時', body: 'b', published_at: new Date().toISOString() })
    ).json().data;
    const infoUrl = `/api/admin/infos/${info.id}`;
    await expectStaleRefused({
      api,
      url: infoUrl,
      read: () => data(api, infoUrl),
      first: { title: 'A', body: 'a', published_at: info.published_at },
      second: { title: 'B', body: 'b', published_at: info.published_at },
    });

    const adminUrl = `/api/admin/admin/${user.id}`;
    await expectStaleRefused({
      api,
      url: adminUrl,
      read: () => data(api, adminUrl),
      first: { name: '管理 A', email: user.email, permissions: user.permissions },
      second: { name: '管理 B', email: user.email, permissions: user.permissions },
    });

    const settings = {
      service_name: 'Chobo',
      mail_from: 'no-reply@example.jp',
      default_expiration_year: 7,
      default_max_employee: 10,
      token_ttl_seconds: 28800,
      login_account_failures: 10,
      login_window_seconds: 900,
      login_lock_seconds: 900,
    };
    await expectStaleRefused({
      api,
      url: '/api/admin/settings',
      read: () => data(api, '/api/admin/settings'),
      first: { ...settings, service_name: '帳簿A' },
      second: { ...settings, service_name: '帳簿B' },
    });
  });
});
