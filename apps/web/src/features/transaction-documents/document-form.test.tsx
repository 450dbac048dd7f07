import { MAX_DOCUMENT_FILE_BYTES } from '@chobo/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorOf, textInput as input, json, makeCustomer, mockApi, page, renderApp, seedToken } from '../../test/utils';
import { ACCOUNTS } from '../accounting/test-fixtures';
import { FakeXhr } from './fake-xhr';
import { makeDocument, PURCHASES_ME } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const pdf = (name: string, size = 2048) =>
  new File([new Uint8Array(size).fill(0x25)], name, { type: 'application/pdf' });

function baseRoutes(extra: Record<string, unknown> = {}) {
  return {
    'GET /api/me': { data: PURCHASES_ME },
    'GET /api/company/customer': page([makeCustomer(8, { name: '株式会社みどり物産', used_for: 2 })]),
    'GET /api/company/accounts': { data: ACCOUNTS },
    ...extra,
  };
}

// generous: the machine running these is shared and often loaded
describe('発注取引の登録', { timeout: 120_000 }, () => {
  it('validates with the contract in Japanese before sending anything', async () => {
    const { calls } = mockApi(baseRoutes());
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/transaction-documents/create');
    await user.click(await screen.findByRole('button', { name: '登録する' }));
    await waitFor(() => expect(errorOf(input('取引金額（税込）'))).toBe('取引金額は数値で入力してください'));
    expect(screen.getByText('取引先を選択してください')).toBeTruthy();
    await user.type(input('登録番号（適格請求書発行事業者）'), 'T123');
    await user.tab();
    expect(errorOf(input('登録番号（適格請求書発行事業者）'))).toContain(
      '登録番号は「T」と13桁の数字で入力してください',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('fills the tax from the total with 10/110 (or 8/108) and marks 適格 / 非適格 live', async () => {
    mockApi(baseRoutes());
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/transaction-documents/create');
    await user.type(await screen.findByRole('textbox', { name: '取引金額（税込）' }), '11000');
    expect(input('取引金額（税込）').value).toBe('11,000');
    expect(input('10% 対象額').value).toBe('10,000');
    expect(input('10% 消費税額').value).toBe('1,000');
    // a non-qualified supplier: the 経過措置 share of the date
    expect(screen.getByTestId('qualified-mark').textContent).toBe('非適格');
    await user.clear(screen.getByLabelText(/^取引日/));
    await user.type(screen.getByLabelText(/^取引日/), '2026-04-10');
    expect(screen.getByTestId('transitional-note').textContent).toContain('控除できる割合 80%（¥800／消費税¥1,000）');
    await user.type(input('登録番号（適格請求書発行事業者）'), 'T7000012050002');
    expect(screen.getByTestId('qualified-mark').textContent).toBe('適格');
    expect(screen.queryByTestId('transitional-note')).toBeNull();

    // 8% (軽減税率): 10,800 → 10,000 + 800
    await user.selectOptions(screen.getByRole('combobox', { name: '1行目 税率' }), '8');
    await user.clear(input('取引金額（税込）'));
    await user.type(input('取引金額（税込）'), '10800');
    await user.click(screen.getByRole('button', { name: '取引金額から計算' }));
    expect(input('8%（軽減） 対象額').value).toBe('10,000');
    expect(input('8%（軽減） 消費税額').value).toBe('800');
    expect(screen.getByTestId('taxes-sum').textContent).toBe('¥10,800');

    // two rates: typed as printed on the document; the helper stands aside, the sum is checked
    await user.click(screen.getByRole('button', { name: '税率を追加' }));
    expect(screen.getAllByTestId('tax-row')).toHaveLength(2);
    expect(screen.getByRole('button', { name: '取引金額から計算' })).toHaveProperty('disabled', true);
    await user.type(input('10% 対象額'), '1000');
    await user.type(input('10% 消費税額'), '100');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    await waitFor(() =>
      expect(errorOf(input('取引金額（税込）'))).toBe('取引金額が税率ごとの内訳の合計（11,900円）と一致しません'),
    );
  }, 120_000);

  it('refuses a wrong type and a file over 10 MB with a Japanese message; saves, then uploads each file with progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let fileId = 0;
    const { calls } = mockApi(
      baseRoutes({
        'POST /api/transaction-documents': (req: { body: unknown }) =>
          json({ data: makeDocument(41, req.body as object) }, 201),
        'POST /api/transaction-documents/41/files': () => {
          fileId += 1;
          return json(
            { data: { id: fileId, version: fileId, file_name: `f${fileId}.pdf`, size: 2048, sha256: 'ab'.repeat(32) } },
            201,
          );
        },
        'GET /api/transaction-documents': page([]),
      }),
    );
    seedToken();
    const user = userEvent.setup({ applyAccept: false });
    const { router } = renderApp('/company/transaction-documents/create');
    const zone = await screen.findByTestId('file-dropzone');
    const fileInput = zone.querySelector('input[type="file"]') as HTMLInputElement;
    const big = pdf('big.pdf', MAX_DOCUMENT_FILE_BYTES + 1);
    const text = new File(['hello'], 'memo.txt', { type: 'text/plain' });
    await user.upload(fileInput, [pdf('請求書.pdf'), text, big, pdf('納品書.pdf')]);
    const refused = await screen.findByTestId('file-refused');
    expect(refused.textContent).toContain('memo.txt: PDF・JPEG・PNG のファイルを選択してください');
    expect(refused.textContent).toContain('big.pdf: ファイルサイズは10MB以下にしてください');
    expect(screen.getAllByTestId('upload-item')).toHaveLength(2);

    // supplier, amount → save
    await user.click(screen.getByRole('combobox', { name: /^取引先/ }));
    await user.click(await screen.findByRole('option', { name: '株式会社みどり物産', hidden: true }));
    await user.type(input('取引金額（税込）'), '11000');
    await user.click(screen.getByRole('button', { name: '登録してファイルをアップロード（2件）' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/transaction-documents'));

    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/transaction-documents');
    expect(post?.body).toMatchObject({
      customer_id: 8,
      document_type: 4,
      amount: 11000,
      taxes: [{ tax_category: '10', base: 10000, tax: 1000 }],
      payment_method: 1,
      status: 0,
    });
    const uploads = calls.filter((c) => c.url.pathname === '/api/transaction-documents/41/files');
    expect(uploads).toHaveLength(2);
    expect(uploads.map((u) => ((u.body as FormData).get('file') as File).name)).toEqual(['請求書.pdf', '納品書.pdf']);
    expect(uploads[0].headers.get('Authorization')).toBe('Bearer test-token');
  }, 120_000);

  it('shows the server refusal of a file (415) and continues on the edit page of the saved record', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    mockApi(
      baseRoutes({
        'POST /api/transaction-documents': (req: { body: unknown }) =>
          json({ data: makeDocument(42, { ...(req.body as object), files: [] }) }, 201),
        'POST /api/transaction-documents/42/files': () =>
          json({ message: 'PDF・JPEG・PNG 以外のファイルは保存できません' }, 415),
        'GET /api/transaction-documents/42': { data: makeDocument(42, { files: [] }) },
        'GET /api/transaction-documents/42/history': { data: [] },
      }),
    );
    seedToken();
    const user = userEvent.setup();
    const { router } = renderApp('/company/transaction-documents/create');
    const zone = await screen.findByTestId('file-dropzone');
    await user.upload(zone.querySelector('input[type="file"]') as HTMLInputElement, pdf('偽物.pdf'));
    await user.click(screen.getByRole('combobox', { name: /^取引先/ }));
    await user.click(await screen.findByRole('option', { name: '株式会社みどり物産', hidden: true }));
    await user.type(input('取引金額（税込）'), '5500');
    await user.click(screen.getByRole('button', { name: /登録してファイルをアップロード/ }));
    expect(await screen.findByText(/偽物\.pdf: PDF・JPEG・PNG 以外のファイルは保存できません/)).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?id=42'));
    expect(router.state.location.pathname).toBe('/company/transaction-documents/edit');
  });

  it("puts the server's 422 under the field", async () => {
    mockApi(
      baseRoutes({
        'POST /api/transaction-documents': () =>
          json(
            {
              message: '入力内容に誤りがあります。',
              errors: { customer_id: ['仕入先（取引区分：仕入・両方）の取引先を選択してください'] },
            },
            422,
          ),
      }),
    );
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/transaction-documents/create');
    await user.click(await screen.findByRole('combobox', { name: /^取引先/ }));
    await user.click(await screen.findByRole('option', { name: '株式会社みどり物産', hidden: true }));
    await user.type(input('取引金額（税込）'), '5500');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    await waitFor(() =>
      expect(errorOf(screen.getByRole('combobox', { name: /^取引先/ }))).toBe(
        '仕入先（取引区分：仕入・両方）の取引先を選択してください',
      ),
    );
  });
});

describe('発注取引の重複 (issue 33)', { timeout: 120_000 }, () => {
  it('shows the registered document a create matched, and registers it only when the user says so', async () => {
    const { calls } = mockApi(
      baseRoutes({
        'POST /api/transaction-documents': (req: { body: unknown }) =>
          (req.body as { confirm_duplicate?: boolean }).confirm_duplicate
            ? json({ data: makeDocument(44, req.body as object) }, 201)
            : json(
                {
                  message:
                    '同じ書類が既に登録されています（株式会社みどり物産・2026年5月10日・11,000円）。別の書類であれば、確認のうえ登録してください',
                  duplicate_of: 31,
                },
                409,
              ),
        'GET /api/transaction-documents': page([]),
      }),
    );
    seedToken();
    const user = userEvent.setup();
    const { router } = renderApp('/company/transaction-documents/create');
    // the page's chunk loads first (slow on a loaded machine)
    await user.click(await screen.findByRole('combobox', { name: /^取引先/ }, { timeout: 60_000 }));
    await user.click(await screen.findByRole('option', { name: '株式会社みどり物産', hidden: true }));
    // typed as a Japanese user types it
    await user.type(input('取引金額（税込）'), '１１，０００');
    expect(input('取引金額（税込）').value).toBe('11,000');
    await user.click(screen.getByRole('button', { name: '登録する' }));

    const alert = await screen.findByText(/同じ書類が既に登録されています/, undefined, { timeout: 30_000 });
    expect(alert.textContent).toContain('株式会社みどり物産');
    const link = screen.getByRole('link', { name: '登録済みの書類を開く' });
    expect(link.getAttribute('href')).toBe('/company/transaction-documents/edit?id=31');
    expect(router.state.location.pathname).toBe('/company/transaction-documents/create');
    const posts = () => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/transaction-documents');
    expect(posts()).toHaveLength(1);
    expect(posts()[0].body).toMatchObject({ amount: 11000 });
    expect(posts()[0].body).not.toHaveProperty('confirm_duplicate');

    await user.click(screen.getByRole('button', { name: '別の書類として登録する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/transaction-documents'));
    expect(posts()).toHaveLength(2);
    expect(posts()[1].body).toMatchObject({ amount: 11000, confirm_duplicate: true });
  });
});
