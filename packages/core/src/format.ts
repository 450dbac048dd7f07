/**
 * Display formatting (docs/product/SPEC.md §9): JPY with the English locale (up to 2 fraction digits), numbers in
 * en-IN grouping, dates as YYYY年M月D日. Dates are computed in Asia/Tokyo.
 */
const jpy = new Intl.NumberFormat('en', {
  style: 'currency',
  currency: 'JPY',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});
const enIN = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

export function formatJPY(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return jpy.format(value);
}

export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return enIN.format(value);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** '2026-11-21' (or an ISO timestamp, read in Asia/Tokyo) → '2026年11月21日'. */
export function formatDateJa(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') {
    const m = ISO_DATE.exec(value);
    if (m && value.length === 10) return `${Number(m[1])}年${Number(m[2])}月${Number(m[3])}日`;
  }
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const [y, mo, da] = tokyoDateParts(d);
  return `${y}年${mo}月${da}日`;
}

/** '…' → '2026年11月21日 14:05' in Asia/Tokyo. */
export function formatDateTimeJa(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const [y, mo, da, h, mi] = tokyoDateParts(d);
  return `${y}年${mo}月${da}日 ${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}`;
}

const tokyoFmt = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

function tokyoDateParts(d: Date): [number, number, number, number, number] {
  const parts = Object.fromEntries(tokyoFmt.formatToParts(d).map((p) => [p.type, p.value]));
  return [Number(parts.year), Number(parts.month), Number(parts.day), Number(parts.hour), Number(parts.minute)];
}

/** Today's date in Asia/Tokyo as 'YYYY-MM-DD'. */
export function todayInTokyo(now: Date = new Date()): string {
  const [y, m, d] = tokyoDateParts(now);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
