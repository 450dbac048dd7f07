import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOGIN_SHELL_PAGES } from '../../../login-shell';
import { mockApi, renderApp } from '../../test/utils';

// The sign-in page's static markup (painted before the JavaScript loads; vite.config.ts writes it into
// dist/login.html and dist/employee-login.html) must say what the page says.
const shell = readFileSync(path.join(import.meta.dirname, '../../../login-shell.html'), 'utf8');

describe('the sign-in page as static markup (login-shell.html)', () => {
  it.each([
    ['/login', '管理者・企業ログイン', '従業員の方はこちら', '/employee/login'],
    ['/employee/login', '従業員ログイン', '管理者・企業の方はこちら', '/login'],
  ])('%s: the same heading, fields, button and links as the page', async (path, title, switchLabel, switchHref) => {
    mockApi({});
    const { container } = renderApp(path);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    // the heading and the link to the other sign-in page are filled in per page by vite.config.ts
    expect(LOGIN_SHELL_PAGES).toContainEqual(expect.objectContaining({ title, switchHref, switchLabel }));
    expect(screen.getByRole('link', { name: switchLabel }).getAttribute('href')).toBe(switchHref);
    expect(shell).toContain('%TITLE%');
    const texts = [
      ...[...container.querySelectorAll('p, label, button, a')].map((el) => el.textContent?.trim() ?? ''),
    ].filter((t) => t && t !== title && t !== switchLabel);
    expect(texts.length).toBeGreaterThan(5);
    for (const text of texts) expect(shell, text).toContain(text.replace(' *', ''));
    for (const input of container.querySelectorAll('input')) {
      expect(shell).toContain(`name="${input.name}"`);
      expect(shell).toContain(`autocomplete="${input.getAttribute('autocomplete')}"`);
    }
    for (const link of container.querySelectorAll('a')) {
      const href = link.getAttribute('href') ?? '';
      if (href !== switchHref) expect(shell).toContain(`href="${href}"`);
    }
  });

  it('the page takes over what was typed into the static markup', async () => {
    mockApi({});
    const markup = document.createElement('div');
    markup.setAttribute('data-login-shell', '');
    markup.innerHTML =
      '<input name="email" value="owner@example.com"><input name="password" type="password" value="pw">';
    document.body.append(markup);
    try {
      renderApp('/login');
      const email = (await screen.findByRole('textbox', { name: 'メールアドレス' })) as HTMLInputElement;
      expect(email.value).toBe('owner@example.com');
      expect((screen.getByLabelText(/パスワード/, { selector: 'input' }) as HTMLInputElement).value).toBe('pw');
    } finally {
      markup.remove();
    }
  });
});
