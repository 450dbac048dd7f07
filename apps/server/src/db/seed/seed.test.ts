import { COMPANY_PERMISSIONS, isValidRegistrationNumber } from '@chobo/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemTenant } from '../../lib/context.js';
import { DEFAULT_ACCOUNTS } from '../../modules/accounting/chart-of-accounts.js';
import { sqlRows } from '../../modules/accounting/sql-rows.js';
import { readSetupChecklist } from '../../modules/dashboard/setup-checklist.js';
import { bookIncomeOf, loadTaxReturn } from '../../modules/tax-returns/tax-return-actions.js';
import { createTestDatabase } from '../../test/harness.js';
import type { Database } from '../client.js';
import {
  accounts,
  companies,
  customers,
  domains,
  fiscalYears,
  journalEntries,
  journalVersions,
  users,
} from '../schema/index.js';
import { analyzeStaleTables } from '../startup.js';
import { DEMO_SEED_STEPS, seedIfEmpty } from './seed.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
/** What the first seed told its progress callback (main.ts prints these lines). */
const progress: string[] = [];

// the whole demo year is created here: minutes on a loaded 2-core machine (its speed is measured by the bench)
describe('seedIfEmpty', { timeout: 900_000 }, () => {
  it('creates the default domain, the admin, the demo company with owner, employee and customers', async () => {
    const result = await seedIfEmpty(database.db, {
      adminEmail: 'boss@example.com',
      adminPassword: 'admin-pass-123',
      demo: true,
      demoPassword: 'demo-pass-123',
      progress: (line) => progress.push(line),
    });
    expect(result.created).toBe(true);
    expect(result.signIns.map((s) => s.email)).toEqual([
      'boss@example.com',
      'owner@example.com',
      'keiri@example.com',
      'employee@example.com',
      'suzuki@example.com',
      'takahashi@example.com',
    ]);

    const [domain] = await database.db.select().from(domains);
    expect(domain.is_default).toBe(true);
    expect(domain.permissions.sort()).toEqual([...COMPANY_PERMISSIONS].sort());

    const all = await database.db.select().from(users);
    expect(all.map((u) => [u.email, u.role])).toEqual([
      ['boss@example.com', 'admin'],
      ['owner@example.com', 'company'],
      ['keiri@example.com', 'company'],
      ['employee@example.com', 'employee'],
      ['suzuki@example.com', 'employee'],
      ['takahashi@example.com', 'employee'],
    ]);
    expect(all[0].permissions).toContain('admin.index');

    const [company] = await database.db.select().from(companies);
    expect(company.name).toBe('株式会社サンプル商事');
    const list = await database.db.select().from(customers).where(eq(customers.company_id, company.id));
    expect(list.length).toBeGreaterThanOrEqual(30);
    const registered = list.filter((c) => c.registration_number);
    expect(registered.length).toBeGreaterThanOrEqual(10);
    for (const c of registered) expect(isValidRegistrationNumber(c.registration_number ?? ''), c.name).toBe(true);
    expect(new Set(list.map((c) => c.prefecture_code)).size).toBeGreaterThan(15);

    // the journal the seed wrote with its triggers off still set the company's journal version (ADR 0037)
    const [version] = await database.db
      .select()
      .from(journalVersions)
      .where(eq(journalVersions.company_id, company.id));
    expect(version?.version).toBeGreaterThan(0);
  });

  it('leaves the planner statistics of the demo data gathered (PGlite has no autovacuum, ADR 0036)', async () => {
    const rows = (await database.db.execute(
      sql`select relname, reltuples::int as n from pg_class where relname in ('journal_entries', 'journal_lines', 'invoices')`,
    )) as unknown as { rows: { relname: string; n: number }[] };
    for (const r of rows.rows) expect(r.n, r.relname).toBeGreaterThan(0);
    expect(rows.rows).toHaveLength(3);
    // so the next start has nothing to analyze
    expect(await analyzeStaleTables(database.db)).toEqual([]);
  });

  it('seeds the closed year’s 確定申告書 filled from the books (line 1 = 税引前当期純利益)', async () => {
    const [company] = await database.db.select().from(companies);
    const [fy] = await database.db
      .select()
      .from(fiscalYears)
      .where(and(eq(fiscalYears.company_id, company.id), eq(fiscalYears.status, 'closed')));
    const tenant = systemTenant(database.db, company.id);
    const tr = await loadTaxReturn(tenant, fy.id);
    const pretax = await bookIncomeOf(tenant, fy);
    expect(pretax).toBeGreaterThan(0);
    expect(tr.book_income).toBe(pretax);
    expect(tr.lines['1']).toBe(pretax);
    expect(tr.lines['2']).toBeGreaterThan(0);
    expect(tr.form.corporate_name).toBe('株式会社サンプル商事');
    expect(tr.form.corporate_number_01).toBe('7');
    expect(tr.form.fiscal_year_from_era).toBe('令和');
    // the year's 法人税等 are the return's figure, posted from it (owned by the return)
    expect(tr.entry_id).not.toBeNull();
    const [entry] = await database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.id, tr.entry_id as number));
    expect(entry).toMatchObject({ source_type: 'tax_return', source_id: tr.id, date: fy.end_date });
    expect(Number(entry.total)).toBe(tr.local_estimate.total);
  });

  it('the demo company has done every step of はじめの設定, so its home shows no checklist', async () => {
    const [company] = await database.db.select().from(companies);
    const setup = await readSetupChecklist(systemTenant(database.db, company.id));
    expect(setup.steps.filter((s) => !s.done)).toEqual([]);
    expect(setup.done).toBe(true);
  });

  it('ships a sample registry of its suppliers, imported by the real importer, one of them 取消', async () => {
    const rows = await sqlRows<{ n: number; cancelled: number; imports: number }>(
      database.db,
      sql`select (select count(*)::int from registry_entries) as n,
            (select count(*)::int from registry_entries where cancelled_on is not null) as cancelled,
            (select count(*)::int from registry_imports where status = 'imported') as imports`,
    );
    expect(rows[0].n).toBeGreaterThan(1);
    expect(rows[0].cancelled).toBe(1);
    expect(rows[0].imports).toBe(1);
  });

  it('told one line as each step started, numbered, with the time so far, then a summary', () => {
    expect(progress.filter((l) => /を作成中 \(\d+\/\d+\)… 経過 \d+\.\d 秒$/.test(l))).toHaveLength(DEMO_SEED_STEPS);
    expect(progress.at(-1)).toMatch(/作成しました（仕訳 [\d,]+件・仕訳行 [\d,]+行） 累計 \d+\.\d 秒$/);
  });

  it('does nothing once users exist', async () => {
    const again = await seedIfEmpty(database.db, {
      adminEmail: 'other@example.com',
      adminPassword: 'admin-pass-123',
      demo: true,
      demoPassword: 'demo-pass-123',
    });
    expect(again).toEqual({ created: false, signIns: [] });
    expect(await database.db.select().from(users)).toHaveLength(6);
  });
});

describe('demo master data', () => {
  it('products of every tax category, employees with some sign-ins, bank info and a logo', async () => {
    const { products, employees } = await import('../schema/index.js');
    const [company] = await database.db.select().from(companies).where(eq(companies.name, '株式会社サンプル商事'));
    const list = await database.db.select().from(products).where(eq(products.company_id, company.id));
    expect(list.length).toBeGreaterThanOrEqual(50);
    expect(new Set(list.map((p) => p.tax_category))).toEqual(new Set(['10', '8', 'exempt', 'out_of_scope']));
    const staff = await database.db.select().from(employees).where(eq(employees.company_id, company.id));
    expect(staff.length).toBeGreaterThanOrEqual(8);
    expect(staff.length).toBeLessThanOrEqual(12);
    expect(staff.filter((e) => e.user_id !== null).length).toBe(3);
    expect(company.logo_data).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(company.bank_accounts[0]).toMatchObject({ bank_code: '0005', branch_code: '001' });
  });

  it('suppliers with 振込先: the names looked up from the 全銀 codes, the holder in the banks’ kana', async () => {
    const rows = await database.db
      .select()
      .from(customers)
      .where(and(eq(customers.used_for, 2), sql`${customers.bank_code} is not null`));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const hakata = rows.find((r) => r.name === '博多物流株式会社');
    expect(hakata).toMatchObject({
      bank_code: '0177',
      bank_name: '福岡',
      bank_branch_name: '博多',
      bank_holder_kana: 'ﾊｶﾀﾌﾞﾂﾘﾕｳ(ｶ',
    });
  });

  it('株式会社サンプル商事 has the whole chart of accounts', async () => {
    const [company] = await database.db.select().from(companies).where(eq(companies.name, '株式会社サンプル商事'));
    const chart = await database.db.select().from(accounts).where(eq(accounts.company_id, company.id));
    expect(new Set(chart.map((a) => a.code))).toEqual(new Set(DEFAULT_ACCOUNTS.map((a) => a.code)));
  });

  it('株式会社サンプル商事 has an imported 普通預金 statement: booked movements confirmed, open sales suggested', async () => {
    const { bankStatementRows, bankStatementImports, bankAccounts } = await import('../schema/index.js');
    const [company] = await database.db.select().from(companies).where(eq(companies.name, '株式会社サンプル商事'));
    const [account] = await database.db.select().from(bankAccounts).where(eq(bankAccounts.company_id, company.id));
    expect(account.account_id).not.toBeNull();
    const [imp] = await database.db
      .select()
      .from(bankStatementImports)
      .where(eq(bankStatementImports.company_id, company.id));
    expect(imp).toMatchObject({ format: 'mufg', encoding: 'shift_jis', status: 'imported' });
    const rows = await database.db.select().from(bankStatementRows).where(eq(bankStatementRows.import_id, imp.id));
    expect(rows.filter((r) => r.status === 'confirmed').length).toBeGreaterThan(5);
    expect(rows.filter((r) => r.status === 'confirmed').every((r) => r.journal_entry_id !== null)).toBe(true);
  });

  it('振込データ: one batch paid in the past and matched by the statement, one of 経理 waiting for approval', async () => {
    const { paymentBatches, payments, bankStatementRows } = await import('../schema/index.js');
    const { todayInTokyo } = await import('@chobo/core');
    const [company] = await database.db.select().from(companies).where(eq(companies.name, '株式会社サンプル商事'));
    const [owner] = await database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
    const [clerk] = await database.db.select().from(users).where(eq(users.email, 'keiri@example.com'));
    const batches = await database.db
      .select()
      .from(paymentBatches)
      .where(eq(paymentBatches.company_id, company.id))
      .orderBy(paymentBatches.id);
    expect(batches.map((b) => b.status)).toEqual(['paid', 'draft']);
    const [paid, waiting] = batches;
    expect(paid.payment_date < todayInTokyo()).toBe(true);
    expect(paid.created_by).toBe(clerk.id);
    expect(paid.approved_by).toBe(owner.id);
    expect(paid.export_count).toBe(1);
    expect(waiting.created_by).toBe(clerk.id);
    expect(waiting.approved_by).toBeNull();
    // paid through the bank import: each transfer's payment made from its confirmed 出金 row, the row's entry
    const made = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.company_id, company.id), sql`${payments.memo} = ${`振込データ No.${paid.id}`}`));
    expect(made.length).toBeGreaterThan(0);
    for (const p of made) {
      expect(p.date).toBe(paid.payment_date);
      const [row] = await database.db
        .select()
        .from(bankStatementRows)
        .where(eq(bankStatementRows.id, p.bank_statement_row_id as number));
      expect(row).toMatchObject({ status: 'confirmed', direction: 'out', date: paid.payment_date });
      expect(row.journal_entry_id).toBe(p.journal_entry_id);
    }
  });

  it('reverting the demo statement withdraws exactly what its rows are linked to: 売掛金 equals its documents after', async () => {
    const { bankStatementImports } = await import('../schema/index.js');
    const { revertImport } = await import('../../modules/bank-statements/revert.js');
    const { agingReport } = await import('../../modules/payments/payment-reports.js');
    const { systemCompanyCtx } = await import('../../lib/context.js');
    const [company] = await database.db.select().from(companies).where(eq(companies.name, '株式会社サンプル商事'));
    const [imp] = await database.db
      .select()
      .from(bankStatementImports)
      .where(eq(bankStatementImports.company_id, company.id));
    const ctx = systemCompanyCtx(database.db, company.id, null);
    // (the books' 売掛金 differ from the documents by the opening balance, which has no documents)
    const before = await agingReport(ctx, {});
    const done = await revertImport({ ctx, input: { id: imp.id } });
    // every confirmed row was linked both ways (a payment's row, or the row's own plain entry)
    expect(done.kept_entries).toBe(0);
    expect(done.withdrawn_entries).toBeGreaterThan(5);
    const after = await agingReport(ctx, {});
    expect(after.difference).toBe(before.difference);
    expect(after.totals.total).toBeGreaterThan(before.totals.total);
  });
});

describe('demo attendance', () => {
  it('a year of shifts up to yesterday, past months closed, a busy month near the 45 h alert', async () => {
    const { attendanceDays, attendanceMonthCloses, employees } = await import('../schema/index.js');
    const { systemTenant } = await import('../../lib/context.js');
    const { attendanceSummary } = await import('../../modules/attendance/attendance.queries.js');
    const { todayInTokyo, tokyoDate } = await import('@chobo/core');
    const [company] = await database.db.select().from(companies).where(eq(companies.name, '株式会社サンプル商事'));
    const days = await database.db.select().from(attendanceDays).where(eq(attendanceDays.company_id, company.id));
    expect(days.length).toBeGreaterThan(1000);
    const today = todayInTokyo();
    expect(days.every((d) => d.date < today)).toBe(true);
    const closes = await database.db
      .select()
      .from(attendanceMonthCloses)
      .where(eq(attendanceMonthCloses.company_id, company.id));
    expect(closes.length).toBe(11);
    expect(closes.map((c) => c.month)).not.toContain(today.slice(0, 7));
    // a night shift and a Sunday shift exist
    expect(days.some((d) => d.clock_out && tokyoDate(d.clock_out) > d.date)).toBe(true);
    expect(days.some((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay() === 0)).toBe(true);
    // 鈴木 (E002): three months back is busy — a 36協定 early warning or alert
    const [suzuki] = await database.db.select().from(employees).where(eq(employees.code, 'E002'));
    const [y, m] = today.split('-').map(Number);
    const idx = y * 12 + (m - 1) - 3;
    const busy = `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
    const summary = await attendanceSummary(systemTenant(database.db, company.id), busy, today);
    const row = summary.rows.find((r) => r.id === suzuki.id);
    expect(row?.totals.overtime_minutes).toBeGreaterThan(36 * 60);
    expect(row?.alerts.some((a) => a.code === 'monthly_45h')).toBe(true);
    expect(summary.locked).toBe(true);
  });
});
