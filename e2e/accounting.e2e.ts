import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, sidebar, signInAs, waitForPath } from './support/app';
import { download, screenshot } from './support/browser';
import { useBrowser, withPage } from './support/page';

const DESCRIPTION = 'E2E 事務所家賃（キーボード入力）';
const AMOUNT = '123,456';
/** 地代家賃 is 課税仕入 10%: under the demo's 税抜経理, 123,456 typed 税込 books 112,233 + 仮払消費税等 11,223. */
const NET = '112,233';
const TAX = '11,223';

async function openStatement(page: Page, label: string, shot: string) {
  await sidebar(page, 'company').getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { name: label }).waitFor();
  await page.getByRole('table', { name: label }).waitFor();
  // the figures have arrived: at least one row and the period heads
  await page.getByTestId('statement-row').first().waitFor();
  expect(await page.getByRole('table', { name: label }).textContent()).toContain('当期');
  await screenshot(page, shot);
}

describe('accounting (company owner)', () => {
  const browser = useBrowser();

  it('opens every statement, posts an entry with the keyboard only, finds it in 仕訳帳 and the ledger, and downloads CSV and PDF', async () => {
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');

      // ── the three statements from the sidebar ────────────────────────────────
      await openStatement(page, '貸借対照表', 'accounting-balance-sheet.png');
      expect(await page.getByText('資産合計', { exact: true }).count()).toBeGreaterThan(0);
      await openStatement(page, '損益計算書', 'accounting-income-statement.png');
      await page.getByTestId('monthly-trend').waitFor();
      await openStatement(page, 'キャッシュフロー計算書', 'accounting-cash-flow.png');

      // ── a new entry, keyboard only ───────────────────────────────────────────
      await page.goto('/company/accountings_bk/create');
      await page.getByRole('heading', { name: '仕訳の登録' }).waitFor();
      await field(page, '摘要').focus();
      await page.keyboard.type(DESCRIPTION);
      await page.keyboard.press('Enter'); // → line 1 勘定科目
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('1行目 勘定科目');
      await page.keyboard.type('ちだい'); // kana search → 地代家賃
      await page.keyboard.press('Tab');
      await page.keyboard.type('123456');
      await page.keyboard.press('Tab'); // 貸方金額
      await page.keyboard.press('Tab'); // 税区分
      await page.keyboard.press('Tab'); // 摘要（行）
      await page.keyboard.press('Tab'); // line 2 勘定科目
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('2行目 勘定科目');
      await page.keyboard.type('ふつう'); // → 普通預金
      await page.keyboard.press('Tab'); // 借方金額
      await page.keyboard.press('Tab'); // 貸方金額
      await page.keyboard.type('123456');
      expect(await page.getByRole('combobox', { name: '1行目 勘定科目' }).inputValue()).toMatch(/地代家賃$/);
      expect(await page.getByRole('combobox', { name: '2行目 勘定科目' }).inputValue()).toMatch(/普通預金$/);
      await expect.poll(() => page.getByTestId('difference').textContent()).toBe('貸借一致');
      expect(await page.getByTestId('debit-total').textContent()).toBe(AMOUNT);
      await screenshot(page, 'accounting-entry-form.png');
      await page.keyboard.press('Control+Enter');
      await waitForPath(page, '/company/accountings_bk');
      await page.locator('.mantine-Notification-root', { hasText: 'を登録しました' }).waitFor();

      // ── in 仕訳帳 ────────────────────────────────────────────────────────────
      await page.getByRole('textbox', { name: 'キーワード検索' }).fill('E2E 事務所家賃');
      await page.waitForURL((url) => url.searchParams.get('keyword') === 'E2E 事務所家賃');
      const entry = page.getByTestId('entry-row').filter({ hasText: DESCRIPTION });
      await entry.waitFor();
      const entryText = await entry.textContent();
      expect(entryText).toContain('地代家賃');
      expect(entryText).toContain('普通預金');
      expect(entryText).toContain(AMOUNT);
      expect(entryText).toContain(NET);
      // the tax line is the entry's second row
      const taxRow = await entry.locator('xpath=following-sibling::tr[1]').textContent();
      expect(taxRow).toContain('仮払消費税等');
      expect(taxRow).toContain(TAX);
      await screenshot(page, 'accounting-journal.png');

      // ── in the ledger of 地代家賃 ────────────────────────────────────────────
      await page.goto('/company/accountings');
      const picker = page.getByRole('combobox', { name: '勘定科目' });
      // the ledger opens on the last account viewed (or 普通預金): search another one
      await page.waitForURL((url) => url.searchParams.has('account_id'));
      await picker.click();
      await picker.fill('');
      await page.keyboard.type('地代');
      await page
        .getByRole('option', { name: /地代家賃/ })
        .first()
        .click();
      const line = page.getByTestId('ledger-line').filter({ hasText: DESCRIPTION });
      await line.waitFor();
      const lineText = await line.textContent();
      expect(lineText).toContain('普通預金'); // 相手科目
      expect(lineText).toContain(NET);
      expect(await page.getByTestId('ledger-carried').textContent()).toContain('前期繰越');
      await screenshot(page, 'accounting-ledger.png');

      // ── a statement CSV, through the token-carrying client ─────────────────────
      await sidebar(page, 'company').getByRole('link', { name: '損益計算書', exact: true }).click();
      await page.getByRole('table', { name: '損益計算書' }).waitFor();
      expect(await page.getByRole('table', { name: '損益計算書' }).textContent()).toContain('地代家賃');
      const csv = await download(page, () => page.getByRole('button', { name: 'CSV' }).click());
      expect(csv.filename).toMatch(/\.csv$/);
      const { bytes } = csv;
      const text = new TextDecoder(bytes[0] === 0xef ? 'utf-8' : 'shift_jis').decode(bytes);
      // the file carries the figure the screen shows for 地代家賃 (which includes the entry just posted)
      const onScreen = await page
        .getByTestId('statement-row')
        .filter({ hasText: '地代家賃' })
        .first()
        .locator('td')
        .nth(1)
        .textContent();
      const rentLine = text.split(/\r?\n/).find((l) => l.includes('地代家賃')) ?? '';
      expect(rentLine.replace(/"/g, '')).toContain(`,${(onScreen ?? '').replace(/,/g, '')},`);

      // and the PDF of the same statement
      const pdf = await download(page, () => page.getByRole('button', { name: 'PDF' }).click());
      expect(pdf.filename).toMatch(/\.pdf$/);
      expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });
  });
});
