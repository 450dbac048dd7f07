import { z } from 'zod';
import { codeInput, normalizeCodeText } from '../number-input.js';
import { PREFECTURES } from '../prefectures.js';
import {
  EMAIL_PATTERN,
  isKatakana,
  isValidCorporateNumber,
  isValidPhone,
  isValidPostalCode,
  isValidRegistrationNumber,
  normalizePostalCode,
} from '../validators.js';
import { optionalText } from './common.js';

/** Shared optional field builders of the contact/address forms (customers, company profile, admin companies…). */

/** Optional katakana text (empty → null). */
export function kanaField(label: string, max: number) {
  return optionalText(label, max, { test: isKatakana, message: `${label}は全角カタカナで入力してください` });
}

/** Optional e-mail address (empty → null). */
export function optionalEmailField() {
  return optionalText('メールアドレス', 254, {
    test: (v) => EMAIL_PATTERN.test(v),
    message: 'メールアドレスの形式が正しくありません',
  });
}

/**
 * Optional phone/fax number: 0 then 10 or 11 digits, hyphens allowed (empty → null). Full-width digits and the
 * IME's dashes are accepted and stored half-width (「０３ー１２３４ー５６７８」 → '03-1234-5678').
 */
export function phoneField(label: string) {
  return codeInput(
    optionalText(label, 20, {
      test: isValidPhone,
      message: `${label}は0から始まる10桁または11桁の番号で入力してください（例: 03-1234-5678）`,
    }),
  );
}

/** Optional 郵便番号, normalized to 123-4567 (empty → null). */
export function postalCodeField() {
  return z
    .string({ error: '郵便番号は文字列で入力してください' })
    .transform(normalizePostalCode)
    .refine((v) => v === '' || isValidPostalCode(v), '郵便番号は7桁の数字で入力してください（例: 100-0001）')
    .nullish()
    .transform((v) => (v ? v : null));
}

/** Optional JIS prefecture code '01'–'47' (empty → null). */
export function prefectureCodeField() {
  return z
    .string({ error: '都道府県を選択してください' })
    .refine((v) => v === '' || Object.hasOwn(PREFECTURES, v), '都道府県を選択してください')
    .nullish()
    .transform((v) => (v ? v : null));
}

/**
 * Optional 適格請求書発行事業者の登録番号: 'T' + 13 digits with a valid check digit, upper-cased (empty → null).
 * By default the format and the check digit are reported separately; `combinedMessage` reports both with one message.
 */
export function registrationNumberField(opts: { combinedMessage?: string } = {}) {
  const base = z
    .string({ error: '登録番号は文字列で入力してください' })
    .transform((v) => normalizeCodeText(v).toUpperCase());
  const { combinedMessage } = opts;
  const checked = combinedMessage
    ? base.refine((v) => v === '' || (/^T\d{13}$/.test(v) && isValidRegistrationNumber(v)), combinedMessage)
    : base
        .refine(
          (v) => v === '' || /^T\d{13}$/.test(v),
          '登録番号は「T」と13桁の数字で入力してください（例: T7000012050002）',
        )
        .refine(
          (v) => v === '' || !/^T\d{13}$/.test(v) || isValidRegistrationNumber(v),
          '登録番号のチェックデジットが正しくありません',
        );
  return checked.nullish().transform((v) => (v ? v : null));
}

/** Optional 法人番号: 13 digits with a valid check digit (empty → null). */
export function corporateNumberField() {
  return z
    .string({ error: '法人番号は文字列で入力してください' })
    .transform((v) => normalizeCodeText(v).replace(/-/g, ''))
    .refine((v) => v === '' || /^\d{13}$/.test(v), '法人番号は13桁の数字で入力してください')
    .refine(
      (v) => v === '' || !/^\d{13}$/.test(v) || isValidCorporateNumber(v),
      '法人番号のチェックデジットが正しくありません',
    )
    .nullish()
    .transform((v) => (v ? v : null));
}
