import { lastDayOfMonth } from './periods.js';

/**
 * 支払条件 (締め日・支払月・支払日) of a customer, and the 支払期日 / 支払期限 they give a document dated `date`
 * (issue 33). 31 means 末日 for both days: 「20日締め翌月10日払い」 = { closing_day: 20, payment_month_offset: 1,
 * payment_day: 10 }; 「月末締め翌月末払い」 = { 31, 1, 31 }. A day past the month's end is its last day (Feb 30 → 28/29).
 */
export interface PaymentTerms {
  /** 1–31, 31 = 末日. */
  closing_day: number | null;
  /** 0 当月, 1 翌月, 2 翌々月 — counted from the closing's month. */
  payment_month_offset: number | null;
  /** 1–31, 31 = 末日. */
  payment_day: number | null;
}

export const PAYMENT_MONTH_OFFSETS = { 0: '当月', 1: '翌月', 2: '翌々月' } as const;
export type PaymentMonthOffset = keyof typeof PAYMENT_MONTH_OFFSETS;

const dayLabel = (d: number) => (d >= 31 ? '末日' : `${d}日`);

/** 「20日締め・翌月10日払い」 ('' when the terms are not all set). */
export function paymentTermsLabel(t: PaymentTerms): string {
  if (!t.closing_day || t.payment_month_offset === null || !t.payment_day) return '';
  const closing = t.closing_day >= 31 ? '末日締め' : `${t.closing_day}日締め`;
  const month = PAYMENT_MONTH_OFFSETS[t.payment_month_offset as PaymentMonthOffset] ?? '';
  return `${closing}・${month}${dayLabel(t.payment_day)}払い`;
}

/** The day `day` (31 = 末日) of a month, clamped to its last day. */
function dayOf(year: number, month: number, day: number): string {
  const last = lastDayOfMonth(year, month);
  const lastDay = Number(last.slice(8));
  return day >= lastDay ? last : `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The 支払期日 of a document dated `date` (YYYY-MM-DD) under `terms`: the closing on or after the date (the
 * closing day of its month, else of the next month), then `payment_month_offset` months on, on `payment_day`.
 * A due date before the document's own date (当月 with the payment day before it) moves one month on.
 * null when the terms are not all set.
 */
export function dueDateFromTerms(date: string, terms: PaymentTerms): string | null {
  const { closing_day, payment_month_offset, payment_day } = terms;
  if (!closing_day || payment_month_offset === null || payment_month_offset === undefined || !payment_day) {
    return null;
  }
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  let month = y * 12 + (m - 1);
  if (date > dayOf(y, m, closing_day)) month += 1;
  month += payment_month_offset;
  let due = dayOf(Math.floor(month / 12), (month % 12) + 1, payment_day);
  if (due < date) {
    month += 1;
    due = dayOf(Math.floor(month / 12), (month % 12) + 1, payment_day);
  }
  return due;
}

/**
 * The structured terms in a free 支払条件 text as people write it — 「月末締め翌月末払い」「20日締め、翌月10日払い」
 * 「末締め翌々月15日支払」「毎月25日締め当月末日払」; null for what it does not read (the text is kept then).
 */
export function parsePaymentTerms(text: string | null | undefined): PaymentTerms | null {
  if (!text) return null;
  const s = text.normalize('NFKC').replace(/[\s、,・]/g, '');
  const m =
    /^(?:毎月)?(末日|月末|末|\d{1,2}日)締め?(当月|翌月|翌々月)(末日|末|\d{1,2}日)(?:払い?|支払い?|支払|振込)?$/.exec(s);
  if (!m) return null;
  const day = (v: string) => (v === '末日' || v === '月末' || v === '末' ? 31 : Number(v.replace('日', '')));
  const closing = day(m[1]);
  const pay = day(m[3]);
  if (closing < 1 || closing > 31 || pay < 1 || pay > 31) return null;
  return { closing_day: closing, payment_month_offset: ['当月', '翌月', '翌々月'].indexOf(m[2]), payment_day: pay };
}
