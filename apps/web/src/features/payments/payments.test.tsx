import type { OpenItems, Payment } from '@chobo/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, page, renderApp, seedToken } from '../../test/utils';

afterEach(() => vi.unstubAllGlobals());

const ME = makeMe({ permissions: ['customer.index', 'payment-management.index'] });

function makePayment(id: number, overrides: Partial<Payment> = {}): Payment {
  return {
    id,
    company_id: 1,
    direction: 'in',
    date: '2026-06-05',
    customer_id: 7,
    customer_name: '株式会社青葉商店',
    amount: 109_560,
    method: 1,
    fee: 440,
    fee_bearer: 'us',
    bank_account_id: null,
    bank_account_label: null,
    memo: null,
    bank_statement_row_id: null,
    settled: 110_000,
    allocated: 100_000,
    unallocated: 10_000,
    allocations: [],
    journal_entry_id: 3,
    created_at: '2026-06-05T01:00:00.000Z',
    updated_at: '2026-06-05T01:00:00.000Z',
    ...overrides,
  };
}

const OPEN: OpenItems = {
  items: [
    {
      kind: 'invoice',
      id: 11,
      customer_id: 7,
      customer_name: '株式会社青葉商店',
      label: '請求書 No.11',
      date: '2026-04-30',
      due_date: '2026-05-31',
      total: 110_000,
      remaining: 110_000,
    },
    {
      kind: 'invoice',
      id: 12,
      customer_id: 7,
      customer_name: '株式会社青葉商店',
      label: '請求書 No.12',
      date: '2026-05-31',
      due_date: '2026-06-30',
      total: 55_000,
      remaining: 55_000,
    },
  ],
  suggested_fee: 440,
  by_customer: [],
};

describe('入金管理', () => {
  it('lists payments with their fee and unallocated part; the 未消込のみ filter goes to the request', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/customer': page([]),
      'GET /api/payments': page([makePayment(1)]),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/payment_management');
    expect(await screen.findByText('¥109,560')).toBeTruthy();
    expect(screen.getByText('¥440（当方負担）')).toBeTruthy();
    expect(screen.getByText('¥10,000')).toBeTruthy();
    await user.click(screen.getByLabelText('未消込のみ'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname === '/api/payments')
          .at(-1)
          ?.url.searchParams.get('unallocated'),
      ).toBe('1'),
    );
  });

  it('the list filters live in the URL: opening it with them (a reload) asks for the same list', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/customer': page([]),
      'GET /api/payments': page([makePayment(1)]),
    });
    seedToken();
    renderApp('/company/payment_management?direction=out&from=2026-04-01&to=2026-04-30&method=1&unallocated=1&page=2');
    await waitFor(() => {
      const q = calls.filter((c) => c.url.pathname === '/api/payments').at(-1)?.url.searchParams;
      expect(
        q && Object.fromEntries(['direction', 'from', 'to', 'method', 'unallocated', 'page'].map((k) => [k, q.get(k)])),
      ).toEqual({
        direction: 'out',
        from: '2026-04-01',
        to: '2026-04-30',
        method: '1',
        unallocated: '1',
        page: '2',
      });
    });
    expect((screen.getByLabelText('未消込のみ') as HTMLInputElement).checked).toBe(true);
  });

  it('edit: auto-allocates oldest first, shows the live remaining, suggests the usual fee and sends the allocations', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/customer': page([]),
      'GET /api/company/bank-accounts': { data: [] },
      'GET /api/payments/5': {
        data: makePayment(5, { amount: 120_000, fee: 0, settled: 120_000, allocated: 0, unallocated: 120_000 }),
      },
      'GET /api/payments/open-items': { data: OPEN },
      'PUT /api/payments/5': { data: makePayment(5) },
      'GET /api/payments': page([]),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/payment_management/edit/5');
    await screen.findByText('請求書 No.11');
    expect(screen.getByText(/いつも振込手数料 ¥440/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '古い順に自動消込' }));
    // 120,000: No.11 fully (110,000), No.12 the rest (10,000)
    await waitFor(() => expect(screen.getByTestId('remaining').textContent).toContain('¥0'));
    await user.click(screen.getByRole('button', { name: '更新する' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    const body = put?.body as { updated_at: string; allocations: unknown[] };
    expect(body.updated_at).toBe('2026-06-05T01:00:00.000Z');
    expect(body.allocations).toEqual([
      { invoice_id: 11, transaction_id: null, transaction_document_id: null, amount: 110_000 },
      { invoice_id: 12, transaction_id: null, transaction_document_id: null, amount: 10_000 },
    ]);
  });
  it('opened from a bank statement row it arrives pre-filled (date, amount, memo) and says the row will be confirmed', async () => {
    mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/customer': page([]),
      'GET /api/company/bank-accounts': { data: [] },
      'GET /api/payments/open-items': { data: { ...OPEN, items: [] } },
      'GET /api/payments': page([]),
    });
    seedToken();
    renderApp(
      `/company/payment_management/create?direction=in&date=2026-05-07&amount=33000&bank_account_id=3&memo=${encodeURIComponent('銀行明細: ﾏｴﾀﾞ')}&bank_statement_row_id=41`,
    );
    expect(await screen.findByTestId('from-bank-row')).toBeTruthy();
    expect((screen.getByLabelText('入金額（口座に入った額）') as HTMLInputElement).value).toContain('33,000');
    expect((screen.getByLabelText('メモ') as HTMLInputElement).value).toBe('銀行明細: ﾏｴﾀﾞ');
  });
});
