/**
 * Invariants of the books, checked on randomly generated journals (seeded PRNG, so a failure repeats):
 * every entry balances; trial balance debit = credit; 資産 = 負債 + 純資産; 営業 + 投資 + 財務 = Δ現金;
 * 当期純利益 = the change in 繰越利益剰余金 after close; daily balances = the lines.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyOwner, useTestApp } from '../../test/harness.js';
import { checkBalances } from './check-balances.js';
import { generateEntries, prng, randomCompound } from './journal-generator.js';
import { sqlRows } from './sql-rows.js';

const ctx = useTestApp();

const SEEDS = [11, 2026, 777];

describe.each(SEEDS)('random journal, seed %i', (seed) => {
  let owner: Awaited<ReturnType<typeof companyOwner>>;
  let ids: Record<string, number>;
  const FY1 = { from: '2025-04-01', to: '2026-03-31' };
  const FY2 = { from: '2026-04-01', to: '2027-03-31' };
  const q = (p: { from: string; to: string }) => `from=${p.from}&to=${p.to}`;

  beforeAll(async () => {
    owner = await companyOwner(ctx, { fiscal_year_end_month: 3 });
    const res = await owner.api.get('/api/company/accounts');
    ids = Object.fromEntries(res.json().data.map((a: { code: string; id: number }) => [a.code, a.id]));
    const fy = await owner.api.post('/api/company/fiscal-years', {
      start_date: FY1.from,
      opening_balances: [
        { account_id: ids['1120'], debit: 30_000_000 },
        { account_id: ids['1110'], debit: 500_000 },
        { account_id: ids['3110'], credit: 10_000_000 },
        { account_id: ids['3320'], credit: 20_500_000 },
      ],
    });
    expect(fy.statusCode).toBe(201);
    // the entries run into the next year: every posting is dated inside a registered fiscal year
    expect((await owner.api.post('/api/company/fiscal-years', {})).statusCode).toBe(201);
    const rng = prng(seed);
    const all = Object.values(ids);
    const entries = [
      ...generateEntries((c) => ids[c], { seed, from: FY1.from, to: FY2.to, count: 120 }),
      ...Array.from({ length: 40 }, () =>
        randomCompound(rng, all, `202${rng.int(5, 6)}-0${rng.int(4, 9)}-1${rng.int(0, 9)}`),
      ),
    ];
    for (const e of entries) {
      const r = await owner.api.post('/api/accountings', e);
      expect(r.statusCode, r.body).toBe(201);
    }
  });

  it('every entry balances and the daily balances equal the lines (check command)', async () => {
    const bad = await sqlRows(
      ctx.db,
      sql`select e.id from journal_entries e join journal_lines l on l.entry_id = e.id where e.company_id = ${owner.company.id}
          group by e.id, e.total having sum(l.debit) <> sum(l.credit) or sum(l.debit) <> e.total`,
    );
    expect(bad).toEqual([]);
    expect(await checkBalances(ctx.db, owner.company.id)).toEqual([]);
  });

  it('trial balance: debit total = credit total, for years and odd ranges', async () => {
    for (const p of [FY1, FY2, { from: '2025-06-15', to: '2026-08-03' }]) {
      const { totals, rows } = (await owner.api.get(`/api/company/trial-balance?${q(p)}`)).json().data;
      expect(totals.debit).toBe(totals.credit);
      const signedSum = rows.reduce(
        (s: number, r: { normal_side: string; closing: number }) =>
          s + (r.normal_side === 'debit' ? r.closing : -r.closing),
        0,
      );
      expect(signedSum).toBe(0);
    }
  });

  it('balance sheet: 資産合計 = 負債合計 + 純資産合計 on any date', async () => {
    for (const date of ['2025-04-01', '2025-09-30', '2026-03-31', '2026-12-31', '2027-03-31']) {
      const { totals, previous_totals } = (await owner.api.get(`/api/company/balance-sheet?date=${date}`)).json().data;
      expect(totals.assets).toBe(totals.liabilities + totals.net_assets);
      expect(previous_totals.assets).toBe(previous_totals.liabilities + previous_totals.net_assets);
    }
  });

  it('cash flow: 営業 + 投資 + 財務 = 期末現金 − 期首現金, and the ends are the real cash balances', async () => {
    for (const p of [FY1, FY2, { from: '2025-07-01', to: '2026-06-30' }]) {
      const { totals } = (await owner.api.get(`/api/company/cash-flow?${q(p)}`)).json().data;
      expect(totals.operating + totals.investing + totals.financing).toBe(totals.cash_end - totals.cash_begin);
      const tb = (await owner.api.get(`/api/company/trial-balance?${q(p)}`)).json().data;
      const cash = tb.rows
        .filter((r: { code: string }) => ['1110', '1120', '1130'].includes(r.code))
        .reduce((s: number, r: { closing: number }) => s + r.closing, 0);
      expect(totals.cash_end).toBe(cash);
    }
  });

  it('closing the year moves exactly 当期純利益 into 繰越利益剰余金 and keeps the balance sheet', async () => {
    const ni = (await owner.api.get(`/api/company/income-statement?${q(FY1)}`)).json().data.totals.net_income;
    const reBefore = (await owner.api.get(`/api/company/ledger?account_id=${ids['3320']}&${q(FY1)}`)).json().data
      .closing;
    const bsBefore = (await owner.api.get(`/api/company/balance-sheet?date=${FY1.to}`)).json().data.totals;
    const fys = (await owner.api.get('/api/company/fiscal-years')).json().data;
    const fy1 = fys.find((f: { start_date: string }) => f.start_date === FY1.from);
    const close = await owner.api.post(`/api/company/fiscal-years/${fy1.id}/close`);
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json().data.net_income).toBe(ni);
    const reAfter = (await owner.api.get(`/api/company/ledger?account_id=${ids['3320']}&${q(FY1)}`)).json().data
      .closing;
    expect(reAfter - reBefore).toBe(ni);
    expect((await owner.api.get(`/api/company/balance-sheet?date=${FY1.to}`)).json().data.totals).toEqual(bsBefore);
    // the closed year's statement still shows its profit; the next year starts from zero P/L
    expect((await owner.api.get(`/api/company/income-statement?${q(FY1)}`)).json().data.totals.net_income).toBe(ni);
    const tb2 = (await owner.api.get(`/api/company/trial-balance?${q(FY2)}`)).json().data;
    for (const r of tb2.rows.filter(
      (x: { category: string }) => x.category === 'revenue' || x.category === 'expense',
    )) {
      expect(r.opening).toBe(0);
    }
    // the next year exists and the closed one is locked
    const after = (await owner.api.get('/api/company/fiscal-years')).json().data;
    expect(after.map((f: { start_date: string; status: string }) => [f.start_date, f.status])).toEqual([
      ['2026-04-01', 'open'],
      ['2025-04-01', 'closed'],
    ]);
    const locked = await owner.api.post('/api/accountings', {
      date: '2025-12-01',
      description: '締め後',
      lines: [
        { account_id: ids['1110'], debit: 1 },
        { account_id: ids['4110'], credit: 1 },
      ],
    });
    expect(locked.statusCode).toBe(422);
    expect(await checkBalances(ctx.db, owner.company.id)).toEqual([]);
  });
});

describe('fiscal years and period locks', () => {
  it('creates years from the year-end month, refuses overlaps, locks months with who/when, reopens audited', async () => {
    const o = await companyOwner(ctx, { fiscal_year_end_month: 12 });
    const fy = await o.api.post('/api/company/fiscal-years', { start_date: '2026-01-01' });
    expect(fy.json().data).toMatchObject({ start_date: '2026-01-01', end_date: '2026-12-31', status: 'open' });
    const next = await o.api.post('/api/company/fiscal-years', {});
    expect(next.json().data).toMatchObject({ start_date: '2027-01-01', end_date: '2027-12-31' });
    const overlap = await o.api.post('/api/company/fiscal-years', { start_date: '2026-06-01' });
    expect(overlap.statusCode).toBe(422);
    const unbalanced = await o.api.post('/api/company/fiscal-years', {
      start_date: '2028-01-01',
      opening_balances: [{ account_id: 1, debit: 5 }],
    });
    expect(unbalanced.statusCode).toBe(422);

    const lock = await o.api.post('/api/company/period-locks', { kind: 'month', date: '2026-02-14' });
    expect(lock.statusCode).toBe(201);
    expect(lock.json().data).toMatchObject({
      kind: 'month',
      start_date: '2026-02-01',
      end_date: '2026-02-28',
      locked_by: o.user.id,
    });
    expect(lock.json().data.locked_by_name).toBeTruthy();
    expect((await o.api.post('/api/company/period-locks', { kind: 'month', date: '2026-02-01' })).statusCode).toBe(422);
    const yearLock = await o.api.post('/api/company/period-locks', { kind: 'year', date: '2027-05-01' });
    expect(yearLock.json().data).toMatchObject({ start_date: '2027-01-01', end_date: '2027-12-31' });
    const list = (await o.api.get('/api/company/period-locks')).json().data;
    expect(list).toHaveLength(2);
    const del = await o.api.delete(`/api/company/period-locks/${lock.json().data.id}`);
    expect(del.statusCode).toBe(204);
    const logs = await sqlRows<{ action: string }>(
      ctx.db,
      sql`select action from audit_logs where company_id = ${o.company.id} and action like 'period_lock.%' order by id`,
    );
    expect(logs.map((l) => l.action)).toEqual(['period_lock.create', 'period_lock.create', 'period_lock.delete']);
    const other = await companyOwner(ctx);
    expect((await other.api.delete(`/api/company/period-locks/${yearLock.json().data.id}`)).statusCode).toBe(404);
  });

  it('closing needs earlier years closed; reopening removes the closing entry and the lock', async () => {
    const o = await companyOwner(ctx, { fiscal_year_end_month: 3 });
    const ids = Object.fromEntries(
      (await o.api.get('/api/company/accounts')).json().data.map((a: { code: string; id: number }) => [a.code, a.id]),
    );
    const y1 = (await o.api.post('/api/company/fiscal-years', { start_date: '2025-04-01' })).json().data;
    const y2 = (await o.api.post('/api/company/fiscal-years', {})).json().data;
    await o.api.post('/api/accountings', {
      date: '2025-05-01',
      description: '売上',
      lines: [
        { account_id: ids['1110'], debit: 1000 },
        { account_id: ids['4110'], credit: 1000 },
      ],
    });
    expect((await o.api.post(`/api/company/fiscal-years/${y2.id}/close`)).statusCode).toBe(422);
    const closed = await o.api.post(`/api/company/fiscal-years/${y1.id}/close`);
    expect(closed.json().data).toMatchObject({ status: 'closed', net_income: 1000 });
    expect((await o.api.post(`/api/company/fiscal-years/${y1.id}/close`)).statusCode).toBe(422);
    const locks = (await o.api.get('/api/company/period-locks')).json().data;
    expect((await o.api.delete(`/api/company/period-locks/${locks[0].id}`)).statusCode).toBe(422);
    const reopened = await o.api.post(`/api/company/fiscal-years/${y1.id}/reopen`);
    expect(reopened.json().data.status).toBe('open');
    expect((await o.api.get('/api/company/period-locks')).json().data).toEqual([]);
    const re = (await o.api.get(`/api/company/ledger?account_id=${ids['3320']}&from=2025-04-01&to=2026-03-31`)).json();
    expect(re.data.closing).toBe(0);
  });
});
