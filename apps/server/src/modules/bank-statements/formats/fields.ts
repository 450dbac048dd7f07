import type { ParsedRow, ParseProblem } from './types.js';

/** The field readers every format shares: text, dates (和暦 too), amounts, the row builder. */

/** NFKC (half-width kana → full-width, full-width digits → ASCII) with spaces collapsed. */
export function normalizeText(s: string): string {
  return nfkc(s).replace(/\s+/g, ' ').trim();
}

/** Printable ASCII only: NFKC leaves it as it is (the common case of dates and amounts). */
const ASCII = /^[\x20-\x7e]*$/;

/** NFKC, skipped for plain ASCII. */
export const nfkc = (s: string) => (ASCII.test(s) ? s : s.normalize('NFKC'));

const ERA_START: Record<string, number> = { R: 2018, 令和: 2018, H: 1988, 平成: 1988, S: 1925, 昭和: 1925 };

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function validDate(y: number, m: number, d: number): string | null {
  if (!(y >= 1900 && y <= 2100 && m >= 1 && m <= 12 && d >= 1 && d <= 31)) return null;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  if (d > (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1])) return null;
  return `${y}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

/** 和暦 two-digit year (全銀 YYMMDD): 令和 unless it cannot be (平成31 = 2019 and before). */
export function warekiYear(yy: number): number {
  return yy >= 31 ? 1988 + yy : 2018 + yy;
}

/**
 * A date as banks write it: 2026/04/01, 2026-4-1, 20260401, 2026年4月1日, R8.4.1, 令和8年4月1日, H31/4/30.
 * Answers an ISO date or null.
 */
export function parseBankDate(raw: string): string | null {
  let m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(raw);
  if (m) return validDate(+m[1], +m[2], +m[3]);
  const s = nfkc(raw).trim().replace(/\s+/g, '');
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) return validDate(+m[1], +m[2], +m[3]);
  m = /^(\d{4})[/.\-年](\d{1,2})[/.\-月](\d{1,2})日?$/.exec(s);
  if (m) return validDate(+m[1], +m[2], +m[3]);
  m = /^(R|H|S|令和|平成|昭和)(\d{1,2}|元)[/.\-年](\d{1,2})[/.\-月](\d{1,2})日?$/.exec(s);
  if (m) {
    const yy = m[2] === '元' ? 1 : +m[2];
    return validDate(ERA_START[m[1]] + yy, +m[3], +m[4]);
  }
  return null;
}

/** 1,234,567 or 1234567 as most files write it (no sign, no currency mark). */
const PLAIN_AMOUNT = /^(?:\d{1,13}|\d{1,3}(?:,\d{3}){1,3})$/;

/**
 * An amount cell: commas, ￥/¥/\, 円, full-width digits, a leading sign (- △ ▲) or parentheses. '' → null;
 * anything else unreadable → NaN.
 */
export function parseAmount(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  if (raw === '') return null;
  if (PLAIN_AMOUNT.test(raw)) return Number(raw.length > 3 ? raw.replace(/,/g, '') : raw);
  let s = nfkc(raw)
    .trim()
    .replace(/[,\s¥\\円]/g, '')
    .replace(/^[￥]/, '');
  if (s === '' || s === '-') return null;
  let sign = 1;
  if (/^[△▲-]/.test(s)) {
    sign = -1;
    s = s.slice(1);
  } else if (/^\+/.test(s)) s = s.slice(1);
  else if (/^\(.*\)$/.test(s)) {
    sign = -1;
    s = s.slice(1, -1);
  }
  if (!/^\d{1,13}$/.test(s)) return Number.NaN;
  return sign * Number(s);
}

const MAX_AMOUNT = 999_999_999_999;
const TRANSFER_PREFIX = /^(?:振込(?:入金|資金)?|ﾌﾘｺﾐ|フリコミ|振込\d|ﾌﾘｺﾐ\d)\s*/;

/** The payer / payee of a transfer written in the description (振込 ﾔﾏﾀﾞｼﾖｳｼﾞ(ｶ → ﾔﾏﾀﾞｼﾖｳｼﾞ(ｶ). */
export function counterpartyOf(description: string): string | null {
  const m = TRANSFER_PREFIX.exec(description.trim());
  if (!m) return null;
  const rest = description.trim().slice(m[0].length).trim();
  return rest || null;
}

/** Builds a row from in/out (or signed) amounts, reporting problems instead of throwing. */
export function makeRow(
  problems: ParseProblem[],
  line_no: number,
  fields: {
    date: string;
    inAmount?: string;
    outAmount?: string;
    signed?: string;
    description: string;
    counterparty?: string | null;
    balance?: string;
  },
): ParsedRow | null {
  const date = parseBankDate(fields.date);
  if (!date) {
    problems.push({ line_no, message: `${line_no}行目: 日付「${fields.date}」を読み取れません` });
    return null;
  }
  let amount: number | null;
  let direction: 'in' | 'out';
  if (fields.signed !== undefined) {
    const v = parseAmount(fields.signed);
    if (v === null || Number.isNaN(v) || v === 0) {
      problems.push({ line_no, message: `${line_no}行目: 金額「${fields.signed}」を読み取れません` });
      return null;
    }
    direction = v > 0 ? 'in' : 'out';
    amount = Math.abs(v);
  } else {
    const i = parseAmount(fields.inAmount);
    const o = parseAmount(fields.outAmount);
    if (Number.isNaN(i) || Number.isNaN(o)) {
      const bad = Number.isNaN(i) ? fields.inAmount : fields.outAmount;
      problems.push({ line_no, message: `${line_no}行目: 金額「${bad}」を読み取れません` });
      return null;
    }
    const hasIn = i !== null && i !== 0;
    const hasOut = o !== null && o !== 0;
    if (hasIn === hasOut) {
      problems.push({
        line_no,
        message: `${line_no}行目: 入金額と出金額のどちらか一方に金額が必要です`,
      });
      return null;
    }
    direction = hasIn ? 'in' : 'out';
    amount = Math.abs((hasIn ? i : o) as number);
  }
  if (amount > MAX_AMOUNT) {
    problems.push({ line_no, message: `${line_no}行目: 金額が大きすぎます` });
    return null;
  }
  let balance: number | null = null;
  if (fields.balance !== undefined) {
    const b = parseAmount(fields.balance);
    if (Number.isNaN(b)) {
      problems.push({ line_no, message: `${line_no}行目: 残高「${fields.balance}」を読み取れません` });
      return null;
    }
    balance = b;
  }
  const description = fields.description.replace(/\s+/g, ' ').trim().slice(0, 255);
  const counterparty = fields.counterparty?.trim() || counterpartyOf(description);
  return {
    line_no,
    date,
    direction,
    amount,
    description,
    counterparty_name: counterparty ? counterparty.slice(0, 255) : null,
    balance,
  };
}

/** Opening and closing balance from the first and last rows' running balances (null when a file has none). */
export function balancesOf(rows: ParsedRow[]): { opening_balance: number | null; closing_balance: number | null } {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || first.balance === null || !last || last.balance === null) {
    return { opening_balance: null, closing_balance: null };
  }
  return {
    opening_balance: first.balance - (first.direction === 'in' ? first.amount : -first.amount),
    closing_balance: last.balance,
  };
}

export const joinText = (...parts: string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');

export function allBlank(cells: string[]): boolean {
  for (let i = 0; i < cells.length; i++) if (cells[i].trim() !== '') return false;
  return true;
}
