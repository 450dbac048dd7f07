import { describe, expect, it } from 'vitest';
import { MAX_DATE, MIN_DATE } from '../validators.js';
import { isoDateField, journalListQuery, optionalDateField } from './accounting.js';
import { idField, idParam, optionalIdField } from './common.js';
import { transactionInput } from './transactions.js';

/** Issue 31: ids beyond int4 and dates PostgreSQL cannot hold are refused by the shared schemas (422, not 500). */
describe('id fields', () => {
  it.each([0, -1, 1.5, 2_147_483_648, 1e308, 'abc', '2147483648'])('%s is refused with the label', (v) => {
    const r = idField('取引先').safeParse(v);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('取引先を選択してください');
    expect(idParam.safeParse(v).success).toBe(false);
    expect(optionalIdField('商品').safeParse(v).success).toBe(false);
  });
  it('accepts 1 … 2,147,483,647 (also as text)', () => {
    expect(idField('取引先').parse('2147483647')).toBe(2_147_483_647);
    expect(idParam.parse(1)).toBe(1);
    expect(optionalIdField('商品').parse('')).toBeNull();
  });
  it('a body id beyond int4 is a field error of that field', () => {
    const r = transactionInput.safeParse({ customer_id: 2_147_483_648, transaction_date: '2026-06-01', subject: 'x' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.some((i) => i.path[0] === 'customer_id')).toBe(true);
  });
});

describe('date fields: 1900-01-01 … 2999-12-31', () => {
  it.each(['0000-01-01', '1899-12-31', '3000-01-01', '9999-12-31', '10000-01-01'])('%s is refused', (v) => {
    expect(isoDateField('日付').safeParse(v).success).toBe(false);
    expect(journalListQuery.safeParse({ from: v }).success).toBe(false);
  });
  it.each([MIN_DATE, MAX_DATE, '2026-06-01'])('%s is accepted', (v) => {
    expect(optionalDateField('開始日').parse(v)).toBe(v);
  });
  it('says the range in Japanese', () => {
    const r = isoDateField('開始日').safeParse('0000-01-01');
    expect(r.error?.issues.map((i) => i.message)).toContain(
      '開始日は1900-01-01から2999-12-31までの日付で入力してください',
    );
  });
});
