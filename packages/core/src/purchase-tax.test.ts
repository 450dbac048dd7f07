import { describe, expect, it } from 'vitest';
import { deductibleTax, nonQualifiedDeductiblePercent } from './purchase-tax.js';

describe('経過措置 of a non-適格 supplier', () => {
  it('80% until 2026-09-30, 50% until 2029-09-30, nothing after; the whole tax before the インボイス制度', () => {
    expect(nonQualifiedDeductiblePercent('2023-09-30')).toBe(100);
    expect(nonQualifiedDeductiblePercent('2023-10-01')).toBe(80);
    expect(nonQualifiedDeductiblePercent('2026-09-30')).toBe(80);
    expect(nonQualifiedDeductiblePercent('2026-10-01')).toBe(50);
    expect(nonQualifiedDeductiblePercent('2029-09-30')).toBe(50);
    expect(nonQualifiedDeductiblePercent('2029-10-01')).toBe(0);
  });
  it('rounds the deductible share down to the yen; a 適格 supplier deducts all of it', () => {
    expect(deductibleTax(1_001, '2026-05-01', false)).toBe(800);
    expect(deductibleTax(999, '2027-01-01', false)).toBe(499);
    expect(deductibleTax(999, '2030-01-01', false)).toBe(0);
    expect(deductibleTax(999, '2030-01-01', true)).toBe(999);
  });
});
