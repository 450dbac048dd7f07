import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderApp } from '../../test/utils';
import { filterAccounts } from './AccountSelect';
import { ACCOUNTS, makeEntry, mockJournalApi } from './test-fixtures';

const setup = mockJournalApi;

function errorOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
/** The option texts of a picker's own dropdown (jsdom keeps it display:none, so not by role). */
function optionsOf(input: HTMLElement): string[] {
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
  return [...(list?.querySelectorAll('[data-combobox-option]') ?? [])].map((o) => o.textContent ?? '');
}
const picker = (line: number) => screen.getByRole('combobox', { name: `${line}行目 勘定科目` }) as HTMLInputElement;

describe('account search', () => {
  it('finds accounts by code prefix, name, and kana typed in hiragana, katakana or half-width', () => {
    const codes = (q: string) => filterAccounts(ACCOUNTS, q).map((a) => a.code);
    expect(codes('13')).toEqual(['131', '135']);
    expect(codes('預金')).toEqual(['131']);
    expect(codes('ふつう')).toEqual(['131']);
    expect(codes('ウリ')).toEqual(['135', '411']);
    expect(codes('ｳﾘｱｹﾞ')).toEqual(['411']);
    expect(codes('')).toHaveLength(ACCOUNTS.length);
  });

  it('offers the matching options in the picker and skips inactive accounts', async () => {
    setup();
    const user = userEvent.setup();
    renderApp('/company/accountings_bk/create');
    await screen.findByRole('combobox', { name: '1行目 勘定科目' });
    picker(1).focus();
    await user.keyboard('ちだい');
    await waitFor(() => expect(optionsOf(picker(1))).toEqual(['731地代家賃チダイヤチン']));
    await user.clear(picker(1));
    await user.keyboard('13');
    await waitFor(() => expect(optionsOf(picker(1))).toEqual(['131普通預金フツウヨキン', '135売掛金ウリカケキン']));
    await user.clear(picker(1));
    await user.keyboard('ざっぴ');
    expect(await screen.findByText('該当する勘定科目がありません')).toBeTruthy();
  });
});

describe('JournalForm', () => {
  it('shows 借方合計 / 貸方合計 / 差額 live and enables saving only when balanced', async () => {
    setup();
    const user = userEvent.setup();
    renderApp('/company/accountings_bk/create');
    const save = await screen.findByRole('button', { name: '登録する' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await user.type(field('1行目 借方金額'), '120000');
    expect(field('1行目 借方金額').value).toBe('120,000');
    expect(screen.getByTestId('debit-total').textContent).toBe('120,000');
    expect(screen.getByTestId('difference').textContent).toBe('差額 120,000（貸方不足）');
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await user.type(field('2行目 貸方金額'), '100000');
    expect(screen.getByTestId('credit-total').textContent).toBe('100,000');
    expect(screen.getByTestId('difference').textContent).toBe('差額 20,000（貸方不足）');
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await user.clear(field('2行目 貸方金額'));
    await user.type(field('2行目 貸方金額'), '130000');
    expect(screen.getByTestId('difference').textContent).toBe('差額 10,000（借方不足）');

    await user.clear(field('2行目 貸方金額'));
    await user.type(field('2行目 貸方金額'), '120000');
    expect(screen.getByTestId('difference').textContent).toBe('貸借一致');
    expect((save as HTMLButtonElement).disabled).toBe(false);
  });

  it('is driven by the keyboard: Tab walks the fields, Enter on the last line adds a balancing line, Ctrl+Enter saves', async () => {
    const { calls } = setup({
      'POST /api/accountings': (req) => json({ data: { ...makeEntry(31), ...(req.body as object), number: 31 } }, 201),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/company/accountings_bk/create');
    await screen.findByRole('combobox', { name: '1行目 勘定科目' });
    await user.click(field('摘要'));
    await user.type(field('摘要'), '4月分 家賃{Enter}');
    expect(document.activeElement).toBe(picker(1));
    await user.keyboard('731');
    await user.tab();
    expect(picker(1).value).toBe('731 地代家賃');
    expect(document.activeElement).toBe(field('1行目 借方金額'));
    await user.keyboard('150000');
    await user.tab();
    expect(document.activeElement).toBe(field('1行目 貸方金額'));
    await user.tab();
    // 税区分 is a tab stop (to change it from the keyboard), then the line's 摘要
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: '1行目 税区分' }));
    await user.tab();
    expect(document.activeElement).toBe(field('1行目 摘要'));
    await user.tab();
    expect(document.activeElement).toBe(picker(2));
    await user.keyboard('ふつう');
    await user.tab();
    expect(picker(2).value).toBe('131 普通預金');
    await user.keyboard('{Tab}100000{Enter}');
    // Enter on the last line: a third line, focused, pre-filled with the 50,000 that balances the entry
    await waitFor(() => expect(document.activeElement).toBe(picker(3)));
    expect(field('3行目 貸方金額').value).toBe('50,000');
    await user.keyboard('111');
    await user.tab();
    expect(screen.getByTestId('difference').textContent).toBe('貸借一致');
    expect(screen.getByTestId('entry-summary').textContent).toBe('借方 地代家賃 ／ 貸方 諸口');
    // 税区分 follows the chosen account's default
    expect((screen.getByRole('combobox', { name: '1行目 税区分' }) as HTMLInputElement).value).toBe('課税仕入 10%');
    await user.keyboard('{Control>}{Enter}{/Control}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/company/accountings_bk'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      description: '4月分 家賃',
      lines: [
        { account_id: 5, debit: 150000, credit: 0, memo: null, tax_category: 'purchase_10' },
        { account_id: 2, debit: 0, credit: 100000, memo: null, tax_category: 'none' },
        { account_id: 1, debit: 0, credit: 50000, memo: null, tax_category: 'none' },
      ],
    });
    expect(await screen.findByText('仕訳 No.31 を登録しました')).toBeTruthy();
  });

  it("puts the server's 422 messages under the fields they name, counting only the lines sent", async () => {
    setup({
      'GET /api/accountings/7': { data: makeEntry(7) },
      'PUT /api/accountings/7': () =>
        json(
          {
            message: '入力内容に誤りがあります。',
            errors: {
              date: ['この日付の期間は締められています'],
              'lines.1.account_id': ['この勘定科目は使用できません'],
            },
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderApp('/company/accountings_bk/edit?id=7');
    const update = await screen.findByRole('button', { name: '更新する' });
    await user.click(update);
    await waitFor(() => expect(errorOf(picker(2))).toContain('この勘定科目は使用できません'));
    expect(errorOf(screen.getByLabelText(/^日付/))).toContain('この日付の期間は締められています');
    expect(errorOf(picker(1))).toBe('');
  });

  it('checks with the shared contract before calling the server (摘要 required, one side per line)', async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    renderApp('/company/accountings_bk/create');
    await screen.findByRole('combobox', { name: '1行目 勘定科目' });
    await user.type(field('1行目 借方金額'), '5000');
    await user.type(field('2行目 貸方金額'), '5000');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    await waitFor(() => expect(errorOf(field('摘要'))).toContain('摘要'));
    expect(errorOf(picker(1))).toContain('勘定科目を選択してください');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('locked and deleted entries', () => {
  it('offers 逆仕訳 (not editing) on an entry of a locked period and posts it after the confirm', async () => {
    const { calls } = setup({
      'GET /api/accountings/8': { data: makeEntry(8, { locked: true }) },
      'POST /api/accountings/8/reverse': () => json({ data: makeEntry(40, { reversal_of_id: 8 }) }, 201),
    });
    const user = userEvent.setup();
    renderApp('/company/accountings_bk/edit?id=8');
    await user.click(await screen.findByRole('button', { name: '逆仕訳' }));
    expect(screen.queryByRole('button', { name: '更新する' })).toBeNull();
    expect(screen.queryByRole('button', { name: '削除' })).toBeNull();
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.url.pathname.endsWith('/reverse'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: '逆仕訳を登録する' }));
    expect(await screen.findByText('逆仕訳 No.40 を登録しました')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/accountings/8/reverse')).toHaveLength(1);
  });

  it('deletes an open entry only after the confirm', async () => {
    const { calls } = setup({
      'GET /api/accountings/9': { data: makeEntry(9) },
      'DELETE /api/accountings/9': () => json(null, 204),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/company/accountings_bk/edit?id=9');
    await user.click(await screen.findByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/accountings_bk'));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
