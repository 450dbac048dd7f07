import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { localStorageKeys, pathOf, sidebarLinkLabels, signIn, USERS, waitForPath } from './support/app';
import { newPage, openBrowser } from './support/browser';

const baseURL = inject('baseURL');
const password = inject('demoPassword');

describe('route guards', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser(inject('browserWsEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an employee signs in at /employee/login and is sent to /error-forbidden from 顧客管理', async () => {
    const t = await newPage(browser, baseURL);
    const { page } = t;
    try {
      await page.goto('/employee/login');
      await page.getByRole('heading', { name: '従業員ログイン' }).waitFor();
      // The company home needs customer.index, which an employee lacks: the guard lands them on the
      // first company page they may open (出勤管理).
      await signIn(page, {
        email: USERS.employee.email,
        password,
        loginPath: '/employee/login',
        expectedPath: '/company/attendance',
      });
      const labels = await sidebarLinkLabels(page, 'company');
      expect(labels).toContain('出勤管理');
      expect(labels).not.toContain('顧客管理');

      await page.goto('/company/customers');
      await waitForPath(page, '/error-forbidden');
      await page.getByRole('heading', { name: 'アクセス権限がありません' }).waitFor();

      // Direct API access is refused by the server too, not only hidden by the web app.
      const status = await page.evaluate(async () => {
        const raw = window.localStorage.getItem('tokenData');
        const token = raw ? (JSON.parse(raw) as { token: string }).token : '';
        const res = await fetch('/api/company/customer', { headers: { Authorization: `Bearer ${token}` } });
        return res.status;
      });
      expect(status).toBe(403);

      // The admin area is closed to an employee as well.
      await page.goto('/system');
      await waitForPath(page, '/error-forbidden');

      t.assertNoErrors([/status of 403/]);
    } finally {
      await t.close();
    }
  });

  it("an unknown route shows 'This page could not be found' with a link home", async () => {
    const t = await newPage(browser, baseURL);
    const { page } = t;
    try {
      const res = await page.goto('/no-such-page/at-all');
      expect(res?.status()).toBe(200); // history mode: the server answers the SPA, the app shows the 404
      await page.getByText('This page could not be found', { exact: true }).waitFor();
      expect(pathOf(page)).toBe('/no-such-page/at-all');
      expect(await page.getByRole('link', { name: 'ホームに戻る' }).getAttribute('href')).toBe('/');
      t.assertNoErrors();
    } finally {
      await t.close();
    }
  });

  it('without a session /company and / redirect to /login', async () => {
    const t = await newPage(browser, baseURL);
    const { page } = t;
    try {
      await page.goto('/company');
      await waitForPath(page, '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/company');
      await page.getByRole('heading', { name: '管理者・企業ログイン' }).waitFor();
      expect(await localStorageKeys(page)).not.toContain('tokenData');

      await page.goto('/company/customers?keyword=abc');
      await waitForPath(page, '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/company/customers?keyword=abc');

      await page.goto('/');
      await waitForPath(page, '/login');
      t.assertNoErrors();
    } finally {
      await t.close();
    }
  });
});
