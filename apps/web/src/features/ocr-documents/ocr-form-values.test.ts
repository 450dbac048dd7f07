import { describe, expect, it } from 'vitest';
import { changes, type FormValues } from './ocr-form-values';

const BEFORE: FormValues = {
  issuer_name: '株式会社 山田商店',
  registration_number: '',
  transaction_date: '2026-04-01',
  total: 1100,
  base10: 1000,
  tax10: 100,
  base8: '',
  tax8: '',
  phone: '',
  document_type: '4',
};

describe('the OCR corrections', () => {
  it('sends nothing while nothing changed', () => {
    expect(changes(BEFORE, { ...BEFORE })).toEqual({});
  });

  it('sends the changed fields only: text trimmed (empty → null), numbers, the document type', () => {
    expect(
      changes(BEFORE, { ...BEFORE, issuer_name: '  山田商店 ', phone: '   ', total: '', document_type: '2' }),
    ).toEqual({ issuer_name: '山田商店', phone: null, total: null, document_type: 2 });
  });

  it('sends every rate that has an amount once any tax amount changed', () => {
    expect(changes(BEFORE, { ...BEFORE, base8: 500 })).toEqual({
      taxes: [
        { tax_category: '10', base: 1000, tax: 100 },
        { tax_category: '8', base: 500, tax: 0 },
      ],
    });
  });
});
