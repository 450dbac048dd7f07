import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, sidebar, signInAs, toast, waitForPath } from './support/app';
import { shots, useBrowser, withPage } from './support/page';

const line = (page: Page, row: number, name: string) => page.getByRole('textbox', { name: `${row}行目 ${name}` });

describe('受注取引', () => {
  const browser = useBrowser();

  it('creates a sale with a product line and a free line, finds it in the list, edits the quantity', async () => {
    const subject = 'E2E 4月分 事務用品と設置';
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
      await sidebar(page, 'company').getByRole('link', { name: '受注取引一覧', exact: true }).click();
      await waitForPath(page, '/company/transactions');
      await page.getByRole('link', { name: '新規登録' }).click();
      await waitForPath(page, '/company/transactions/create');

      // header
      await field(page, '顧客').fill('青葉');
      await page.getByRole('option', { name: '株式会社青葉商店' }).click();
      await field(page, '件名').fill(subject);

      // line 1: a product picked by its code
      await line(page, 1, '品目').fill('P0001');
      await page.getByRole('option', { name: /コピー用紙 A4/ }).click();
      await expect.poll(() => line(page, 1, '単価').inputValue()).toBe('3,280');
      expect(await line(page, 1, '単位').inputValue()).toBe('箱');
      await line(page, 1, '数量').fill('2');
      // Enter in the last row's price adds a row and moves to its 品目
      await line(page, 1, '単価').press('Enter');
      await expect.poll(() => page.getByTestId('line-row').count()).toBe(2);
      // line 2: free text, typed with Tab between the fields
      await page.keyboard.type('設置作業');
      await page.keyboard.press('Tab');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('1');
      await page.keyboard.press('Tab');
      await page.keyboard.type('式');
      await page.keyboard.press('Tab');
      await page.keyboard.type('15000');
      expect(await line(page, 2, '品目').inputValue()).toBe('設置作業');
      expect(await line(page, 2, '単価').inputValue()).toBe('15,000');
      // 10%: 6,560 + 15,000 = 21,560, tax 2,156 (floor), total 23,716
      await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('¥23,716');
      expect(await page.getByTestId('total-tax').textContent()).toBe('¥2,156');
      await shots(page, 'sales-form');

      await page.getByRole('button', { name: '登録する' }).click();
      await toast(page, '受注取引を登録しました').waitFor();
      await waitForPath(page, '/company/transactions');
      const row = page.getByTestId('transaction-row').filter({ hasText: subject });
      await row.waitFor();
      expect(await row.textContent()).toContain('¥23,716');
      expect(await row.textContent()).toContain('未請求');

      // the keyword goes to the URL and narrows the list
      await page.getByRole('textbox', { name: 'キーワード検索' }).fill('E2E 4月分');
      await page.waitForURL((url) => url.searchParams.get('keyword') === 'E2E 4月分');
      await expect.poll(() => page.getByTestId('transaction-row').count()).toBe(1);
      await shots(page, 'sales-list');

      // open, change the quantity, save
      await row.click();
      await waitForPath(page, '/company/transactions/edit');
      await expect.poll(() => line(page, 1, '数量').inputValue()).toBe('2');
      expect(await page.getByRole('link', { name: /仕訳を見る/ }).getAttribute('href')).toMatch(
        /^\/company\/accountings_bk\/edit\?id=\d+$/,
      );
      await shots(page, 'sales-edit');
      await line(page, 1, '数量').fill('3');
      // 9,840 + 15,000 = 24,840, tax 2,484, total 27,324
      await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('¥27,324');
      await page.getByRole('button', { name: '更新する' }).click();
      await toast(page, '受注取引を更新しました').waitFor();
      // back to the list with its keyword
      await page.waitForURL(
        (url) => url.pathname === '/company/transactions' && url.searchParams.get('keyword') === 'E2E 4月分',
      );
      await expect.poll(() => row.textContent()).toContain('¥27,324');
    });
  });

  it("the journal does not change a sale's entry: it says 「受注取引 #N から作成」 and links there instead", async () => {
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
      await page.goto('/company/accountings_bk');
      const owner = page
        .getByTestId('entry-owner')
        .filter({ hasText: /^受注取引 #\d+ から作成$/ })
        .first();
      await owner.waitFor({ timeout: 30_000 });
      const row = page.getByTestId('entry-row').filter({ has: owner });
      // the owned entry's row offers neither delete nor 逆仕訳
      expect(await row.getByRole('button', { name: /を削除|の逆仕訳/ }).count()).toBe(0);
      const id = ((await owner.textContent()) ?? '').match(/#(\d+)/)?.[1];
      // its page is read-only and names the document
      await row.getByRole('cell').first().click();
      await waitForPath(page, '/company/accountings_bk/edit');
      await page.getByTestId('entry-owned').waitFor();
      expect(await page.getByTestId('entry-owned').textContent()).toContain('受注取引');
      expect(await page.getByRole('button', { name: /削除|逆仕訳|更新する/ }).count()).toBe(0);
      await page.getByTestId('entry-owned').getByRole('link').click();
      await waitForPath(page, '/company/transactions/edit');
      expect(new URL(page.url()).searchParams.get('id')).toBe(id);
    });
  });
});
