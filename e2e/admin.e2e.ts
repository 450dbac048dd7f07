import { describe, expect, it } from 'vitest';
import {
  expectTopBarUser,
  localStorageKeys,
  pathOf,
  sidebar,
  sidebarGroupLabels,
  sidebarLinkLabels,
  signInAs,
  signOut,
  USERS,
  waitForPath,
} from './support/app';
import { screenshot } from './support/browser';
import { useBrowser, withPage } from './support/page';

describe('platform administrator', () => {
  const browser = useBrowser();

  it('signs in at /login, sees the admin sidebar and top bar, signs out, and /system then needs a session', async () => {
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'admin');

      // docs/product/SPEC.md §2 admin table: home + 企業, 管理者, お知らせ, ドメイン — exactly these, in this order — and the
      // 操作ログ (settings.index, docs/adr/0003-audit-hash-chain.md).
      expect(await sidebarLinkLabels(page, 'admin')).toEqual([
        'ホーム',
        '企業',
        '管理者',
        'お知らせ',
        'ドメイン',
        '操作ログ',
      ]);
      expect(await sidebarGroupLabels(page, 'admin')).toEqual([]);
      expect(await sidebar(page, 'company').count()).toBe(0);
      const menu = sidebar(page, 'admin');
      for (const companyEntry of ['顧客管理', '商品一覧', '総勘定元帳', '受注取引一覧']) {
        expect(await menu.getByText(companyEntry, { exact: true }).count()).toBe(0);
      }
      const hrefs = await menu
        .getByRole('navigation')
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual([
        '/system',
        '/system/companies',
        '/system/admins',
        '/system/infos',
        '/system/domains',
        '/system/audit-logs',
      ]);

      await expectTopBarUser(page, USERS.admin);
      expect(await localStorageKeys(page)).toContain('tokenData');
      await screenshot(page, 'admin-home.png');

      await signOut(page);
      expect(pathOf(page)).toBe('/login');
      expect(await localStorageKeys(page)).not.toContain('tokenData');
      expect(await page.evaluate(() => document.cookie)).not.toMatch(/(^|;\s*)token=/);

      await page.goto('/system');
      await waitForPath(page, '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/system');
      await page.getByRole('button', { name: 'ログイン', exact: true }).waitFor();
    });
  });
});
