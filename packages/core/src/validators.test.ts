import { describe, expect, it } from 'vitest';
import {
  corporateNumberCheckDigit,
  EMAIL_PATTERN,
  formatPostalCode,
  isKatakana,
  isValidCorporateNumber,
  isValidEmail,
  isValidPhone,
  isValidPostalCode,
  isValidRegistrationNumber,
  normalizePostalCode,
  registrationNumberCorrections,
} from './validators.js';

/** docs/product/FACTS.md §4's valid examples. */
const VALID = ['7000012050002', '4011001098993', '2120901007402'];

describe('法人番号 check digit (docs/product/FACTS.md §4)', () => {
  it('computes the check digit of the FACTS examples from their last 12 digits', () => {
    expect(corporateNumberCheckDigit('000012050002')).toBe(7);
    expect(corporateNumberCheckDigit('011001098993')).toBe(4);
    expect(corporateNumberCheckDigit('120901007402')).toBe(2);
  });

  it('weights digits 1,2,1,2… from the right', () => {
    // only P1 (rightmost) set: weight 1 → 9 − 1 = 8
    expect(corporateNumberCheckDigit('000000000001')).toBe(8);
    // only P2 set: weight 2 → 9 − 2 = 7
    expect(corporateNumberCheckDigit('000000000010')).toBe(7);
    // only P12 (leftmost of the 12) set: n = 12 is even, weight 2 → 7
    expect(corporateNumberCheckDigit('100000000000')).toBe(7);
    // only P11 set: weight 1 → 8
    expect(corporateNumberCheckDigit('010000000000')).toBe(8);
  });

  it('gives 9 when the weighted sum is a multiple of 9', () => {
    expect(corporateNumberCheckDigit('000000000000')).toBe(9);
    expect(corporateNumberCheckDigit('000000000009')).toBe(9);
    expect(isValidCorporateNumber('9000000000000')).toBe(true);
    expect(isValidCorporateNumber('0000000000000')).toBe(false);
  });

  it('rejects input that is not exactly 12 ASCII digits', () => {
    expect(() => corporateNumberCheckDigit('00001205000')).toThrow();
    expect(() => corporateNumberCheckDigit('0000120500021')).toThrow();
    expect(() => corporateNumberCheckDigit('00001205000a')).toThrow();
    expect(() => corporateNumberCheckDigit('')).toThrow();
  });

  it.each(VALID)('accepts the valid example %s', (n) => {
    expect(isValidCorporateNumber(n)).toBe(true);
  });

  it.each([
    ['8000012050002', 'check digit changed'],
    ['6000012050002', 'check digit changed'],
    ['7000012050003', 'last digit changed'],
    ['7000012050020', 'last two digits swapped'],
    ['4011001098994', 'last digit changed'],
    ['4111001098993', 'a middle digit changed'],
    ['2120901007403', 'last digit changed'],
    ['3120901007402', 'check digit changed'],
  ])('rejects %s (%s)', (n) => {
    expect(isValidCorporateNumber(n)).toBe(false);
  });

  it('rejects the wrong length and non-digits', () => {
    expect(isValidCorporateNumber('700001205000')).toBe(false);
    expect(isValidCorporateNumber('70000120500020')).toBe(false);
    expect(isValidCorporateNumber('7000-12050002')).toBe(false);
    expect(isValidCorporateNumber('７000012050002')).toBe(false);
    expect(isValidCorporateNumber(' 7000012050002')).toBe(false);
    expect(isValidCorporateNumber('')).toBe(false);
  });
});

describe('isValidRegistrationNumber (docs/product/FACTS.md §4: "T" + 13 digits)', () => {
  it.each(VALID)('accepts T + the valid 法人番号 %s', (n) => {
    expect(isValidRegistrationNumber(`T${n}`)).toBe(true);
  });

  it('rejects a lower-case t (normalisation is the caller’s job)', () => {
    expect(isValidRegistrationNumber('t7000012050002')).toBe(false);
  });

  it('rejects a number without the T prefix', () => {
    expect(isValidRegistrationNumber('7000012050002')).toBe(false);
  });

  it('rejects a bad check digit', () => {
    expect(isValidRegistrationNumber('T8000012050002')).toBe(false);
    expect(isValidRegistrationNumber('T7000012050003')).toBe(false);
  });

  it('rejects the wrong length', () => {
    expect(isValidRegistrationNumber('T700001205000')).toBe(false);
    expect(isValidRegistrationNumber('T70000120500020')).toBe(false);
    expect(isValidRegistrationNumber('T')).toBe(false);
    expect(isValidRegistrationNumber('')).toBe(false);
  });

  it('rejects non-digits, separators and surrounding text', () => {
    expect(isValidRegistrationNumber('T700001205000X')).toBe(false);
    expect(isValidRegistrationNumber('T-7000012050002')).toBe(false);
    expect(isValidRegistrationNumber('T 7000012050002')).toBe(false);
    expect(isValidRegistrationNumber(' T7000012050002')).toBe(false);
    expect(isValidRegistrationNumber('T7000012050002 ')).toBe(false);
    expect(isValidRegistrationNumber('TT7000012050002')).toBe(false);
    expect(isValidRegistrationNumber('Ｔ7000012050002')).toBe(false);
  });
});

describe('isValidEmail (docs/product/SPEC.md §5: local part, @, domain ending in a dot plus 2 or 3 letters)', () => {
  it.each(['a@b.jp', 'a@b.com', 'A@B.JP', 'user.name+tag@example.co.jp', 'info@sub.example.net'])('accepts %s', (e) => {
    expect(isValidEmail(e)).toBe(true);
    expect(EMAIL_PATTERN.test(e)).toBe(true);
  });

  it.each([
    ['a@b.info', 'TLD of 4 letters'],
    ['a@b.j', 'TLD of 1 letter'],
    ['a@b', 'no dot in the domain'],
    ['a@b.c0m', 'digit in the TLD'],
    ['a@b.jp.', 'trailing dot'],
    ['a b@c.jp', 'space in the local part'],
    ['a@b c.jp', 'space in the domain'],
    ['@b.jp', 'empty local part'],
    ['a@.jp', 'empty domain label'],
    ['a@@b.jp', 'two @'],
    ['a@b@c.jp', 'two @'],
    ['ab.jp', 'no @'],
    ['', 'empty'],
    [' a@b.jp', 'leading space'],
    ['a@b.jp\n', 'trailing newline'],
  ])('rejects %j (%s)', (e) => {
    expect(isValidEmail(e)).toBe(false);
  });
});

describe('postal code (docs/product/FACTS.md §8: 7 digits, NNN-NNNN)', () => {
  it('normalises by removing the hyphen', () => {
    expect(normalizePostalCode('100-0001')).toBe('1000001');
    expect(normalizePostalCode('1000001')).toBe('1000001');
  });

  it('normalises full-width digits and full-width / long-vowel / minus hyphens', () => {
    expect(normalizePostalCode('１００－０００１')).toBe('1000001');
    expect(normalizePostalCode('１０００００１')).toBe('1000001');
    expect(normalizePostalCode('100ー0001')).toBe('1000001');
    expect(normalizePostalCode('100−0001')).toBe('1000001');
    expect(normalizePostalCode('100‐0001')).toBe('1000001');
  });

  it('leaves other characters alone (so validity still fails)', () => {
    expect(normalizePostalCode('100 0001')).toBe('100 0001');
    expect(isValidPostalCode(normalizePostalCode('100 0001'))).toBe(false);
    expect(normalizePostalCode('')).toBe('');
  });

  it('accepts exactly 7 ASCII digits', () => {
    expect(isValidPostalCode('1000001')).toBe(true);
    expect(isValidPostalCode(normalizePostalCode('100-0001'))).toBe(true);
    expect(isValidPostalCode(normalizePostalCode('１００－０００１'))).toBe(true);
  });

  it('rejects un-normalised, short, long and non-digit codes', () => {
    expect(isValidPostalCode('100-0001')).toBe(false);
    expect(isValidPostalCode('１０００００１')).toBe(false);
    expect(isValidPostalCode('100001')).toBe(false);
    expect(isValidPostalCode('10000011')).toBe(false);
    expect(isValidPostalCode('100000a')).toBe(false);
    expect(isValidPostalCode('')).toBe(false);
  });

  it('formats 7 digits as NNN-NNNN', () => {
    expect(formatPostalCode('1000001')).toBe('100-0001');
    expect(formatPostalCode('0600000')).toBe('060-0000');
  });

  it('returns an empty string for no value and anything else unchanged', () => {
    expect(formatPostalCode(null)).toBe('');
    expect(formatPostalCode(undefined)).toBe('');
    expect(formatPostalCode('')).toBe('');
    expect(formatPostalCode('100-0001')).toBe('100-0001');
    expect(formatPostalCode('12345')).toBe('12345');
  });
});

describe('isValidPhone (10 or 11 digits starting with 0, hyphens allowed)', () => {
  it.each([
    '03-1234-5678',
    '0312345678',
    '090-1234-5678',
    '09012345678',
    '0120-123-456',
    '06-6123-4567',
    '0466-12-3456',
  ])('accepts %s', (p) => {
    expect(isValidPhone(p)).toBe(true);
  });

  it.each([
    ['3-1234-5678', 'does not start with 0'],
    ['312345678', 'does not start with 0'],
    ['-0312345678', 'starts with a hyphen'],
    ['03-1234-567', '9 digits'],
    ['031234567', '9 digits'],
    ['090-1234-56789', '12 digits'],
    ['090123456789', '12 digits'],
    ['03--1234-5678', 'double hyphen'],
    ['03-1234-5678-', 'trailing hyphen'],
    ['03 1234 5678', 'spaces'],
    ['(03)1234-5678', 'parentheses'],
    ['+81-3-1234-5678', 'international prefix'],
    ['０３-１２３４-５６７８', 'full-width digits'],
    ['0', 'one digit'],
    ['', 'empty'],
  ])('rejects %j (%s)', (p) => {
    expect(isValidPhone(p)).toBe(false);
  });
});

describe('isKatakana', () => {
  it.each([
    'カブシキガイシャ',
    'ヤマダ タロウ',
    'ヤマダ　タロウ',
    'ヤマダ・タロウ',
    'コーヒー',
    'ヴァイオリン',
    'カ）エービーシー',
  ])('accepts %s', (v) => {
    expect(isKatakana(v)).toBe(true);
  });

  it.each([
    ['やまだ', 'hiragana'],
    ['山田', 'kanji'],
    ['ヤマダ太郎', 'katakana mixed with kanji'],
    ['ｶﾌﾞｼｷｶﾞｲｼｬ', 'half-width katakana'],
    ['', 'empty'],
  ])('rejects %j (%s)', (v) => {
    expect(isKatakana(v)).toBe(false);
  });
});

describe('registrationNumberCorrections (a single-digit OCR misread, FACTS §4)', () => {
  it('lists the valid numbers one digit away, the true number among them', () => {
    const misread = 'T7000012050003'; // the last digit misread (T7000012050002 is valid)
    const out = registrationNumberCorrections(misread);
    expect(out).toContain('T7000012050002');
    expect(out.every((n) => isValidRegistrationNumber(n))).toBe(true);
    expect(out.every((n) => [...n].filter((c, i) => c !== misread[i]).length === 1)).toBe(true);
    expect(registrationNumberCorrections('T12345')).toEqual([]);
  });
});
