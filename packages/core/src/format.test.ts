import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateJa, formatDateTimeJa, formatJPY, formatNumber, todayInTokyo } from './format.js';

describe('formatJPY (docs/product/SPEC.md §9: JPY, English locale, up to 2 fraction digits)', () => {
  it('formats with the yen sign and comma grouping', () => {
    expect(formatJPY(1234567)).toBe('¥1,234,567');
    expect(formatJPY(1000)).toBe('¥1,000');
    expect(formatJPY(999)).toBe('¥999');
  });

  it('formats zero and negatives', () => {
    expect(formatJPY(0)).toBe('¥0');
    expect(formatJPY(-1234)).toBe('-¥1,234');
  });

  it('shows up to 2 fraction digits, none for whole amounts', () => {
    expect(formatJPY(1234.5)).toBe('¥1,234.5');
    expect(formatJPY(1.234)).toBe('¥1.23');
    expect(formatJPY(1.2)).toBe('¥1.2');
  });

  it('returns an empty string for null, undefined and NaN', () => {
    expect(formatJPY(null)).toBe('');
    expect(formatJPY(undefined)).toBe('');
    expect(formatJPY(Number.NaN)).toBe('');
  });

  // Bug: negative zero (which roundYen / taxOnExclusive return for small negative amounts) shows as '-¥0'.
  it('shows negative zero as ¥0, not -¥0', () => {
    expect(formatJPY(-0)).toBe('¥0');
  });
});

describe('formatNumber (docs/product/SPEC.md §9: en-IN grouping)', () => {
  it('groups in lakhs and crores', () => {
    expect(formatNumber(1234567)).toBe('12,34,567');
    expect(formatNumber(100000)).toBe('1,00,000');
    expect(formatNumber(123456789)).toBe('12,34,56,789');
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0)).toBe('0');
  });

  it('formats negatives and keeps up to 2 fraction digits', () => {
    expect(formatNumber(-1234567)).toBe('-12,34,567');
    expect(formatNumber(1234567.891)).toBe('12,34,567.89');
    expect(formatNumber(0.5)).toBe('0.5');
  });

  it('returns an empty string for null, undefined and NaN', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});

describe('formatDateJa (docs/product/SPEC.md §9: YYYY年M月D日, Asia/Tokyo)', () => {
  it('formats a calendar date without leading zeros', () => {
    expect(formatDateJa('2026-01-05')).toBe('2026年1月5日');
    expect(formatDateJa('2026-11-21')).toBe('2026年11月21日');
    expect(formatDateJa('2026-12-31')).toBe('2026年12月31日');
  });

  it('reads an ISO timestamp in Asia/Tokyo', () => {
    expect(formatDateJa('2026-11-21T20:00:00Z')).toBe('2026年11月22日');
    expect(formatDateJa('2026-11-21T14:59:59Z')).toBe('2026年11月21日');
    expect(formatDateJa('2026-11-21T15:00:00Z')).toBe('2026年11月22日');
    expect(formatDateJa('2026-12-31T15:00:00.000Z')).toBe('2027年1月1日');
    expect(formatDateJa('2026-11-22T00:30:00+09:00')).toBe('2026年11月22日');
  });

  it('reads a Date in Asia/Tokyo', () => {
    expect(formatDateJa(new Date('2026-11-21T20:00:00Z'))).toBe('2026年11月22日');
    expect(formatDateJa(new Date('2026-01-04T16:00:00Z'))).toBe('2026年1月5日');
  });

  it('returns an empty string for no value or an invalid date', () => {
    expect(formatDateJa(null)).toBe('');
    expect(formatDateJa(undefined)).toBe('');
    expect(formatDateJa('')).toBe('');
    expect(formatDateJa('not a date')).toBe('');
    expect(formatDateJa(new Date(Number.NaN))).toBe('');
  });
});

describe('formatDateTimeJa (Asia/Tokyo, 24-hour HH:MM)', () => {
  it('formats a timestamp in Asia/Tokyo with zero-padded hours and minutes', () => {
    expect(formatDateTimeJa('2026-11-21T05:05:00Z')).toBe('2026年11月21日 14:05');
    expect(formatDateTimeJa('2026-01-05T00:00:00+09:00')).toBe('2026年1月5日 00:00');
    expect(formatDateTimeJa('2026-11-21T14:59:00Z')).toBe('2026年11月21日 23:59');
  });

  it('shows midnight as 00:00 of the next Tokyo day, never 24:00', () => {
    expect(formatDateTimeJa('2026-11-21T15:00:00Z')).toBe('2026年11月22日 00:00');
  });

  it('accepts a Date', () => {
    expect(formatDateTimeJa(new Date('2026-03-01T03:07:00Z'))).toBe('2026年3月1日 12:07');
  });

  it('returns an empty string for no value or an invalid date', () => {
    expect(formatDateTimeJa(null)).toBe('');
    expect(formatDateTimeJa(undefined)).toBe('');
    expect(formatDateTimeJa('')).toBe('');
    expect(formatDateTimeJa('garbage')).toBe('');
    expect(formatDateTimeJa(new Date(Number.NaN))).toBe('');
  });
});

describe('todayInTokyo', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns the Tokyo date as YYYY-MM-DD for a given instant', () => {
    expect(todayInTokyo(new Date('2026-11-21T14:59:59Z'))).toBe('2026-11-21');
    expect(todayInTokyo(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
    expect(todayInTokyo(new Date('2026-01-04T20:00:00Z'))).toBe('2026-01-05');
    expect(todayInTokyo(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
  });

  it('uses the current time by default', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-02-28T16:30:00Z'));
    expect(todayInTokyo()).toBe('2026-03-01');
  });
});
