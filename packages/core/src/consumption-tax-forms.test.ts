import { describe, expect, it } from 'vitest';
import { computeConsumptionTax } from './consumption-tax/index.js';
import { consumptionTaxForms, firstSheetFigures, formatRatio, taxExclusive } from './consumption-tax-forms.js';
import { type ConsumptionTaxComputeInput, consumptionTaxComputeInput } from './contracts/consumption-tax.js';

const YEAR = { period_start: '2025-04-01', period_end: '2026-03-31' };
function forms(body: Partial<ConsumptionTaxComputeInput>) {
  const input = consumptionTaxComputeInput.parse({ method: 'general', ...YEAR, ...body });
  const { period_start: _s, period_end: _e, ...inputs } = input;
  const result = computeConsumptionTax(input);
  return { result, sheets: consumptionTaxForms(inputs, result) };
}
const row = (sheet: { sections: { rows: { no: string; values: unknown[] }[] }[] }, no: string) =>
  sheet.sections.flatMap((s) => s.rows).find((r) => r.no === no)?.values;

describe('consumption-tax forms', () => {
  it('cuts the tax-exclusive amount to the yen, exactly', () => {
    // 12,345,678 × 100/110 = 11,223,343.6… → 11,223,343; 3,456,789 × 100/108 = 3,200,730.5… → 3,200,730
    expect(taxExclusive(12_345_678, '10')).toBe(11_223_343);
    expect(taxExclusive(3_456_789, '8')).toBe(3_200_730);
    expect(formatRatio(0.98765)).toBe('98.76%');
    expect(formatRatio(1)).toBe('100.00%');
  });

  it('一般課税: 第一表 totals, 第二表 per rate, 付表1-3 columns A (6.24%) B (7.8%) C, 付表2-3 purchase tax', () => {
    const { result, sheets } = forms({
      sales: { '10': { gross: 12_345_678 }, '8': { gross: 3_456_789 } },
      purchases: { '10': { gross: 6_543_210 }, '8': { gross: 1_234_567 } },
      purchase_calc: 'warimodoshi',
      interim_national: 600_000,
    });
    expect(sheets.map((s) => s.code)).toEqual(['第一表', '第二表', '付表1-3', '付表2-3']);
    const [first, second, rate, purchase] = sheets;
    expect(row(first, '①')).toEqual([14_423_000]);
    // ⑦ = ④ 535,303; ⑨ 539,700; ⑩ 600,000 > ⑨ → ⑫ 中間納付還付税額 60,300
    expect(row(first, '⑦')).toEqual([535_303]);
    expect(row(first, '⑨')).toEqual([539_700]);
    expect(row(first, '⑫')).toEqual([60_300]);
    expect(firstSheetFigures(result).interimRefund).toBe(60_300);
    expect(row(second, '⑤')).toEqual([3_200_730]);
    expect(row(second, '⑥')).toEqual([11_223_343]);
    expect(row(rate, '①')).toEqual([3_200_000, 11_223_000, 14_423_000]);
    expect(row(rate, '②')).toEqual([199_680, 875_394, 1_075_074]);
    // 6,543,210 × 7.8/110 = 463,973; 1,234,567 × 6.24/108 = 71,330
    expect(row(purchase, '⑩')).toEqual([71_330, 463_973, 535_303]);
    expect(row(purchase, '㉖')).toEqual([71_330, 463_973, 535_303]);
    expect(row(purchase, '⑧')).toEqual([null, null, '100.00%']);
  });

  it('個別対応方式: 付表2-3 ⑲ 課税売上対応, ⑳ 共通対応 (with the 経過措置 purchases), ㉑ the deduction', () => {
    const { result, sheets } = forms({
      sales: { '10': { gross: 11_000_000 } },
      exempt_sales: 1_000_000,
      purchases: { '10': { gross: 5_500_000 } },
      transitional_purchases: { '80': { '10': 110_000 } },
      purchase_calc: 'warimodoshi',
      apportionment: 'individual',
      purchase_split: { taxable: { '10': { gross: 3_300_000 } }, common: { '10': { gross: 1_100_000 } } },
    });
    const purchase = sheets[3];
    // ⑲ 3,300,000 × 7.8/110 = 234,000; ⑳ 1,100,000 × 7.8/110 = 78,000 + 110,000 × 7.8/110 × 80% = 6,240
    expect(row(purchase, '⑲')).toEqual([0, 234_000, 234_000]);
    expect(row(purchase, '⑳')).toEqual([0, 84_240, 84_240]);
    // ㉑ = ⑲ + ⑳ × 10/11 = 234,000 + 76,581 = 310,581
    expect(row(purchase, '㉑')).toEqual([0, 310_581, 310_581]);
    expect(result.deductible_input_tax).toBe(310_581);
    expect(row(purchase, '㉒')).toEqual([0, 0, 0]);
  });

  it('簡易課税 prints 付表4-3 and 5-3 with the sales per 事業区分; 2割特例 付表1-3 and 6', () => {
    const s = forms({
      method: 'simplified',
      base_period_taxable_sales: 30_000_000,
      sales: { '10': { gross: 22_000_000 } },
      business_types: [
        { type: 1, sales: { '10': 17_600_000 } },
        { type: 5, sales: { '10': 4_400_000 } },
      ],
    });
    expect(s.sheets.map((x) => x.code)).toEqual(['第一表', '第二表', '付表4-3', '付表5-3']);
    const deemed = s.sheets[3];
    expect(row(deemed, '⑦')).toEqual([0, 16_000_000, 16_000_000]);
    expect(row(deemed, '⑪')).toEqual([0, 4_000_000, 4_000_000]);
    expect(row(deemed, '㊲')?.[2]).toBe(s.result.deductible_input_tax);
    const t = forms({
      method: 'two_tenths',
      base_period_taxable_sales: 8_000_000,
      sales: { '10': { gross: 11_000_000 } },
    });
    expect(t.sheets.map((x) => x.code)).toEqual(['第一表', '第二表', '付表1-3', '付表6']);
    // 780,000 × 80% = 624,000
    expect(row(t.sheets[3], '⑤')).toEqual([0, 624_000, 624_000]);
  });
});
