import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** The demo sign-ins seeded on the empty database (apps/server/src/db/seed/seed.ts). */
export const USERS = {
  admin: { email: 'admin@example.com', name: 'システム管理者' },
  owner: { email: 'owner@example.com', name: '山田 一郎', company: '株式会社サンプル商事' },
  /** 経理: makes 振込データ, may not approve them. */
  clerk: { email: 'keiri@example.com', name: '経理 鈴木' },
  employee: { email: 'employee@example.com', name: '佐藤 花子' },
} as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The form control labelled exactly `label`. Mantine appends ' *' (aria-hidden) to the label of a required
 * field, which Playwright's label text includes, so the asterisk is allowed.
 */
export function field(page: Page, label: string): Locator {
  // Only the control itself (a Select's option list is labelled by the same label).
  return page.getByLabel(new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`)).and(page.locator('input, textarea'));
}

/** Waits until the page's path (and optionally its query) is `pathname`. */
export async function waitForPath(page: Page, pathname: string | RegExp, timeout = 10_000): Promise<void> {
  await page.waitForURL(
    (url) => (typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname)),
    // client-side redirects change the URL without a new load event
    { timeout, waitUntil: 'commit' },
  );
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Signs in through the login form at `loginPath` and waits for `expectedPath`. */
export async function signIn(
  page: Page,
  {
    email,
    password,
    loginPath = '/login',
    expectedPath,
  }: { email: string; password: string; loginPath?: string; expectedPath: string },
): Promise<void> {
  await page.goto(loginPath);
  await field(page, 'メールアドレス').fill(email);
  await field(page, 'パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await waitForPath(page, expectedPath);
}

/** Where each demo user signs in and lands. */
const SIGN_IN = {
  admin: { loginPath: '/login', expectedPath: '/system' },
  owner: { loginPath: '/login', expectedPath: '/company' },
  clerk: { loginPath: '/login', expectedPath: '/company' },
  employee: { loginPath: '/employee/login', expectedPath: '/company/attendance' },
} as const;

/** Signs a demo user in (demo password) through their login form and waits for their landing page. */
export async function signInAs(page: Page, who: keyof typeof USERS): Promise<void> {
  await signIn(page, { email: USERS[who].email, password: inject('demoPassword'), ...SIGN_IN[who] });
}

/** The Mantine notification (toast) showing `text`. */
export const toast = (page: Page, text: string | RegExp): Locator =>
  page.locator('.mantine-Notification-root', { hasText: text });

/** Signs out through the account dropdown's ログアウト and waits for /login. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'アカウントメニュー' }).click();
  await page.getByRole('menuitem', { name: 'ログアウト' }).click();
  await waitForPath(page, '/login');
}

export function sidebar(page: Page, kind: 'admin' | 'company'): Locator {
  return page.locator(`aside[data-sidebar="${kind}"]`);
}

/** The labels of the sidebar's links (groups' children included), in order. */
export async function sidebarLinkLabels(page: Page, kind: 'admin' | 'company'): Promise<string[]> {
  const nav = sidebar(page, kind).getByRole('navigation');
  await nav.getByRole('link').first().waitFor();
  return (await nav.getByRole('link').allTextContents()).map((t) => t.trim());
}

/** The labels of the sidebar's groups (会計帳簿 …). */
export async function sidebarGroupLabels(page: Page, kind: 'admin' | 'company'): Promise<string[]> {
  const groups = sidebar(page, kind).locator('[role="group"]');
  const labels: string[] = [];
  for (const group of await groups.all()) labels.push((await group.getAttribute('aria-label')) ?? '');
  return labels;
}

export async function localStorageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(window.localStorage));
}

/** Asserts the top bar's account button shows this name and e-mail. */
export async function expectTopBarUser(page: Page, user: { name: string; email: string }): Promise<void> {
  await expect.poll(() => page.locator('header').getByTestId('user-name').textContent()).toBe(user.name);
  expect(await page.locator('header').getByTestId('user-email').textContent()).toBe(user.email);
}
