import type { ConsumptionTaxRate, PerRate } from '../contracts/consumption-tax.js';

/**
 * The fixed numbers of the consumption-tax return (periods from 2023-10-01; docs/product/FACTS.md §9), as
 * integer fractions so that every figure is exact: 国税 7.8% of 10%, 6.24% of 8%; a tax-inclusive amount's
 * national tax is × 7.8/110 or × 6.24/108; 地方消費税 = 22/78 of the national.
 */
export const RATES: readonly ConsumptionTaxRate[] = ['10', '8'];
export const RATE_PERCENT: Record<ConsumptionTaxRate, number> = { '10': 10, '8': 8 };
/** 国税 share of the base: 7.8% = 78/1000, 6.24% = 624/10000. */
export const NATIONAL_ON_BASE: Record<ConsumptionTaxRate, [number, number]> = { '10': [78, 1000], '8': [624, 10000] };
/** 国税 in a tax-inclusive amount: 7.8/110 = 78/1100, 6.24/108 = 624/10800. */
export const NATIONAL_IN_GROSS: Record<ConsumptionTaxRate, [number, number]> = { '10': [78, 1100], '8': [624, 10800] };
export const RATE_LABEL: Record<ConsumptionTaxRate, string> = { '10': '10%（標準税率）', '8': '8%（軽減税率）' };

/** 2割特例: 課税期間 that include a day from 2023-10-01 to 2026-09-30 (平成28年改正法附則51条の2). */
export const TWO_TENTHS_WINDOW = { from: '2023-10-01', to: '2026-09-30' } as const;
export const TWO_TENTHS_BASE_LIMIT = 10_000_000;
/** 簡易課税: 基準期間の課税売上高 ≤ 5,000万円. */
export const SIMPLIFIED_BASE_LIMIT = 50_000_000;
/** Full deduction: 課税売上割合 ≥ 95% and 課税売上高 ≤ 5億円 (annualised). */
export const FULL_DEDUCTION_RATIO = 0.95;
export const FULL_DEDUCTION_SALES_LIMIT = 500_000_000;
/** The rules here hold for 課税期間 starting on or after this day. */
export const RULES_FROM = '2023-10-01';
/** 経過措置 windows of purchases from non-registered suppliers, by deductible percent. */
export const TRANSITIONAL_WINDOWS: Record<'80' | '50', { from: string; to: string }> = {
  '80': { from: '2023-10-01', to: '2026-09-30' },
  '50': { from: '2026-10-01', to: '2029-09-30' },
};

/** ⌊a × num / den⌋ exactly (BigInt: a 15-digit yen amount times 624 would lose digits as a double). */
export function mulDiv(a: number, num: number, den: number): number {
  if (a === 0 || num === 0) return 0;
  const p = BigInt(a) * BigInt(num);
  const d = BigInt(den);
  let q = p / d;
  if (p % d !== 0n && p < 0n !== d < 0n) q -= 1n; // floor toward −∞
  return Number(q);
}

/** Yen below `unit` dropped (国税通則法 118 for 1,000, 119 for 100); a negative amount is not cut here. */
export const cutTo = (amount: number, unit: number) => Math.floor(amount / unit) * unit;

export const perRate = <T>(f: (r: ConsumptionTaxRate) => T): PerRate<T> => ({ '10': f('10'), '8': f('8') });
export const sumRates = (p: PerRate<number>) => p['10'] + p['8'];

/** The period's length in months, a part month counted as one (for annualising 課税売上高). */
export function periodMonths(start: string, end: string): number {
  const [y, m, d] = start.split('-').map(Number);
  let months = 0;
  for (;;) {
    months += 1;
    const next = new Date(Date.UTC(y, m - 1 + months, d));
    const iso = next.toISOString().slice(0, 10);
    if (iso > end) return months;
    if (months > 600) return months;
  }
}

/** Whether [start, end] has a day in [from, to]. */
export const overlaps = (start: string, end: string, w: { from: string; to: string }) => start <= w.to && end >= w.from;

/** 1,234,567 → '1,234,567円' (negative with a minus sign). */
export const yenText = (n: number) => `${n.toLocaleString('en-US')}円`;
