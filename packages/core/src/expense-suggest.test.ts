import { describe, expect, it } from 'vitest';
import { suggestExpenseAccountName } from './expense-suggest.js';

describe('suggestExpenseAccountName', () => {
  it.each([
    ['タクシー代', '旅費交通費'],
    ['JR 乗車券', '旅費交通費'],
    ['ｺｲﾝﾊﾟｰｷﾝｸﾞ 駐車料金', '旅費交通費'],
    ['文具一式', '消耗品費'],
    ['コピー用紙 A4', '消耗品費'],
    ['携帯電話 ご利用料金', '通信費'],
    ['インターネット 通信料', '通信費'],
    ['電気料金', '水道光熱費'],
  ])('%s → %s', (text, account) => {
    expect(suggestExpenseAccountName(text)).toBe(account);
  });

  it('null when no word is known', () => {
    expect(suggestExpenseAccountName('商品代金')).toBeNull();
    expect(suggestExpenseAccountName('')).toBeNull();
    expect(suggestExpenseAccountName(null)).toBeNull();
  });
});
