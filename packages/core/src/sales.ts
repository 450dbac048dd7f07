import { type Rounding, roundYen, taxInInclusive, taxOnExclusive } from './money.js';

/**
 * Totals of a sales document (受注取引, 請求書): line amounts, then per tax rate the base and the tax,
 * the tax computed ONCE per document per rate with the company's rounding (インボイス制度: never per line
 * then summed).
 *
 * - A line's amount is quantity × unit price, rounded to the yen once per line, half away from zero
 *   (四捨五入): quantity has up to 3 decimals, so the product can have a fraction of a yen (ADR 0012).
 * - `exclusive` (税抜): unit prices exclude tax; a rate's base is the sum of its lines and its tax is
 *   base × rate, rounded once.
 * - `inclusive` (税込): unit prices include tax; a rate's tax is its lines' total × 10/110 (8/108),
 *   rounded once, and its base is that total − tax.
 * - 非課税 (exempt) and 対象外 (out_of_scope) lines carry no tax; their base is their total.
 * - subtotal = Σ base, tax = Σ tax, total = subtotal + tax, in both modes.
 */

export type SalesTaxCategory = '10' | '8' | 'exempt' | 'out_of_scope';
export type TaxMode = 'exclusive' | 'inclusive';

export const SALES_TAX_ORDER: readonly SalesTaxCategory[] = ['10', '8', 'exempt', 'out_of_scope'];
const RATE: Record<SalesTaxCategory, number> = { '10': 10, '8': 8, exempt: 0, out_of_scope: 0 };

export interface SalesLineLike {
  /** Quantity, up to 3 decimals. */
  quantity: number;
  /** Integer yen (tax included when the document's mode is inclusive). */
  unit_price: number;
  tax_category: SalesTaxCategory;
}

export interface RateTotal {
  tax_category: SalesTaxCategory;
  /** 税率ごとに区分して合計した対価の額 (tax excluded). */
  base: number;
  /** 税率ごとに区分した消費税額等. */
  tax: number;
}

export interface DocumentTotals {
  by_rate: RateTotal[];
  subtotal: number;
  tax: number;
  total: number;
}

/** Quantity in thousandths (an integer), refusing more than 3 decimals. */
export function quantityMilli(quantity: number): number {
  const milli = Math.round(quantity * 1000);
  if (!Number.isSafeInteger(milli) || Math.abs(milli - quantity * 1000) > 1e-6) {
    throw new Error(`quantity has more than 3 decimals: ${quantity}`);
  }
  return milli;
}

/** quantity × unit price rounded to the yen (四捨五入), computed on integers. */
export function lineAmount(quantity: number, unitPrice: number): number {
  return roundYen(quantityMilli(quantity) * unitPrice, 1000, 'round');
}

export function documentTotals(lines: readonly SalesLineLike[], mode: TaxMode, rounding: Rounding): DocumentTotals {
  const sums = new Map<SalesTaxCategory, number>();
  for (const l of lines)
    sums.set(l.tax_category, (sums.get(l.tax_category) ?? 0) + lineAmount(l.quantity, l.unit_price));
  const by_rate: RateTotal[] = [];
  for (const cat of SALES_TAX_ORDER) {
    const sum = sums.get(cat);
    if (sum === undefined) continue;
    const rate = RATE[cat];
    if (rate === 0) {
      by_rate.push({ tax_category: cat, base: sum, tax: 0 });
    } else if (mode === 'exclusive') {
      by_rate.push({ tax_category: cat, base: sum, tax: taxOnExclusive(sum, rate, rounding) });
    } else {
      const tax = taxInInclusive(sum, rate, rounding);
      by_rate.push({ tax_category: cat, base: sum - tax, tax });
    }
  }
  const subtotal = by_rate.reduce((s, r) => s + r.base, 0);
  const tax = by_rate.reduce((s, r) => s + r.tax, 0);
  return { by_rate, subtotal, tax, total: subtotal + tax };
}
