import { boundedTotals, type DocumentTotals, type Rounding, type SalesLineLike, type TaxMode } from '@chobo/core';
import type { LineFormValues } from '../../features/transactions/form-values';
import { previewLines } from './line-amount';

/** A document's totals as the totals box shows them: `overLimit` when past MAX_SALES_TOTAL (no figures then). */
export type LiveTotals = DocumentTotals & { hasReduced: boolean; overLimit: boolean };

const NO_TOTALS: DocumentTotals = { by_rate: [], subtotal: 0, tax: 0, total: 0 };

/**
 * The live totals of a document's 明細 (sales, invoices): core's `documentTotals` once per rate over the rows
 * entered so far, plus `extra` lines already fixed (the sales an invoice bills). Whatever is typed it never
 * throws: past the limits the box says so (core's `boundedTotals`).
 */
export function linesTotals(
  lines: readonly LineFormValues[] | undefined,
  mode: TaxMode,
  rounding: Rounding,
  extra: readonly SalesLineLike[] = [],
): LiveTotals {
  const all = [...extra, ...previewLines(lines)];
  const totals = boundedTotals(all, mode, rounding);
  return { ...(totals ?? NO_TOTALS), hasReduced: all.some((l) => l.tax_category === '8'), overLimit: !totals };
}

/** One rate of a document whose 内訳 is entered per rate (a purchase): base and tax as printed. */
export interface RateRow<C extends string = string> {
  tax_category: C;
  base: number;
  tax: number;
}

/** The totals of per-rate rows as entered: 税抜 (Σ base), 消費税 (Σ tax) and 税込 (their sum). */
export function rateRowsTotals<C extends string>(
  rows: readonly RateRow<C>[],
): { by_rate: RateRow<C>[]; subtotal: number; tax: number; total: number } {
  const subtotal = rows.reduce((s, r) => s + r.base, 0);
  const tax = rows.reduce((s, r) => s + r.tax, 0);
  return { by_rate: [...rows], subtotal, tax, total: subtotal + tax };
}
