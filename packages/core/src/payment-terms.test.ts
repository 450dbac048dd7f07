import { describe, expect, it } from 'vitest';
import { dueDateFromTerms, parsePaymentTerms, paymentTermsLabel } from './payment-terms.js';

const terms = (closing_day: number, payment_month_offset: number, payment_day: number) => ({
  closing_day,
  payment_month_offset,
  payment_day,
});

describe('dueDateFromTerms', () => {
  it('月末締め翌月末払い: any day of the month → the end of the next month (Feb, leap years)', () => {
    const t = terms(31, 1, 31);
    expect(dueDateFromTerms('2026-01-01', t)).toBe('2026-02-28');
    expect(dueDateFromTerms('2026-01-31', t)).toBe('2026-02-28');
    expect(dueDateFromTerms('2028-01-15', t)).toBe('2028-02-29');
    expect(dueDateFromTerms('2026-03-31', t)).toBe('2026-04-30');
    expect(dueDateFromTerms('2026-12-10', t)).toBe('2027-01-31');
  });

  it('20日締め翌月10日払い: up to the 20th closes this month, after it the next', () => {
    const t = terms(20, 1, 10);
    expect(dueDateFromTerms('2026-05-20', t)).toBe('2026-06-10');
    expect(dueDateFromTerms('2026-05-21', t)).toBe('2026-07-10');
    expect(dueDateFromTerms('2026-12-25', t)).toBe('2027-02-10');
  });

  it('29日・30日 as the closing or payment day: clamped in February', () => {
    expect(dueDateFromTerms('2026-02-28', terms(30, 0, 31))).toBe('2026-02-28');
    expect(dueDateFromTerms('2026-01-31', terms(30, 1, 30))).toBe('2026-03-30');
    expect(dueDateFromTerms('2026-01-10', terms(29, 1, 29))).toBe('2026-02-28');
    expect(dueDateFromTerms('2028-01-10', terms(29, 1, 30))).toBe('2028-02-29');
    expect(dueDateFromTerms('2026-01-30', terms(29, 1, 30))).toBe('2026-03-30');
  });

  it('翌々月 and 当月; 当月 with the payment day before the date moves a month on', () => {
    expect(dueDateFromTerms('2026-11-15', terms(31, 2, 15))).toBe('2027-01-15');
    expect(dueDateFromTerms('2026-05-10', terms(31, 0, 31))).toBe('2026-05-31');
    expect(dueDateFromTerms('2026-05-20', terms(25, 0, 10))).toBe('2026-06-10');
  });

  it('null while the terms are not all set', () => {
    expect(dueDateFromTerms('2026-05-10', { closing_day: 31, payment_month_offset: null, payment_day: 31 })).toBeNull();
    expect(dueDateFromTerms('2026-05-10', { closing_day: null, payment_month_offset: 1, payment_day: 31 })).toBeNull();
  });
});

describe('parsePaymentTerms / paymentTermsLabel', () => {
  it.each([
    ['月末締め翌月末払い', terms(31, 1, 31)],
    ['20日締め、翌月10日払い', terms(20, 1, 10)],
    ['末締め翌々月15日支払', terms(31, 2, 15)],
    ['毎月２５日締め当月末日払', terms(25, 0, 31)],
  ])('%s', (text, t) => {
    expect(parsePaymentTerms(text)).toEqual(t);
  });

  it('reads nothing it does not understand', () => {
    expect(parsePaymentTerms('納品後30日以内')).toBeNull();
    expect(parsePaymentTerms('')).toBeNull();
    expect(parsePaymentTerms('40日締め翌月末払い')).toBeNull();
  });

  it('labels the terms', () => {
    expect(paymentTermsLabel(terms(31, 1, 31))).toBe('末日締め・翌月末日払い');
    expect(paymentTermsLabel(terms(20, 1, 10))).toBe('20日締め・翌月10日払い');
    expect(paymentTermsLabel({ closing_day: 20, payment_month_offset: null, payment_day: 10 })).toBe('');
  });
});
