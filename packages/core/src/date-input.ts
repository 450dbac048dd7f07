/**
 * Dates typed the way Japanese bookkeeping software accepts them (freee, 弥生): 「1105」「11/5」「R8.11.5」
 * as well as 2026-11-05, 2026/11/05, 20261105 and 令和8年11月5日. Full-width digits and separators are accepted.
 * A date without a year takes the year of `today`. Returns an ISO date 'YYYY-MM-DD', or null when the text is
 * not a real date.
 */
import { todayInTokyo } from './format.js';

/** 元号 and the Gregorian year before its year 1 (令和1 = 2019). */
const ERAS: Record<string, number> = {
  R: 2018,
  令和: 2018,
  H: 1988,
  平成: 1988,
  S: 1925,
  昭和: 1925,
};

function toHalfWidth(text: string): string {
  return text
    .replace(/[０-９Ａ-Ｚａ-ｚ]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[／．－ー―‐]/g, (c) => ({ '／': '/', '．': '.', '－': '-', ー: '-', '―': '-', '‐': '-' })[c] ?? c)
    .replace(/\s+/g, '');
}

function valid(y: number, m: number, d: number): string | null {
  if (!Number.isInteger(y) || y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > last) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function parseDateInput(text: string, today: string = todayInTokyo()): string | null {
  const s = toHalfWidth(text.trim()).toUpperCase();
  if (!s) return null;
  const year = Number(today.slice(0, 4));
  let m: RegExpExecArray | null;
  // 和暦: R8.11.5, R8/11/5, R08-11-05, 令和8年11月5日, H31.4.30 (元年 = 1)
  m = /^(R|H|S|令和|平成|昭和)(\d{1,2}|元)[./\-年](\d{1,2})[./\-月](\d{1,2})日?$/.exec(s);
  if (m) {
    const n = m[2] === '元' ? 1 : Number(m[2]);
    return n >= 1 ? valid(ERAS[m[1]]! + n, Number(m[3]), Number(m[4])) : null;
  }
  // 2026-11-05, 2026/11/5, 2026.11.5, 2026年11月5日
  m = /^(\d{4})[./\-年](\d{1,2})[./\-月](\d{1,2})日?$/.exec(s);
  if (m) return valid(Number(m[1]), Number(m[2]), Number(m[3]));
  // 20261105
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) return valid(Number(m[1]), Number(m[2]), Number(m[3]));
  // 11/5, 11-5, 11.5, 11月5日 (this year)
  m = /^(\d{1,2})[./\-月](\d{1,2})日?$/.exec(s);
  if (m) return valid(year, Number(m[1]), Number(m[2]));
  // 1105 (MMDD), 105 (MDD)
  m = /^(\d{1,2})(\d{2})$/.exec(s);
  if (m) return valid(year, Number(m[1]), Number(m[2]));
  // 5 (day of this month)
  m = /^(\d{1,2})$/.exec(s);
  if (m) return valid(year, Number(today.slice(5, 7)), Number(m[1]));
  return null;
}

/** The hint shown beside a date field. */
export const DATE_INPUT_HINT = '例: 1105、11/5、R8.11.5、2026-11-05';
