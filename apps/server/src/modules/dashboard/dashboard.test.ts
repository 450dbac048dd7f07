/**
 * GET /api/company/dashboard: the home tiles EQUAL the closing balances of the trial balance at today
 * (売掛金 / 買掛金 + 未払金 / 現金及び預金), on the demo books and on a generated journal; permissions.
 */
import { fiscalYearContaining, todayInTokyo } from '@chobo/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  attendanceDays,
  companies as companiesTable,
  customers,
  employees,
  invoices as invoiceTable,
} from '../../db/schema/index.js';
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
    // 未入金の請求書: the open remainder (total − allocated payments) of the issued and sent ones, beside their face value
    const rows = await ctx.db
      .select({ total: invoiceTable.total, paid: invoiceTable.paid_amount, status: invoiceTable.status })
      .from(invoiceTable)
      .where(eq(invoiceTable.company_id, o.company.id));
    const open = rows.filter((r) => ['issued', 'sent'].includes(r.status) && r.total > r.paid);
    expect(d.checks.open_invoices).toEqual({
      count: open.length,
      amount: open.reduce((s, r) => s + r.total - r.paid, 0),
      face_amount: open.reduce((s, r) => s + r.total, 0),
    });
    const unbilled = (await o.api.get('/api/transactions?per_page=1&status=0')).json();
    expect(d.checks.unbilled_sales.count).toBe(unbilled.meta.total);
  }, 900_000); // seeding the demo year is heavy on a loaded machine (8 engineers on 2 cores: > 300 s)

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

describe('はじめの設定 (the first-run checklist in the dashboard answer)', () => {
  const stepsOf = async (api: Api) => {
    const setup = (await api.get('/api/company/dashboard')).json().data.setup;
    return {
      done: setup.done,
      open: setup.steps.filter((s: { done: boolean }) => !s.done).map((s: { key: string }) => s.key),
    };
  };

  it('a new company: every step open; each is done as its data appears (not a flag), then the whole list', async () => {
    const o = await companyOwner(ctx, {
      postal_code: null,
      address1: null,
      representative_name: null,
      registration_number: null,
    });
    const all = [
      'company_profile',
      'registration_number',
      'bank_account',
      'fiscal_year',
      'tax_method',
      'first_customer',
    ];
    expect(await stepsOf(o.api)).toEqual({ done: false, open: all });

    await ctx.db
      .update(companiesTable)
      .set({ postal_code: '1000005', address1: '千代田区丸の内1-1-1', representative_name: '山田 一郎' })
      .where(eq(companiesTable.id, o.company.id));
    await ctx.db
      .update(companiesTable)
      .set({ registration_number: 'T7000012050002' })
      .where(eq(companiesTable.id, o.company.id));
    expect((await stepsOf(o.api)).open).toEqual(all.slice(2));

    const updated_at = (await o.api.get('/api/company-profile')).json().data.updated_at;
    const bank = await o.api.put('/api/company/bank-info', {
      bank_code: '0001',
      bank_name: 'みずほ銀行',
      branch_code: '001',
      branch_name: '東京営業部',
      account_type: '普通',
      account_number: '1234567',
      account_holder: 'カ）テストコウギョウ',
      updated_at,
    });
    expect(bank.statusCode, bank.body).toBe(200);
    expect((await stepsOf(o.api)).open).toEqual(all.slice(3));

    // a year without its 期首残高 is not enough
    const accounts = (await o.api.get('/api/company/accounts?per_page=500')).json().data as {
      id: number;
      name: string;
    }[];
    const id = (name: string) => accounts.find((a) => a.name === name)!.id;
    const fy = await o.api.post('/api/company/fiscal-years', {
      opening_balances: [
        { account_id: id('普通預金'), debit: 1_000_000, credit: 0 },
        { account_id: id('資本金'), debit: 0, credit: 1_000_000 },
      ],
    });
    expect(fy.statusCode, fy.body).toBe(201);
    expect((await stepsOf(o.api)).open).toEqual(['tax_method', 'first_customer']);

    const tax = await o.api.put('/api/company/tax-settings', {
      tax_display: 'exclusive',
      tax_rounding: 'floor',
      accounting_method: 'exclusive',
    });
    expect(tax.statusCode, tax.body).toBe(200);
    expect((await stepsOf(o.api)).open).toEqual(['first_customer']);

    const customer = await o.api.post('/api/company/customer', { name: '株式会社東京商事', used_for: 1 });
    expect(customer.statusCode, customer.body).toBe(201);
    expect(await stepsOf(o.api)).toEqual({ done: true, open: [] });
    // another company's data does not count for this one
    const other = await companyOwner(ctx, { registration_number: null });
    expect((await stepsOf(other.api)).open).toContain('first_customer');
  });
});
