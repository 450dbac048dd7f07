import type { BankImportDetail, BankRow } from '@chobo/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderApp, seedToken } from '../../test/utils';
import { bankAccount, bankImport, bankRule } from './test-fixtures';

const ME = makeMe({ permissions: ['bank_statement.index', 'profile.update-name'] });

const row = (id: number, overrides: Partial<BankRow> = {}): BankRow => ({
  id,
  line_no: id + 1,
  date: '2026-04-01',
  direction: 'in',
  amount: 110_000,
  description: 'ﾌﾘｺﾐ ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ',
  counterparty_name: 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ',
  balance: 1_110_000,
  status: 'unconfirmed',
  journal_entry_id: null,
  journal_entry_number: null,
  suggestion: null,
  edit: null,
  updated_at: '2026-04-26T09:00:00+09:00',
  ...overrides,
});

const detail = (rows: BankRow[]): BankImportDetail =>
  bankImport({
    total_rows: rows.length,
    imported_rows: rows.length,
    processed_rows: rows.length,
    opening_balance: 1_000_000,
    closing_balance: 1_109_120,
    created_at: '2026-04-26T09:00:00+09:00',
    updated_at: '2026-04-26T09:00:00+09:00',
    rows,
    rows_meta: { total: rows.length, page: 1, per_page: 100 },
    balance_check: {
      account_id: 3,
      account_name: '普通預金',
      date: '2026-04-25',
      statement_balance: 1_109_120,
      book_balance: 1_000_000,
      difference: 109_120,
    },
  });

afterEach(() => vi.unstubAllGlobals());

describe('bank statement detail', () => {
  it('shows each suggestion with its score and reasons, confirms the checked rows, and offers a rule', async () => {
    const matched = row(1, {
      suggestion: {
        kind: 'match',
        rule_id: null,
        rule_name: null,
        score: 100,
        reasons: [
          '金額 110,000円 が受注取引 No.1 3月分の未決済額と一致',
          '振込名義「ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ」が取引先「株式会社山田商事」のカナと一致',
        ],
        account_id: 5,
        account_name: '売掛金',
        tax_category: 'none',
        customer_id: 9,
        customer_name: '株式会社山田商事',
        description: '入金 株式会社山田商事 No.1',
        splits: [],
        fee: 0,
        matches: [],
      },
    });
    const none = row(2, { description: 'ｻﾞｯﾋﾟ', direction: 'out', amount: 1_234 });
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/bank-statements/7': { data: detail([matched, none]) },
      'POST /api/bank-statements/7/confirm': {
        data: {
          confirmed: [{ id: 1, journal_entry_id: 50, journal_entry_number: 12 }],
          failed: [],
          rule_offers: [
            {
              name: 'デンワ',
              description_contains: 'デンワ',
              direction: 'out',
              account_id: 8,
              tax_category: 'purchase_10',
              customer_id: null,
            },
          ],
        },
      },
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/bank_statement/7');
    await screen.findByText('照合 100点');
    expect(screen.getByText('振込名義「ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ」が取引先「株式会社山田商事」のカナと一致')).toBeTruthy();
    expect(screen.getByText('候補なし')).toBeTruthy();
    expect(screen.getByText('差額 ¥109,120')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /ﾔﾏﾀﾞｼﾖｳｼﾞ を選択/ }));
    await user.click(screen.getByRole('button', { name: '選択した1件を確定' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/bank-statements/7/confirm')).toBe(true));
    const call = calls.find((c) => c.url.pathname === '/api/bank-statements/7/confirm');
    expect(call?.body).toEqual({ rows: [{ id: 1 }] });
    await screen.findByRole('button', { name: 'ルールとして保存' });
  });
});

describe('bank statement list', () => {
  it('shows the bank account to import into, the history and the rules in words', async () => {
    mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/bank-accounts': {
        data: [bankAccount({ account_holder: 'カ）サンプルショウジ' })],
      },
      'GET /api/bank-statements': { data: [{ ...detail([]), rows: undefined, imported_rows: 25, confirmed_rows: 20 }] },
      'GET /api/company/bank-rules': {
        data: [
          bankRule(4, '家賃', 10, {
            description_regex: 'ﾔﾁﾝ',
            direction: 'out',
            splits: [
              { account_id: 9, tax_category: 'purchase_10', amount: 660, percent: null, description: '振込手数料' },
            ],
          }),
        ],
      },
      'GET /api/company/accounts': {
        data: [
          { id: 8, code: '6200', name: '地代家賃', is_active: true },
          { id: 9, code: '6240', name: '支払手数料', is_active: true },
        ],
      },
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/bank_statement');
    await screen.findByText('みずほ銀行 丸の内支店 普通 1234567', { selector: 'td' });
    expect(screen.getByText('25件')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: '仕訳ルール' }));
    await screen.findByText('出金・摘要が /ﾔﾁﾝ/ に一致');
    expect(screen.getByText('地代家賃')).toBeTruthy();
    expect(screen.getByText('支払手数料 ¥660')).toBeTruthy();
  });
});
