import type { BankImportDetail, BankRow } from '@chobo/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeMe, mockApi, renderApp, seedToken } from '../../test/utils';
import { bankImport } from './test-fixtures';

const ME = makeMe({ permissions: ['bank_statement.index', 'profile.update-name'] });
const T = '2026-04-26T09:00:00+09:00';

const row = (id: number, status: BankRow['status']): BankRow => ({
  id,
  line_no: id + 1,
  date: '2026-04-01',
  direction: 'in',
  amount: 1_000 * id,
  description: `ﾌﾘｺﾐ ${id}`,
  counterparty_name: null,
  balance: null,
  status,
  journal_entry_id: status === 'confirmed' ? 50 + id : null,
  journal_entry_number: status === 'confirmed' ? id : null,
  suggestion: null,
  edit:
    status === 'unconfirmed'
      ? { account_id: 5, account_name: '売掛金', tax_category: 'none', description: null }
      : null,
  updated_at: T,
});

const ROWS = Array.from({ length: 110 }, (_, i) => row(i + 1, i % 3 === 0 ? 'unconfirmed' : 'confirmed'));

/** The server's answer: rows of the status (none = all), 100 a page. */
function detail(url: URL): BankImportDetail {
  const status = url.searchParams.get('status');
  const page = Number(url.searchParams.get('page') ?? 1);
  const found = ROWS.filter((r) => !status || r.status === status);
  return bankImport({
    total_rows: ROWS.length,
    imported_rows: ROWS.length,
    processed_rows: ROWS.length,
    confirmed_rows: 73,
    created_at: T,
    updated_at: T,
    rows: found.slice((page - 1) * 100, page * 100),
    rows_meta: { total: found.length, page, per_page: 100 },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('bank statement detail rows', () => {
  it('keeps 未確定 / 確定済 / すべて and the page in the URL, and forgets the checked rows on another page', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/bank-statements/7': (req) => json({ data: detail(req.url) }),
    });
    seedToken();
    const user = userEvent.setup();
    const { router } = renderApp('/company/bank_statement/7?status=all&page=2');
    const search = () => new URLSearchParams(router.state.location.search);
    // すべて, page 2: the URL's state is the request's
    expect(await screen.findByText('110件中 101〜110件')).toBeTruthy();
    const last = () => calls.filter((c) => c.url.pathname === '/api/bank-statements/7').at(-1)?.url.searchParams;
    expect(last()?.get('page')).toBe('2');
    expect(last()?.get('status')).toBeNull();
    expect((screen.getByRole('radio', { name: 'すべて' }) as HTMLInputElement).checked).toBe(true);

    // 確定済: written to the URL, back to page 1
    await user.click(screen.getByText('確定済'));
    await waitFor(() => expect(search().get('status')).toBe('confirmed'));
    expect(search().get('page')).toBeNull();
    await screen.findByText('仕訳 No.2');
    expect(last()?.get('status')).toBe('confirmed');

    // 未確定 is the default: not written; rows checked, then another page forgets them
    await user.click(screen.getByText('未確定'));
    await waitFor(() => expect(search().get('status')).toBeNull());
    await waitFor(() => expect(screen.getAllByRole('checkbox', { name: /を選択$/ })).toHaveLength(37));
    expect(screen.queryByText(/件中/)).toBeNull(); // one page: no pager
    await user.click(screen.getByRole('button', { name: '候補のある明細をすべて選択' }));
    expect(screen.getByRole('button', { name: '選択した37件を確定' })).toBeTruthy();
    await router.navigate('/company/bank_statement/7?status=all&page=2');
    expect(await screen.findByText('110件中 101〜110件')).toBeTruthy();
    expect(screen.getByRole('button', { name: '選択した0件を確定' })).toBeTruthy();
  });
});
