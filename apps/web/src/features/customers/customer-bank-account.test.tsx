import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeMe, mockApi, page, renderApp, seedToken } from '../../test/utils';

function describedBy(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/me': { data: makeMe() },
    'GET /api/prefectures': { data: { '13': '東京都' } },
    'GET /api/company/customer': page([]),
    'GET /api/zengin/banks': (req) =>
      json({
        data: ['0005', 'みつびし'].includes(req.url.searchParams.get('q') ?? '')
          ? [{ code: '0005', name: '三菱ＵＦＪ', kana: 'ミツビシ' }]
          : [],
      }),
    'GET /api/zengin/banks/0005/branches': (req) =>
      json({
        data: ['001', 'ほんてん'].includes(req.url.searchParams.get('q') ?? '')
          ? [{ code: '001', name: '本店', kana: 'ホンテン' }]
          : [],
      }),
    ...extra,
  });
  seedToken();
  return api;
}

describe('CustomerForm: 振込先', () => {
  it('shows the looked-up bank and branch names and the holder as the bank reads it, and sends bank_account', async () => {
    const { calls } = setup({ 'POST /api/company/customer': () => json({ data: { id: 1 } }, 201) });
    const user = userEvent.setup();
    renderApp('/company/customers/create');
    await user.type(await screen.findByRole('textbox', { name: '顧客名' }), '株式会社ヤマダ');
    const bank = screen.getByRole('textbox', { name: '銀行コード' });
    await user.type(bank, '0005');
    await waitFor(() => expect(describedBy(bank)).toContain('三菱ＵＦＪ'));
    const branch = screen.getByRole('textbox', { name: '支店コード' });
    await user.type(branch, '001');
    await waitFor(() => expect(describedBy(branch)).toContain('本店'));
    await user.type(screen.getByRole('textbox', { name: '口座番号' }), '12345');
    const holder = screen.getByRole('textbox', { name: '受取人名（口座名義）' });
    await user.type(holder, 'かぶしきがいしゃ やまだ');
    await waitFor(() => expect(describedBy(holder)).toContain('振込データでは「ｶ)ﾔﾏﾀﾞ」'));
    await user.click(screen.getByRole('button', { name: '登録する' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      bank_account: {
        bank_code: '0005',
        branch_code: '001',
        // the contract's output: the number zero-filled, the holder converted
        account_type: 1,
        account_number: '0012345',
        holder_kana: 'ｶ)ﾔﾏﾀﾞ',
        fee_bearer: 'ours',
      },
    });
  });

  it('finds the bank and the branch by name: the chosen one fills the code fields', async () => {
    setup();
    const user = userEvent.setup();
    renderApp('/company/customers/create');
    await user.type(await screen.findByLabelText('金融機関を名前で探す', { selector: 'input' }), 'みつびし');
    await user.click(await screen.findByRole('option', { name: '0005 三菱ＵＦＪ', hidden: true }));
    const bank = screen.getByRole('textbox', { name: '銀行コード' });
    await waitFor(() => expect((bank as HTMLInputElement).value).toBe('0005'));
    await waitFor(() => expect(describedBy(bank)).toContain('三菱ＵＦＪ'));
    const branchSearch = screen.getByLabelText('支店を名前で探す', { selector: 'input' });
    await waitFor(() => expect((branchSearch as HTMLInputElement).disabled).toBe(false));
    await user.type(branchSearch, 'ほんてん');
    await user.click(await screen.findByRole('option', { name: '001 本店', hidden: true }));
    const branch = screen.getByRole('textbox', { name: '支店コード' });
    await waitFor(() => expect((branch as HTMLInputElement).value).toBe('001'));
    await waitFor(() => expect(describedBy(branch)).toContain('本店'));
  });

  it('an empty 振込先 is sent as none; an unknown code is named; a server 422 shows under its field', async () => {
    const { calls } = setup({
      'POST /api/company/customer': () =>
        json(
          {
            message: '三菱ＵＦＪに支店コード 998 の支店がありません',
            errors: { 'bank_account.branch_code': ['三菱ＵＦＪに支店コード 998 の支店がありません'] },
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderApp('/company/customers/create');
    await user.type(await screen.findByRole('textbox', { name: '顧客名' }), '株式会社ヤマダ');
    const bank = screen.getByRole('textbox', { name: '銀行コード' });
    await user.type(bank, '9999');
    await waitFor(() => expect(describedBy(bank)).toContain('該当する金融機関がありません'));
    await user.clear(bank);
    await user.click(screen.getByRole('button', { name: '登録する' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ bank_account: null });

    await user.type(bank, '0005');
    const branch = screen.getByRole('textbox', { name: '支店コード' });
    await user.type(branch, '998');
    await user.type(screen.getByRole('textbox', { name: '口座番号' }), '1234567');
    await user.type(screen.getByRole('textbox', { name: '受取人名（口座名義）' }), 'ヤマダ');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    await waitFor(() => expect(describedBy(branch)).toContain('三菱ＵＦＪに支店コード 998 の支店がありません'));
  });
});
