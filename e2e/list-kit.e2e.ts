/**
 * The shared list kit (apps/web/src/components/resource-list) in a real browser, over 商品一覧
 * (/company/products, a kit declaration): keyword kept in the URL (reload and back restore it, the box shows
 * it), paging through the footer, sorting by a column header, the phone width, the empty search and the
 * error with 再読み込み; and over 請求書一覧 (/company/transactions?tab=invoices, a declaration with filters and a
 * phone card): 状態 and 顧客 kept in the URL (reload and back restore them, the inputs show them) and the
 * phone cards instead of the table.
 */
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet } from './support/api';
import { signInAs, waitForPath } from './support/app';
import { screenshot } from './support/browser';
import { useBrowser, withPage } from './support/page';

const LIST = '/company/products';
const LIST_API = '/api/products';
const PHONE = { width: 375, height: 812 };

/** expect.poll with a timeout for a loaded machine (its default is 1 s). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 });

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
async function settled(page: Page, label = '商品一覧') {
  await poll(() => page.getByRole('table', { name: label }).getAttribute('aria-busy')).toBe('false');
}

/** Whether there are rows and each one's text has `text` (the list shows the filtered page). */
async function allContain(rows: Locator, text: string) {
  const texts = await rows.allTextContents();
  return texts.length > 0 && texts.every((t) => t.includes(text));
}

const INVOICE_STATUSES: Record<string, string> = {
  draft: '下書き',
  issued: '発行済',
  sent: '送付済',
  paid: '入金済',
  void: '無効',
};

/** Waits until the URL's query has `key` = `value` (null: absent). */
function waitForParam(page: Page, key: string, value: string | null) {
  return page.waitForURL((url) => url.searchParams.get(key) === value, { waitUntil: 'commit' });
}

describe('the list kit', () => {
  const browser = useBrowser();

  it('keeps keyword, page and sort in the URL, pages, sorts, fits a phone, and shows empty and error states', async () => {
    await withPage(browser(), [/status of 500/], async ({ page }) => {
      await signInAs(page, 'owner');
      await page.goto(LIST);
      await poll(() => rows(page).count()).toBe(20);
      const total = Number((await range(page).textContent())?.match(/全(\d+)件/)?.[1]);
      expect(total).toBeGreaterThan(20);
      expect(await range(page).textContent()).toBe(`全${total}件中 1〜20件`);

      // page 2 through the footer, in the URL; back returns to page 1
      await page.getByRole('button', { name: '2ページ目' }).click();
      await waitForParam(page, 'page', '2');
      await poll(() => range(page).textContent()).toBe(`全${total}件中 21〜${Math.min(40, total)}件`);
      await page.goBack();
      await waitForParam(page, 'page', null);
      await poll(() => range(page).textContent()).toBe(`全${total}件中 1〜20件`);

      // sort by 単価: ascending, then descending (back to page 1 each time)
      await page.getByRole('button', { name: '2ページ目' }).click();
      await waitForParam(page, 'page', '2');
      const header = page.getByRole('columnheader', { name: '単価' });
      await header.getByRole('button').click();
      await waitForParam(page, 'sort_dir', 'asc');
      expect(param(page, 'sort_by')).toBe('unit_price');
      expect(param(page, 'page')).toBeNull();
      await poll(() => header.getAttribute('aria-sort')).toBe('ascending');
      await settled(page);
      const asc = await prices(page);
      expect(asc).toHaveLength(20);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      await header.getByRole('button').click();
      await waitForParam(page, 'sort_dir', 'desc');
      await poll(() => header.getAttribute('aria-sort')).toBe('descending');
      await poll(async () => (await prices(page))[0]).toBeGreaterThan(asc[0]);
      await settled(page);
      const desc = await prices(page);
      expect(desc).toEqual([...desc].sort((a, b) => b - a));
      await screenshot(page, 'list-kit-sorted-1280.png');

      // a keyword: in the URL (with the sort), kept by a reload and by back from a row
      await keywordBox(page).fill('ボールペン');
      await waitForParam(page, 'keyword', 'ボールペン');
      await poll(() => rows(page).count()).toBeLessThan(20);
      await settled(page);
      const found = await rows(page).allTextContents();
      expect(found.length).toBeGreaterThan(0);
      for (const text of found) expect(text).toContain('ボールペン');
      await page.reload();
      await poll(() => rows(page).allTextContents()).toEqual(found);
      expect(await keywordBox(page).inputValue()).toBe('ボールペン');
      expect(param(page, 'sort_by')).toBe('unit_price');
      expect(param(page, 'sort_dir')).toBe('desc');
      await rows(page).first().click();
      await waitForPath(page, '/company/products/edit');
      await page.goBack();
      await waitForPath(page, LIST);
      expect(param(page, 'keyword')).toBe('ボールペン');
      await poll(() => keywordBox(page).inputValue()).toBe('ボールペン');
      await poll(() => rows(page).allTextContents()).toEqual(found);

      // a keyword matching nothing: the filtered empty state, and 条件をクリア brings the rows back
      await keywordBox(page).fill('該当する商品のないキーワード');
      await page.getByText('条件に一致する商品が見つかりません').waitFor();
      expect(await rows(page).count()).toBe(0);
      await screenshot(page, 'list-kit-empty-1280.png');
      await page.getByRole('button', { name: '条件をクリア' }).click();
      await waitForParam(page, 'keyword', null);
      await poll(() => rows(page).count()).toBe(20);
      expect(await keywordBox(page).inputValue()).toBe('');

      // a phone: nothing wider than the screen, the rows and the footer still there
      await page.setViewportSize(PHONE);
      try {
        await page.goto(`${LIST}?page=2`);
        await poll(() => range(page).textContent()).toBe(`全${total}件中 21〜${Math.min(40, total)}件`);
        await poll(() => rows(page).count()).toBeGreaterThan(0);
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
      await poll(() => rows(page).count()).toBe(20);
      await poll(() => page.locator('main').getByText('E2E: 一覧を読み込めませんでした').count()).toBe(0);
      await page.unroute(listGet);
    });
  }, 180_000);

  it('keeps the 状態 and 顧客 filters of 請求書一覧 in the URL, and shows its phone cards at 375 × 812', async () => {
    const INVOICES = '/company/transactions?tab=invoices';
    await withPage(browser(), async ({ page }) => {
      const invoiceRows = page.getByTestId('invoice-row');
      const statusChips = page.getByRole('radiogroup', { name: '状態で絞り込み' });
      const customerBox = page.getByRole('combobox', { name: '顧客で絞り込み' });
      await signInAs(page, 'owner');
      // the demo's first invoice: its status and customer are the filters tried
      const first = (
        await apiGet<{ data: { status: string; customer_id: number; customer_name: string }[] }>(
          page,
          '/api/invoices?per_page=1',
        )
      ).data[0];
      const statusLabel = INVOICE_STATUSES[first.status];
      await page.goto(INVOICES);
      await invoiceRows.first().waitFor();

      // 状態: a chip, in the URL; every row has it; a reload keeps it checked
      await statusChips.getByText(statusLabel, { exact: true }).click();
      await waitForParam(page, 'status', first.status);
      expect(param(page, 'tab')).toBe('invoices');
      await poll(() => allContain(invoiceRows, statusLabel)).toBe(true);
      await settled(page, '請求書一覧');
      const withStatus = await invoiceRows.allTextContents();
      await page.reload();
      await poll(() => invoiceRows.allTextContents()).toEqual(withStatus);
      expect(await statusChips.getByRole('radio', { name: statusLabel }).isChecked()).toBe(true);

      // 顧客: searched in the picker, in the URL with the status; a reload shows the name in the box
      await customerBox.fill(first.customer_name);
      await page.getByRole('option', { name: first.customer_name, exact: true }).click();
      await waitForParam(page, 'customer_id', String(first.customer_id));
      expect(param(page, 'status')).toBe(first.status);
      await poll(() => allContain(invoiceRows, first.customer_name)).toBe(true);
      await settled(page, '請求書一覧');
      const both = await invoiceRows.allTextContents();
      for (const text of both) expect(text).toContain(statusLabel);
      await page.reload();
      await poll(() => customerBox.inputValue()).toBe(first.customer_name);
      await poll(() => invoiceRows.allTextContents()).toEqual(both);
      await screenshot(page, 'list-kit-invoices-filtered-1280.png');

      // back: the customer goes, the status stays (and the inputs follow)
      await page.goBack();
      await waitForParam(page, 'customer_id', null);
      expect(param(page, 'status')).toBe(first.status);
      await poll(() => customerBox.inputValue()).toBe('');
      await poll(() => invoiceRows.allTextContents()).toEqual(withStatus);
      expect(await statusChips.getByRole('radio', { name: statusLabel }).isChecked()).toBe(true);

      // a phone: one card per invoice instead of the table, nothing wider than the screen
      await page.setViewportSize(PHONE);
      try {
        const cards = page.getByTestId('invoice-card');
        await poll(() => cards.count()).toBe(withStatus.length);
        expect(await page.getByRole('table', { name: '請求書一覧' }).count()).toBe(0);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        for (const card of await cards.all()) {
          const box = await card.boundingBox();
          expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
        }
        expect(await cards.first().textContent()).toContain(statusLabel);
        await screenshot(page, 'list-kit-invoices-375.png');
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    });
  }, 180_000);
});
