import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getCookie } from '../../lib/cookies';
import { readTokenData } from '../../lib/token';
import { adminMe, json, makeMe, mockApi, page, renderApp } from '../../test/utils';
import { DASHBOARD } from '../dashboard/test-fixtures';

function errorOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const expires = () => Math.floor(Date.now() / 1000) + 8 * 3600;

describe('login', () => {
  it('shows the server 422 message under the e-mail field', async () => {
    mockApi({
      'POST /api/login': () =>
        json(
          {
            message: 'ログインできませんでした',
            errors: { email: ['メールアドレスまたはパスワードが正しくありません'] },
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByRole('textbox', { name: 'メールアドレス' }), 'owner@example.com');
    await user.type(screen.getByLabelText(/パスワード/, { selector: 'input' }), 'wrong-password{Enter}');
    const email = screen.getByRole('textbox', { name: 'メールアドレス' });
    await waitFor(() => expect(errorOf(email)).toContain('メールアドレスまたはパスワードが正しくありません'));
    expect(readTokenData()).toBeNull();
  });

  it('shows the lock / rate-limit message of a 429', async () => {
    mockApi({
      'POST /api/login': () => json({ message: 'ログイン試行回数が上限に達しました' }, 429, { 'Retry-After': '600' }),
    });
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByRole('textbox', { name: 'メールアドレス' }), 'owner@example.com');
    await user.type(screen.getByLabelText(/パスワード/, { selector: 'input' }), 'x{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'ログイン試行回数が上限に達しました（約10分後に再度お試しください）',
    );
  });

  it('stores the token (storage + cookie), loads the profile and goes to the company home', async () => {
    const exp = expires();
    const { calls } = mockApi({
      'POST /api/login': { data: { token: 'new-token', token_expires: exp } },
      'GET /api/me': { data: makeMe() },
      'GET /api/company/customer': page([]),
      'GET /api/company/dashboard': { data: DASHBOARD },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/company/login');
    expect(await screen.findByRole('heading', { name: '管理者・企業ログイン' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'メールアドレス' }), 'owner@example.com');
    await user.type(screen.getByLabelText(/パスワード/, { selector: 'input' }), 'correct horse{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/company'));
    expect(readTokenData()).toEqual({ token: 'new-token', tokenExpires: exp });
    expect(getCookie('token')).toBe('new-token');
    expect(calls.find((c) => c.url.pathname === '/api/me')?.headers.get('Authorization')).toBe('Bearer new-token');
    expect(await screen.findByText(/ようこそ、山田 太郎 さん/)).toBeTruthy();
    // the home's figures come from the books (GET /api/company/dashboard)
    const tiles = await screen.findAllByTestId('home-figure');
    expect(tiles.map((t) => t.textContent)).toEqual(['¥1,250,000', '¥3,300,000', '¥880,000', '¥12,345,678']);
  });

  it('sends an admin to /system, and the employee screen has its own heading', async () => {
    mockApi({
      'POST /api/login': { data: { token: 'admin-token', token_expires: expires() } },
      'GET /api/me': { data: adminMe() },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/employee/login');
    expect(await screen.findByRole('heading', { name: '従業員ログイン' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'メールアドレス' }), 'admin@example.com');
    await user.type(screen.getByLabelText(/パスワード/, { selector: 'input' }), 'pw{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/system'));
  });
});

describe('password pages', () => {
  it('forgot → POST /api/password/forgot → complete page', async () => {
    const { calls } = mockApi({ 'POST /api/password/forgot': { message: 'ok' } });
    const user = userEvent.setup();
    const { router } = renderApp('/password-forget');
    await user.type(await screen.findByRole('textbox', { name: 'メールアドレス' }), 'owner@example.com{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/password-forget/complete'));
    expect(await screen.findByText('パスワード再設定用のメールを送信しました。')).toBeTruthy();
    expect(calls[0].body).toEqual({ email: 'owner@example.com' });
  });

  it('reset sends token and email from the link, then goes to /login with a success toast', async () => {
    const { calls } = mockApi({ 'POST /api/password/reset': { message: 'ok' } });
    const user = userEvent.setup();
    const { router } = renderApp('/password-reset?token=abc123&email=owner%40example.com');
    await user.type(
      await screen.findByLabelText(/^新しいパスワード\s*\*?$/, { selector: 'input' }),
      'kuma-no-pan-2026',
    );
    await user.type(
      screen.getByLabelText(/新しいパスワード（確認）/, { selector: 'input' }),
      'kuma-no-pan-2026{Enter}',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(
      await screen.findByText('パスワードを再設定しました。新しいパスワードでログインしてください。'),
    ).toBeTruthy();
    expect(calls[0].body).toEqual({
      token: 'abc123',
      email: 'owner@example.com',
      password: 'kuma-no-pan-2026',
      password_confirmation: 'kuma-no-pan-2026',
    });
  });

  it('reset shows the confirmation mismatch under the confirmation field', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderApp('/password-reset?token=abc123&email=owner%40example.com');
    await user.type(
      await screen.findByLabelText(/^新しいパスワード\s*\*?$/, { selector: 'input' }),
      'kuma-no-pan-2026',
    );
    const confirmation = screen.getByLabelText(/新しいパスワード（確認）/, { selector: 'input' });
    await user.type(confirmation, 'different-2026{Enter}');
    await waitFor(() => expect(errorOf(confirmation)).toContain('確認用パスワードが一致しません。'));
  });
});

describe('invitation registration', () => {
  it('handles an unknown or expired invitation gracefully', async () => {
    mockApi({ 'GET /api/invitations/zzz': () => json({ message: 'Not Found' }, 404) });
    renderApp('/register?token=zzz');
    expect(await screen.findByText('招待が見つからないか、有効期限が切れています')).toBeTruthy();
  });

  it('registers a company owner and signs them in', async () => {
    const { calls } = mockApi({
      'GET /api/invitations/inv1': {
        data: { type: 'company', email: 'new@example.com', company_name: '合同会社みどり' },
      },
      'POST /api/register': { data: { token: 'reg-token', token_expires: expires() } },
      'GET /api/me': { data: makeMe({ name: '緑川 一郎' }) },
      'GET /api/company/customer': page([]),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/register?token=inv1');
    expect(await screen.findByText('合同会社みどり の利用を開始します')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: '氏名' }), '緑川 一郎');
    await user.type(screen.getByLabelText(/^パスワード\s*\*?$/, { selector: 'input' }), 'kuma-no-pan-2026');
    await user.type(screen.getByLabelText(/パスワード（確認）/, { selector: 'input' }), 'kuma-no-pan-2026{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/company'));
    expect(calls.find((c) => c.url.pathname === '/api/register')?.body).toEqual({
      token: 'inv1',
      name: '緑川 一郎',
      password: 'kuma-no-pan-2026',
      password_confirmation: 'kuma-no-pan-2026',
    });
  });
});
