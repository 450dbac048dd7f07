import { describe, expect, it } from 'vitest';
import { journalLineInput } from './contracts/accounting.js';
import { customerInput } from './contracts/customers.js';
import { productInput } from './contracts/products.js';
import { documentTaxInput } from './contracts/transaction-documents.js';
import { transactionLineInput } from './contracts/transactions.js';
import { normalizeCodeText, normalizeNumberText, parseNumberText } from './number-input.js';

describe('normalizeNumberText / parseNumberText', () => {
  it.each([
    ['１０', 10],
    ['１，０００', 1000],
    ['1,000', 1000],
    ['１，０００円', 1000],
    ['￥１，０００', 1000],
    ['¥1,000', 1000],
    ['　１ ０００ ', 1000],
    ['－１，０００', -1000],
    ['−500', -500],
    ['ー５', -5],
    ['‐５', -5],
    ['△1,200', -1200],
    ['１．５', 1.5],
    ['0.125', 0.125],
  ])('%s → %s', (typed, n) => {
    expect(parseNumberText(typed)).toBe(n);
  });

  it('answers null for nothing and NaN for what is not a number', () => {
    expect(parseNumberText('')).toBeNull();
    expect(parseNumberText('　')).toBeNull();
    expect(parseNumberText('－')).toBeNull();
    expect(parseNumberText('abc')).toBeNaN();
    expect(parseNumberText('1-2')).toBeNaN();
    expect(parseNumberText('1.2.3')).toBeNaN();
  });

  it('leaves plain ASCII numbers as they are', () => {
    expect(normalizeNumberText('12345')).toBe('12345');
    expect(normalizeNumberText('-7')).toBe('-7');
  });
});

describe('normalizeCodeText', () => {
  it('makes digits, letters and dashes half-width', () => {
    expect(normalizeCodeText('０３ー１２３４ー５６７８')).toBe('03-1234-5678');
    expect(normalizeCodeText('０３－１２３４－５６７８')).toBe('03-1234-5678');
    expect(normalizeCodeText('03‐1234‐5678')).toBe('03-1234-5678');
    expect(normalizeCodeText(' Ｔ７０００ ')).toBe('T7000');
    expect(normalizeCodeText('ＡＢＣ－００１')).toBe('ABC-001');
  });

  it('keeps the 長音符 of a word (only between letters or digits is it a hyphen)', () => {
    expect(normalizeCodeText('コーヒー01')).toBe('コーヒー01');
  });
});

describe('the contracts read full-width input', () => {
  it('takes 数量 and 単価 of a sale line as typed', () => {
    const line = transactionLineInput.parse({
      description: '作業',
      quantity: '１０',
      unit_price: '１，０００',
      tax_category: '10',
    });
    expect(line).toMatchObject({ quantity: 10, unit_price: 1000 });
    expect(transactionLineInput.parse({ ...line, quantity: '１．５', unit_price: '－５００円' })).toMatchObject({
      quantity: 1.5,
      unit_price: -500,
    });
  });

  it('still refuses what is not a number, in Japanese', () => {
    const r = transactionLineInput.safeParse({
      description: '作業',
      quantity: '十',
      unit_price: '1,000',
      tax_category: '10',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain('数量は数値で入力してください');
  });

  it('takes 借方 / 貸方 with full-width digits, commas and 円', () => {
    const line = journalLineInput.parse({ account_id: 1, debit: '１，０００円', credit: '' });
    expect(line).toMatchObject({ debit: 1000, credit: 0 });
    const r = journalLineInput.safeParse({ account_id: 1, debit: '－１，０００', credit: '' });
    expect(r.error?.issues.map((i) => i.message)).toContain('借方金額は0以上で入力してください');
  });

  it('takes a product price and a document amount', () => {
    expect(
      productInput.parse({ code: 'ＡＢＣ－１', name: '商品', unit_price: '￥３，２８０', tax_category: '10' }),
    ).toMatchObject({ code: 'ABC-1', unit_price: 3280 });
    expect(documentTaxInput.parse({ tax_category: '10', base: '７９，６８６', tax: '７，９６８' })).toMatchObject({
      base: 79686,
      tax: 7968,
    });
  });

  it('stores phone, 郵便番号, 登録番号 and 締め日 half-width', () => {
    const c = customerInput.parse({
      name: '株式会社テスト',
      tel: '０３－１２３４－５６７８',
      mobile: '０９０ー１２３４ー５６７８',
      fax: '03−1234−5679',
      postal_code: '１００ー０００１',
      registration_number: 'ｔ７００００１２０５０００２',
      closing_day: '２０',
    });
    expect(c).toMatchObject({
      tel: '03-1234-5678',
      mobile: '090-1234-5678',
      fax: '03-1234-5679',
      postal_code: '1000001',
      registration_number: 'T7000012050002',
      closing_day: 20,
    });
  });
});
