import { describe, expect, it } from 'vitest';
import { pageApi } from './support/api';
import { localStorageKeys, pathOf, sidebarLinkLabels, signInAs, waitForPath } from './support/app';
import { useBrowser, withPage } from './support/page';

describe('route guards', () => {
  const browser = useBrowser();

  it('an employee signs in at /employee/login and is sent to /error-forbidden from 顧客管理', async () => {
    await withPage(browser(), [/status of 403/], async ({ page }) => {
      await page.goto('/employee/login');
      await page.getByRole('heading', { name: '従業員ログイン' }).waitFor();
      // The company home needs customer.index, which an employee lacks: the guard lands them on the
      // first company page they may open (出勤管理).
      await signInAs(page, 'employee');
      const labels = await sidebarLinkLabels(page, 'company');
      expect(labels).toContain('出勤管理');
      expect(labels).not.toContain('顧客管理');

      await page.goto('/company/customers');
      await waitForPath(page, '/error-forbidden');
      await page.getByRole('heading', { name: 'アクセス権限がありません' }).waitFor();

      // Direct API access is refused by the server too, not only hidden by the web app.
      const { status } = await pageApi(page, 'GET', '/api/company/customer');
      expect(status).toBe(403);

      // The admin area is closed to an employee as well.
      await page.goto('/system');
      await waitForPath(page, '/error-forbidden');
    });
  });

  it("an unknown route shows 'This page could not be found' with a link home", async () => {
    await withPage(browser(), async ({ page }) => {
      const res = await page.goto('/no-such-page/at-all');
      expect(res?.status()).toBe(200); // history mode: the server answers the SPA, the app shows the 404
      await page.getByText('This page could not be found', { exact: true }).waitFor();
      expect(pathOf(page)).toBe('/no-such-page/at-all');
      expect(await page.getByRole('link', { name: 'ホームに戻る' }).getAttribute('href')).toBe('/');
    });
  });

  it('without a session /company and / redirect to /login', async () => {
    await withPage(browser(), async ({ page }) => {
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
    });
  });
});
