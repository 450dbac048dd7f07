import { cut100, cut1000, pos, yen } from './amounts.js';
import { fiscalMonths, type TaxReturnComputeInput, type TaxReturnResult } from './compute.js';

// ───────────────────────── 法人住民税・事業税 (estimates) ─────────────────────────

/**
 * Per-company rates of the local taxes (docs/product/FACTS.md §3, UNCONFIRMED): they depend on the
 * prefecture and the municipality, so each company keeps its own. Rates in percent.
 */
export interface LocalTaxRates {
  /** 法人住民税 法人税割 道府県民税 (%) */
  prefectural_rate: number;
  /** 法人住民税 法人税割 市町村民税 (%) (東京23区: 都が両方を課税、計7.0%) */
  municipal_rate: number;
  /** 均等割 (年額、円): 資本金1,000万円以下・従業者50人以下 道府県 20,000 + 市町村 50,000 */
  per_capita_levy: number;
  /** 事業税 所得割 (%) 年400万円以下 / 400万円超800万円以下 / 800万円超 */
  business_rate_low: number;
  business_rate_middle: number;
  business_rate_high: number;
  /** 特別法人事業税 (%) of 基準法人所得割額 (事業税 at standard rates) */
  special_business_rate: number;
}

/** The documented defaults (標準税率, 資本金1億円以下の普通法人). Estimates: check the prefecture's and municipality's rates. */
export const DEFAULT_LOCAL_TAX_RATES: LocalTaxRates = {
  prefectural_rate: 1.0,
  municipal_rate: 6.0,
  per_capita_levy: 70_000,
  business_rate_low: 3.5,
  business_rate_middle: 5.3,
  business_rate_high: 7.0,
  special_business_rate: 37,
};

export interface LocalTaxEstimate {
  /** 法人税割の課税標準 = 法人税額（⑨ − ⑩ − ⑪、所得税額控除前、千円未満切捨て） */
  corporate_tax_base: number;
  prefectural_tax: number;
  municipal_tax: number;
  per_capita_levy: number;
  /** 法人住民税 (法人税割 + 均等割) */
  inhabitant_tax: number;
  business_tax: number;
  special_business_tax: number;
  /** 法人税 ⑮ + 地方法人税 ㊵ + 防衛特別法人税 + 法人住民税 + 事業税 + 特別法人事業税 */
  total: number;
  explanations: Record<string, string>;
}

/** Rate in percent × amount, cut down to the yen, exact for rates with up to 3 decimals. */
const pct = (amount: number, rate: number) => Math.floor((amount * Math.round(rate * 1000)) / 100_000);

/** 事業税 所得割 over the three brackets (prorated for a short year), each bracket cut to 1,000 yen. */
function businessTax(income: number, months: number, rates: [number, number, number]) {
  const b1 = Math.floor((4_000_000 * months) / 12);
  const b2 = Math.floor((8_000_000 * months) / 12);
  const base = cut1000(pos(income));
  const p1 = cut1000(Math.min(base, b1));
  const p2 = cut1000(Math.min(base, b2) - Math.min(base, b1));
  const p3 = cut1000(base - Math.min(base, b2));
  return { parts: [p1, p2, p3], tax: cut100(pct(p1, rates[0]) + pct(p2, rates[1]) + pct(p3, rates[2])) };
}

/**
 * ESTIMATES of 法人住民税, 事業税 and 特別法人事業税 for the year-end 未払法人税等 entry, from the computed
 * 別表一 and the company's rates. Not a filing: the filer checks them against the local returns.
 */
export function estimateLocalTaxes(
  input: TaxReturnComputeInput,
  result: TaxReturnResult,
  rates: LocalTaxRates = DEFAULT_LOCAL_TAX_RATES,
): LocalTaxEstimate {
  const L = result.lines;
  const months = fiscalMonths(input.fiscal_year_start, input.fiscal_year_end);
  const base = cut1000(pos(L['9'] - L['10'] - L['11']));
  const prefectural_tax = cut100(pct(base, rates.prefectural_rate));
  const municipal_tax = cut100(pct(base, rates.municipal_rate));
  const per_capita_levy = cut100(Math.floor((rates.per_capita_levy * months) / 12));
  const inhabitant_tax = prefectural_tax + municipal_tax + per_capita_levy;
  const biz = businessTax(L['1'], months, [
    rates.business_rate_low,
    rates.business_rate_middle,
    rates.business_rate_high,
  ]);
  const std = businessTax(L['1'], months, [
    DEFAULT_LOCAL_TAX_RATES.business_rate_low,
    DEFAULT_LOCAL_TAX_RATES.business_rate_middle,
    DEFAULT_LOCAL_TAX_RATES.business_rate_high,
  ]);
  const special_business_tax = cut100(pct(std.tax, rates.special_business_rate));
  const national = L['15'] + L['40'] + result.defense_special_corporate_tax.amount;
  const total = national + inhabitant_tax + biz.tax + special_business_tax;
  const y = (v: number) => yen(v);
  return {
    corporate_tax_base: base,
    prefectural_tax,
    municipal_tax,
    per_capita_levy,
    inhabitant_tax,
    business_tax: biz.tax,
    special_business_tax,
    total,
    explanations: {
      prefectural_tax: `法人税額 ${y(base)} × ${rates.prefectural_rate}%（百円未満切捨て）`,
      municipal_tax: `法人税額 ${y(base)} × ${rates.municipal_rate}%（百円未満切捨て）`,
      per_capita_levy: `均等割 年${y(rates.per_capita_levy)} × ${months}/12`,
      business_tax: `所得 ${y(biz.parts[0])} × ${rates.business_rate_low}% + ${y(biz.parts[1])} × ${rates.business_rate_middle}% + ${y(biz.parts[2])} × ${rates.business_rate_high}%（百円未満切捨て）`,
      special_business_tax: `基準法人所得割額（標準税率の事業税）${y(std.tax)} × ${rates.special_business_rate}%（百円未満切捨て）`,
      total: `法人税 ⑮ ${y(L['15'])} + 地方法人税 ㊵ ${y(L['40'])} + 防衛特別法人税 ${y(result.defense_special_corporate_tax.amount)} + 法人住民税 ${y(inhabitant_tax)} + 事業税 ${y(biz.tax)} + 特別法人事業税 ${y(special_business_tax)}`,
    },
  };
}
