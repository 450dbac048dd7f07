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

/** Label of a profit stage: a negative 営業利益 reads 営業損失 (FACTS.md §1). */
export function profitLabel(label: string, value: number): string {
  return value < 0 ? label.replace(/利益$/, '損失') : label;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDate(y: number, m: number, d: number): string {
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** Last day of month m (1–12) of year y. */
export function monthEnd(y: number, m: number): string {
  return isoDate(y, m, new Date(Date.UTC(y, m, 0)).getUTCDate());
}

/**
 * The fiscal year containing `date` for a company whose year ends in month `endMonth` (1–12):
 * { from, to, label } with label 'YYYY年M月期' (the year of the end month).
 */
export function fiscalYearOf(date: string, endMonth = 3): { from: string; to: string; label: string } {
  const [y, m] = date.split('-').map(Number);
  const endYear = m > endMonth ? y + 1 : y;
  const startMonth = (endMonth % 12) + 1;
  const startYear = startMonth === 1 ? endYear : endYear - 1;
  return {
    from: isoDate(startYear, startMonth, 1),
    to: monthEnd(endYear, endMonth),
    label: `${endYear}年${endMonth}月期`,
  };
}

/** The same length of period immediately before [from, to] — one year earlier when it is a whole year. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  const lastDayOfTo = Number(monthEnd(ty, tm).slice(8));
  if (fd === 1 && td === lastDayOfTo) {
    // whole months: shift by the number of months
    const months = (ty - fy) * 12 + (tm - fm) + 1;
    const start = new Date(Date.UTC(fy, fm - 1 - months, 1));
    const end = new Date(Date.UTC(fy, fm - 1, 0));
    return {
      from: isoDate(start.getUTCFullYear(), start.getUTCMonth() + 1, 1),
      to: isoDate(end.getUTCFullYear(), end.getUTCMonth() + 1, end.getUTCDate()),
    };
  }
  const a = Date.UTC(fy, fm - 1, fd);
  const b = Date.UTC(ty, tm - 1, td);
  const days = Math.round((b - a) / 86400000) + 1;
  const end = new Date(a - 86400000);
  const start = new Date(a - days * 86400000);
  return {
    from: isoDate(start.getUTCFullYear(), start.getUTCMonth() + 1, start.getUTCDate()),
    to: isoDate(end.getUTCFullYear(), end.getUTCMonth() + 1, end.getUTCDate()),
  };
}

/** Months [from..to] as { from, to, label: 'M月' }. */
export function monthsOf(from: string, to: string): { from: string; to: string; label: string }[] {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  const out: { from: string; to: string; label: string }[] = [];
  let y = fy;
  let m = fm;
  while (y < ty || (y === ty && m <= tm)) {
    out.push({ from: isoDate(y, m, 1), to: monthEnd(y, m), label: `${m}月` });
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
    if (out.length > 36) break;
  }
  return out;
}

/** '2026-04-01' → '2026/04/01' (dense tables). */
export function slashDate(iso: string): string {
  return iso.slice(0, 10).replaceAll('-', '/');
}
