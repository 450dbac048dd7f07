import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayCount,
  daysBetween,
  fiscalYearContaining,
  fiscalYearLabel,
  isMonthEnd,
  lastDayOfMonth,
  monthsOf,
  nextMonthStart,
  previousPeriod,
  shiftYears,
} from './periods.js';

describe('day arithmetic', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2025-03-31', 366)).toBe('2026-04-01');
  });

  it('counts days between dates and inside periods', () => {
    expect(daysBetween('2026-04-01', '2026-04-01')).toBe(0);
    expect(daysBetween('2026-04-02', '2026-04-01')).toBe(-1);
    expect(dayCount({ from: '2025-04-01', to: '2026-03-31' })).toBe(365);
    expect(dayCount({ from: '2023-04-01', to: '2024-03-31' })).toBe(366);
    expect(dayCount({ from: '2024-02-01', to: '2024-02-29' })).toBe(29);
  });

  it('knows month ends', () => {
    expect(lastDayOfMonth(2024, 2)).toBe('2024-02-29');
    expect(lastDayOfMonth(2100, 2)).toBe('2100-02-28');
    expect(lastDayOfMonth(2025, 12)).toBe('2025-12-31');
    expect(isMonthEnd('2024-02-29')).toBe(true);
    expect(isMonthEnd('2024-02-28')).toBe(false);
    expect(isMonthEnd('2025-02-28')).toBe(true);
    expect(nextMonthStart('2025-12-15')).toBe('2026-01-01');
    expect(nextMonthStart('2026-01-31')).toBe('2026-02-01');
  });
});

describe('shiftYears', () => {
  it('keeps the day of the month', () => {
    expect(shiftYears('2026-04-01', -1)).toBe('2025-04-01');
    expect(shiftYears('2024-02-28', -1)).toBe('2023-02-28');
    expect(shiftYears('2025-06-15', 2)).toBe('2027-06-15');
  });

  it('maps a month end to the month end (leap years)', () => {
    expect(shiftYears('2024-02-29', -1)).toBe('2023-02-28');
    expect(shiftYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(shiftYears('2025-02-28', -1)).toBe('2024-02-29');
    expect(shiftYears('2026-03-31', -1)).toBe('2025-03-31');
  });
});

describe('previousPeriod (前期比較: the same range one year earlier)', () => {
  it('gives the previous fiscal year of an April–March year', () => {
    expect(previousPeriod({ from: '2025-04-01', to: '2026-03-31' })).toEqual({ from: '2024-04-01', to: '2025-03-31' });
  });

  it('gives the previous fiscal year of a March–February year, leap day included', () => {
    expect(previousPeriod({ from: '2024-03-01', to: '2025-02-28' })).toEqual({ from: '2023-03-01', to: '2024-02-29' });
    expect(previousPeriod({ from: '2023-03-01', to: '2024-02-29' })).toEqual({ from: '2022-03-01', to: '2023-02-28' });
  });

  it('gives the same month or months of the year before, not the months just before', () => {
    expect(previousPeriod({ from: '2024-02-01', to: '2024-02-29' })).toEqual({ from: '2023-02-01', to: '2023-02-28' });
    expect(previousPeriod({ from: '2026-01-01', to: '2026-03-31' })).toEqual({ from: '2025-01-01', to: '2025-03-31' });
    expect(previousPeriod({ from: '2026-04-10', to: '2026-05-20' })).toEqual({ from: '2025-04-10', to: '2025-05-20' });
  });
});

describe('fiscal years', () => {
  it('finds the April–March year containing a date', () => {
    expect(fiscalYearContaining('2026-03-31', 3)).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(fiscalYearContaining('2026-04-01', 3)).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(fiscalYearContaining('2025-12-31', 3)).toEqual({ from: '2025-04-01', to: '2026-03-31' });
  });

  it('handles calendar years and February year-ends', () => {
    expect(fiscalYearContaining('2026-06-15', 12)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(fiscalYearContaining('2024-02-29', 2)).toEqual({ from: '2023-03-01', to: '2024-02-29' });
    expect(fiscalYearContaining('2024-03-01', 2)).toEqual({ from: '2024-03-01', to: '2025-02-28' });
  });

  it('names a year by its last month', () => {
    expect(fiscalYearLabel('2026-03-31')).toBe('2026年3月期');
    expect(fiscalYearLabel('2025-12-31')).toBe('2025年12月期');
  });
});

describe('monthsOf', () => {
  it('lists the whole months of an April–March year', () => {
    const months = monthsOf('2025-04-01', '2026-03-31');
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: '2025-04', from: '2025-04-01', to: '2025-04-30', label: '4月' });
    expect(months[10]).toEqual({ month: '2026-02', from: '2026-02-01', to: '2026-02-28', label: '2月' });
    expect(months[11]).toEqual({ month: '2026-03', from: '2026-03-01', to: '2026-03-31', label: '3月' });
  });

  it('covers ragged ends with whole months and leap Februaries', () => {
    expect(monthsOf('2024-01-15', '2024-02-10').map((m) => [m.from, m.to])).toEqual([
      ['2024-01-01', '2024-01-31'],
      ['2024-02-01', '2024-02-29'],
    ]);
  });

  it('is empty for a reversed range and stops at 36 months', () => {
    expect(monthsOf('2026-05-01', '2026-04-30')).toEqual([]);
    expect(monthsOf('2020-01-01', '2029-12-31')).toHaveLength(36);
  });
});
