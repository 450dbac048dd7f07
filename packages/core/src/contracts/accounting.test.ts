import { describe, expect, it } from 'vitest';
import { accountCreateInput, journalEntryInput } from './accounting.js';
import { ledgerQuery, periodQuery, profitLabel } from './accounting-reports.js';

const line = (account_id: number, debit: unknown, credit: unknown) => ({ account_id, debit, credit });

describe('journalEntryInput', () => {
  it('accepts a balanced entry, reading "1,100" and "" as yen', () => {
    const r = journalEntryInput.parse({
      date: '2026-04-01',
      description: ' 売上 ',
      lines: [line(1, '1,100', ''), line(2, null, 1100)],
    });
    expect(r.description).toBe('売上');
    expect(r.lines.map((l) => [l.debit, l.credit, l.tax_category])).toEqual([
      [1100, 0, 'none'],
      [0, 1100, 'none'],
    ]);
  });

  it('refuses debits ≠ credits with the difference in the message', () => {
    const r = journalEntryInput.safeParse({
      date: '2026-04-01',
      description: 'x',
      lines: [line(1, 1000, 0), line(2, 0, 900)],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toContain('差額 100円');
  });

  it('refuses both/neither sides, fractions, negatives, impossible dates', () => {
    const r = journalEntryInput.safeParse({
      date: '2026-02-30',
      description: 'x',
      lines: [line(1, 5, 5), line(2, -1, 0), line(3, 0.5, 0)],
    });
    const messages = r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(messages.some((m) => m.startsWith('date: ') && m.includes('存在しない'))).toBe(true);
    expect(messages.some((m) => m.startsWith('lines.0.debit: ') && m.includes('どちらか一方'))).toBe(true);
    expect(messages.some((m) => m.startsWith('lines.1.debit: '))).toBe(true);
    expect(messages.some((m) => m.startsWith('lines.2.debit: ') && m.includes('整数'))).toBe(true);
  });
});

describe('accounts and report queries', () => {
  it('requires the section to belong to the category', () => {
    const ok = accountCreateInput.safeParse({
      code: '1121',
      name: '普通預金2',
      category: 'asset',
      section: 'current_assets',
      cash_flow_role: 'cash',
    });
    expect(ok.success).toBe(true);
    const bad = accountCreateInput.safeParse({
      code: '1121',
      name: 'x',
      category: 'asset',
      section: 'sga',
      cash_flow_role: 'pl',
    });
    expect(bad.error?.issues[0].path).toEqual(['section']);
  });

  it('refuses a period that ends before it starts; defaults format and ledger page', () => {
    expect(periodQuery.safeParse({ from: '2026-05-01', to: '2026-04-01' }).success).toBe(false);
    expect(periodQuery.parse({}).format).toBe('json');
    expect(ledgerQuery.parse({ account_id: '3' })).toMatchObject({ account_id: 3, page: 1, per_page: 50 });
  });

  it('labels negative profit stages as 損失', () => {
    expect(profitLabel('operating_income', -1)).toBe('営業損失');
    expect(profitLabel('net_income', 0)).toBe('当期純利益');
  });
});
