/**
 * The shared list kit (apps/web/src/components/resource-list) in a real browser, over 商品一覧
 * (/company/products, a kit declaration): keyword kept in the URL (reload and back restore it, the box shows
 * it), paging through the footer, sorting by a column header, the phone width, the empty search and the
 * error with 再読み込み.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn, USERS, waitForPath } from './support/app';
import { newPage, openBrowser, screenshot } from './support/browser';

const baseURL = inject('baseURL');
const password = inject('demoPassword');

const LIST = '/company/products';
const LIST_API = '/api/products';
const PHONE = { width: 375, height: 812 };

const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);
const rows = (page: Page) => page.getByTestId('product-row');
const keywordBox = (page: Page) => page.getByRole('textbox', { name: 'キーワード検索' });
const range = (page: Page) => page.getByTestId('list-range');
const yen = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The 単価 column of the shown rows (the 4th cell), as numbers. */
async function prices(page: Page): Promise<number[]> {
  return (await rows(page).locator('td:nth-child(4)').allTextContents()).map(yen);
}

/** How much wider than the window the document is (0 = nothing scrolls sideways). */
function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Waits until the list shows the page it asked for (no request in flight). */
async function settled(page: Page) {
  await expect.poll(() => page.getByRole('table', { name: '商品一覧' }).getAttribute('aria-busy')).toBe('false');
}

/** Waits until the URL's query has `key` = `value` (null: absent). */
function waitForParam(page: Page, key: string, value: string | null) {
  return page.waitForURL((url) => url.searchParams.get(key) === value, { waitUntil: 'commit' });
}

describe('the list kit (商品一覧)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser(inject('browserWsEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps keyword, page and sort in the URL, pages, sorts, fits a phone, and shows empty and error states', async () => {
    const t = await newPage(browser, baseURL);
    const { page } = t;
    try {
      await signIn(page, { email: USERS.owner.email, password, expectedPath: '/company' });
      await page.goto(LIST);
      await expect.poll(() => rows(page).count()).toBe(20);
      const total = Number((await range(page).textContent())?.match(/全(\d+)件/)?.[1]);
      expect(total).toBeGreaterThan(20);
      expect(await range(page).textContent()).toBe(`全${total}件中 1〜20件`);

      // page 2 through the footer, in the URL; back returns to page 1
      await page.getByRole('button', { name: '2ページ目' }).click();
      await waitForParam(page, 'page', '2');
      await expect.poll(() => range(page).textContent()).toBe(`全${total}件中 21〜${Math.min(40, total)}件`);
      await page.goBack();
      await waitForParam(page, 'page', null);
      await expect.poll(() => range(page).textContent()).toBe(`全${total}件中 1〜20件`);

      // sort by 単価: ascending, then descending (back to page 1 each time)
      await page.getByRole('button', { name: '2ページ目' }).click();
      await waitForParam(page, 'page', '2');
      const header = page.getByRole('columnheader', { name: '単価' });
      await header.getByRole('button').click();
      await waitForParam(page, 'sort_dir', 'asc');
      expect(param(page, 'sort_by')).toBe('unit_price');
      expect(param(page, 'page')).toBeNull();
      await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
      await settled(page);
      const asc = await prices(page);
      expect(asc).toHaveLength(20);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      await header.getByRole('button').click();
      await waitForParam(page, 'sort_dir', 'desc');
      await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
      await expect.poll(async () => (await prices(page))[0]).toBeGreaterThan(asc[0]);
      await settled(page);
      const desc = await prices(page);
      expect(desc).toEqual([...desc].sort((a, b) => b - a));
      await screenshot(page, 'list-kit-sorted-1280.png');

      // a keyword: in the URL (with the sort), kept by a reload and by back from a row
      await keywordBox(page).fill('ボールペン');
      await waitForParam(page, 'keyword', 'ボールペン');
      await expect.poll(() => rows(page).count()).toBeLessThan(20);
      await settled(page);
      const found = await rows(page).allTextContents();
      expect(found.length).toBeGreaterThan(0);
      for (const text of found) expect(text).toContain('ボールペン');
      await page.reload();
      await expect.poll(() => rows(page).allTextContents()).toEqual(found);
      expect(await keywordBox(page).inputValue()).toBe('ボールペン');
      expect(param(page, 'sort_by')).toBe('unit_price');
      expect(param(page, 'sort_dir')).toBe('desc');
      await rows(page).first().click();
      await waitForPath(page, '/company/products/edit');
      await page.goBack();
      await waitForPath(page, LIST);
      expect(param(page, 'keyword')).toBe('ボールペン');
      await expect.poll(() => keywordBox(page).inputValue()).toBe('ボールペン');
      await expect.poll(() => rows(page).allTextContents()).toEqual(found);

      // a keyword matching nothing: the filtered empty state, and 条件をクリア brings the rows back
      await keywordBox(page).fill('該当する商品のないキーワード');
      await page.getByText('条件に一致する商品が見つかりません').waitFor();
      expect(await rows(page).count()).toBe(0);
      await screenshot(page, 'list-kit-empty-1280.png');
      await page.getByRole('button', { name: '条件をクリア' }).click();
      await waitForParam(page, 'keyword', null);
      await expect.poll(() => rows(page).count()).toBe(20);
      expect(await keywordBox(page).inputValue()).toBe('');

      // a phone: nothing wider than the screen, the rows and the footer still there
      await page.setViewportSize(PHONE);
      try {
        await page.goto(`${LIST}?page=2`);
        await expect.poll(() => range(page).textContent()).toBe(`全${total}件中 21〜${Math.min(40, total)}件`);
        await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        const footer = await range(page).boundingBox();
        expect((footer?.x ?? 0) + (footer?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
        await screenshot(page, 'list-kit-375.png');
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }

      // the list's GET fails (500, and the one automatic retry too): the error, then 再読み込み loads it
      let failing = true;
      let failed = 0;
      const listGet = (url: URL) => url.pathname === LIST_API;
      await page.route(listGet, async (route: Route) => {
        if (!failing) return route.continue();
        failed++;
        return route.fulfill({ status: 500, json: { message: 'E2E: 一覧を読み込めませんでした' } });
      });
      await page.goto(LIST);
      await page.locator('main').getByText('E2E: 一覧を読み込めませんでした').waitFor();
      expect(failed).toBeGreaterThan(0);
      expect(await rows(page).count()).toBe(0);
      await screenshot(page, 'list-kit-error-1280.png');
      failing = false;
      await page.getByRole('button', { name: '再読み込み' }).click();
      await expect.poll(() => rows(page).count()).toBe(20);
      await expect.poll(() => page.locator('main').getByText('E2E: 一覧を読み込めませんでした').count()).toBe(0);
      await page.unroute(listGet);
      t.assertNoErrors([/status of 500/]);
    } finally {
      await t.close();
    }
  }, 180_000);
});
