import { describe, expect, it } from 'vitest';
import { systemTenant } from '../../lib/context.js';
import { hashPassword } from '../../lib/secrets.js';
import { seedDefaultAccounts } from '../../modules/accounting/chart-of-accounts.js';
import { checkBalances } from '../../modules/accounting/check-balances.js';
import { companyOwner, useTestApp } from '../../test/harness.js';
import { customers } from '../schema/index.js';
import { seedDemoAccounting } from './demo-accounting.js';
import { seedDemoMasterData } from './demo-master-data.js';

const ctx = useTestApp();

// the whole demo year is created here: minutes on a loaded 2-core machine (its speed is measured by the bench)
describe('demo accounting data', { timeout: 900_000 }, () => {
  it('gives a closed year and the open current one whose statements are meaningful and consistent', async () => {
    const o = await companyOwner(ctx, { fiscal_year_end_month: 3, registration_number: 'T7000012050002' });
    await seedDefaultAccounts(systemTenant(ctx.db, o.company.id));
    // the demo's sales need its products and customers
    await seedDemoMasterData(systemTenant(ctx.db, o.company.id), await hashPassword('demo-password-1'));
    await ctx.db.insert(customers).values(
      ['株式会社東京商事', '大阪物産株式会社', '有限会社みなと'].map((name) => ({
        company_id: o.company.id,
        name,
        used_for: 1,
      })),
    );
    // how fast it is belongs to the benchmark (bench/run.ts), not here
    await ctx.db.transaction((tx) => seedDemoAccounting(systemTenant(tx, o.company.id), { today: '2026-11-21' }));

    const years = (await o.api.get('/api/company/fiscal-years')).json().data;
    expect(years.map((y: { start_date: string; status: string }) => [y.start_date, y.status])).toEqual([
      ['2026-04-01', 'open'],
      ['2025-04-01', 'closed'],
    ]);
    const list = (await o.api.get('/api/accountings?per_page=1')).json();
    expect(list.meta.total).toBeGreaterThan(400);
    expect(list.data[0].date <= '2026-11-21').toBe(true);

    const is1 = (await o.api.get('/api/company/income-statement?from=2025-04-01&to=2026-03-31')).json().data;
    expect(is1.totals.net_sales).toBeGreaterThan(50_000_000);
    expect(is1.totals.net_income).not.toBe(0);
    expect(is1.monthly.every((m: { net_sales: number }) => m.net_sales > 0)).toBe(true);
    const is2 = (await o.api.get('/api/company/income-statement?from=2026-04-01&to=2027-03-31')).json().data;
    expect(is2.previous_totals.net_income).toBe(is1.totals.net_income);

    const bs = (await o.api.get('/api/company/balance-sheet?date=2026-11-21')).json().data.totals;
    expect(bs.assets).toBe(bs.liabilities + bs.net_assets);
    expect(bs.assets).toBeGreaterThan(10_000_000);
    const cf = (await o.api.get('/api/company/cash-flow?from=2025-04-01&to=2026-03-31')).json().data.totals;
    expect(cf.operating + cf.investing + cf.financing).toBe(cf.cash_end - cf.cash_begin);
    expect(cf.investing).toBeLessThan(0);
    expect(await checkBalances(ctx.db, o.company.id)).toEqual([]);

    // the sales behind the books: 受注取引 billed by 合計請求書, the trial balance's 売上高 = Σ billed
    const sales = (await o.api.get('/api/transactions?per_page=1')).json();
    expect(sales.meta.total).toBeGreaterThan(150);
    const invoices = (await o.api.get('/api/invoices?per_page=100&status=void')).json();
    expect(invoices.meta.total).toBeGreaterThanOrEqual(2);
    expect((await o.api.get('/api/invoices?per_page=1&status=paid')).json().meta.total).toBeGreaterThan(20);
    expect((await o.api.get('/api/transactions?per_page=1&status=0')).json().meta.total).toBeGreaterThan(0);

    // the open year's 売上高 and 仮受消費税等 are exactly its sales plus what its invoices billed beyond
    // them (the once-per-invoice tax rounding and free lines)
    const all = async (path: string) => {
      const out: { id: number; totals: { subtotal: number; tax: number } }[] = [];
      for (let page = 1; ; page++) {
        const res = (await o.api.get(`${path}&per_page=100&page=${page}`)).json();
        out.push(...res.data);
        if (page >= res.meta.last_page) return out;
      }
    };
    const sales2 = await all('/api/transactions?from=2026-04-01&to=2026-11-21');
    const taxOf = new Map(sales2.map((t) => [t.id, t.totals.tax]));
    const baseOf = new Map(sales2.map((t) => [t.id, t.totals.subtotal]));
    const invoices2 = (await all('/api/invoices?sort_by=issue_date')) as unknown as {
      issue_date: string;
      status: string;
      transaction_ids: number[];
      totals: { subtotal: number; tax: number };
    }[];
    let base = sales2.reduce((s, t) => s + t.totals.subtotal, 0);
    let tax = sales2.reduce((s, t) => s + t.totals.tax, 0);
    for (const inv of invoices2.filter((i) => i.status !== 'void' && i.issue_date >= '2026-04-01')) {
      base += inv.totals.subtotal - inv.transaction_ids.reduce((s, id) => s + (baseOf.get(id) ?? 0), 0);
      tax += inv.totals.tax - inv.transaction_ids.reduce((s, id) => s + (taxOf.get(id) ?? 0), 0);
    }
    const tb = (await o.api.get('/api/company/trial-balance?from=2026-04-01&to=2026-11-21&format=json')).json().data;
    const row = (code: string) => tb.rows.find((r: { code: string }) => r.code === code);
    expect(row('4110').credit - row('4110').debit).toBe(base);
    expect(row('2210').credit - row('2210').debit).toBe(tax);
    expect(tb.totals.debit).toBe(tb.totals.credit);

    // the purchases behind the books: 発注取引 with their files; the open year's 買掛金 credits are exactly
    // its posted supplier 請求書 (the only source of 買掛金 in the demo)
    const docs = (await o.api.get('/api/transaction-documents?per_page=1')).json();
    expect(docs.meta.total).toBeGreaterThan(150);
    const open = await all('/api/transaction-documents?start_date=2026-04-01&end_date=2026-11-21&document_type=4');
    const typed = open as unknown as {
      amount: number;
      journal_entry_id: number | null;
      files: unknown[];
      is_qualified: boolean;
    }[];
    expect(typed.every((d) => d.journal_entry_id !== null && d.files.length === 1)).toBe(true);
    expect(typed.some((d) => !d.is_qualified)).toBe(true);
    expect(row('2120').credit).toBe(typed.reduce((s, d) => s + d.amount, 0));
    // the payments behind the receipts: the aging report's total is the 売掛金 of the trial balance
    // (the opening balance without documents was collected in the first month), and 支払 settled 買掛金
    const aging = (await o.api.get('/api/payment-reports/aging?date=2026-11-21')).json().data;
    const tbAll = (await o.api.get('/api/company/trial-balance?from=2026-04-01&to=2026-11-21&format=json')).json().data;
    const ar = tbAll.rows.find((r: { code: string }) => r.code === '1220');
    expect(aging.totals.total).toBe(ar.closing);
    expect(aging.difference).toBe(0);
    expect(aging.totals.total).toBeGreaterThan(0);
    // one customer pays late: an invoice half paid and one unpaid past their due dates
    expect(aging.totals.d1_30).toBeGreaterThan(0);
    expect(aging.totals.d31_60).toBeGreaterThan(0);
    const paymentsIn = (await o.api.get('/api/payments?per_page=1&direction=in')).json().meta.total;
    const paymentsOut = (await o.api.get('/api/payments?per_page=1&direction=out')).json().meta.total;
    expect(paymentsIn).toBeGreaterThan(50);
    expect(paymentsOut).toBeGreaterThan(10);
    expect((await o.api.get('/api/payments?per_page=1&unallocated=1')).json().meta.total).toBe(0);
    const receipts = (await o.api.get('/api/transaction-documents?per_page=1&document_type=5')).json();
    expect(receipts.meta.total).toBeGreaterThan(10);
    expect(
      (await o.api.get('/api/transaction-documents?per_page=1&document_type=3')).json().meta.total,
    ).toBeGreaterThan(20);
  });
});
