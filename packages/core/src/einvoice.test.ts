import { describe, expect, it } from 'vitest';
import { checkEInvoice, type EInvoiceData, einvoiceTaxes, taxCategoryOf } from './einvoice.js';

/**
 * A 適格請求書 of 10% ¥10,000 and 8% ¥1,001 (FACTS.md §4: tax once per document per rate; 8% of 1,001 is
 * 80.08, so 80 and 81 are both within floor–ceiling and 79 or 82 are not).
 */
function doc(over: Partial<EInvoiceData> = {}): EInvoiceData {
  const party = (name: string, rn: string | null) => ({
    name,
    registration_number: rn,
    corporate_number: null,
    endpoint: { scheme: '0221', id: rn ?? 'x' },
    country: 'JP',
  });
  const line = (id: string, net: number, code: string, percent: number | null) => ({
    id,
    name: '品目',
    quantity: 1,
    unit_code: 'H87',
    price: net,
    net_amount: net,
    tax_code: code,
    percent,
    period_start: '2026-05-10',
    period_end: '2026-05-10',
    document_ref: null,
  });
  return {
    customization_id: 'urn:peppol:pint:billing-1@jp-1',
    profile_id: 'urn:peppol:bis:billing',
    number: '1',
    issue_date: '2026-05-31',
    due_date: null,
    type_code: '380',
    currency: 'JPY',
    note: null,
    period_start: '2026-05-01',
    period_end: '2026-05-31',
    preceding: null,
    seller: party('売り手', 'T7000012050002'),
    buyer: party('買い手', 'T8010001187654'),
    lines: [line('1', 10_000, 'S', 10), line('2', 1_001, 'AA', 8)],
    allowance_charges: [],
    tax_total: 1_080,
    tax_subtotals: [
      { tax_code: 'S', percent: 10, taxable: 10_000, tax: 1_000 },
      { tax_code: 'AA', percent: 8, taxable: 1_001, tax: 80 },
    ],
    totals: {
      line_extension: 11_001,
      tax_exclusive: 11_001,
      tax_inclusive: 12_081,
      allowance_total: null,
      charge_total: null,
      prepaid: null,
      rounding: null,
      payable: 12_081,
    },
    ...over,
  };
}

const rules = (d: EInvoiceData) => checkEInvoice(d).map((f) => f.rule);

describe('checkEInvoice', () => {
  it('a correct document has no findings; 8% of ¥1,001 may be ¥80 (floor) or ¥81 (ceiling)', () => {
    expect(checkEInvoice(doc())).toEqual([]);
    const up = doc({
      tax_total: 1_081,
      tax_subtotals: [
        { tax_code: 'S', percent: 10, taxable: 10_000, tax: 1_000 },
        { tax_code: 'AA', percent: 8, taxable: 1_001, tax: 81 },
      ],
      totals: { ...doc().totals, tax_inclusive: 12_082, payable: 12_082 },
    });
    expect(checkEInvoice(up)).toEqual([]);
  });

  it('per-rate tax outside floor–ceiling (aligned-ibrp-051-jp), with the range in Japanese', () => {
    const d = doc({
      tax_total: 1_081,
      tax_subtotals: [
        { tax_code: 'S', percent: 10, taxable: 10_000, tax: 1_001 },
        { tax_code: 'AA', percent: 8, taxable: 1_001, tax: 80 },
      ],
      totals: { ...doc().totals, tax_inclusive: 12_082, payable: 12_082 },
    });
    const f = checkEInvoice(d);
    expect(f).toEqual([
      {
        rule: 'aligned-ibrp-051-jp',
        severity: 'fatal',
        message: '10%の消費税額 1,001円 が対象額 10,000円 × 10% の端数処理の範囲（1,000円）にありません',
      },
    ]);
  });

  it('sum of lines per rate, document totals, whole yen', () => {
    const d = doc({ lines: [doc().lines[0], { ...doc().lines[1], net_amount: 1_000 }] });
    expect(rules(d)).toEqual(['jp-chobo-rate-base', 'ibr-co-10', 'ibr-co-13']);
    const frac = doc({ tax_total: 1_080.5 });
    expect(rules(frac)).toContain('aligned-ibr-jp-06');
    expect(rules(doc({ totals: { ...doc().totals, payable: 12_000 } }))).toEqual(['ibr-co-16']);
  });

  it('mandatory parties and dates: 登録番号, buyer, issue date, period', () => {
    const d = doc({
      seller: { ...(doc().seller as NonNullable<EInvoiceData['seller']>), registration_number: null },
      buyer: null,
      issue_date: null,
      period_start: null,
      period_end: null,
      lines: doc().lines.map((l) => ({ ...l, period_start: null, period_end: null })),
    });
    expect(rules(d)).toEqual(['ibr-003', 'aligned-ibrp-052', 'aligned-ibr-jp-04', 'ibr-007', 'ibr-080']);
    const badDigit = doc({
      seller: { ...(doc().seller as NonNullable<EInvoiceData['seller']>), registration_number: 'T1234567890123' },
    });
    expect(checkEInvoice(badDigit)).toMatchObject([{ rule: 'jp-chobo-registration-check-digit', severity: 'warning' }]);
  });

  it('maps UBL tax categories to Chobo’s and sums the figures per category', () => {
    expect([taxCategoryOf('S', 10), taxCategoryOf('AA', 8), taxCategoryOf('E', 0), taxCategoryOf('O', null)]).toEqual([
      '10',
      '8',
      'exempt',
      'out_of_scope',
    ]);
    expect(einvoiceTaxes(doc())).toEqual([
      { tax_category: '10', base: 10_000, tax: 1_000 },
      { tax_category: '8', base: 1_001, tax: 80 },
    ]);
  });
});
