import { normalizeCodeText } from './number-input.js';

/**
 * Identifier checks (docs/product/FACTS.md §4, §8, docs/product/SPEC.md §5). Pure functions, shared by server and web.
 */

/** 法人番号 check digit: the leftmost of the 13 digits = 9 − (Σ Pn × Qn mod 9). */
export function corporateNumberCheckDigit(twelveDigits: string): number {
  if (!/^\d{12}$/.test(twelveDigits)) throw new Error('12 digits expected');
  let sum = 0;
  for (let n = 1; n <= 12; n++) {
    const p = Number(twelveDigits[12 - n]);
    sum += p * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

export function isValidCorporateNumber(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  return corporateNumberCheckDigit(value.slice(1)) === Number(value[0]);
}

/** 適格請求書発行事業者登録番号: "T" + 13 digits whose check digit is valid. */
export function isValidRegistrationNumber(value: string): boolean {
  return /^T\d{13}$/.test(value) && isValidCorporateNumber(value.slice(1));
}

/**
 * The valid registration numbers one digit away from `value` (T + 13 digits): each digit replaced by each of
 * the other nine, kept when the check digit holds — the candidates of a single-digit OCR misread. Empty when
 * `value` is not T + 13 digits. (The mod-9 check digit catches every single-digit change except 0 ↔ 9, so a
 * number that fails its check has on average one or two valid neighbours per digit position.)
 */
export function registrationNumberCorrections(value: string): string[] {
  if (!/^T\d{13}$/.test(value)) return [];
  const out: string[] = [];
  for (let i = 1; i < 14; i++) {
    for (let d = 0; d <= 9; d++) {
      if (String(d) === value[i]) continue;
      const candidate = `${value.slice(0, i)}${d}${value.slice(i + 1)}`;
      if (isValidRegistrationNumber(candidate)) out.push(candidate);
    }
  }
  return out;
}

/** docs/product/SPEC.md §5: local part, @, domain ending in a dot plus 2 or 3 letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,3}$/;
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** 郵便番号: 7 digits (full-width digits and a hyphen in any of its forms are accepted and removed). */
export function normalizePostalCode(value: string): string {
  return normalizeCodeText(value).replace(/-/g, '');
}
export function isValidPostalCode(value: string): boolean {
  return /^\d{7}$/.test(value);
}
export function formatPostalCode(value: string | null | undefined): string {
  if (!value) return '';
  return /^\d{7}$/.test(value) ? `${value.slice(0, 3)}-${value.slice(3)}` : value;
}

/** Japanese phone/fax numbers: digits with optional hyphens, 10 or 11 digits, starting with 0. */
export function isValidPhone(value: string): boolean {
  if (!/^0[\d-]+$/.test(value) || /--/.test(value) || value.endsWith('-')) return false;
  const digits = value.replace(/-/g, '').length;
  return digits === 10 || digits === 11;
}

/** Full-width katakana (with prolonged sound mark, middle dot and spaces). */
export function isKatakana(value: string): boolean {
  return /^[\u30A0-\u30FF\u3000\s・ー（）()０-９0-9Ａ-Ｚａ-ｚA-Za-z．.，,＆&－-]+$/.test(value);
}

/**
 * The dates the product accepts in any request (bodies and list filters): 1900-01-01 … 2999-12-31.
 * PostgreSQL's date type refuses year 0 (0000-01-01 was a 500) and 5-digit years are not ISO dates the
 * screens can show; no 帳簿 of a living company needs a date outside it.
 */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2999-12-31';
export const DATE_RANGE_MESSAGE = `は${MIN_DATE}から${MAX_DATE}までの日付で入力してください`;

/** True when `v` (YYYY-MM-DD) lies in MIN_DATE … MAX_DATE. */
export function isDateInRange(v: string): boolean {
  return v >= MIN_DATE && v <= MAX_DATE;
}

/** True when `v` is a YYYY-MM-DD date that exists on the calendar (2026-02-31 does not). */
export function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}
