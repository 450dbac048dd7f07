import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeMe, mockApi, renderApp, seedToken } from '../../test/utils';
import { bankRule as rule } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const ME = makeMe({ permissions: ['bank_statement.index', 'profile.update-name'] });

const RULES = [
  rule(1, '家賃', 10, { description_contains: 'ﾔﾁﾝ', direction: 'out' }),
  rule(2, '電話代', 20, { is_active: false, amount_min: 1000, amount_max: 5000 }),
];
const ACCOUNTS = [{ id: 8, code: '6200', name: '地代家賃' }];

describe('自動仕訳ルール card', () => {
  it('lists the rules with their conditions in words, and moves one up by renumbering the two', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/bank-rules': { data: RULES },
      'GET /api/company/accounts': { data: ACCOUNTS },
      'PUT /api/company/bank-rules/1': (req) => json({ data: { ...RULES[0], ...(req.body as object) } }),
      'PUT /api/company/bank-rules/2': (req) => json({ data: { ...RULES[1], ...(req.body as object) } }),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/bank_statement?tab=rules');
    const up = await screen.findByRole('button', { name: 'ルール「電話代」を上へ' });
    const row = up.closest('tr') as HTMLElement;
    expect(within(row).getByText('停止中')).toBeTruthy();
    expect(within(row).getByText('金額 ¥1,000〜¥5,000')).toBeTruthy();
    expect(screen.getByText('出金・摘要に「ﾔﾁﾝ」を含む')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'ルール「家賃」を上へ' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(up);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => [c.url.pathname, (c.body as { priority: number }).priority])).toEqual([
      ['/api/company/bank-rules/2', 10],
      ['/api/company/bank-rules/1', 20],
    ]);
  });
});
