import { lineAmount, type SalesLineLike } from '@chobo/core';
import type { LineFormValues } from '../../features/transactions/form-values';

/** The row's amount (quantity × price, 四捨五入 once per line) or null while the row is incomplete. */
export function amountOf(line: Pick<LineFormValues, 'quantity' | 'unit_price'> | undefined): number | null {
  if (!line) return null;
  const q = Number(line.quantity);
  const p = Number(line.unit_price);
  if (line.quantity === '' || line.unit_price === '' || !Number.isFinite(q) || !Number.isFinite(p)) return null;
  try {
    return lineAmount(q, Math.trunc(p));
  } catch {
    return null;
  }
}

/** The lines that can be totalled so far (a row without quantity or price is left out of the preview). */
export function previewLines(lines: readonly LineFormValues[] | undefined): SalesLineLike[] {
  return (lines ?? []).flatMap((l) =>
    amountOf(l) === null
      ? []
      : [{ quantity: Number(l.quantity), unit_price: Math.trunc(Number(l.unit_price)), tax_category: l.tax_category }],
  );
}
