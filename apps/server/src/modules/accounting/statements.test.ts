import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, companyOwner, createTestApp, signedInAdmin, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof companyOwner>>;
let ids: Record<string, number>;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await companyOwner(ctx, { fiscal_year_end_month: 3 });
  const res = await owner.api.get('/api/company/accounts');
  ids = Object.fromEntries(res.json().data.map((a: { code: string; id: number }) => [a.code, a.id]));
  const post = (date: string, description: string, lines: [string, number, number][]) =>
    owner.api.post('/api/accountings', {
      date,
      description,
      lines: lines.map(([code, debit, credit]) => ({ account_id: ids[code], debit, credit })),
    });
  const entries: [string, string, [string, number, number][]][] = [
    [
      '2026-04-01',
      '資本金の払込',
      [
        ['1120', 5_000_000, 0],
        ['3110', 0, 5_000_000],
      ],
    ],
    [
      '2026-04-05',
      '商品売上（掛）',
      [
        ['1220', 1_100_000, 0],
        ['4110', 0, 1_000_000],
        ['2210', 0, 100_000],
      ],
    ],
    [
      '2026-04-10',
      '商品仕入（掛）',
      [
        ['5120', 600_000, 0],
        ['1450', 60_000, 0],
        ['2120', 0, 660_000],
      ],
    ],
    [
      '2026-04-20',
      '売掛金の入金',
      [
        ['1120', 1_100_000, 0],
        ['1220', 0, 1_100_000],
      ],
    ],
    [
      '2026-04-25',
      '給与の支払',
      [
        ['6120', 300_000, 0],
        ['1120', 0, 300_000],
      ],
    ],
    [
      '2026-04-30',
      '減価償却費',
      [
        ['6260', 50_000, 0],
        ['1590', 0, 50_000],
      ],
    ],
    [
      '2026-05-01',
      '備品の購入',
      [
        ['1550', 500_000, 0],
        ['1120', 0, 500_000],
      ],
    ],
    [
      '2026-05-10',
      '長期借入',
      [
        ['1120', 2_000_000, 0],
        ['2520', 0, 2_000_000],
      ],
    ],
    [
      '2026-05-20',
      '法人税等の計上',
      [
        ['9110', 20_000, 0],
        ['2150', 0, 20_000],
      ],
    ],
  ];
  for (const [d, desc, lines] of entries) expect((await post(d, desc, lines)).statusCode).toBe(201);
});
afterAll(() => ctx.close());

const FY = 'from=2026-04-01&to=2027-03-31';
const row = (rows: { key: string; label: string; amount: number | null }[], key: string) =>
  rows.find((r) => r.key === key);

describe('statements of a known journal (figures computed by hand)', () => {
  it('trial balance: per-account movements and closing balances, debit total = credit total', async () => {
    const res = await owner.api.get(`/api/company/trial-balance?${FY}`);
    expect(res.statusCode).toBe(200);
    const { rows, totals } = res.json().data;
    expect(totals).toEqual({ debit: 10_730_000, credit: 10_730_000 });
    const cash = rows.find((r: { code: string }) => r.code === '1120');
    expect(cash).toMatchObject({ opening: 0, debit: 8_100_000, credit: 800_000, closing: 7_300_000, name: '普通預金' });
    expect(rows.find((r: { code: string }) => r.code === '1590')).toMatchObject({
      closing: 50_000,
      normal_side: 'credit',
    });
  });

  it('income statement: the five profit stages, losses labelled 損失, previous period column', async () => {
    const { data } = (await owner.api.get(`/api/company/income-statement?${FY}`)).json();
    expect(data.totals).toEqual({
      net_sales: 1_000_000,
      gross_profit: 400_000,
      operating_income: 50_000,
      ordinary_income: 50_000,
      income_before_tax: 50_000,
      net_income: 30_000,
    });
    expect(data.previous_totals.net_income).toBe(0);
    expect(data.previous_period).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(row(data.rows, 'operating_income')?.label).toBe('営業利益');
    expect(row(data.rows, 'net_income')?.label).toBe('当期純利益');
    const salary = data.rows.find((r: { account_id: number }) => r.account_id === ids['6120']);
    expect(salary).toMatchObject({
      amount: 300_000,
      previous: 0,
      drill: { account_id: ids['6120'], from: '2026-04-01', to: '2027-03-31' },
    });
    expect(data.monthly).toHaveLength(12);
    expect(data.monthly[0]).toMatchObject({ month: '2026-04', net_sales: 1_000_000, operating_income: 50_000 });
    // April alone: a loss shown as 損失
    const may = (await owner.api.get('/api/company/income-statement?from=2026-05-01&to=2026-05-31')).json().data;
    expect(may.totals.net_income).toBe(-20_000);
    expect(row(may.rows, 'net_income')?.label).toBe('当期純損失');
  });

  it('balance sheet: 会社計算規則 sections, profit inside 純資産, 資産合計 = 負債純資産合計', async () => {
    const { data } = (await owner.api.get(`/api/company/balance-sheet?${FY}`)).json();
    expect(data.totals).toEqual({ assets: 7_810_000, liabilities: 2_780_000, net_assets: 5_030_000 });
    expect(data.previous_totals).toEqual({ assets: 0, liabilities: 0, net_assets: 0 });
    const labels = data.rows
      .filter((r: { kind: string }) => r.kind !== 'account')
      .map((r: { label: string }) => r.label);
    for (const l of [
      '資産の部',
      '流動資産',
      '固定資産',
      '有形固定資産',
      '負債の部',
      '流動負債',
      '固定負債',
      '純資産の部',
      '株主資本',
      '資産合計',
      '負債純資産合計',
    ]) {
      expect(labels).toContain(l);
    }
    expect(row(data.rows, 'liabilities_net_assets_total')?.amount).toBe(7_810_000);
    expect(data.rows.find((r: { account_id: number }) => r.account_id === ids['1590']).amount).toBe(-50_000);
    expect(data.rows.find((r: { account_id: number }) => r.account_id === ids['3320']).amount).toBe(30_000);
  });

  it('cash flow (indirect): lines per docs/product/FACTS.md §2, reconciling to the change in cash', async () => {
    const { data } = (await owner.api.get(`/api/company/cash-flow?${FY}`)).json();
    expect(data.totals).toEqual({
      operating: 800_000,
      investing: -500_000,
      financing: 7_000_000,
      net_change: 7_300_000,
      cash_begin: 0,
      cash_end: 7_300_000,
    });
    const amt = (k: string) => row(data.rows, k)?.amount;
    expect(amt('income_before_tax')).toBe(50_000);
    expect(amt('depreciation')).toBe(50_000);
    expect(amt('payables')).toBe(660_000);
    expect(amt('consumption_tax')).toBe(40_000);
    expect(amt('operating_subtotal')).toBe(800_000);
    expect(amt('fixed_acquired')).toBe(-500_000);
    expect(amt('long_term_borrowed')).toBe(2_000_000);
    expect(amt('equity')).toBe(5_000_000);
  });

  it('cash flow: every line built from accounts drills to those accounts over the period; sums do not', async () => {
    const { data } = (await owner.api.get(`/api/company/cash-flow?${FY}`)).json();
    type Row = {
      key: string;
      kind: string;
      drill: { account_id: number; from: string; to: string } | null;
      drill_accounts?: { account_id: number; code: string; name: string; from: string; to: string }[];
    };
    const rows: Row[] = data.rows;
    const SUMS = ['operating_subtotal', 'operating_total', 'investing_total', 'financing_total', 'net_change'];
    const fromAccounts = rows.filter((r) => r.kind === 'account' || r.key === 'cash_begin' || r.key === 'cash_end');
    expect(fromAccounts.map((r) => r.key)).toEqual([
      'income_before_tax',
      'depreciation',
      'payables',
      'consumption_tax',
      'fixed_acquired',
      'long_term_borrowed',
      'equity',
      'cash_begin',
      'cash_end',
    ]);
    for (const r of fromAccounts) {
      expect(r.drill_accounts?.length, r.key).toBeGreaterThan(0);
      for (const d of r.drill_accounts ?? []) expect(d).toMatchObject({ from: '2026-04-01', to: '2027-03-31' });
      // one account: a direct link as on the other statements; several: no single drill
      if (r.drill_accounts?.length === 1) {
        expect(r.drill).toEqual({ account_id: r.drill_accounts[0].account_id, from: '2026-04-01', to: '2027-03-31' });
      } else expect(r.drill).toBeNull();
    }
    for (const r of rows.filter((x) => SUMS.includes(x.key) || x.kind === 'header')) {
      expect(r.drill, r.key).toBeNull();
      expect(r.drill_accounts, r.key).toBeUndefined();
    }
    const codes = (k: string) => (rows.find((r) => r.key === k)?.drill_accounts ?? []).map((d) => d.code);
    expect(codes('income_before_tax')).toEqual(['4110', '5120', '6120', '6260']);
    expect(codes('depreciation')).toEqual(['6260']);
    expect(codes('payables')).toEqual(['2120']);
    expect(codes('consumption_tax')).toEqual(['1450', '2210']); // 仮受消費税等 − 仮払消費税等
    expect(codes('fixed_acquired')).toEqual(['1550']);
    expect(codes('long_term_borrowed')).toEqual(['2520']);
    expect(codes('equity')).toEqual(['3110']);
    expect(codes('cash_begin')).toEqual(['1120']);
    expect(codes('cash_end')).toEqual(['1120']);
    expect(rows.find((r) => r.key === 'equity')?.drill_accounts?.[0]).toEqual({
      account_id: ids['3110'],
      code: '3110',
      name: '資本金',
      from: '2026-04-01',
      to: '2027-03-31',
    });
  });

  it('ledger: carried-forward, contra account or 諸口, running balance right on every page', async () => {
    const page = async (acc: string, p: number) =>
      (await owner.api.get(`/api/company/ledger?account_id=${ids[acc]}&${FY}&per_page=2&page=${p}`)).json();
    const p1 = await page('1120', 1);
    expect(p1.meta).toMatchObject({ total: 5, last_page: 3 });
    expect(p1.data.carried_forward).toBe(0);
    expect(
      p1.data.lines.map((l: { contra_account_name: string; balance: number }) => [l.contra_account_name, l.balance]),
    ).toEqual([
      ['資本金', 5_000_000],
      ['売掛金', 6_100_000],
    ]);
    const p2 = await page('1120', 2);
    expect(p2.data.carried_forward).toBe(6_100_000);
    expect(p2.data.lines.map((l: { balance: number }) => l.balance)).toEqual([5_800_000, 5_300_000]);
    const p3 = await page('1120', 3);
    expect(p3.data.carried_forward).toBe(5_300_000);
    expect(p3.data.lines[0]).toMatchObject({
      date: '2026-05-10',
      debit: 2_000_000,
      credit: 0,
      balance: 7_300_000,
      contra_account_name: '長期借入金',
    });
    expect(p3.data.closing).toBe(7_300_000);
    const ar = await page('1220', 1);
    // 売上高 1,000,000 + 仮受消費税等 100,000: the main account, not 諸口 (its tax does not count)
    expect(ar.data.lines[0]).toMatchObject({
      contra_account_name: '売上高',
      contra_account_id: ids['4110'],
      debit: 1_100_000,
    });
    const ap = await page('2120', 1);
    expect(ap.data.lines[0]).toMatchObject({ contra_account_name: '仕入高', contra_account_id: ids['5120'] });
    // a later period starts from the carried-forward balance
    const may = (
      await owner.api.get(`/api/company/ledger?account_id=${ids['1120']}&from=2026-05-01&to=2026-05-31`)
    ).json();
    expect(may.data.opening).toBe(5_800_000);
    expect(may.data.lines.map((l: { balance: number }) => l.balance)).toEqual([5_300_000, 7_300_000]);
  });

  it('月次推移試算表: BS month-end balances ending on the trial balance, PL months summing to the year', async () => {
    const tb = (await owner.api.get(`/api/company/trial-balance?${FY}`)).json().data;
    const res = await owner.api.get(`/api/company/trial-balance/monthly?${FY}`);
    expect(res.statusCode).toBe(200);
    const mt = res.json().data;
    expect(mt.months).toEqual([
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
    ]);
    type Row = {
      account_id: number;
      kind: string;
      months: number[];
      total: number;
      closing: number;
      opening: number;
      debit: number;
      credit: number;
      normal_side: string;
      category: string;
    };
    const byId = new Map<number, Row>(mt.rows.map((r: Row) => [r.account_id, r]));
    expect(byId.size).toBe(tb.rows.length);
    for (const t of tb.rows as Row[]) {
      const m = byId.get(t.account_id) as Row;
      expect(m.months).toHaveLength(12);
      if (t.category === 'revenue' || t.category === 'expense') {
        expect(m.kind).toBe('amount');
        const movement = t.normal_side === 'debit' ? t.debit - t.credit : t.credit - t.debit;
        expect(m.months.reduce((x, y) => x + y, 0)).toBe(movement);
        expect(m.total).toBe(movement);
      } else {
        expect(m.kind).toBe('balance');
        expect(m.months.at(-1)).toBe(t.closing);
        expect(m.total).toBe(t.closing);
      }
    }
    expect(byId.get(ids['1120'])?.months.slice(0, 3)).toEqual([5_800_000, 7_300_000, 7_300_000]);
    expect(byId.get(ids['4110'])?.months.slice(0, 2)).toEqual([1_000_000, 0]);
    expect(byId.get(ids['6120'])?.months[0]).toBe(300_000);
  });

  it('exports CSV (UTF-8 with BOM) and an A4 PDF', async () => {
    const csv = await owner.api.get(`/api/company/income-statement?${FY}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain('当期純利益,30000,0');
    const pdf = await owner.api.get(`/api/company/balance-sheet?${FY}&format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toMatch(/MediaBox \[\s*0 0 595\.28 841\.89\s*\]/);
    for (const f of ['trial-balance', 'cash-flow']) {
      expect((await owner.api.get(`/api/company/${f}?${FY}&format=csv`)).statusCode).toBe(200);
    }
    const ledger = await owner.api.get(`/api/company/ledger?account_id=${ids['1120']}&${FY}&format=csv`);
    expect(ledger.body).toContain('前期繰越');
  });

  it('admins read a company’s statements with company_id; others get 404 for foreign accounts', async () => {
    const admin = await signedInAdmin(ctx);
    const res = await admin.api.get(`/api/company/balance-sheet?${FY}&company_id=${owner.company.id}`);
    expect(res.json().data.totals.assets).toBe(7_810_000);
    expect((await admin.api.get(`/api/company/balance-sheet?${FY}`)).statusCode).toBe(422);
    const other: Client = (await companyOwner(ctx)).api;
    expect((await other.get(`/api/company/ledger?account_id=${ids['1120']}`)).statusCode).toBe(404);
    expect((await owner.api.get('/api/company/trial-balance?from=2026-05-01&to=2026-04-01')).statusCode).toBe(422);
  });
});

describe('cash flow drill-down: 売上債権 lists the receivable accounts that moved', () => {
  it('受取手形 joins 売掛金 once it has lines, current or previous period; figures unchanged', async () => {
    const co = await companyOwner(ctx, { fiscal_year_end_month: 3 });
    const accs = (await co.api.get('/api/company/accounts')).json().data as { code: string; id: number }[];
    const id = Object.fromEntries(accs.map((a) => [a.code, a.id]));
    const post = async (date: string, lines: [string, number, number][]) =>
      expect(
        (
          await co.api.post('/api/accountings', {
            date,
            description: 'テスト',
            lines: lines.map(([code, debit, credit]) => ({ account_id: id[code], debit, credit })),
          })
        ).statusCode,
      ).toBe(201);
    const receivables = async (q: string) => {
      const { data } = (await co.api.get(`/api/company/cash-flow?${q}`)).json();
      return data.rows.find((r: { key: string }) => r.key === 'receivables');
    };
    await post('2026-04-05', [
      ['1220', 300_000, 0],
      ['4110', 0, 300_000],
    ]);
    // only 売掛金 moved: a direct link to its ledger
    let r = await receivables(FY);
    expect(r.amount).toBe(-300_000);
    expect(r.drill).toEqual({ account_id: id['1220'], from: '2026-04-01', to: '2027-03-31' });
    expect(r.drill_accounts.map((d: { code: string; name: string }) => [d.code, d.name])).toEqual([['1220', '売掛金']]);
    // a note received for part of it: both accounts, no single drill, same figure
    await post('2026-06-01', [
      ['1210', 100_000, 0],
      ['1220', 0, 100_000],
    ]);
    r = await receivables(FY);
    expect(r.amount).toBe(-300_000);
    expect(r.drill).toBeNull();
    expect(r.drill_accounts).toEqual([
      { account_id: id['1210'], code: '1210', name: '受取手形', from: '2026-04-01', to: '2027-03-31' },
      { account_id: id['1220'], code: '1220', name: '売掛金', from: '2026-04-01', to: '2027-03-31' },
    ]);
    // the next year: 受取手形 collected; 売掛金 moved only in the previous year and still listed (前期 column)
    await post('2027-05-01', [
      ['1120', 100_000, 0],
      ['1210', 0, 100_000],
    ]);
    r = await receivables('from=2027-04-01&to=2028-03-31');
    expect([r.amount, r.previous]).toEqual([100_000, -300_000]);
    expect(r.drill_accounts.map((d: { code: string; from: string }) => [d.code, d.from])).toEqual([
      ['1210', '2027-04-01'],
      ['1220', '2027-04-01'],
    ]);
  });
});
