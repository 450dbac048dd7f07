/**
 * Money is integer yen. Consumption tax is computed once per document per rate (docs/product/FACTS.md §4).
 */
export type Rounding = 'floor' | 'round' | 'ceil';

export function assertYen(value: number): number {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer yen amount: ${value}`);
  return value;
}

/** Rounds a non-negative or negative rational amount `num/den` to integer yen with the company's mode. */
export function roundYen(num: number, den: number, mode: Rounding): number {
  const q = num / den;
  // `+ 0` turns -0 into 0 so that a negative amount rounding to zero displays as ¥0.
  if (mode === 'floor') return (q >= 0 ? Math.floor(q) : -Math.floor(-q)) + 0;
  if (mode === 'ceil') return (q >= 0 ? Math.ceil(q) : -Math.ceil(-q)) + 0;
  // 四捨五入 (half away from zero), exact on integers
  const sign = num * den < 0 ? -1 : 1;
  const a = Math.abs(num);
  const b = Math.abs(den);
  return sign * Math.floor((2 * a + b) / (2 * b)) + 0;
}

/** Tax on a tax-exclusive total at `ratePercent` (10 or 8), rounded once. */
export function taxOnExclusive(totalExclusive: number, ratePercent: number, mode: Rounding): number {
  assertYen(totalExclusive);
  return roundYen(totalExclusive * ratePercent, 100, mode);
}

/** Tax contained in a tax-inclusive total: total × rate/(100+rate), rounded once. */
export function taxInInclusive(totalInclusive: number, ratePercent: number, mode: Rounding): number {
  assertYen(totalInclusive);
  return roundYen(totalInclusive * ratePercent, 100 + ratePercent, mode);
}
