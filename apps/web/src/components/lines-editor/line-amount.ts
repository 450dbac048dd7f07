import { lineAmount, lineLimitIssue, type SalesLineLike } from '@chobo/core';
import type { LineFormValues } from '../../features/transactions/form-values';

/**
 * The row's amount (quantity × price, 四捨五入 once per line) or null while the row is incomplete or past a
 * limit (its cell then shows the limit: `limitMessage`).
 */
export function amountOf(line: Pick<LineFormValues, 'quantity' | 'unit_price'> | undefined): number | null {
  if (!line) return null;
  const q = Number(line.quantity);
  const p = Number(line.unit_price);
  if (line.quantity === '' || line.unit_price === '' || !Number.isFinite(q) || !Number.isFinite(p)) return null;
  if (lineLimitIssue(q, p)) return null;
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

/**
 * The limit (core's message) that `field` of the row passes while typing, before the form is submitted:
 * 数量 and 単価 past their maximum, or 数量×単価 past the document limit (shown under 単価).
 */
export function limitMessage(
  line: Pick<LineFormValues, 'quantity' | 'unit_price'> | undefined,
  field: 'quantity' | 'unit_price',
): string | undefined {
  if (!line) return undefined;
  const q = line.quantity === '' ? 0 : Number(line.quantity);
  const p = line.unit_price === '' ? 0 : Number(line.unit_price);
  if (!Number.isFinite(q) || !Number.isFinite(p)) return undefined;
  const issue = lineLimitIssue(line.quantity === '' ? 1 : q, line.unit_price === '' ? 0 : p);
  return issue?.field === field ? issue.message : undefined;
}
