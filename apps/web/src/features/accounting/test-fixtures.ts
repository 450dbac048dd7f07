import type { Account, JournalEntry } from '@chobo/core';
import { makeMe, mockApi, page, seedToken } from '../../test/utils';

export const accountingMe = () =>
  makeMe({ permissions: ['customer.index', 'company-accountings.show', 'profile.update-name'] });

const acc = (
  id: number,
  code: string,
  name: string,
  kana: string,
  category: Account['category'],
  section: Account['section'],
  extra: Partial<Account> = {},
): Account => ({
  id,
  company_id: 1,
  code,
  name,
  kana,
  category,
  section,
  normal_side: category === 'asset' || category === 'expense' ? 'debit' : 'credit',
  parent_id: null,
  cash_flow_role: 'pl',
  default_tax_category: 'none',
  is_active: true,
  is_system: true,
  sort_order: id,
  updated_at: '2026-04-01T00:00:00.000Z',
  ...extra,
});

export const ACCOUNTS: Account[] = [
  acc(1, '111', '現金', 'ゲンキン', 'asset', 'current_assets', { cash_flow_role: 'cash' }),
  acc(2, '131', '普通預金', 'フツウヨキン', 'asset', 'current_assets', { cash_flow_role: 'cash' }),
  acc(3, '135', '売掛金', 'ウリカケキン', 'asset', 'current_assets', { cash_flow_role: 'receivables' }),
  acc(4, '411', '売上高', 'ウリアゲダカ', 'revenue', 'net_sales', { default_tax_category: 'sales_10' }),
  acc(5, '731', '地代家賃', 'チダイヤチン', 'expense', 'sga', { default_tax_category: 'purchase_10' }),
  acc(6, '749', '雑費', 'ザッピ', 'expense', 'sga', { is_active: false }),
];

export function makeEntry(id: number, overrides: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id,
    company_id: 1,
    number: id,
    date: '2026-04-10',
    description: `仕訳${id}`,
    kind: 'normal',
    reversal_of_id: null,
    source_type: null,
    source_id: null,
    reversed_by_id: null,
    total: 10000,
    locked: false,
    lines: [
      {
        id: id * 10 + 1,
        line_no: 1,
        account_id: 3,
        account_code: '135',
        account_name: '売掛金',
        debit: 10000,
        credit: 0,
        tax_category: 'none',
        customer_id: null,
        customer_name: null,
        memo: null,
      },
      {
        id: id * 10 + 2,
        line_no: 2,
        account_id: 4,
        account_code: '411',
        account_name: '売上高',
        debit: 0,
        credit: 10000,
        tax_category: 'sales_10',
        customer_id: null,
        customer_name: null,
        memo: null,
      },
    ],
    created_at: '2026-04-10T09:00:00+09:00',
    updated_at: '2026-04-10T09:00:00+09:00',
    ...overrides,
  };
}

/** The accountant's API: who they are, the chart of accounts and no entries yet; `extra` adds or replaces routes. */
export function mockJournalApi(extra: Parameters<typeof mockApi>[0] = {}, token?: string) {
  const api = mockApi({
    'GET /api/me': { data: accountingMe() },
    'GET /api/company/accounts': { data: ACCOUNTS },
    'GET /api/accountings': page([]),
    ...extra,
  });
  seedToken(token);
  return api;
}
