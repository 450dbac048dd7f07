import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, page, renderApp, seedToken } from '../../test/utils';
import { ACCOUNTS } from '../accounting/test-fixtures';
import { FakeXhr } from './fake-xhr';
import { makeDocument, makeFile, makeHistory, PURCHASES_ME } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

const HISTORY = [
  makeHistory(1, {
    action: 'created',
    created_at: '2026-04-10T09:00:00+09:00',
    after: { customer_name: '株式会社みどり物産', document_type: 4, transaction_date: '2026-04-10', amount: 10000 },
  }),
  makeHistory(2, {
    action: 'file_added',
    created_at: '2026-04-10T09:01:00+09:00',
    after: { file_name: 'invoice-v1.pdf', version: 1, size: 123456, sha256: '11111111abcdef' },
  }),
  makeHistory(3, {
    action: 'updated',
    actor_name: '佐藤 花子',
    created_at: '2026-04-11T10:30:00+09:00',
    before: { amount: 10000, status: 0, due_date: null, memo: null, updated_at: 'x' },
    after: { amount: 11000, status: 1, due_date: '2026-05-31', memo: null, updated_at: 'y' },
  }),
];

function routes(extra: Record<string, unknown> = {}) {
  return {
    'GET /api/me': { data: PURCHASES_ME },
    'GET /api/company/customer': page([]),
    'GET /api/company/accounts': { data: ACCOUNTS },
    'GET /api/transaction-documents/5': {
      data: makeDocument(5, {
        files: [
          makeFile(1),
          makeFile(2, { file_name: 'receipt.png', content_type: 'image/png', uploaded_by_name: '佐藤 花子' }),
        ],
      }),
    },
    'GET /api/transaction-documents/5/history': { data: HISTORY },
    'GET /api/transaction-documents/5/files/1/link': { data: { url: 'http://localhost/signed/1.pdf?sig=a' } },
    'GET /api/transaction-documents/5/files/2/link': { data: { url: 'http://localhost/signed/2.png?sig=b' } },
    ...extra,
  };
}

// generous: the machine running these is shared and often loaded
describe('発注取引の編集', { timeout: 120_000 }, () => {
  it('shows the newest file inline, every version with who, size and SHA-256, the history in Japanese, retention and the entry link', async () => {
    mockApi(routes());
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/transaction-documents/edit?id=5');
    expect(await screen.findByTestId('document-heading')).toHaveProperty('textContent', '株式会社みどり物産・請求書');
    expect(screen.getByTestId('retention').textContent).toContain('保存期限 2034年3月31日');
    expect(screen.getByRole('link', { name: /仕訳を見る/ }).getAttribute('href')).toBe(
      '/company/accountings_bk/edit?id=77',
    );

    // v2 (an image) is the newest: shown as an image from its signed address
    const preview = await screen.findByTestId('file-preview');
    await waitFor(() =>
      expect(preview.querySelector('img')?.getAttribute('src')).toBe('http://localhost/signed/2.png?sig=b'),
    );
    const versions = screen.getAllByTestId('version-row');
    expect(versions.map((v) => within(v).getByText(/^v\d$/).textContent)).toEqual(['v2', 'v1']);
    expect(within(versions[0]).getByText(/佐藤 花子/)).toBeTruthy();
    expect(within(versions[1]).getByText('120.6 KB')).toBeTruthy();
    expect(within(versions[1]).getByTestId('sha256').textContent).toBe('11111111abcd…');

    // v1 (a PDF) in a frame
    await user.click(screen.getByRole('button', { name: 'v1 を表示' }));
    await waitFor(() =>
      expect(screen.getByTestId('file-preview').querySelector('iframe')?.getAttribute('src')).toBe(
        'http://localhost/signed/1.pdf?sig=a#view=FitH',
      ),
    );

    const history = await screen.findAllByTestId('history-row');
    expect(history).toHaveLength(3);
    // newest first, before → after in Japanese labels
    expect(within(history[0]).getByText('変更')).toBeTruthy();
    expect(within(history[0]).getByText('佐藤 花子')).toBeTruthy();
    const changes = within(history[0])
      .getAllByTestId('history-change')
      .map((c) => c.textContent);
    expect(changes).toEqual([
      '取引金額：¥10,000 → ¥11,000',
      '支払期日：（なし） → 2026年5月31日',
      '状態：未払い → 支払済',
    ]);
    expect(within(history[1]).getByText('ファイル追加')).toBeTruthy();
    expect(within(history[1]).getByText(/v1「invoice-v1\.pdf」/)).toBeTruthy();
    expect(within(history[2]).getByText('株式会社みどり物産・請求書・2026年4月10日・¥10,000')).toBeTruthy();
  });

  it('opens a version in a new tab through the link helper', async () => {
    mockApi(routes());
    seedToken();
    const open = vi.spyOn(window, 'open').mockImplementation(() => ({ opener: null }) as unknown as Window);
    const user = userEvent.setup();
    renderApp('/company/transaction-documents/edit?id=5');
    await user.click(await screen.findByRole('button', { name: 'v1 を開く' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost/signed/1.pdf?sig=a', '_blank'));
    open.mockRestore();
  });

  it('uploads a new version (v3 appears, older versions kept) and shows the refusal of a version inside retention', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let uploaded = false;
    const { calls } = mockApi(
      routes({
        'GET /api/transaction-documents/5': () =>
          json({
            data: makeDocument(5, {
              files: [makeFile(1), makeFile(2), ...(uploaded ? [makeFile(3, { file_name: 'v3.pdf' })] : [])],
              updated_at: uploaded ? '2026-04-12T09:00:00+09:00' : '2026-04-10T09:00:00+09:00',
            }),
          }),
        'GET /api/transaction-documents/5/files/3/link': { data: { url: 'http://localhost/signed/3.pdf' } },
        'GET /api/transaction-documents/5/files/2/link': { data: { url: 'http://localhost/signed/2.pdf' } },
        'POST /api/transaction-documents/5/files': () => {
          uploaded = true;
          return json({ data: { id: 3, version: 3, file_name: 'v3.pdf', size: 10, sha256: 'cd'.repeat(32) } }, 201);
        },
        'DELETE /api/transaction-documents/5/files/1': () =>
          json({ message: '保存期間内（2034年3月31日まで）のファイルは削除できません' }, 422),
        'PUT /api/transaction-documents/5': (req: { body: unknown }) =>
          json({ data: makeDocument(5, { ...(req.body as object), updated_at: '2026-04-13T09:00:00+09:00' }) }),
        'GET /api/transaction-documents': page([]),
      }),
    );
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/transaction-documents/edit?id=5');
    const zone = await screen.findByTestId('file-dropzone');
    await user.upload(
      zone.querySelector('input[type="file"]') as HTMLInputElement,
      new File([new Uint8Array(10)], 'v3.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'アップロード（1件）' }));
    await waitFor(() => expect(screen.getAllByTestId('version-row')).toHaveLength(3));
    expect(within(screen.getAllByTestId('version-row')[0]).getByText('v3')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'v1 を削除' }));
    await user.click(await screen.findByRole('button', { name: '削除する' }));
    expect(await screen.findByText('保存期間内（2034年3月31日まで）のファイルは削除できません')).toBeTruthy();
    expect(screen.getAllByTestId('version-row')).toHaveLength(3);

    // the form saves with the version after this page's own upload (no false 409)
    await user.click(screen.getByRole('button', { name: '更新する' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect((put?.body as { updated_at?: string } | undefined)?.updated_at).toBe('2026-04-12T09:00:00+09:00');
  });

  it('deleting inside the retention period shows the refusal with the date', async () => {
    mockApi(
      routes({
        'DELETE /api/transaction-documents/5': () =>
          json({ message: 'この書類は保存期限（2034年3月31日）まで削除できません' }, 422),
      }),
    );
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/transaction-documents/edit?id=5');
    await user.click(await screen.findByRole('button', { name: '削除' }));
    await user.click(await screen.findByRole('button', { name: '削除する' }));
    const alert = await screen.findByTestId('delete-error');
    expect(alert.textContent).toContain('この書類は保存期限（2034年3月31日）まで削除できません');
    expect(alert.textContent).toContain('保存期限（2034年3月31日）までは保存が必要です');
  });

  it('on 409 shows the conflict and reloads the latest version on request', async () => {
    let version = 1;
    const { calls } = mockApi(
      routes({
        'GET /api/transaction-documents/5': () =>
          json({
            data: makeDocument(5, {
              memo: version === 1 ? '初回' : '先方から訂正',
              updated_at: version === 1 ? '2026-04-10T09:00:00+09:00' : '2026-04-11T10:00:00+09:00',
            }),
          }),
        'PUT /api/transaction-documents/5': () =>
          json(
            { message: 'ほかのユーザーがこの発注取引を更新しました。画面を再読み込みしてから編集してください' },
            409,
          ),
      }),
    );
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/transaction-documents/edit?id=5');
    await screen.findByTestId('document-heading');
    await user.clear(input('メモ'));
    await user.type(input('メモ'), '変更');
    version = 2;
    await user.click(screen.getByRole('button', { name: '更新する' }));
    const alert = await screen.findByTestId('conflict-alert');
    expect(alert.textContent).toContain('ほかのユーザーがこの発注取引を更新しました');
    const put = calls.find((c) => c.method === 'PUT');
    expect((put?.body as { updated_at?: string } | undefined)?.updated_at).toBe('2026-04-10T09:00:00+09:00');
    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    await waitFor(() => expect(input('メモ').value).toBe('先方から訂正'));
    expect(screen.queryByTestId('conflict-alert')).toBeNull();
  });
});
