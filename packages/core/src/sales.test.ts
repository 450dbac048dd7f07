import { describe, expect, it } from 'vitest';
import { documentTotals, lineAmount } from './sales.js';

const line = (quantity: number, unit_price: number, tax_category: '10' | '8' | 'exempt' | 'out_of_scope' = '10') => ({
  quantity,
  unit_price,
  tax_category,
});

describe('documentTotals: tax once per document per rate', () => {
  it('three lines of 105 yen at 10% → tax 31 with 切り捨て (per-line rounding would give 30)', () => {
    const t = documentTotals([line(1, 105), line(1, 105), line(1, 105)], 'exclusive', 'floor');
    expect(t).toEqual({ by_rate: [{ tax_category: '10', base: 315, tax: 31 }], subtotal: 315, tax: 31, total: 346 });
  });

  it('rounds with the company setting: 31.5 → 32 with 四捨五入 and 切り上げ', () => {
    expect(documentTotals([line(3, 105)], 'exclusive', 'round').tax).toBe(32);
    expect(documentTotals([line(3, 105)], 'exclusive', 'ceil').tax).toBe(32);
    expect(documentTotals([line(3, 105)], 'exclusive', 'floor').tax).toBe(31);
  });

  it('a 税込 price of 1,100 yen at 10% → tax 100, base 1,000', () => {
    const t = documentTotals([line(1, 1100)], 'inclusive', 'floor');
    expect(t).toEqual({
      by_rate: [{ tax_category: '10', base: 1000, tax: 100 }],
      subtotal: 1000,
      tax: 100,
      total: 1100,
    });
  });

  it('税込 at 8%: 1,080 → tax 80; an amount whose tax has a fraction rounds once (1,000 → 74.07 → 74)', () => {
    expect(documentTotals([line(1, 1080, '8')], 'inclusive', 'floor').by_rate[0]).toEqual({
      tax_category: '8',
      base: 1000,
      tax: 80,
    });
    expect(documentTotals([line(1, 1000, '8')], 'inclusive', 'floor').by_rate[0]).toEqual({
      tax_category: '8',
      base: 926,
      tax: 74,
    });
  });

  it('mixed 10% and 8% lines → two taxes, each rounded once; exempt and out-of-scope carry none', () => {
    const t = documentTotals(
      [
        line(1, 105),
        line(2, 105),
        line(1, 333, '8'),
        line(2, 333, '8'),
        line(1, 5000, 'exempt'),
        line(1, 700, 'out_of_scope'),
      ],
      'exclusive',
      'floor',
    );
    expect(t.by_rate).toEqual([
      { tax_category: '10', base: 315, tax: 31 },
      { tax_category: '8', base: 999, tax: 79 },
      { tax_category: 'exempt', base: 5000, tax: 0 },
      { tax_category: 'out_of_scope', base: 700, tax: 0 },
    ]);
    expect(t.subtotal).toBe(7014);
    expect(t.tax).toBe(110);
    expect(t.total).toBe(7124);
  });

  it('a combined invoice taxes the sum, not the sum of each transaction’s rounded tax', () => {
    const a = [line(1, 105)];
    const b = [line(1, 105)];
    const c = [line(1, 105)];
    const separate = [a, b, c].reduce((s, ls) => s + documentTotals(ls, 'exclusive', 'floor').tax, 0);
    expect(separate).toBe(30);
    expect(documentTotals([...a, ...b, ...c], 'exclusive', 'floor').tax).toBe(31);
  });

  it('line amounts: quantity with 3 decimals × price, rounded half away from zero once per line', () => {
    expect(lineAmount(1.5, 333)).toBe(500); // 499.5 → 500
    expect(lineAmount(0.125, 100)).toBe(13); // 12.5 → 13
    expect(lineAmount(2.333, 3)).toBe(7); // 6.999 → 7
    expect(lineAmount(1, -1000)).toBe(-1000); // a discount line
    expect(lineAmount(1.5, -333)).toBe(-500);
    expect(() => lineAmount(1.2345, 100)).toThrow();
  });

  it('an empty document totals zero', () => {
    expect(documentTotals([], 'exclusive', 'floor')).toEqual({ by_rate: [], subtotal: 0, tax: 0, total: 0 });
  });
});
