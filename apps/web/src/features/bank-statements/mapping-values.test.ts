import { describe, expect, it } from 'vitest';
import { guess, mappingErrors, mappingInput, valuesOf } from './mapping-values';

describe('the column mapping values', () => {
  it('guesses the columns from the usual header words', () => {
    expect(guess(['日付', '摘要', 'お預入れ', 'お引出し', '残高'])).toEqual({
      date_column: 1,
      description_column: 2,
      in_column: 3,
      out_column: 4,
      balance_column: 5,
      counterparty_column: null,
    });
    expect(guess(['日付', '内容', '金額'])).toMatchObject({ amount_mode: 'signed', amount_column: 3 });
  });

  it('asks for the name and the required columns of the chosen form of the amount', () => {
    const v = valuesOf(null);
    expect(Object.keys(mappingErrors(v))).toEqual([
      'name',
      'date_column',
      'description_column',
      'in_column',
      'out_column',
    ]);
    expect(mappingErrors({ ...v, amount_mode: 'signed' }).amount_column).toEqual(['金額の列を指定してください']);
  });

  it('saves only the amount columns of the chosen form', () => {
    const v = {
      ...valuesOf(null),
      name: '信金',
      date_column: 1,
      description_column: 2,
      in_column: 3,
      amount_column: 4,
    };
    expect(mappingInput(v)).toMatchObject({ in_column: 3, amount_column: null });
    expect(mappingInput({ ...v, amount_mode: 'signed' })).toMatchObject({ in_column: null, amount_column: 4 });
  });
});
