import { journalEntryInput } from '@chobo/core';
import { describe, expect, it } from 'vitest';
import {
  balancingLine,
  contractErrors,
  emptyLine,
  entryPreview,
  fieldNames,
  type LineValues,
  lineError,
  linesError,
  remapLineErrors,
  sideNames,
  sideSummary,
  type TaxSplit,
  toBody,
  totalsOf,
  unbalancedReason,
} from './journal-form-values';

const line = (extra: Partial<LineValues>): LineValues => ({ ...emptyLine(), ...extra });
const RENT = line({ account_id: 5, debit: 5500, tax_category: 'purchase_10' });
const BANK = line({ account_id: 2, credit: 5500 });
const split = (mode: TaxSplit['mode']): TaxSplit => ({ mode, rounding: 'floor', prepaidId: 7, receivedId: 8 });

describe('the journal form values', () => {
  it('totals the lines; balanced only when equal and not zero', () => {
    expect(totalsOf([RENT, BANK])).toEqual({ debit: 5500, credit: 5500, difference: 0, balanced: true });
    expect(totalsOf([emptyLine(), emptyLine()])).toMatchObject({ difference: 0, balanced: false });
    expect(totalsOf([RENT, emptyLine()])).toMatchObject({ difference: 5500, balanced: false });
  });

  it('drops blank lines and keeps the form index of each body line', () => {
    const { body, formIndex } = toBody({ date: '2026-04-01', description: ' 家賃 ', lines: [emptyLine(), RENT, BANK] });
    expect(body.description).toBe('家賃');
    expect(body.lines.map((l) => l.account_id)).toEqual([5, 2]);
    expect(formIndex).toEqual([1, 2]);
  });

  it('previews the totals after the 税抜経理 split (税込入力 takes the tax out, 税抜入力 adds it)', () => {
    const inclusive = entryPreview([RENT, BANK], split('inclusive'));
    expect(inclusive.totals).toMatchObject({ debit: 5500, credit: 5500, balanced: true });
    expect(inclusive.taxes).toEqual([{ formIndex: 0, account_id: 7, amount: 500, net: 5000 }]);
    const exclusive = entryPreview([RENT, BANK], split('exclusive'));
    expect(exclusive.totals).toMatchObject({ debit: 6050, credit: 5500, difference: 550 });
    expect(entryPreview([RENT, BANK], null)).toEqual({ totals: totalsOf([RENT, BANK]), taxes: [] });
  });

  it('pre-fills the added line with the amount that balances the entry', () => {
    expect(balancingLine(totalsOf([RENT]))).toEqual(line({ credit: 5500 }));
    expect(balancingLine(totalsOf([BANK]))).toEqual(line({ debit: 5500 }));
    expect(balancingLine(totalsOf([RENT, BANK]))).toEqual(emptyLine());
  });

  it('says why an unbalanced entry was not saved', () => {
    expect(unbalancedReason(totalsOf([emptyLine()]))).toBe(
      '保存できません: 金額が入力されていません。借方と貸方に金額を入力してください。',
    );
    expect(unbalancedReason(totalsOf([RENT, line({ credit: 5000 })]))).toBe(
      '保存できません: 借方合計と貸方合計が一致していません（貸方が500円不足しています）。',
    );
    expect(unbalancedReason(totalsOf([line({ debit: 1000 }), BANK]))).toContain('借方が4,500円不足');
  });

  it('names the accounts of each side; several become 諸口', () => {
    const names = new Map([
      [2, '普通預金'],
      [5, '地代家賃'],
      [1, '現金'],
    ]);
    const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
    const sides = sideNames([RENT, BANK, line({ account_id: 1, credit: 10 }), line({ debit: 3 })], nameOf);
    expect(sides).toEqual({ debit: ['地代家賃'], credit: ['普通預金', '現金'] });
    expect([sideSummary(sides.debit), sideSummary(sides.credit), sideSummary([])]).toEqual(['地代家賃', '諸口', '—']);
  });

  it('turns the contract issues into field errors under the form lines', () => {
    const { body, formIndex } = toBody({ date: '', description: '', lines: [emptyLine(), RENT] });
    const checked = journalEntryInput.safeParse(body);
    expect(checked.success).toBe(false);
    const local = contractErrors(checked.success ? [] : checked.error.issues);
    expect(Object.keys(local)).toEqual(expect.arrayContaining(['date', 'description']));
    expect(
      contractErrors([
        { path: [], message: 'a' },
        { path: [], message: 'b' },
      ]),
    ).toEqual({ lines: ['a', 'b'] });
    expect(remapLineErrors({ 'lines.0.debit': ['x'], 'lines.1': ['y'], date: ['z'] }, formIndex)).toEqual({
      'lines.1.debit': ['x'],
      'lines.1': ['y'],
      date: ['z'],
    });
    expect(fieldNames(1)).toEqual([
      'date',
      'description',
      'lines',
      'lines.0.account_id',
      'lines.0.debit',
      'lines.0.credit',
      'lines.0.memo',
      'lines.0.tax_category',
    ]);
  });

  it('reads the line and lines messages of the form errors', () => {
    const errors = { lines: Object.assign([{ debit: { type: 'server', message: '金額' } }], { root: undefined }) };
    expect(lineError(errors as never, 0, 'debit')).toBe('金額');
    expect(lineError(errors as never, 1, 'debit')).toBeUndefined();
    expect(linesError({ lines: { type: 'server', message: '2行以上' } } as never)).toBe('2行以上');
    expect(linesError({ lines: { root: { type: 'server', message: 'root' }, message: 'x' } } as never)).toBe('root');
    expect(linesError({})).toBeUndefined();
  });
});
