import { describe, expect, it } from 'vitest';
import { assertYen, roundYen, taxInInclusive, taxOnExclusive } from './money.js';

describe('consumption tax rounded once per document per rate (docs/product/FACTS.md §4)', () => {
  const lines = [105, 105, 105];
  const total = lines.reduce((a, b) => a + b, 0);

  it('taxes the 315-yen total of three 105-yen lines at 10%: 31.5 → 31 / 32 / 32', () => {
    expect(total).toBe(315);
    expect(taxOnExclusive(total, 10, 'floor')).toBe(31);
    expect(taxOnExclusive(total, 10, 'ceil')).toBe(32);
    expect(taxOnExclusive(total, 10, 'round')).toBe(32);
  });

  it('differs from per-line rounding, which would give 30 with floor', () => {
    const perLine = lines.map((l) => taxOnExclusive(l, 10, 'floor')).reduce((a, b) => a + b, 0);
    expect(perLine).toBe(30);
    expect(taxOnExclusive(total, 10, 'floor')).not.toBe(perLine);
  });

  it('computes exact amounts without rounding artefacts', () => {
    expect(taxOnExclusive(10000, 10, 'floor')).toBe(1000);
    expect(taxOnExclusive(10000, 10, 'ceil')).toBe(1000);
    expect(taxOnExclusive(10000, 8, 'round')).toBe(800);
    expect(taxOnExclusive(0, 10, 'ceil')).toBe(0);
  });

  it('rounds at the reduced rate', () => {
    // 1,234 × 8% = 98.72
    expect(taxOnExclusive(1234, 8, 'floor')).toBe(98);
    expect(taxOnExclusive(1234, 8, 'ceil')).toBe(99);
    expect(taxOnExclusive(1234, 8, 'round')).toBe(99);
    // 1,231 × 8% = 98.48
    expect(taxOnExclusive(1231, 8, 'round')).toBe(98);
  });

  it('rejects a non-integer total', () => {
    expect(() => taxOnExclusive(315.5, 10, 'floor')).toThrow();
  });
});

describe('taxInInclusive (total × rate / (100 + rate))', () => {
  it('extracts 1,000 from 11,000 at 10% and 800 from 10,800 at 8%', () => {
    for (const mode of ['floor', 'ceil', 'round'] as const) {
      expect(taxInInclusive(11000, 10, mode)).toBe(1000);
      expect(taxInInclusive(10800, 8, mode)).toBe(800);
    }
  });

  it('rounds once with the company setting', () => {
    // 1,000 × 10/110 = 90.909…
    expect(taxInInclusive(1000, 10, 'floor')).toBe(90);
    expect(taxInInclusive(1000, 10, 'ceil')).toBe(91);
    expect(taxInInclusive(1000, 10, 'round')).toBe(91);
    // 105 × 8/108 = 7.777…
    expect(taxInInclusive(105, 8, 'floor')).toBe(7);
    expect(taxInInclusive(105, 8, 'ceil')).toBe(8);
    // 1,105 × 10/110 = 100.45… → 100
    expect(taxInInclusive(1105, 10, 'round')).toBe(100);
  });

  it('rejects a non-integer total', () => {
    expect(() => taxInInclusive(1000.1, 10, 'floor')).toThrow();
  });
});

describe('roundYen', () => {
  it('rounds halves away from zero with round', () => {
    expect(roundYen(5, 10, 'round')).toBe(1);
    expect(roundYen(15, 10, 'round')).toBe(2);
    expect(roundYen(25, 10, 'round')).toBe(3);
    expect(roundYen(-5, 10, 'round')).toBe(-1);
    expect(roundYen(-25, 10, 'round')).toBe(-3);
    expect(roundYen(3150, 100, 'round')).toBe(32);
    expect(roundYen(-3150, 100, 'round')).toBe(-32);
    expect(roundYen(3150, -100, 'round')).toBe(-32);
    expect(roundYen(-3150, -100, 'round')).toBe(32);
  });

  it('rounds below-half down and above-half up with round', () => {
    expect(roundYen(14, 10, 'round')).toBe(1);
    expect(roundYen(16, 10, 'round')).toBe(2);
    expect(roundYen(-14, 10, 'round')).toBe(-1);
    expect(roundYen(-16, 10, 'round')).toBe(-2);
  });

  it('rounds negatives symmetrically with floor (toward zero) and ceil (away from zero)', () => {
    expect(roundYen(3150, 100, 'floor')).toBe(31);
    expect(roundYen(3150, 100, 'ceil')).toBe(32);
    expect(roundYen(-3150, 100, 'floor')).toBe(-31);
    expect(roundYen(-3150, 100, 'ceil')).toBe(-32);
    expect(roundYen(-19, 10, 'floor')).toBe(-1);
    expect(roundYen(-11, 10, 'ceil')).toBe(-2);
  });

  it('returns exact integers unchanged in every mode', () => {
    for (const mode of ['floor', 'ceil', 'round'] as const) {
      expect(roundYen(300, 100, mode)).toBe(3);
      expect(roundYen(-300, 100, mode)).toBe(-3);
      expect(roundYen(0, 100, mode)).toBe(0);
    }
  });

  // Bug: a negative amount smaller than 1 yen in absolute value comes back as -0, which then formats
  // as '-¥0' (formatJPY) and fails Object.is / toBe(0) comparisons.
  it('returns 0, not -0, when a negative amount rounds to zero', () => {
    expect(roundYen(-4, 10, 'round')).toBe(0);
    expect(roundYen(-3, 10, 'floor')).toBe(0);
    expect(taxOnExclusive(-3, 10, 'floor')).toBe(0);
  });
});

describe('assertYen', () => {
  it('returns integer amounts, including zero and negatives', () => {
    expect(assertYen(0)).toBe(0);
    expect(assertYen(1234567)).toBe(1234567);
    expect(assertYen(-500)).toBe(-500);
    expect(assertYen(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('rejects fractions, NaN, infinities and unsafe integers', () => {
    expect(() => assertYen(1.5)).toThrow(/not an integer yen amount: 1.5/);
    expect(() => assertYen(Number.NaN)).toThrow(/not an integer yen amount/);
    expect(() => assertYen(Number.POSITIVE_INFINITY)).toThrow();
    expect(() => assertYen(Number.NEGATIVE_INFINITY)).toThrow();
    expect(() => assertYen(2 ** 53)).toThrow();
  });
});
