import { formatJPY } from '@chobo/core';

/**
 * Amounts on the accounting screens: whole yen with thousands separators (formatJPY without the ¥ sign,
 * the unit is stated once as （単位：円）), negatives with △ as Japanese statements print them.
 */
export function formatAmount(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  const text = formatJPY(Math.abs(value)).replace(/^[¥￥]/, '');
  return value < 0 ? `△${text}` : text;
}

/** The same, but zero shows as nothing (debit/credit columns). */
export function formatAmountOrBlank(value: number | null | undefined): string {
  return value ? formatAmount(value) : '';
}

/** Text typed into an amount input ('12,000', '１２０００') → whole yen, or null. */
export function parseAmount(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined || text === '') return null;
  if (typeof text === 'number') return Number.isFinite(text) ? Math.trunc(text) : null;
  const half = text.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[,，\s]/g, '');
  if (!/^\d+$/.test(half)) return null;
  return Number(half);
}

/** 1234567 → '123万' on chart axes. */
export const manYen = (v: number) =>
  Math.abs(v) >= 10000 ? `${Math.round(v / 10000).toLocaleString('en')}万` : String(v);
