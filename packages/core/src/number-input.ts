import { z } from 'zod';

/**
 * What Japanese users type into numeric, code and phone fields, made plain before anything reads it: full-width
 * digits and letters (NFKC: 「１，０００」 → '1,000', 「Ｔ１２…」 → 'T12…'), the dashes an IME gives for a minus or
 * a hyphen (－ − ー ‐ ‑ – — ―), 円 / ¥ / ￥ and spaces. One home for server (the contracts' schemas) and web (the
 * number fields); see the issue 33 notes in docs/modules/everyday-screens.md.
 */

/** Printable ASCII: NFKC leaves it as it is (the common case), so it is skipped. */
const ASCII = /^[\x20-\x7e]*$/;
const nfkc = (s: string) => (ASCII.test(s) ? s : s.normalize('NFKC'));

/** The characters an IME or a copied document gives for a minus sign or a hyphen (after NFKC). */
const DASHES = /[‐‑‒–—―−ーｰ﹣]/g;
/** Dashes other than the 長音符 ー, which is a hyphen only between letters or digits (コーヒー stays). */
const PLAIN_DASHES = /[‐‑‒–—―−﹣]/g;
const LONG_VOWEL_AS_HYPHEN = /(?<=[0-9A-Za-z])[ーｰ](?=[0-9A-Za-z])/g;

/**
 * A code, phone number, 郵便番号 or 登録番号 as typed: NFKC, every dash a '-' (ー only between letters or digits),
 * trimmed (「０３ー１２３４ー５６７８」 → '03-1234-5678', 「Ｔ７０００…」 → 'T7000…').
 */
export function normalizeCodeText(value: string): string {
  return nfkc(value).replace(PLAIN_DASHES, '-').replace(LONG_VOWEL_AS_HYPHEN, '-').trim();
}

/**
 * A number as typed: NFKC, a leading minus in any of its forms (and 会計's △ ▲) as '-', no grouping commas,
 * no 円 / ¥ / spaces (「－１，０００円」 → '-1000', 「￥１２．５」 → '12.5'). Anything else is left for the
 * schema to refuse ('abc' stays 'abc').
 */
export function normalizeNumberText(value: string): string {
  return nfkc(value)
    .replace(DASHES, '-')
    .replace(/^\s*[△▲]/, '-')
    .replace(/[,\s円¥\\]/g, '');
}

/** A plain decimal number after normalizeNumberText: optional minus, digits, optional fraction. */
const NUMBER_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * The number a typed text means, or null when it is empty and NaN when it is not a number
 * (「１，０００」 → 1000, 「－５」 → -5, '' → null, '1-2' → NaN).
 */
export function parseNumberText(value: string): number | null {
  const s = normalizeNumberText(value);
  if (s === '' || s === '-') return null;
  return NUMBER_TEXT.test(s) ? Number(s) : Number.NaN;
}

/**
 * The preprocess every numeric field of the contracts runs first: a string is normalised
 * (normalizeNumberText), a number passes. Wraps `schema` keeping its input and output types; put
 * `.optional()` / `.default()` outside it, so the object key stays optional.
 */
export function numberInput<T extends z.ZodType>(schema: T) {
  return z.preprocess((v: z.input<T>) => (typeof v === 'string' ? normalizeNumberText(v) : v), schema);
}

/** The same for codes, phone numbers, 郵便番号 and 登録番号 (normalizeCodeText). */
export function codeInput<T extends z.ZodType>(schema: T) {
  return z.preprocess((v: z.input<T>) => (typeof v === 'string' ? normalizeCodeText(v) : v), schema);
}
