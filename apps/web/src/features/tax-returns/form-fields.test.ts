import { describe, expect, it } from 'vitest';
import { boxChars, formDate, joinBoxes, period, splitBoxes } from './form-fields';

describe('the return form fields', () => {
  it('keeps a number one digit per field and reads it back', () => {
    const patch = splitBoxes('company_number', 8, '12-34 56');
    expect(patch).toEqual({
      company_number_01: '1',
      company_number_02: '2',
      company_number_03: '3',
      company_number_04: '4',
      company_number_05: '5',
      company_number_06: '6',
      company_number_07: '',
      company_number_08: '',
    });
    expect(joinBoxes(patch, 'company_number', 8)).toBe('123456');
    expect(boxChars({ corporate_number_02: '7' }, 'corporate_number', 3)).toEqual(['', '7', '']);
  });

  it('cuts a number longer than its boxes', () => {
    expect(joinBoxes(splitBoxes('x', 3, '98765'), 'x', 3)).toBe('987');
  });

  it('writes a 和暦 date and the period, or a hint while it is empty', () => {
    const form = {
      fiscal_year_from_era: '令和',
      fiscal_year_from_year: '6',
      fiscal_year_from_month: '4',
      fiscal_year_from_day: '1',
      fiscal_year_to_era: '令和',
      fiscal_year_to_year: '7',
      fiscal_year_to_month: '3',
      fiscal_year_to_day: '31',
    };
    expect(formDate(form, 'fiscal_year', 'to')).toBe('令和7年3月31日');
    expect(formDate({}, 'fiscal_year', 'to')).toBe('');
    expect(period(form, 'fiscal_year')).toBe('自 令和6年4月1日　至 令和7年3月31日');
    expect(period({}, 'fiscal_year')).toBe('（「帳簿から作成」で入ります）');
  });
});
