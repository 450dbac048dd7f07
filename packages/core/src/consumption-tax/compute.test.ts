import { describe, expect, it } from 'vitest';
import { type ConsumptionTaxComputeInput, consumptionTaxComputeInput } from '../contracts/consumption-tax.js';
import { ConsumptionTaxRefusal, compareMethods, computeConsumptionTax, periodMonths } from './index.js';

/**
 * Worked vectors from the law (消費税法 45条, 30条, 37条, 38条, 39条; 国税通則法 118・119条; 平成28年改正法附則
 * 51条の2・52・53条) as summarised in docs/product/FACTS.md §9. Every expected figure is worked by hand in the
 * comment beside it.
 */
const YEAR = { period_start: '2025-04-01', period_end: '2026-03-31' };
const run = (body: Partial<ConsumptionTaxComputeInput>) =>
  computeConsumptionTax(consumptionTaxComputeInput.parse({ method: 'general', ...YEAR, ...body }));
const refusal = (body: Partial<ConsumptionTaxComputeInput>) => {
  try {
    run(body);
  } catch (e) {
    if (e instanceof ConsumptionTaxRefusal) return { path: e.path, message: e.message };
    throw e;
  }
  throw new Error('not refused');
};

describe('一般課税', () => {
  it('割戻し both sides, 10%: 11,000,000 sales and 5,500,000 purchases → 500,000 to pay', () => {
    const r = run({
      sales: { '10': { gross: 11_000_000 } },
      purchases: { '10': { gross: 5_500_000 } },
      purchase_calc: 'warimodoshi',
    });
    // ① 11,000,000 × 100/110 = 10,000,000; ② × 7.8% = 780,000; ④ 5,500,000 × 7.8/110 = 390,000
    expect(r.taxable_base).toBe(10_000_000);
    expect(r.output_tax).toBe(780_000);
    expect(r.deductible_input_tax).toBe(390_000);
    expect(r.net_tax).toBe(390_000);
    // ⑳ 390,000 × 22/78 = 110,000
    expect(r.local_tax).toBe(110_000);
    expect(r.total_payable).toBe(500_000);
    expect(r.lines['㉖']).toBe(500_000);
    expect(r.explanation.find((e) => e.line === '①')?.links?.[0].tax_category).toBe('sales_10');
  });

  it('mixed rates with the 1,000-yen and 100-yen cuts', () => {
    const r = run({
      sales: { '10': { gross: 12_345_678 }, '8': { gross: 3_456_789 } },
      purchases: { '10': { gross: 6_543_210 }, '8': { gross: 1_234_567 } },
      purchase_calc: 'warimodoshi',
    });
    // 10%: 12,345,678 × 100/110 = 11,223,343 → 11,223,000 → × 7.8% = 875,394
    // 8%: 3,456,789 × 100/108 = 3,200,730 → 3,200,000 → × 6.24% = 199,680
    expect(r.by_rate['10'].taxable_base).toBe(11_223_000);
    expect(r.by_rate['8'].taxable_base).toBe(3_200_000);
    expect(r.taxable_base).toBe(14_423_000);
    expect(r.output_tax).toBe(1_075_074);
    // ④ 6,543,210 × 7.8/110 = 463,973; 1,234,567 × 6.24/108 = 71,330
    expect(r.by_rate['10'].deductible_input_tax).toBe(463_973);
    expect(r.by_rate['8'].deductible_input_tax).toBe(71_330);
    // ⑨ 1,075,074 − 535,303 = 539,771 → 539,700; ⑳ 539,700 × 22/78 = 152,223 → 152,200
    expect(r.net_tax).toBe(539_700);
    expect(r.local_tax).toBe(152_200);
    expect(r.total_payable).toBe(691_900);
  });

  it('積上げ both sides: the invoices’ tax × 78/100', () => {
    const r = run({
      sales_calc: 'tsumiage',
      purchase_calc: 'tsumiage',
      sales: { '10': { gross: 11_000_000, invoice_tax: 999_990 }, '8': { gross: 1_080_000, invoice_tax: 80_005 } },
      purchases: { '10': { gross: 5_500_000, invoice_tax: 500_010 } },
    });
    // ② 999,990 × 78/100 = 779,992 (779,992.2); 80,005 × 78/100 = 62,403 (62,403.9)
    expect(r.by_rate['10'].output_tax).toBe(779_992);
    expect(r.by_rate['8'].output_tax).toBe(62_403);
    // ① still from the sales: 10,000,000 + 1,000,000
    expect(r.taxable_base).toBe(11_000_000);
    // ④ 500,010 × 78/100 = 390,007
    expect(r.deductible_input_tax).toBe(390_007);
    // ⑨ 842,395 − 390,007 = 452,388 → 452,300; ⑳ 452,300 × 22/78 = 127,571 → 127,500
    expect(r.net_tax).toBe(452_300);
    expect(r.local_tax).toBe(127_500);
  });

  it('refuses sales 積上げ with purchases 割戻し, saying why', () => {
    const e = refusal({ sales_calc: 'tsumiage', purchase_calc: 'warimodoshi' });
    expect(e.path).toBe('purchase_calc');
    expect(e.message).toContain('仕入税額も積上げ計算');
  });

  it('sales 割戻し with purchases 積上げ is allowed', () => {
    expect(run({ sales_calc: 'warimodoshi', purchase_calc: 'tsumiage' }).total_payable).toBe(0);
  });

  it('returns and bad debts reduce the tax at their rates (⑤ ⑥)', () => {
    const r = run({
      sales: { '10': { gross: 11_000_000 }, '8': { gross: 1_080_000 } },
      sales_returns: { '10': 110_000, '8': 10_800 },
      bad_debts: { '10': 55_000 },
    });
    // ⑤ 110,000 × 7.8/110 = 7,800; 10,800 × 6.24/108 = 624; ⑥ 55,000 × 7.8/110 = 3,900
    expect(r.returns_tax).toBe(8_424);
    expect(r.bad_debt_tax).toBe(3_900);
    // ② 780,000 + 62,400 = 842,400; ⑨ 842,400 − 12,324 = 830,076 → 830,000; ⑳ 830,000 × 22/78 = 234,102 → 234,100
    expect(r.net_tax).toBe(830_000);
    expect(r.local_tax).toBe(234_100);
    // 課税売上高 (⑮) is net of the returns: 10,000,000 + 1,000,000 − 100,000 − 10,000
    expect(r.taxable_sales).toBe(10_890_000);
  });

  it('貸倒回収 is ③ 控除過大調整税額', () => {
    const r = run({ sales: { '10': { gross: 1_100_000 } }, bad_debts_recovered: { '10': 11_000 } });
    expect(r.adjustment_tax).toBe(780);
    expect(r.net_tax).toBe(78_700); // 78,000 + 780 = 78,780 → 78,700
  });

  it('経過措置: 80% to 2026-09-30, 50% from 2026-10-01, refused outside its window', () => {
    const p = { '10': 1_100_000 };
    // 1,100,000 × 7.8/110 = 78,000 → 80% = 62,400
    expect(run({ transitional_purchases: { '80': p } }).deductible_input_tax).toBe(62_400);
    const later = { period_start: '2026-10-01', period_end: '2027-09-30' };
    // → 50% = 39,000
    expect(run({ ...later, transitional_purchases: { '50': p } }).deductible_input_tax).toBe(39_000);
    expect(refusal({ ...later, transitional_purchases: { '80': p } }).message).toContain('経過措置80%');
    expect(refusal({ transitional_purchases: { '50': p } }).path).toBe('transitional_purchases.50');
    // a year over 2026-10-01 has both
    const across = { period_start: '2026-04-01', period_end: '2027-03-31' };
    expect(run({ ...across, transitional_purchases: { '80': p, '50': { '8': 1_080_000 } } }).deductible_input_tax).toBe(
      62_400 + 31_200,
    ); // 1,080,000 × 6.24/108 = 62,400 → 50% = 31,200
  });

  it('中間納付 larger than the tax: refund of the difference (⑫ ㉓)', () => {
    const r = run({
      sales: { '10': { gross: 11_000_000 } },
      purchases: { '10': { gross: 5_500_000 } },
      purchase_calc: 'warimodoshi',
      interim_national: 400_000,
      interim_local: 120_000,
    });
    expect(r.payable_national).toBe(0);
    expect(r.refund_national).toBe(10_000);
    expect(r.payable_local).toBe(0);
    expect(r.refund_local).toBe(10_000);
    expect(r.total_payable).toBe(-20_000);
  });

  it('中間納付 smaller than the tax: the rest to pay (⑪ ㉒)', () => {
    const r = run({
      sales: { '10': { gross: 11_000_000 } },
      purchases: { '10': { gross: 5_500_000 } },
      purchase_calc: 'warimodoshi',
      interim_national: 195_000,
      interim_local: 55_000,
    });
    expect(r.payable_national).toBe(195_000);
    expect(r.payable_local).toBe(55_000);
    expect(r.total_payable).toBe(250_000);
  });

  it('控除不足還付税額 ⑧ and its 地方 ⑲ (no 100-yen cut on a refund)', () => {
    const r = run({
      sales: { '10': { gross: 1_100_000 } },
      purchases: { '10': { gross: 3_300_100 } },
      purchase_calc: 'warimodoshi',
    });
    // ② 78,000; ④ 3,300,100 × 7.8/110 = 234,007; ⑧ 156,007; ⑲ 156,007 × 22/78 = 44,001
    expect(r.lines['⑧']).toBe(156_007);
    expect(r.net_tax).toBe(-156_007);
    expect(r.lines['⑲']).toBe(44_001);
    expect(r.total_payable).toBe(-200_008);
    expect(r.explanation.some((e) => e.line === '⑧')).toBe(true);
  });

  describe('課税売上割合 < 95% or 課税売上高 > 5億円', () => {
    const base = {
      sales: { '10': { gross: 11_000_000 } },
      exempt_sales: 1_000_000,
      purchases: { '10': { gross: 5_500_000 } },
      purchase_calc: 'warimodoshi' as const,
    };
    it('asks which method', () => {
      const e = refusal(base);
      expect(e.path).toBe('apportionment');
      expect(e.message).toContain('90.90%');
    });
    it('一括比例配分方式: × 10,000,000 / 11,000,000', () => {
      const r = run({ ...base, apportionment: 'proportional' });
      expect(r.deductible_input_tax).toBe(354_545); // 390,000 × 10/11 = 354,545.45
      expect(r.apportionment).toBe('proportional');
      // ⑨ 780,000 − 354,545 = 425,455 → 425,400; ⑳ 425,400 × 22/78 = 119,984 → 119,900
      expect(r.total_payable).toBe(545_300);
    });
    it('個別対応方式: 課税売上対応 whole, 共通 × the ratio, 非課税売上対応 nothing', () => {
      const r = run({
        ...base,
        apportionment: 'individual',
        purchase_split: { taxable: { '10': { gross: 3_300_000 } }, common: { '10': { gross: 1_100_000 } } },
      });
      // 234,000 + 78,000 × 10/11 (70,909) = 304,909
      expect(r.deductible_input_tax).toBe(304_909);
    });
    it('個別対応方式 without the split is refused', () => {
      expect(refusal({ ...base, apportionment: 'individual' }).path).toBe('purchase_split');
    });
    it('課税売上高 over 5億円 (annualised for a short period) also needs the choice', () => {
      const half = { period_start: '2025-04-01', period_end: '2025-09-30' };
      // 330,000,000 × 100/110 = 300,000,000 in 6 months → 600,000,000 a year
      const e = refusal({
        ...half,
        sales: { '10': { gross: 330_000_000 } },
        purchases: { '10': { gross: 1_100 } },
        purchase_calc: 'warimodoshi',
      });
      expect(e.message).toContain('5億円を超える');
      expect(
        run({
          ...half,
          sales: { '10': { gross: 275_000_000 } },
          purchases: { '10': { gross: 1_100 } },
          purchase_calc: 'warimodoshi',
        }).apportionment,
      ).toBeNull();
    });
  });
});

describe('簡易課税', () => {
  const s = { method: 'simplified' as const, base_period_taxable_sales: 40_000_000 };
  it('one 事業区分: 第5種 50%', () => {
    const r = run({ ...s, main_business_type: 5, sales: { '10': { gross: 11_000_000 } } });
    expect(r.deductible_input_tax).toBe(390_000);
    expect(r.deemed_rate?.rule).toBe('single');
    expect(r.deemed_rate?.percent).toBe(50);
    expect(r.total_payable).toBe(500_000);
  });
  it('(② + ③ − ⑤) is the base of the deemed rate', () => {
    const r = run({
      ...s,
      main_business_type: 2,
      sales: { '10': { gross: 11_000_000 } },
      sales_returns: { '10': 110_000 },
    });
    // (780,000 − 7,800) × 80% = 617,760; ⑨ 780,000 − 617,760 − 7,800 = 154,440 → 154,400
    expect(r.deductible_input_tax).toBe(617_760);
    expect(r.net_tax).toBe(154_400);
  });
  it('refused over 5,000万円 of 基準期間の課税売上高', () => {
    const e = refusal({ ...s, base_period_taxable_sales: 50_000_001, main_business_type: 1 });
    expect(e.message).toContain('5,000万円を超える');
  });
  it('refused without a 事業区分', () => {
    expect(refusal(s).path).toBe('main_business_type');
  });
  it('two types, one ≥ 75%: its rate on all beats the weighted rate', () => {
    const r = run({
      ...s,
      sales: { '10': { gross: 11_000_000 } },
      business_types: [
        { type: 1, sales: { '10': 8_800_000 } },
        { type: 5, sales: { '10': 2_200_000 } },
      ],
    });
    // weighted: 780,000 × (624,000 × 90% + 156,000 × 50%) / 780,000 = 639,600; 75%: 780,000 × 90% = 702,000
    expect(r.deemed_rate?.candidates.find((c) => c.rule === 'weighted')?.deduction).toBe(639_600);
    expect(r.deductible_input_tax).toBe(702_000);
    expect(r.deemed_rate?.rule).toBe('special_75_single');
    expect(r.deemed_rate?.text).toContain('最も有利');
    expect(r.total_payable).toBe(100_000); // 78,000 + 22,000
  });
  it('three types, two together ≥ 75%: the higher rate for the higher type, the lower for the rest', () => {
    const r = run({
      ...s,
      sales: { '10': { gross: 11_000_000 } },
      business_types: [
        { type: 1, sales: { '10': 4_400_000 } },
        { type: 2, sales: { '10': 4_400_000 } },
        { type: 5, sales: { '10': 2_200_000 } },
      ],
    });
    // weighted (312,000×90 + 312,000×80 + 156,000×50)/100 = 608,400; pair 1+2: 312,000×90% + 468,000×80% = 655,200
    expect(r.deemed_rate?.candidates.find((c) => c.rule === 'weighted')?.deduction).toBe(608_400);
    expect(r.deductible_input_tax).toBe(655_200);
    expect(r.deemed_rate?.rule).toBe('special_75_pair');
    expect(r.net_tax).toBe(124_800);
    expect(r.local_tax).toBe(35_200);
  });
  it('three types with no 75% rule: the weighted rate', () => {
    const r = run({
      ...s,
      sales: { '10': { gross: 11_000_000 } },
      business_types: [
        { type: 1, sales: { '10': 4_400_000 } },
        { type: 2, sales: { '10': 3_300_000 } },
        { type: 5, sales: { '10': 3_300_000 } },
      ],
    });
    // (312,000×90 + 234,000×80 + 234,000×50)/100 = 585,000 = 75.00%
    expect(r.deductible_input_tax).toBe(585_000);
    expect(r.deemed_rate?.rule).toBe('weighted');
    expect(r.deemed_rate?.percent).toBe(75);
    expect(r.deemed_rate?.candidates).toHaveLength(1);
    expect(r.total_payable).toBe(250_000);
  });
  it('mixed rates per type', () => {
    const r = run({
      ...s,
      sales: { '10': { gross: 2_200_000 }, '8': { gross: 10_800_000 } },
      business_types: [
        { type: 2, sales: { '8': 10_800_000 } },
        { type: 4, sales: { '10': 2_200_000 } },
      ],
    });
    // 8%: 10,000,000 × 6.24% = 624,000, all 第2種 → ×80% = 499,200 (75% single also 80%); 10%: 156,000 → ×60% = 93,600
    // 第2種 is 10,000,000 / 12,000,000 = 83% ≥ 75% → 80% on all: 624,000×80% + 156,000×80% = 624,000 — the better
    expect(r.deductible_input_tax).toBe(624_000);
    expect(r.by_rate['10'].deductible_input_tax).toBe(124_800);
  });
  it('business types that do not add up to the sales are refused', () => {
    expect(
      refusal({ ...s, sales: { '10': { gross: 1_100 } }, business_types: [{ type: 1, sales: { '10': 1_000 } }] }).path,
    ).toBe('business_types');
  });
});

describe('2割特例', () => {
  const t = {
    method: 'two_tenths' as const,
    base_period_taxable_sales: 8_000_000,
    period_start: '2025-01-01',
    period_end: '2025-12-31',
  };
  it('控除 = (② + ③ − ⑤) × 80%', () => {
    const r = run({ ...t, sales: { '10': { gross: 11_000_000 } } });
    expect(r.deductible_input_tax).toBe(624_000);
    expect(r.net_tax).toBe(156_000);
    expect(r.local_tax).toBe(44_000);
    expect(r.total_payable).toBe(200_000);
  });
  it('refused over 1,000万円 of 基準期間の課税売上高', () => {
    expect(refusal({ ...t, base_period_taxable_sales: 10_000_001 }).message).toContain('1,000万円を超える');
  });
  it('refused for a period with no day from 2023-10-01 to 2026-09-30; allowed for one that has one', () => {
    expect(refusal({ ...t, period_start: '2026-10-01', period_end: '2027-09-30' }).message).toContain('2026年9月30日');
    expect(run({ ...t, period_start: '2026-04-01', period_end: '2027-03-31' }).method).toBe('two_tenths');
  });
});

describe('compareMethods', () => {
  const body = {
    ...YEAR,
    method: 'general' as const,
    main_business_type: 5,
    sales: { '10': { gross: 11_000_000 } },
    purchases: { '10': { gross: 2_200_000 } },
    purchase_calc: 'warimodoshi' as const,
  };
  it('each method’s total, the cheapest marked', () => {
    const c = compareMethods(consumptionTaxComputeInput.parse({ ...body, base_period_taxable_sales: 8_000_000 }));
    // 一般 780,000 − 156,000 = 624,000 + 176,000; 簡易 390,000 + 110,000; 2割 156,000 + 44,000
    expect(c.map((m) => m.total_payable)).toEqual([800_000, 500_000, 200_000]);
    expect(c.find((m) => m.cheapest)?.method).toBe('two_tenths');
  });
  it('a refused method carries its reason', () => {
    const c = compareMethods(consumptionTaxComputeInput.parse({ ...body, base_period_taxable_sales: 30_000_000 }));
    const two = c.find((m) => m.method === 'two_tenths');
    expect(two?.allowed).toBe(false);
    expect(two?.reason).toContain('1,000万円');
    expect(c.find((m) => m.cheapest)?.method).toBe('simplified');
  });
});

describe('the 簡易課税 election (消費税法37条1項: the 簡易課税制度選択届出書, in the company settings)', () => {
  const body = {
    ...YEAR,
    main_business_type: 5,
    sales: { '10': { gross: 11_000_000 } },
    purchases: { '10': { gross: 2_200_000 } },
    purchase_calc: 'warimodoshi' as const,
    base_period_taxable_sales: 30_000_000,
  };
  const parse = (method: 'general' | 'simplified' | 'two_tenths', extra = {}) =>
    consumptionTaxComputeInput.parse({ ...body, method, ...extra });
  const refusedBy = (input: ReturnType<typeof parse>, simplified_elected: boolean) => {
    try {
      computeConsumptionTax(input, { simplified_elected });
    } catch (e) {
      if (e instanceof ConsumptionTaxRefusal) return e;
      throw e;
    }
    return null;
  };
  it('簡易課税 without the election is refused; with it, 一般課税 is refused up to 5,000万円 of 基準期間', () => {
    expect(refusedBy(parse('simplified'), false)?.message).toContain('簡易課税制度選択届出書を提出していない');
    expect(refusedBy(parse('simplified'), true)).toBeNull();
    expect(refusedBy(parse('general'), false)).toBeNull();
    expect(refusedBy(parse('general'), true)?.message).toContain('一般課税にできません');
    // over 5,000万円 the election does not apply (37条1項): 一般課税 is the one allowed
    expect(refusedBy(parse('general', { base_period_taxable_sales: 60_000_000 }), true)).toBeNull();
    expect(refusedBy(parse('simplified', { base_period_taxable_sales: 60_000_000 }), true)?.message).toContain(
      '5,000万円を超える',
    );
    // the 2割特例 is chosen at filing, with or without the election (改正法附則51条の2)
    const two = parse('two_tenths', { base_period_taxable_sales: 8_000_000 });
    expect(refusedBy(two, false)).toBeNull();
    expect(refusedBy(two, true)).toBeNull();
    // the pure compute call (no settings) applies the law's own conditions only
    expect(() => computeConsumptionTax(parse('simplified'))).not.toThrow();
  });
  it('compareMethods: a method refused only by the election is greyed but keeps what it would cost', () => {
    const c = compareMethods(parse('general'), { simplified_elected: false });
    const simplified = c.find((m) => m.method === 'simplified');
    // 簡易 (780,000 × 50% = 390,000 to pay + 110,000) as reference, not allowed, not the cheapest
    expect(simplified).toMatchObject({ allowed: false, total_payable: 500_000, cheapest: false });
    expect(simplified?.reason).toContain('届出書');
    expect(c.find((m) => m.cheapest)?.method).toBe('general');
    const elected = compareMethods(parse('simplified'), { simplified_elected: true });
    expect(elected.find((m) => m.method === 'general')).toMatchObject({ allowed: false, total_payable: 800_000 });
    expect(elected.find((m) => m.cheapest)?.method).toBe('simplified');
    // refused by the law itself: no figure
    expect(elected.find((m) => m.method === 'two_tenths')).toMatchObject({ allowed: false, total_payable: null });
  });
});

describe('periods', () => {
  it('counts months, a part month as one', () => {
    expect(periodMonths('2025-04-01', '2026-03-31')).toBe(12);
    expect(periodMonths('2025-04-01', '2025-04-30')).toBe(1);
    expect(periodMonths('2025-04-01', '2025-09-15')).toBe(6);
  });
  it('refuses periods before the インボイス rules and longer than a year', () => {
    expect(refusal({ period_start: '2023-04-01', period_end: '2024-03-31' }).path).toBe('period_start');
    expect(refusal({ period_start: '2025-01-01', period_end: '2026-03-31' }).path).toBe('period_end');
  });
});
