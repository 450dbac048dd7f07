import { describe, expect, it } from 'vitest';
import { consumptionTaxComputeInput } from './consumption-tax.js';

describe('consumptionTaxComputeInput', () => {
  it('fills omitted parts with 0', () => {
    const v = consumptionTaxComputeInput.parse({
      method: 'general',
      period_start: '2025-04-01',
      period_end: '2026-03-31',
    });
    expect(v.sales['10']).toEqual({ gross: 0, invoice_tax: 0 });
    expect(v.transitional_purchases['50']['8']).toBe(0);
    expect(v.sales_calc).toBe('warimodoshi');
    expect(v.purchase_calc).toBe('tsumiage');
    expect(v.business_types).toEqual([]);
  });
  it('accepts typed amounts and refuses fractions in Japanese', () => {
    const v = consumptionTaxComputeInput.parse({
      method: 'simplified',
      period_start: '2025-04-01',
      period_end: '2026-03-31',
      sales: { '10': { gross: '１，１００' } },
      business_types: [{ type: 2, sales: { '8': 1080 } }],
    });
    expect(v.sales['10'].gross).toBe(1100);
    expect(v.business_types[0].sales).toEqual({ '10': 0, '8': 1080 });
    const bad = consumptionTaxComputeInput.safeParse({
      method: 'x',
      period_start: '2025-04-01',
      period_end: '2025-03-31',
    });
    expect(bad.success).toBe(false);
  });
});
