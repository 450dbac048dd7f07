import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, type mockApi, page, renderApp } from '../../test/utils';
import { mockJournalApi } from './test-fixtures';

const setup = (extra?: Parameters<typeof mockApi>[0]) => mockJournalApi(extra, 'tok-csv');

const csv = () => new File(['伝票番号,日付\r\n'], 'journal.csv', { type: 'text/csv' });

async function chooseFile(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const input = dialog.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, csv());
}

describe('仕訳CSV', () => {
  it('checks a file first (dry run, nothing written), then imports it', async () => {
    const { calls } = setup({
      'POST /api/accountings/import': (req) =>
        json({
          data: {
            entries: 12,
            lines: 30,
            encoding: 'shift_jis',
            ...(req.url.searchParams.get('dry_run') ? { dry_run: true } : {}),
          },
        }),
    });
    const user = userEvent.setup();
    renderApp('/company/accountings_bk');
    await user.click(await screen.findByRole('button', { name: 'CSV取り込み' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('button', { name: '取り込む' }) as HTMLButtonElement).disabled).toBe(true);
    await chooseFile(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: '内容を確認' }));
    expect((await screen.findByTestId('import-check')).textContent).toContain(
      '仕訳 12件（30行、文字コード Shift_JIS）',
    );
    const posts = () => calls.filter((c) => c.method === 'POST');
    expect(posts()).toHaveLength(1);
    expect(posts()[0].url.searchParams.get('dry_run')).toBe('1');
    expect(posts()[0].body).toBeInstanceOf(FormData);
    expect(((posts()[0].body as FormData).get('file') as File).name).toBe('journal.csv');

    await user.click(within(dialog).getByRole('button', { name: '取り込む' }));
    expect(await screen.findByText('仕訳 12件（30行）を取り込みました')).toBeTruthy();
    expect(posts()).toHaveLength(2);
    expect(posts()[1].url.searchParams.has('dry_run')).toBe(false);
  });

  it("lists the server's problems by row and keeps 取り込む disabled", async () => {
    setup({
      'POST /api/accountings/import': () =>
        json(
          {
            message: '誤りのある行があるため、何も取り込みませんでした',
            errors: {
              'rows.4': ['4行目: 借方合計と貸方合計が一致していません'],
              'rows.6': ['6行目: 勘定科目コード 9999 がありません'],
            },
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderApp('/company/accountings_bk');
    await user.click(await screen.findByRole('button', { name: 'CSV取り込み' }));
    const dialog = await screen.findByRole('dialog');
    await chooseFile(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: '内容を確認' }));
    const problems = await screen.findByTestId('import-problems');
    expect(problems.textContent).toContain('何も取り込みませんでした');
    expect(problems.textContent).toContain('4行目: 借方合計と貸方合計が一致していません');
    expect(problems.textContent).toContain('6行目: 勘定科目コード 9999 がありません');
    expect((within(dialog).getByRole('button', { name: '取り込む' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('exports the filtered journal as CSV with the token', async () => {
    const { calls } = setup({
      'GET /api/accountings': (req) =>
        req.url.searchParams.get('format') === 'csv'
          ? new Response('\uFEFF伝票番号\r\n', { headers: { 'Content-Type': 'text/csv' } })
          : json(page([])),
    });
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderApp('/company/accountings_bk?keyword=家賃&from=2026-04-01');
    await user.click(await screen.findByRole('button', { name: 'CSV出力' }));
    await waitFor(() => expect(saved).toEqual(['仕訳帳.csv']));
    const call = calls.find((c) => c.url.searchParams.get('format') === 'csv');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      format: 'csv',
      keyword: '家賃',
      from: '2026-04-01',
    });
    expect(call?.headers.get('Authorization')).toBe('Bearer tok-csv');
  });
});
