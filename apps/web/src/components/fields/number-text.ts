/**
 * The typing rules of NumberField as pure functions: what a Japanese user types (full-width digits, 「，」,
 * 「－」「ー」「−」 for a minus, 「．」, 円 / ¥ / ￥, spaces from an IME) becomes the field's plain text, with the
 * caret kept after the same digit. core's normalizeNumberText is the same reading for a whole string; here each
 * character is read on its own so the caret can follow it.
 */

export interface NumberTextOptions {
  allowDecimal?: boolean;
  allowNegative?: boolean;
  decimalScale?: number;
  thousandSeparator?: string | boolean;
  prefix?: string;
  suffix?: string;
}

const MINUS = /^[-‐‑‒–—―−ーｰ﹣△▲]$/;

/** One typed character as a plain one: '５' → '5', '．' → '.', '－' → '-'; anything else as it is. */
function plainChar(ch: string): string {
  const n = ch.normalize('NFKC');
  return MINUS.test(n) ? '-' : n;
}

/**
 * The significant text of what was typed — an optional '-', digits, an optional '.' and its digits — and how
 * many of its characters stand before `caret` in `raw`.
 */
export function readNumberText(raw: string, caret: number, opts: NumberTextOptions): { text: string; before: number } {
  const { allowDecimal = true, allowNegative = true, decimalScale, prefix = '', suffix = '' } = opts;
  let src = raw;
  let offset = 0;
  if (prefix && src.startsWith(prefix)) {
    src = src.slice(prefix.length);
    offset = prefix.length;
  }
  if (suffix && src.endsWith(suffix)) src = src.slice(0, -suffix.length);
  let text = '';
  let before = 0;
  let fraction = -1;
  const chars = [...src];
  let at = offset;
  for (const ch of chars) {
    for (const c of plainChar(ch)) {
      let keep = false;
      if (c >= '0' && c <= '9') {
        keep = fraction < 0 || decimalScale === undefined || fraction < decimalScale;
        if (keep && fraction >= 0) fraction++;
      } else if (c === '-') keep = allowNegative && text === '';
      else if (c === '.') {
        keep = allowDecimal && fraction < 0 && decimalScale !== 0;
        if (keep) fraction = 0;
      }
      if (keep) {
        text += c;
        if (at < caret) before++;
      }
    }
    at += ch.length;
  }
  return { text, before };
}

/** The text as shown: thousands grouped, prefix and suffix around it ('' stays ''). */
export function formatNumberText(text: string, opts: NumberTextOptions): string {
  if (text === '') return '';
  const sep = opts.thousandSeparator === true ? ',' : opts.thousandSeparator || '';
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const dot = body.indexOf('.');
  const int = dot < 0 ? body : body.slice(0, dot);
  const grouped = sep ? int.replace(/\B(?=(\d{3})+(?!\d))/g, sep) : int;
  return `${opts.prefix ?? ''}${negative ? '-' : ''}${grouped}${dot < 0 ? '' : body.slice(dot)}${opts.suffix ?? ''}`;
}

/** Where the caret goes in the shown text: after the same number of significant characters. */
export function caretAfter(shown: string, significant: number, opts: NumberTextOptions): number {
  const start = opts.prefix && shown.startsWith(opts.prefix) ? opts.prefix.length : 0;
  const end = opts.suffix && shown.endsWith(opts.suffix) ? shown.length - opts.suffix.length : shown.length;
  let seen = 0;
  for (let i = start; i < end; i++) {
    if (seen >= significant) return i;
    if (/[-\d.]/.test(shown[i] ?? '')) seen++;
  }
  return end;
}

/**
 * The value the field hands its form, as Mantine's NumberInput did: '' when empty, a number when the text is
 * one, the text itself while it is not yet ('-', '12.').
 */
export function numberTextValue(text: string): number | string {
  if (text === '') return '';
  if (text === '-' || text.endsWith('.') || text === '.') return text;
  const n = Number(text);
  return Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER ? n : text;
}

/** The plain text of a value the form holds (a number, or a string as typed or stored). */
export function valueText(value: number | string | null | undefined, opts: NumberTextOptions): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return readNumberText(value, 0, opts).text;
}
