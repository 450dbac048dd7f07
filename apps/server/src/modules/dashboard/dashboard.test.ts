/**
 * GET /api/company/dashboard: the home tiles EQUAL the closing balances of the trial balance at today
 * (売掛金 / 買掛金 + 未払金 / 現金及び預金), on the demo books and on a generated journal; permissions.
 */
import { fiscalYearContaining, todayInTokyo } from '@chobo/core';
import { describe, expect, it } from 'vitest';
import { attendanceDays, customers, employees } from '../../db/schema/index.js';
import { seedDemoAccounting } from '../../db/seed/demo-accounting.js';
import { seedDemoMasterData } from '../../db/seed/demo-master-data.js';
import { systemTenant } from '../../lib/context.js';
import { hashPassword } from '../../lib/secrets.js';
import { client, companyOwner, createUser, signedInAdmin, signIn, useTestApp } from '../../test/harness.js';
import { seedDefaultAccounts } from '../accounting/chart-of-accounts.js';
import { generateEntries } from '../accounting/journal-generator.js';

const ctx = useTestApp();

type Api = Awaited<ReturnType<typeof companyOwner>>['api'];
interface TbRow {
  account_id: number;
  code: string;
  name: string;
  closing: number;
}

/** The invariant, from the trial balance's own rows at today's date. */
async function expectTilesEqualTrialBalance(api: Api) {
  const res = await api.get('/api/company/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json().data;
  const today = todayInTokyo();
  expect(d.as_of).toBe(today);
  const tb = (await api.get(`/api/company/trial-balance?from=${d.period.from}&to=${today}`)).json().data;
  const closing = (...names: string[]) =>
    tb.rows.filter((r: TbRow) => names.includes(r.name)).reduce((s: number, r: TbRow) => s + r.closing, 0);
  expect(d.receivables).toBe(closing('売掛金'));
  expect(d.payables).toBe(closing('買掛金', '未払金'));
  expect(d.cash).toBe(closing('現金', '普通預金', '当座預金', '定期預金'));
  expect(d.monthly).toHaveLength(12);
  expect(d.monthly.at(-1).month).toBe(today.slice(0, 7));
  return d;
}

describe('GET /api/company/dashboard', () => {
  it('on the demo books: tiles = trial balance at today; this month = the last monthly bar; morning checks', async () => {
    const o = await companyOwner(ctx, { fiscal_year_end_month: 3, registration_number: 'T7000012050002' });
    const tenant = systemTenant(ctx.db, o.company.id);
    await seedDefaultAccounts(tenant);
    await seedDemoMasterData(tenant, await hashPassword('demo-password-1'));
    await ctx.db.insert(customers).values(
      ['株式会社東京商事', '大阪物産株式会社', '有限会社みなと'].map((name) => ({
        company_id: o.company.id,
        name,
        used_for: 1,
      })),
    );
    await ctx.db.transaction((tx) => seedDemoAccounting(systemTenant(tx, o.company.id)));
    const d = await expectTilesEqualTrialBalance(o.api);
    expect(d.receivables).toBeGreaterThan(0);
    expect(d.cash).toBeGreaterThan(0);
    expect(d.monthly.some((m: { sales: number }) => m.sales > 0)).toBe(true);
    expect(d.monthly.some((m: { expenses: number }) => m.expenses > 0)).toBe(true);
    expect(d.sales_this_month).toBe(d.monthly.at(-1).sales);
    expect(d.accounts.receivables).toBeTypeOf('number');
    const invoices = (await o.api.get('/api/invoices?per_page=1&status=issued')).json();
    expect(d.checks.open_invoices.count).toBeGreaterThanOrEqual(invoices.meta.total);
    const unbilled = (await o.api.get('/api/transactions?per_page=1&status=0')).json();
    expect(d.checks.unbilled_sales.count).toBe(unbilled.meta.total);
  }, 300_000); // seeding the demo year is heavy on a loaded machine

  it('on a generated journal (this fiscal year and the last): tiles = trial balance at today', async () => {
    const o = await companyOwner(ctx, { fiscal_year_end_month: 12 });
    const ids = Object.fromEntries(
      (await o.api.get('/api/company/accounts')).json().data.map((a: { code: string; id: number }) => [a.code, a.id]),
    );
    const today = todayInTokyo();
    const fy = fiscalYearContaining(today, 12);
    const entries = generateEntries((c) => ids[c]!, {
      seed: 17,
      from: `${Number(fy.from.slice(0, 4)) - 1}-01-01`,
      to: today,
      count: 80,
    });
    for (const e of entries) {
      const r = await o.api.post('/api/accountings', e);
      expect(r.statusCode, r.body).toBe(201);
    }
    const d = await expectTilesEqualTrialBalance(o.api);
    expect(d.receivables + d.payables + d.cash).not.toBe(0);
  });

  it('an empty company answers zeros; admins read it with company_id; another company sees only its own', async () => {
    const a = await companyOwner(ctx);
    const empty = (await a.api.get('/api/company/dashboard')).json().data;
    expect([empty.sales_this_month, empty.receivables, empty.payables, empty.cash]).toEqual([0, 0, 0, 0]);
    expect(empty.checks.open_invoices.count).toBe(0);
    const admin = await signedInAdmin(ctx);
    const res = await admin.api.get(`/api/company/dashboard?company_id=${a.company.id}`);
    expect(res.statusCode, res.body).toBe(200);
    // an employee without customer.index does not see the home figures
    const employee = await createUser(ctx.db, { role: 'employee', companyId: a.company.id });
    const e = client(ctx.app, await signIn(ctx.app, employee.email));
    expect((await e.get('/api/company/dashboard')).statusCode).toBe(403);
  });
  it("today's attendance for its managers (= GET /api/company/attendance/today) and the new morning checks", async () => {
    const o = await companyOwner(ctx);
    const saved = ctx.app.deps.clock;
    ctx.app.deps.clock = () => new Date('2026-04-06T01:00:00Z'); // 10:00 in Tokyo
    try {
      const people = await ctx.db
        .insert(employees)
        .values(
          ['出勤', '休憩', '退勤', '未出勤'].map((name, i) => ({ company_id: o.company.id, code: `D${i}`, name })),
        )
        .returning();
      const t = (hm: string) => new Date(`2026-04-06T${hm}:00+09:00`);
      await ctx.db.insert(attendanceDays).values([
        { company_id: o.company.id, employee_id: people[0]!.id, date: '2026-04-06', clock_in: t('09:00') },
        {
          company_id: o.company.id,
          employee_id: people[1]!.id,
          date: '2026-04-06',
          clock_in: t('08:00'),
          breaks: [{ start: t('09:50').toISOString(), end: null }],
        },
        {
          company_id: o.company.id,
          employee_id: people[2]!.id,
          date: '2026-04-06',
          clock_in: t('05:00'),
          clock_out: t('09:30'),
        },
      ]);
      const d = (await o.api.get('/api/company/dashboard')).json().data;
      expect(d.as_of).toBe('2026-04-06');
      expect(d.attendance_today).toEqual({ total: 4, clocked_in: 1, on_break: 1, clocked_out: 1, not_clocked_in: 1 });
      const today = (await o.api.get('/api/company/attendance/today')).json().data.counts;
      expect(today).toEqual({ working: 1, on_break: 1, finished: 1, not_started: 1 });
      for (const k of ['payables_due', 'ocr_to_confirm', 'bank_rows_unconfirmed'] as const)
        expect(d.checks[k]).toEqual({ count: 0, amount: 0 });
      // an administrator's read-only view carries it too
      const admin = await signedInAdmin(ctx);
      const viewed = (await admin.api.get(`/api/company/dashboard?company_id=${o.company.id}`)).json().data;
      expect(viewed.attendance_today.total).toBe(4);
    } finally {
      ctx.app.deps.clock = saved;
    }
  });
});
