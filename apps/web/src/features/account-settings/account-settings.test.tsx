import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeMe, mockApi, renderApp, seedToken } from '../../test/utils';

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
  it('/tax/edit loads the settings and saves the chosen display', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/company/tax-settings': { data: { tax_display: 'exclusive', tax_rounding: 'floor' } },
      'PUT /api/company/tax-settings': (req) => json({ data: req.body }),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/tax/edit');
    await user.click(await screen.findByRole('radio', { name: /税込/ }));
    await user.click(screen.getByRole('radio', { name: '四捨五入' }));
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ tax_display: 'inclusive', tax_rounding: 'round' });
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
