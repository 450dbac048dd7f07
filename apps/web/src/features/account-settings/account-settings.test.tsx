import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { companyProfile, json, makeMe, mockApi, renderApp, seedToken } from '../../test/utils';

const ME = makeMe({
  permissions: [
    'profile.update-name',
    'profile.update-email',
    'profile.update-password',
    'taxes.show',
    'data.expiration',
  ],
});

describe('account settings', () => {
  it('/tax/edit loads the settings and saves the chosen display and 経理方式', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/tax-settings': {
        data: { tax_display: 'exclusive', tax_rounding: 'floor', accounting_method: 'exclusive' },
      },
      'PUT /api/company/tax-settings': (req) => json({ data: req.body }),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/tax/edit');
    await user.click(await screen.findByRole('radio', { name: /^税込（/ }));
    await user.click(screen.getByRole('radio', { name: '四捨五入' }));
    expect((screen.getByRole('radio', { name: /^税抜経理/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: /^税込経理/ }));
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      tax_display: 'inclusive',
      tax_rounding: 'round',
      accounting_method: 'inclusive',
    });
  });

  it('/password/edit shows the wrong-current-password error under its field', async () => {
    mockApi({
      'GET /api/me': { data: ME },
      'PUT /api/password': () =>
        json(
          {
            message: '現在のパスワードが正しくありません',
            errors: { current_password: ['現在のパスワードが正しくありません'] },
          },
          422,
        ),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/password/edit');
    await screen.findByRole('button', { name: '変更する' });
    const [current, next, confirm] = Array.from(
      document.querySelectorAll('input[type="password"]'),
    ) as HTMLInputElement[];
    await user.type(current, 'wrong-pass');
    await user.type(next, 'brand-new-9');
    await user.type(confirm, 'brand-new-9');
    await user.click(screen.getByRole('button', { name: '変更する' }));
    expect(await screen.findByText('現在のパスワードが正しくありません')).toBeTruthy();
  });

  it('/email/edit says a confirmation was sent and does not change the shown address', async () => {
    mockApi({
      'GET /api/me': { data: ME },
      'PUT /api/profile/email': {
        message: 'new@example.jp に確認メールを送信しました。メール内のリンクを開くと変更が完了します',
      },
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/email/edit');
    await user.type(await screen.findByRole('textbox', { name: /新しいメールアドレス/ }), 'new@example.jp');
    await user.click(screen.getByRole('button', { name: '確認メールを送る' }));
    expect((await screen.findByRole('status')).textContent).toContain('確認メールを送信しました');
    expect(screen.getByText('現在のメールアドレス: owner@example.com')).toBeTruthy();
  });
});

describe('/profile/edit for a company user', () => {
  it('treats bank-info 404 as "none yet" (empty form, no error) and saves the bank account', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company-profile': {
        data: companyProfile({ postal_code: '1000005', prefecture_code: '13' }),
      },
      'GET /api/company/bank-info': () => json({ message: '振込先口座が登録されていません' }, 404),
      'PUT /api/company/bank-info': (req) => json({ data: req.body }),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/profile/edit');
    const bankCode = await screen.findByRole('textbox', { name: /銀行コード/ });
    expect((bankCode as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('振込先口座が登録されていません')).toBeNull();
    expect((screen.getByRole('textbox', { name: '郵便番号' }) as HTMLInputElement).value).toBe('100-0005');
    await user.type(bankCode, '0005');
    await user.type(screen.getByRole('textbox', { name: /^銀行名/ }), '三菱UFJ銀行');
    await user.type(screen.getByRole('textbox', { name: /支店コード/ }), '001');
    await user.type(screen.getByRole('textbox', { name: /^支店名/ }), '本店');
    await user.type(screen.getByRole('textbox', { name: /口座番号/ }), '1234567');
    await user.type(screen.getByRole('textbox', { name: /口座名義/ }), 'カ）サンプル');
    const forms = screen.getAllByRole('button', { name: '保存する' });
    await user.click(forms[forms.length - 1]);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      bank_code: '0005',
      bank_name: '三菱UFJ銀行',
      branch_code: '001',
      branch_name: '本店',
      account_type: '普通',
      account_number: '1234567',
      account_holder: 'カ）サンプル',
      // no account yet: the company row's version, read with the profile
      updated_at: '2026-01-01T00:00:00Z',
    });
  });
});

describe('/email/confirm', () => {
  it('sends the token from the link and shows the new address', async () => {
    const { calls } = mockApi({
      'POST /api/profile/email/confirm': { message: 'メールアドレスを変更しました', data: { email: 'new@example.jp' } },
    });
    renderApp('/email/confirm?token=abc123');
    expect((await screen.findByRole('status')).textContent).toContain('new@example.jp');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ token: 'abc123' });
  });

  it('shows the server message for a used or expired link', async () => {
    mockApi({
      'POST /api/profile/email/confirm': () =>
        json({ message: 'メールアドレス変更のリンクが無効か、有効期限が切れています。もう一度お手続きください' }, 422),
    });
    renderApp('/email/confirm?token=used');
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('有効期限が切れています'))).toBe(true),
    );
  });
});
