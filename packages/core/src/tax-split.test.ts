import { describe, expect, it } from 'vitest';
import { lineTax, type PostingLine, splitEntryTax, type TaxBook } from './tax-split.js';

const FEE = 6240;
const BANK = 1120;
const PREPAID = 1450;
const RECEIVED = 2210;
const BAD_DEBT = 6295;
const book = (over: Partial<TaxBook> = {}): TaxBook => ({
  method: 'exclusive',
  rounding: 'floor',
  prepaidId: PREPAID,
  receivedId: RECEIVED,
  ...over,
});
const line = (account_id: number, debit: number, credit: number, tax_category = 'none', extra = {}): PostingLine =>
  ({ account_id, debit, credit, tax_category, customer_id: null, memo: null, ...extra }) as PostingLine;
const sides = (ls: { account_id: number; debit: number; credit: number }[]) =>
  ls.map((l) => [l.account_id, l.debit, l.credit]);

describe('splitEntryTax (one split for every posting path)', () => {
  it('税抜経理: 330 課税仕入10% → 300 + 仮払消費税等 30 on the same side', () => {
    const out = splitEntryTax([line(FEE, 330, 0, 'purchase_10'), line(BANK, 0, 330)], book());
    expect(sides(out)).toEqual([
      [FEE, 300, 0],
      [PREPAID, 30, 0],
      [BANK, 0, 330],
    ]);
    expect(out[1].tax_category).toBe('none');
  });

  it('rounds once with the company setting (FACTS §4: amount × 10/110, 8/108)', () => {
    expect(lineTax(1000, 'purchase_10', 'inclusive', 'floor')).toBe(90);
    expect(lineTax(1000, 'purchase_10', 'inclusive', 'round')).toBe(91);
    expect(lineTax(1000, 'sales_8', 'inclusive', 'ceil')).toBe(75);
    expect(lineTax(1000, 'sales_10', 'exclusive', 'floor')).toBe(100);
    expect(lineTax(1000, 'none', 'inclusive', 'floor')).toBe(0);
  });

  it('税込経理 keeps every line gross', () => {
    const given = [line(FEE, 330, 0, 'purchase_10'), line(BANK, 0, 330)];
    expect(sides(splitEntryTax(given, book({ method: 'inclusive' })))).toEqual(sides(given));
  });

  it('an entry that already carries its tax line is left as it is; a known tax (the document’s) wins', () => {
    const split = [line(FEE, 300, 0, 'purchase_10'), line(PREPAID, 30, 0), line(BANK, 0, 330)];
    expect(sides(splitEntryTax(split, book()))).toEqual(sides(split));
    // 貸倒れ of 11,000 with the sale's own 1,000: 貸倒損失 10,000 + 仮受消費税等 1,000 debit
    const writeOff = splitEntryTax(
      [line(BAD_DEBT, 11_000, 0, 'bad_debt_10', { tax: 1_000 }), line(1220, 0, 11_000)],
      book(),
    );
    expect(sides(writeOff)).toEqual([
      [BAD_DEBT, 10_000, 0],
      [RECEIVED, 1_000, 0],
      [1220, 0, 11_000],
    ]);
    // a known tax of 0 is not re-derived
    expect(sides(splitEntryTax([line(4110, 0, 5, 'sales_10', { tax: 0 }), line(1220, 5, 0)], book()))).toEqual([
      [4110, 0, 5],
      [1220, 5, 0],
    ]);
  });
});

describe('the 税区分 of the return (経過措置, 返還等, 個別対応)', () => {
  const SALES = 4110;
  const PURCHASES = 5120;
  it('適格請求書なし: only the 経過措置 share of the tax is booked, by the entry date (80% to 2026-09-30, then 50%)', () => {
    // 110,000 × 10/110 = 10,000: × 80% = 8,000 on 2026-09-30, × 50% = 5,000 on 2026-10-01, none after 2029-09-30
    expect(lineTax(110_000, 'purchase_nq_10', 'inclusive', 'floor', '2026-09-30')).toBe(8_000);
    expect(lineTax(110_000, 'purchase_nq_10', 'inclusive', 'floor', '2026-10-01')).toBe(5_000);
    expect(lineTax(110_000, 'purchase_nq_10', 'inclusive', 'floor', '2029-10-01')).toBe(0);
    // 8%: 1,080 × 8/108 = 80 × 80% = 64; 税抜入力 1,000 × 8% = 80 × 50% = 40
    expect(lineTax(1_080, 'purchase_nq_8', 'inclusive', 'floor', '2025-01-10')).toBe(64);
    expect(lineTax(1_000, 'purchase_nq_8', 'exclusive', 'floor', '2027-01-10')).toBe(40);
    const lines: PostingLine[] = [
      {
        account_id: PURCHASES,
        debit: 110_000,
        credit: 0,
        tax_category: 'purchase_nq_10',
        customer_id: null,
        memo: null,
      },
      { account_id: BANK, debit: 0, credit: 110_000, tax_category: 'none', customer_id: null, memo: null },
    ];
    const split = splitEntryTax(lines, book(), '2026-10-01');
    expect(split.map((l) => [l.account_id, l.debit, l.credit])).toEqual([
      [PURCHASES, 105_000, 0],
      [PREPAID, 5_000, 0],
      [BANK, 0, 110_000],
    ]);
  });
  it('返還等 keep their side: 売上の返還等 debits 仮受消費税等, 仕入の返還等 credits 仮払消費税等', () => {
    const out = splitEntryTax(
      [
        { account_id: SALES, debit: 1_100, credit: 0, tax_category: 'sales_ret_10', customer_id: null, memo: null },
        {
          account_id: PURCHASES,
          debit: 0,
          credit: 1_080,
          tax_category: 'purchase_ret_8',
          customer_id: null,
          memo: null,
        },
        { account_id: BANK, debit: 0, credit: 20, tax_category: 'none', customer_id: null, memo: null },
      ],
      book(),
    );
    expect(out.map((l) => [l.account_id, l.debit, l.credit])).toEqual([
      [SALES, 1_000, 0],
      [RECEIVED, 100, 0],
      [PURCHASES, 0, 1_000],
      [PREPAID, 0, 80],
      [BANK, 0, 20],
    ]);
  });
  it('個別対応 marks split like 課税仕入 of their rate', () => {
    expect(lineTax(330, 'purchase_10_tx', 'inclusive', 'floor')).toBe(30);
    expect(lineTax(324, 'purchase_8_ex', 'inclusive', 'floor')).toBe(24);
  });
});
