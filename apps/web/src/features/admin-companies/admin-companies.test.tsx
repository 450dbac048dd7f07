import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminMe, companyProfile, json, mockApi, page, renderApp, seedToken } from '../../test/utils';

const company = {
  ...companyProfile({ id: 5, name: '株式会社編集前' }),
  domain_id: 1,
  domain_name: '標準',
  status: 'active',
  max_employee: 10,
  max_employee_cap: 50,
  expiration_year: 7,
  tax_display: 'exclusive',
  tax_rounding: 'floor',
  bank_accounts: [],
  owner: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};

describe('admin company screens', () => {
  it('edits a company with a bank account and shows the server check-digit error under 法人番号', async () => {
    let attempt = 0;
    const { calls } = mockApi({
      'GET /api/me': { data: adminMe() },
      'GET /api/admin/domains': page([]),
      'GET /api/admin/companies/5': { data: company },
      'PUT /api/admin/companies/5': () => {
        attempt += 1;
        return attempt === 1
          ? json(
              {
                message: '法人番号のチェックデジットが正しくありません',
                errors: { corporate_number: ['法人番号のチェックデジットが正しくありません'] },
              },
              422,
            )
          : json({ data: company });
      },
      'GET /api/admin/companies': page([company]),
    });
    seedToken();
    const user = userEvent.setup();
    const { router } = renderApp('/system/companies/5/edit');
    await screen.findByDisplayValue('株式会社編集前');
    await user.click(screen.getByRole('button', { name: '口座を追加' }));
    const bank = within(screen.getByTestId('bank-account'));
    await user.type(bank.getByRole('textbox', { name: '銀行名' }), 'みずほ銀行');
    await user.type(bank.getByRole('textbox', { name: '支店名' }), '本店');
    await user.type(bank.getByRole('textbox', { name: '口座番号' }), '1234567');
    await user.type(bank.getByRole('textbox', { name: '口座名義' }), 'カ）ヘンシュウ');
    await user.click(screen.getByRole('button', { name: '更新する' }));
    expect(await screen.findByText('法人番号のチェックデジットが正しくありません')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toBeDefined();
    expect((put as { body: { bank_accounts: unknown[] } }).body.bank_accounts).toEqual([
      {
        bank_name: 'みずほ銀行',
        branch_name: '本店',
        account_type: '普通',
        account_number: '1234567',
        account_holder: 'カ）ヘンシュウ',
      },
    ]);
    await user.click(screen.getByRole('button', { name: '更新する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/companies'));
  }, 120_000);

  it('per-company transaction documents view lists the documents read-only', async () => {
    mockApi({
      'GET /api/me': { data: adminMe() },
      'GET /api/admin/companies/5': { data: company },
      'GET /api/company/customer': page([]),
      'GET /api/transaction-documents': page([]),
    });
    seedToken();
    renderApp('/system/companies/5/transaction-documents');
    expect(await screen.findByText('発注取引はまだありません')).toBeTruthy();
    expect(await screen.findByText(/株式会社編集前 の発注取引/)).toBeTruthy();
  });

  it('uploads a company logo on the edit page (multipart file) and can remove it; refuses over 1 MB before sending', async () => {
    const stored = 'data:image/png;base64,iVBORw0KGgo=';
    const { calls } = mockApi({
      'GET /api/me': { data: adminMe() },
      'GET /api/admin/domains': page([]),
      'GET /api/admin/companies/5': { data: company },
      'GET /api/admin/companies/5/logo': { data: { logo_data: null } },
      'POST /api/admin/companies/5/logo': () => json({ data: { logo_data: stored }, message: 'ロゴを登録しました' }),
      'DELETE /api/admin/companies/5/logo': { data: { logo_data: null }, message: 'ロゴを削除しました' },
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/system/companies/5/edit');
    const section = await screen.findByRole('region', { name: 'ロゴ' });
    const box = within(section);
    expect(await box.findByText('ロゴはまだ登録されていません')).toBeTruthy();
    const input = section.querySelector('input[type="file"]') as HTMLInputElement;

    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await box.findByText('ファイルサイズは1MB以下にしてください')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }));
    await user.click(box.getByRole('button', { name: 'ロゴをアップロード' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/api/admin/companies/5/logo');
    expect(post?.body).toBeInstanceOf(FormData);
    expect(((post as { body: FormData }).body.get('file') as File).name).toBe('logo.png');
    expect(((await box.findByAltText('ロゴのプレビュー')) as HTMLImageElement).getAttribute('src')).toBe(stored);

    await user.click(box.getByRole('button', { name: 'ロゴを削除する' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await box.findByText('ロゴはまだ登録されていません')).toBeTruthy();
  }, 120_000);
});
