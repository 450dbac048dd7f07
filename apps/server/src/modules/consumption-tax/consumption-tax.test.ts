import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, consumptionTaxReturns, journalEntries, journalLines } from '../../db/schema/index.js';
import { newCustomer } from '../../test/factories.js';
import { companyOwner, useTestApp } from '../../test/harness.js';

const ctx = useTestApp();
const url = (fyId: number, suffix = '') => `/api/company/consumption-tax-returns/${fyId}${suffix}`;

/**
 * A company (税抜経理) with the fiscal year 2025-04-01〜2026-03-31: 課税売上 10% 11,000,000 and 8% 1,080,000
 * (split by posting into 売上 + 仮受消費税等), 課税仕入 10% 5,500,000 (仕入 + 仮払消費税等).
 */
async function setup(opts: { close?: boolean } = {}) {
  const o = await companyOwner(ctx);
  const accounts: { id: number; code: string }[] = (await o.api.get('/api/company/accounts')).json().data;
  const code = (c: string) => accounts.find((x) => x.code === c)?.id as number;
  const fy = (await o.api.post('/api/company/fiscal-years', { start_date: '2025-04-01' })).json().data;
  const entry = async (date: string, debit: string, credit: string, amount: number, tax: string) => {
    const sales = tax.startsWith('sales');
    const res = await o.api.post('/api/accountings', {
      date,
      description: 'テスト',
      lines: [
        { account_id: code(debit), debit: amount, credit: 0, tax_category: sales ? 'none' : tax },
        { account_id: code(credit), debit: 0, credit: amount, tax_category: sales ? tax : 'none' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  await entry('2025-06-01', '1120', '4110', 11_000_000, 'sales_10');
  await entry('2025-06-02', '1120', '4110', 1_080_000, 'sales_8');
  await entry('2025-07-01', '5120', '1120', 5_500_000, 'purchase_10');
  if (opts.close) {
    const res = await o.api.post(`/api/company/fiscal-years/${fy.id}/close`);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { o, fy, code };
}

const YEAR = { period_start: '2025-04-01', period_end: '2026-03-31' };

describe('POST /api/company/consumption-tax-returns/compute', () => {
  it('answers 第一表 with its explanation; a refused combination is 422 in Japanese and nothing is stored', async () => {
    const { api, company } = await companyOwner(ctx);
    const res = await api.post('/api/company/consumption-tax-returns/compute', {
      method: 'general',
      ...YEAR,
      sales_calc: 'warimodoshi',
      purchase_calc: 'warimodoshi',
      sales: { '10': { gross: 11_000_000 } },
      purchases: { '10': { gross: 5_500_000 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ taxable_base: 10_000_000, output_tax: 780_000, deductible_input_tax: 390_000 });
    expect(d.total_payable).toBe(500_000);
    expect(d.explanation.map((e: { line: string }) => e.line)).toEqual(
      expect.arrayContaining(['①', '②', '④', '⑨', '⑳', '㉖']),
    );
    const bad = await api.post('/api/company/consumption-tax-returns/compute', {
      method: 'general',
      ...YEAR,
      sales_calc: 'tsumiage',
      purchase_calc: 'warimodoshi',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.purchase_calc[0]).toContain('積上げ');
    const two = await api.post('/api/company/consumption-tax-returns/compute', {
      method: 'two_tenths',
      ...YEAR,
      base_period_taxable_sales: 20_000_000,
    });
    expect(two.statusCode).toBe(422);
    expect(two.json().message).toContain('1,000万円を超える');
    const malformed = await api.post('/api/company/consumption-tax-returns/compute', { method: 'x', ...YEAR });
    expect(malformed.statusCode).toBe(422);
    const rows = await ctx.db
      .select()
      .from(consumptionTaxReturns)
      .where(eq(consumptionTaxReturns.company_id, company.id));
    expect(rows).toHaveLength(0);
  });
});

describe('consumption-tax settings', () => {
  it('defaults, saves, 409 on stale, 422 for 簡易課税 without its 事業区分', async () => {
    const { api } = await companyOwner(ctx);
    const s = (await api.get('/api/company/consumption-tax-settings')).json().data;
    expect(s).toMatchObject({ method: 'general', is_default: true, updated_at: null });
    const bad = await api.put('/api/company/consumption-tax-settings', {
      method: 'simplified',
      sales_calc: 'warimodoshi',
      purchase_calc: 'tsumiage',
      updated_at: null,
    });
    expect(bad.statusCode).toBe(422);
    const ok = await api.put('/api/company/consumption-tax-settings', {
      method: 'simplified',
      main_business_type: 5,
      sales_calc: 'warimodoshi',
      purchase_calc: 'tsumiage',
      updated_at: null,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ method: 'simplified', main_business_type: 5, is_default: false });
    const again = await api.put('/api/company/consumption-tax-settings', {
      method: 'general',
      sales_calc: 'warimodoshi',
      purchase_calc: 'tsumiage',
      updated_at: null,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('consumption-tax settings: 基準期間の課税売上高, 中間納付 and the 簡易課税 election', () => {
  const settings = (extra: Record<string, unknown>) => ({
    method: 'general',
    sales_calc: 'warimodoshi',
    purchase_calc: 'tsumiage',
    ...extra,
  });
  it('refuses 簡易課税 over 5,000万円 (422, nothing stored); a new year starts from the settings; audited', async () => {
    const { o, fy } = await setup();
    const over = await o.api.put(
      '/api/company/consumption-tax-settings',
      settings({
        method: 'simplified',
        main_business_type: 2,
        base_period_taxable_sales: 50_000_001,
        updated_at: null,
      }),
    );
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.method[0]).toContain('5,000万円を超える');
    const negative = await o.api.put(
      '/api/company/consumption-tax-settings',
      settings({ interim_national: -1, updated_at: null }),
    );
    expect(negative.statusCode).toBe(422);
    expect(negative.json().errors.interim_national[0]).toContain('0円以上');
    expect((await o.api.get('/api/company/consumption-tax-settings')).json().data.is_default).toBe(true);
    const ok = await o.api.put(
      '/api/company/consumption-tax-settings',
      settings({
        base_period_taxable_sales: '８,０００,０００',
        interim_national: 600_000,
        interim_local: 169_200,
        updated_at: null,
      }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      base_period_taxable_sales: 8_000_000,
      interim_national: 600_000,
      interim_local: 169_200,
    });
    const logs = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.company_id, o.company.id), eq(auditLogs.action, 'consumption_tax_return.settings')));
    expect(logs).toHaveLength(1);
    // the year not yet saved: the settings' figures, the books' figures from 帳簿から作成
    const got = (await o.api.get(url(fy.id))).json().data;
    expect(got.inputs).toMatchObject({
      base_period_taxable_sales: 8_000_000,
      interim_national: 600_000,
      interim_local: 169_200,
    });
    const d = (await o.api.post(url(fy.id, '/fill'), {})).json().data;
    expect(d.inputs.base_period_taxable_sales).toBe(8_000_000);
    expect(d.sources.base_period_taxable_sales[0]).toMatchObject({ kind: 'settings', amount: 8_000_000 });
    // ⑨ 452,400 − ⑩ 600,000 → ⑫ 147,600 refunded; ⑳ 127,600 − ㉑ 169,200 → ㉓ 41,600 refunded
    expect(d.result).toMatchObject({
      net_tax: 452_400,
      interim_national: 600_000,
      payable_national: 0,
      refund_national: 147_600,
      local_tax: 127_600,
      interim_local: 169_200,
      payable_local: 0,
      refund_local: 41_600,
      total_payable: -189_200,
    });
    expect(d.result.lines).toMatchObject({ '⑩': 600_000, '⑫': 147_600, '㉑': 169_200, '㉓': 41_600 });
    // 基準期間 8,000,000 ≤ 1,000万円: the 2割特例 is allowed (and cheapest); 簡易課税 not elected
    const two = d.comparison.find((c: { method: string }) => c.method === 'two_tenths');
    expect(two).toMatchObject({ allowed: true, cheapest: true });
    const simplified = d.comparison.find((c: { method: string }) => c.method === 'simplified');
    expect(simplified).toMatchObject({ allowed: false });
    expect(simplified.reason).toContain('簡易課税制度選択届出書を提出していない');
    // the settlement books the year's whole tax: ㉖ + both 中間納付
    expect(d.settlement.payable).toBe(-189_200 + 600_000 + 169_200);
  });

  it('the return refuses (422, nothing stored) the method the settings make ineligible', async () => {
    const { o, fy } = await setup();
    const refused = await o.api.put(url(fy.id), {
      inputs: { method: 'simplified', main_business_type: 2, base_period_taxable_sales: 30_000_000 },
      updated_at: null,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.method[0]).toContain('簡易課税制度選択届出書を提出していない');
    expect(
      await ctx.db.select().from(consumptionTaxReturns).where(eq(consumptionTaxReturns.fiscal_year_id, fy.id)),
    ).toHaveLength(0);
    const elected = await o.api.put(
      '/api/company/consumption-tax-settings',
      settings({
        method: 'simplified',
        main_business_type: 2,
        base_period_taxable_sales: 30_000_000,
        updated_at: null,
      }),
    );
    expect(elected.statusCode, elected.body).toBe(200);
    const general = await o.api.put(url(fy.id), {
      inputs: { method: 'general', base_period_taxable_sales: 30_000_000 },
      updated_at: null,
    });
    expect(general.statusCode).toBe(422);
    expect(general.json().message).toContain('一般課税にできません');
    const saved = await o.api.put(url(fy.id), {
      inputs: { method: 'simplified', main_business_type: 2, base_period_taxable_sales: 30_000_000 },
      updated_at: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ simplified_elected: true, refusal: null });
    // the election withdrawn: the stored 簡易課税 return cannot be settled until its method is changed
    const withdrawn = await o.api.put(
      '/api/company/consumption-tax-settings',
      settings({ updated_at: elected.json().data.updated_at }),
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const d = (await o.api.get(url(fy.id))).json().data;
    expect(d.result).toBeNull();
    expect(d.refusal).toContain('簡易課税制度選択届出書を提出していない');
    const post = await o.api.post(url(fy.id, '/post-entry'), { updated_at: d.updated_at });
    expect(post.statusCode).toBe(422);
    expect(
      await ctx.db.select().from(journalEntries).where(eq(journalEntries.source_type, 'consumption_tax_return')),
    ).toHaveLength(0);
  });
});

describe('the stored return', () => {
  it('GET answers defaults; PUT saves (409 stale; 422 refused, nothing stored); audited', async () => {
    const { o, fy } = await setup();
    const got = await o.api.get(url(fy.id));
    expect(got.statusCode, got.body).toBe(200);
    const d = got.json().data;
    expect(d.updated_at).toBeNull();
    expect(d.inputs.method).toBe('general');
    expect(d.comparison).toHaveLength(3);
    const refused = await o.api.put(url(fy.id), {
      inputs: { method: 'two_tenths', base_period_taxable_sales: 20_000_000 },
      updated_at: null,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('2割特例');
    expect(
      await ctx.db.select().from(consumptionTaxReturns).where(eq(consumptionTaxReturns.fiscal_year_id, fy.id)),
    ).toHaveLength(0);
    const saved = await o.api.put(url(fy.id), {
      inputs: {
        method: 'general',
        purchase_calc: 'warimodoshi',
        sales: { '10': { gross: 11_000_000 } },
        purchases: { '10': { gross: 5_500_000 } },
        interim_national: 100_000,
      },
      updated_at: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const s = saved.json().data;
    expect(s.result.payable_national).toBe(290_000);
    expect(s.updated_at).toBeTruthy();
    const stale = await o.api.put(url(fy.id), { inputs: { method: 'general' }, updated_at: null });
    expect(stale.statusCode).toBe(409);
    const old = await o.api.put(url(fy.id), {
      inputs: { method: 'general' },
      updated_at: '2020-01-01T00:00:00.000Z',
    });
    expect(old.statusCode).toBe(409);
    const logs = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.company_id, o.company.id), eq(auditLogs.action, 'consumption_tax_return.update')));
    expect(logs).toHaveLength(1);
  });

  it('fill reads the books by 税区分 with the sources; the settlement is posted once, linked both ways', async () => {
    const { o, fy, code } = await setup();
    const res = await o.api.post(url(fy.id, '/fill'), {});
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.inputs.sales['10']).toEqual({ gross: 11_000_000, invoice_tax: 1_000_000 });
    expect(d.inputs.sales['8']).toEqual({ gross: 1_080_000, invoice_tax: 80_000 });
    expect(d.inputs.purchases['10']).toEqual({ gross: 5_500_000, invoice_tax: 500_000 });
    expect(d.sources['sales.10.gross'][0]).toMatchObject({ kind: 'journal', account_code: '4110', count: 1 });
    expect(d.sources['sales.10.gross'][0].query).toMatchObject({ tax_category: 'sales_10', from: '2025-04-01' });
    // the source's query lists its entries in the journal (税区分 filter)
    const q = new URLSearchParams(d.sources['sales.8.gross'][0].query).toString();
    const listed = await o.api.get(`/api/accountings?${q}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toHaveLength(1);
    // ② 780,000 + 62,400; ④ 500,000 × 78/100 = 390,000; ⑨ 452,400; ⑳ 127,600
    expect(d.result.output_tax).toBe(842_400);
    expect(d.result.deductible_input_tax).toBe(390_000);
    expect(d.result.total_payable).toBe(580_000);
    expect(d.settlement).toEqual({ output_balance: 1_080_000, input_balance: 500_000, payable: 580_000, rounding: 0 });
    const wrong = await o.api.post(url(fy.id, '/post-entry'), { total_payable: 1, updated_at: d.updated_at });
    expect(wrong.statusCode).toBe(422);
    const posted = await o.api.post(url(fy.id, '/post-entry'), { total_payable: 580_000, updated_at: d.updated_at });
    expect(posted.statusCode, posted.body).toBe(200);
    const after = posted.json().data;
    const [entry] = await ctx.db.select().from(journalEntries).where(eq(journalEntries.id, after.entry_id));
    expect(entry).toMatchObject({ source_type: 'consumption_tax_return', source_id: after.id, date: '2026-03-31' });
    const lines = await ctx.db.select().from(journalLines).where(eq(journalLines.entry_id, entry.id));
    const of = (c: string) => lines.find((l) => l.account_id === code(c));
    expect(of('2210')).toMatchObject({ debit: 1_080_000 }); // 仮受消費税等
    expect(of('2150') ?? lines.find((l) => l.credit === 580_000)).toBeTruthy(); // 未払消費税等
    // the settlement does not change the return's own balances
    expect(after.settlement.output_balance).toBe(1_080_000);
    const twice = await o.api.post(url(fy.id, '/post-entry'), { updated_at: after.updated_at });
    expect(twice.statusCode).toBe(422);
  });

  it('a year settled by a hand entry shows that entry (not a new proposal); a year not settled closes the balances', async () => {
    const { o, fy, code } = await setup();
    const d = (await o.api.post(url(fy.id, '/fill'), {})).json().data;
    // not settled: the proposal closes the real 仮受 / 仮払 balances, the rounding only the difference
    expect(d.entry_id).toBeNull();
    expect(d.settlement).toEqual({ output_balance: 1_080_000, input_balance: 500_000, payable: 580_000, rounding: 0 });
    const hand = await o.api.post('/api/accountings', {
      date: '2026-03-31',
      description: '消費税の精算（手入力）',
      lines: [
        { account_id: code('2210'), debit: 1_080_000, credit: 0, tax_category: 'none' },
        { account_id: code('1450'), debit: 0, credit: 500_000, tax_category: 'none' },
        { account_id: code('2160'), debit: 0, credit: 579_997, tax_category: 'none' },
        { account_id: code('7130'), debit: 0, credit: 3, tax_category: 'none' },
      ],
    });
    expect(hand.statusCode, hand.body).toBe(201);
    const got = (await o.api.get(url(fy.id))).json().data;
    expect(got.entry_id).toBe(hand.json().data.id);
    expect(got.settlement).toEqual({
      output_balance: 1_080_000,
      input_balance: 500_000,
      payable: 579_997,
      rounding: 3,
    });
    const twice = await o.api.post(url(fy.id, '/post-entry'), { updated_at: got.updated_at });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toContain('すでに計上');
  });

  it('基準期間の課税売上高 comes from the 基準期間 books, else the previous return: the 2割特例 refused over 1,000万円', async () => {
    const { o, fy } = await setup();
    const saved = await o.api.put(url(fy.id), {
      inputs: { method: 'general', base_period_taxable_sales: 20_000_000 },
      updated_at: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const next = (await o.api.post('/api/company/fiscal-years', { start_date: '2026-04-01' })).json().data;
    const twoTenths = (d: { comparison: { method: string; allowed: boolean; reason: string | null }[] }) =>
      d.comparison.find((c) => c.method === 'two_tenths');
    // a year not yet saved already answers with the carried figure
    const fresh = (await o.api.get(url(next.id))).json().data;
    expect(fresh.inputs.base_period_taxable_sales).toBe(20_000_000);
    const filled = await o.api.post(url(next.id, '/fill'), {});
    expect(filled.statusCode, filled.body).toBe(200);
    const d = filled.json().data;
    expect(d.inputs.base_period_taxable_sales).toBe(20_000_000);
    expect(d.sources.base_period_taxable_sales[0].label).toContain('前年度');
    expect(twoTenths(d)).toMatchObject({ allowed: false });
    expect(twoTenths(d)?.reason).toContain('1,000万円を超える');
    // two years on, the 基準期間 is the first year: its books' 課税売上高 (10,000,000 + 1,000,000)
    const third = (await o.api.post('/api/company/fiscal-years', { start_date: '2027-04-01' })).json().data;
    const t = (await o.api.post(url(third.id, '/fill'), {})).json().data;
    expect(t.inputs.base_period_taxable_sales).toBe(11_000_000);
    expect(twoTenths(t)).toMatchObject({ allowed: false });
    // a figure the person entered is kept on a refill
    const put = await o.api.put(url(third.id), {
      inputs: { ...t.inputs, base_period_taxable_sales: 9_000_000 },
      updated_at: t.updated_at,
    });
    expect(put.statusCode, put.body).toBe(200);
    const again = (await o.api.post(url(third.id, '/fill'), {})).json().data;
    expect(again.inputs.base_period_taxable_sales).toBe(9_000_000);
    // (the 2割特例 ends with periods including 2026-09-30: refused here for the period, not the 基準期間)
    expect(twoTenths(again)?.reason).not.toContain('1,000万円を超える');
  });

  it('the settlement is refused in a locked period', async () => {
    const { o, fy } = await setup();
    const d = (await o.api.post(url(fy.id, '/fill'), {})).json().data;
    const close = await o.api.post(`/api/company/fiscal-years/${fy.id}/close`);
    expect(close.statusCode, close.body).toBe(200);
    const locked = await o.api.post(url(fy.id, '/post-entry'), { updated_at: d.updated_at });
    expect(locked.statusCode, locked.body).toBe(422);
    expect(locked.body).toContain('締められた');
  });

  it("another company's fiscal year is 404 on every call, nothing stored", async () => {
    const { fy } = await setup();
    const other = await companyOwner(ctx);
    for (const [method, suffix, body] of [
      ['get', '', undefined],
      ['put', '', { inputs: { method: 'general' }, updated_at: null }],
      ['post', '/fill', {}],
      ['post', '/post-entry', { updated_at: new Date().toISOString() }],
    ] as const) {
      const res = await (method === 'get'
        ? other.api.get(url(fy.id, suffix))
        : other.api[method](url(fy.id, suffix), body));
      expect(res.statusCode, `${method} ${suffix}: ${res.body}`).toBe(404);
    }
    expect(
      await ctx.db.select().from(consumptionTaxReturns).where(eq(consumptionTaxReturns.fiscal_year_id, fy.id)),
    ).toHaveLength(0);
  });
});

describe('税区分 of the return: 適格請求書なし (経過措置), 返還等 per rate, the 個別対応 split', () => {
  it('fill maps each 税区分 to its figure, the 経過措置 share by the line date; the split posts the deductible share', async () => {
    const { o, fy, code } = await setup();
    const post = async (date: string, lines: Record<string, unknown>[]) => {
      const res = await o.api.post('/api/accountings', { date, description: 'テスト', lines });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as {
        lines: { account_id: number; debit: number; credit: number; tax_category: string }[];
      };
    };
    const l = (c: string, debit: number, credit: number, tax_category = 'none') => ({
      account_id: code(c),
      debit,
      credit,
      tax_category,
    });
    // 適格請求書なし 110,000 (10%): 仮払 10,000 × 80% = 8,000, the 2,000 in the expense
    const nq = await post('2025-08-01', [l('5120', 110_000, 0, 'purchase_nq_10'), l('1120', 0, 110_000)]);
    expect(nq.lines.find((x) => x.account_id === code('1450'))?.debit).toBe(8_000);
    expect(nq.lines.find((x) => x.account_id === code('5120'))?.debit).toBe(102_000);
    await post('2025-08-02', [l('4110', 110_000, 0, 'sales_ret_10'), l('1120', 0, 110_000)]);
    await post('2025-08-03', [l('1120', 54_000, 0), l('5120', 0, 54_000, 'purchase_ret_8')]);
    await post('2025-08-04', [l('5120', 220_000, 0, 'purchase_10_tx'), l('1120', 0, 220_000)]);
    await post('2025-08-05', [l('5120', 330_000, 0, 'purchase_10_ex'), l('1120', 0, 330_000)]);
    const d = (await o.api.post(url(fy.id, '/fill'), {})).json().data;
    expect(d.inputs.transitional_purchases).toEqual({ '80': { '10': 110_000, '8': 0 }, '50': { '10': 0, '8': 0 } });
    expect(d.inputs.sales_returns).toEqual({ '10': 110_000, '8': 0 });
    expect(d.inputs.purchase_returns).toEqual({ '10': 0, '8': 54_000 });
    // registered 課税仕入 10%: 5,500,000 (共通: unmarked) + 220,000 (課税売上対応) + 330,000 (非課税売上対応)
    expect(d.inputs.purchases['10']).toEqual({ gross: 6_050_000, invoice_tax: 550_000 });
    expect(d.inputs.purchase_split).toEqual({
      taxable: { '10': { gross: 220_000, invoice_tax: 20_000 }, '8': { gross: 0, invoice_tax: 0 } },
      common: { '10': { gross: 5_500_000, invoice_tax: 500_000 }, '8': { gross: 0, invoice_tax: 0 } },
    });
    expect(d.sources['transitional_purchases.80.10'][0]).toMatchObject({ tax_category: 'purchase_nq_10', count: 1 });
    expect(d.sources['sales_returns.10'][0]).toMatchObject({ account_code: '4110', amount: 110_000 });
    // ② 842,400; ④ 550,000 × 78/100 = 429,000 + 経過措置 110,000 × 7.8/110 × 80% = 6,240 → 435,240 (課税売上割合
    // 100%: the split is not used); the 8% 仕入返還 54,000 × 6.24/108 = 3,120 exceeds the 8% purchases → ③;
    // ⑤ 110,000 × 7.8/110 = 7,800; ⑨ 842,400 + 3,120 − 443,040 = 402,480 → 402,400
    expect(d.result.deductible_input_tax).toBe(435_240);
    expect(d.result.adjustment_tax).toBe(3_120);
    expect(d.result.returns_tax).toBe(7_800);
    expect(d.result.net_tax).toBe(402_400);
  });

  it('a received document without a 登録番号 posts the 経過措置 税区分; the migration moves one posted before it', async () => {
    const { o, fy } = await setup();
    const supplier = (await newCustomer(o.api, { name: '個人商店', honorific: '様', used_for: 2 })).id as number;
    const res = await o.api.post('/api/transaction-documents', {
      customer_id: supplier,
      document_type: 4,
      transaction_date: '2025-09-10',
      amount: 11_000,
      taxes: [{ tax_category: '10', base: 10_000, tax: 1_000 }],
      registration_number: '',
      payment_method: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const entryId = res.json().data.journal_entry_id as number;
    const lines = await ctx.db.select().from(journalLines).where(eq(journalLines.entry_id, entryId));
    expect(lines.map((x) => x.tax_category).sort()).toEqual(['none', 'none', 'purchase_nq_10']);
    const filled = (await o.api.post(url(fy.id, '/fill'), {})).json().data;
    expect(filled.inputs.transitional_purchases['80']['10']).toBe(11_000);
    expect(filled.inputs.purchases['10'].gross).toBe(5_500_000);
    expect(filled.sources['transitional_purchases.80.10'].map((s: { kind: string }) => s.kind)).toEqual([
      'journal',
      'documents',
    ]);
    // as the books had it before: 課税仕入 10% — migration 0046's update gives it the 経過措置 税区分 back
    await ctx.db
      .update(journalLines)
      .set({ tax_category: 'purchase_10' })
      .where(and(eq(journalLines.entry_id, entryId), eq(journalLines.tax_category, 'purchase_nq_10')));
    const migration = readFileSync(
      new URL('../../db/migrations/0046_ctax-settings-base-period-interim.sql', import.meta.url),
      'utf8',
    );
    const update = migration
      .split('--> statement-breakpoint')
      .map((x) => x.replace(/^--.*$/gm, '').trim())
      .find((x) => x.startsWith('UPDATE "journal_lines"')) as string;
    await ctx.db.execute(sql.raw(update));
    const after = await ctx.db.select().from(journalLines).where(eq(journalLines.entry_id, entryId));
    expect(after.map((x) => x.tax_category).sort()).toEqual(['none', 'none', 'purchase_nq_10']);
  });
});
