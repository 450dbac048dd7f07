import { describe, expect, it } from 'vitest';
import {
  emptyTaxReturnForm,
  rowField,
  TAX_RETURN_FORM_FIELDS,
  taxReturnComputeInput,
} from './contracts/tax-returns.js';
import {
  computeTaxReturn,
  DEFAULT_LOCAL_TAX_RATES,
  digitBoxes,
  digitStringBoxes,
  estimateLocalTaxes,
  fiscalMonths,
  TAX_RETURN_LINE_NUMBERS,
  type TaxReturnComputeInput,
  toWareki,
} from './tax-return.js';

const year = (income: number, extra: Partial<TaxReturnComputeInput> = {}): TaxReturnComputeInput => ({
  income,
  fiscal_year_start: '2025-04-01',
  fiscal_year_end: '2026-03-31',
  capital: 10_000_000,
  interim_corporate_tax: 0,
  interim_local_corporate_tax: 0,
  withholding_income_tax: 0,
  foreign_tax: 0,
  ...extra,
});

describe('computeTaxReturn — worked vectors of FACTS §3 (12 months, SME)', () => {
  it('67,923,348 → 15,102,136 / 15,102,100 / 15,102,000 / 1,555,506 / 1,555,500', () => {
    const { lines, explanations } = computeTaxReturn(year(67_923_348));
    expect(lines['1']).toBe(67_923_348);
    expect(lines['2']).toBe(15_102_136);
    expect(lines['9']).toBe(15_102_136);
    expect(lines['13']).toBe(15_102_100);
    expect(lines['15']).toBe(15_102_100);
    expect(lines['28']).toBe(15_102_136);
    expect(lines['30']).toBe(15_102_000);
    expect(lines['31']).toBe(1_555_506);
    expect(lines['34']).toBe(1_555_506);
    expect(lines['38']).toBe(1_555_500);
    expect(lines['40']).toBe(1_555_500);
    // the explanation names the figures that went in
    expect(explanations['2']).toContain('8,000,000円 × 12/12');
    expect(explanations['2']).toContain('1,200,000円');
    expect(explanations['2']).toContain('59,923,000円');
    expect(explanations['2']).toContain('13,902,136円');
    expect(explanations['31']).toContain('15,102,000円 × 10.3%');
  });

  it('10,000,000 → 1,664,000 / 1,664,000 / 1,664,000 / 171,392 / 171,300', () => {
    const { lines } = computeTaxReturn(year(10_000_000));
    expect(lines['2']).toBe(1_664_000);
    expect(lines['13']).toBe(1_664_000);
    expect(lines['30']).toBe(1_664_000);
    expect(lines['31']).toBe(171_392);
    expect(lines['38']).toBe(171_300);
  });

  it('answers every line 1–44 as an integer, 0 where a line does not apply', () => {
    const { lines, explanations } = computeTaxReturn(year(10_000_000));
    expect(Object.keys(lines)).toEqual(TAX_RETURN_LINE_NUMBERS);
    for (const n of TAX_RETURN_LINE_NUMBERS) {
      expect(Number.isInteger(lines[n]), n).toBe(true);
      expect(explanations[n], n).toBeTruthy();
    }
    for (const n of ['3', '4', '5', '6', '7', '8', '10', '11', '23', '25', '26', '27', '32', '33', '44'])
      expect(lines[n], n).toBe(0);
  });

  it('a large company (capital over 1億円) pays 23.2% on all', () => {
    const { lines } = computeTaxReturn(year(10_000_000, { capital: 300_000_000 }));
    expect(lines['2']).toBe(2_320_000);
  });

  it('income under the threshold: 15% only, the base cut to 1,000 yen', () => {
    const { lines } = computeTaxReturn(year(5_432_198));
    expect(lines['2']).toBe(814_800); // 5,432,000 × 15%
    expect(lines['13']).toBe(814_800);
    expect(lines['30']).toBe(814_000);
    expect(lines['31']).toBe(83_842); // 814,000 × 10.3%
  });
});

describe('short fiscal years', () => {
  it('counts months, a part month as a whole', () => {
    expect(fiscalMonths('2025-04-01', '2026-03-31')).toBe(12);
    expect(fiscalMonths('2025-04-01', '2025-09-30')).toBe(6);
    expect(fiscalMonths('2025-04-10', '2025-09-30')).toBe(6);
    expect(fiscalMonths('2025-04-10', '2025-10-05')).toBe(6);
    expect(fiscalMonths('2025-04-10', '2025-10-15')).toBe(7);
    expect(fiscalMonths('2025-06-15', '2026-03-31')).toBe(10);
    expect(fiscalMonths('2025-03-31', '2025-03-31')).toBe(1);
  });

  it('6-month year: threshold 4,000,000; 10,000,000 → 600,000 + 1,392,000', () => {
    const { lines, explanations } = computeTaxReturn(
      year(10_000_000, { fiscal_year_start: '2025-04-01', fiscal_year_end: '2025-09-30' }),
    );
    expect(lines['2']).toBe(600_000 + 1_392_000);
    expect(lines['13']).toBe(1_992_000);
    expect(lines['30']).toBe(1_992_000);
    expect(lines['31']).toBe(205_176);
    expect(lines['38']).toBe(205_100);
    expect(explanations['2']).toContain('× 6/12 = 4,000,000円');
  });

  it('7-month year: threshold 8,000,000 × 7/12 cut to 1,000 yen = 4,666,000', () => {
    const { lines } = computeTaxReturn(
      year(5_000_000, { fiscal_year_start: '2025-09-01', fiscal_year_end: '2026-03-31' }),
    );
    expect(lines['2']).toBe(699_900 + 77_488); // 4,666,000 × 15% + 334,000 × 23.2%
  });
});

describe('loss year and refunds', () => {
  it('a loss: tax 0, the 欠損金 carried to the next year (line 27)', () => {
    const { lines } = computeTaxReturn(year(-3_456_789, { withholding_income_tax: 1_234 }));
    expect(lines['1']).toBe(-3_456_789);
    for (const n of ['2', '9', '12', '13', '15', '28', '30', '31', '38', '40']) expect(lines[n], n).toBe(0);
    expect(lines['27']).toBe(3_456_789);
    // the withheld income tax cannot be credited, so it is refunded
    expect(lines['16']).toBe(1_234);
    expect(lines['18']).toBe(1_234);
    expect(lines['19']).toBe(0);
    expect(lines['20']).toBe(1_234);
    expect(lines['21']).toBe(1_234);
    expect(lines['24']).toBe(1_234);
  });

  it('中間申告 larger than the final tax → 還付 lines 22/24 and 42/43', () => {
    const { lines } = computeTaxReturn(
      year(10_000_000, { interim_corporate_tax: 2_000_050, interim_local_corporate_tax: 200_000 }),
    );
    expect(lines['13']).toBe(1_664_000);
    expect(lines['14']).toBe(2_000_000); // 百円未満切捨て
    expect(lines['15']).toBe(0);
    expect(lines['22']).toBe(336_000);
    expect(lines['24']).toBe(336_000);
    expect(lines['38']).toBe(171_300);
    expect(lines['39']).toBe(200_000);
    expect(lines['40']).toBe(0);
    expect(lines['42']).toBe(28_700);
    expect(lines['43']).toBe(28_700);
  });

  it('中間申告 smaller: 差引確定 lines', () => {
    const { lines } = computeTaxReturn(
      year(67_923_348, { interim_corporate_tax: 7_000_000, interim_local_corporate_tax: 700_000 }),
    );
    expect(lines['15']).toBe(8_102_100);
    expect(lines['40']).toBe(855_500);
    expect(lines['22']).toBe(0);
  });

  it('所得税額控除: withheld tax credited (12, 19), then 13 cut to 100 yen', () => {
    const { lines } = computeTaxReturn(year(10_000_000, { withholding_income_tax: 12_345, foreign_tax: 1_000 }));
    expect(lines['18']).toBe(13_345);
    expect(lines['12']).toBe(13_345);
    expect(lines['19']).toBe(13_345);
    expect(lines['13']).toBe(1_650_600); // 1,664,000 − 13,345 = 1,650,655 → 1,650,600
    expect(lines['20']).toBe(0);
    // 地方法人税 is on the tax before the credit
    expect(lines['30']).toBe(1_664_000);
  });
});

describe('overrides', () => {
  it('a line typed by hand replaces the computed one and later lines follow it', () => {
    const { lines, explanations } = computeTaxReturn(year(10_000_000), { '2': 1_500_000 });
    expect(lines['2']).toBe(1_500_000);
    expect(lines['13']).toBe(1_500_000);
    expect(lines['31']).toBe(154_500);
    expect(explanations['2']).toContain('手入力');
    expect(explanations['2']).toContain('1,664,000円');
  });
});

describe('防衛特別法人税', () => {
  it('does not apply to years starting before 2026-04-01', () => {
    const r = computeTaxReturn(year(67_923_348));
    expect(r.defense_special_corporate_tax.applies).toBe(false);
    expect(r.defense_special_corporate_tax.amount).toBe(0);
  });
  it('(基準法人税額 − 5,000,000) × 4% from 2026-04-01', () => {
    const r = computeTaxReturn(year(67_923_348, { fiscal_year_start: '2026-04-01', fiscal_year_end: '2027-03-31' }));
    expect(r.defense_special_corporate_tax).toMatchObject({ applies: true, base: 15_102_000, deduction: 5_000_000 });
    expect(r.defense_special_corporate_tax.amount).toBe(404_000); // 10,102,000 × 4% = 404,080 → 404,000
    const small = computeTaxReturn(
      year(10_000_000, { fiscal_year_start: '2026-04-01', fiscal_year_end: '2027-03-31' }),
    );
    expect(small.defense_special_corporate_tax.amount).toBe(0);
  });
});

describe('digit boxes', () => {
  it('splits every row of the vectors into 11 right-aligned boxes', () => {
    const { lines } = computeTaxReturn(year(67_923_348));
    for (const n of TAX_RETURN_LINE_NUMBERS) {
      const boxes = digitBoxes(lines[n]);
      expect(boxes).toHaveLength(11);
      expect(boxes.join(''), n).toBe(String(lines[n]));
    }
    expect(digitBoxes(15_102_136)).toEqual(['', '', '', '1', '5', '1', '0', '2', '1', '3', '6']);
    expect(digitBoxes(0)).toEqual(['', '', '', '', '', '', '', '', '', '', '0']);
    expect(digitBoxes(null)).toEqual(Array(11).fill(''));
    expect(digitBoxes(99_999_999_999)).toEqual(Array(11).fill('9'));
    expect(() => digitBoxes(100_000_000_000)).toThrow(RangeError);
  });
  it('writes a 欠損金額 with △ left of its digits', () => {
    expect(digitBoxes(-3_456_789)).toEqual(['', '', '', '△', '3', '4', '5', '6', '7', '8', '9']);
    expect(() => digitBoxes(-10_000_000_000)).toThrow(RangeError);
  });
  it('法人番号 in 13 boxes', () => {
    expect(digitStringBoxes('7000012050002')).toEqual([...'7000012050002']);
    expect(digitStringBoxes('')).toEqual(Array(13).fill(''));
  });
  it('the form has 47 rows of number_01 … number_11 and the SPEC header fields', () => {
    const form = emptyTaxReturnForm();
    expect(rowField(1, 1)).toBe('line_01_number_01');
    expect(rowField(47, 11)).toBe('line_47_number_11');
    for (const f of [
      'shinsei_year',
      'shinsei_month',
      'shinsei_day',
      'industry',
      'tax_place',
      'corporate_name',
      'corporate_name_furigana',
      'business_type',
      'amount_investment_capital',
      'representative_name',
      'representative_name_furigana',
      'representative_address',
      'former_tax_corporate_name',
      'tel_01',
      'tel_02',
      'tel_03',
      'corporate_number_13',
      'bank_number',
      'line_47_number_11',
    ])
      expect(form[f], f).toBe('');
    expect(new Set(TAX_RETURN_FORM_FIELDS).size).toBe(TAX_RETURN_FORM_FIELDS.length);
  });
});

describe('和暦', () => {
  it('turns 平成 into 令和 on 2019-05-01 (元年)', () => {
    expect(toWareki('2019-04-30').text).toBe('平成31年4月30日');
    expect(toWareki('2019-05-01')).toMatchObject({ era: '令和', year: 1, year_text: '元', text: '令和元年5月1日' });
    expect(toWareki('2020-01-01').text).toBe('令和2年1月1日');
    expect(toWareki('2026-03-31').text).toBe('令和8年3月31日');
    expect(toWareki('1989-01-08').text).toBe('平成元年1月8日');
  });
});

describe('法人住民税・事業税 estimates', () => {
  it('at the documented default rates', () => {
    const input = year(10_000_000);
    const r = computeTaxReturn(input);
    const e = estimateLocalTaxes(input, r, DEFAULT_LOCAL_TAX_RATES);
    expect(e.corporate_tax_base).toBe(1_664_000);
    expect(e.prefectural_tax).toBe(16_600); // 1% = 16,640
    expect(e.municipal_tax).toBe(99_800); // 6% = 99,840
    expect(e.per_capita_levy).toBe(70_000);
    // 4,000,000 × 3.5% + 4,000,000 × 5.3% + 2,000,000 × 7.0% = 140,000 + 212,000 + 140,000
    expect(e.business_tax).toBe(492_000);
    expect(e.special_business_tax).toBe(182_000); // 492,000 × 37% = 182,040
    expect(e.total).toBe(1_664_000 + 171_300 + 16_600 + 99_800 + 70_000 + 492_000 + 182_000);
  });
  it('a short year prorates 均等割 and the brackets', () => {
    const input = year(10_000_000, { fiscal_year_end: '2025-09-30' });
    const e = estimateLocalTaxes(input, computeTaxReturn(input));
    expect(e.per_capita_levy).toBe(35_000);
    // 2,000,000 × 3.5% + 2,000,000 × 5.3% + 6,000,000 × 7.0%
    expect(e.business_tax).toBe(70_000 + 106_000 + 420_000);
  });
});

describe('compute contract', () => {
  it('validates the body (Japanese messages)', () => {
    const bad = taxReturnComputeInput.safeParse({
      income: 1.5,
      fiscal_year_start: '2025-04-01',
      fiscal_year_end: '2025-03-01',
    });
    expect(bad.success).toBe(false);
    const ok = taxReturnComputeInput.parse({
      income: 10_000_000,
      fiscal_year_start: '2025-04-01',
      fiscal_year_end: '2026-03-31',
    });
    expect(ok).toMatchObject({ capital: null, interim_corporate_tax: 0, foreign_tax: 0 });
  });
});
