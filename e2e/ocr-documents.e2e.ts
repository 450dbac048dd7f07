import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { pageApi } from './support/api';
import { sidebar, signInAs, toast, waitForPath } from './support/app';
import { shots, useBrowser, withPage } from './support/page';

const baseURL = inject('baseURL');

describe('OCR書類', () => {
  const browser = useBrowser();

  it('uploads a receipt image, waits for 完了, corrects a field and registers it as a 発注取引', {
    timeout: 300_000,
  }, async () => {
    // a receipt drawn and rasterised by apps/server/src/modules/ocr-documents/ocr-fixtures.ts (300 dpi PNG)
    const bytes = readFileSync(new URL('./fixtures/ocr-receipt.png', import.meta.url));
    const truth = JSON.parse(readFileSync(new URL('./fixtures/ocr-receipt.json', import.meta.url), 'utf8')) as {
      total: number;
      registration_number: string;
      transaction_date: string;
    };
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
      await sidebar(page, 'company').getByRole('link', { name: 'OCR読み取り' }).click();
      await waitForPath(page, '/company/ocr-documents');

      await page.locator('input[type=file][multiple]').setInputFiles({
        name: 'e2e-領収書.png',
        mimeType: 'image/png',
        buffer: bytes,
      });
      await toast(page, '1件のファイルを受け付けました').waitFor();
      const row = page.locator('tr', { hasText: 'e2e-領収書.png' });
      await row.waitFor();
      // the list polls: the row goes 待機中 / 処理中 → 完了 (real OCR on this machine: generous timeout)
      const open = row.getByRole('button', { name: '結果を確認' });
      await open.waitFor({ timeout: 240_000 });
      expect(await row.textContent()).toContain('完了');
      await shots(page, 'ocr-list');

      await open.click();
      await waitForPath(page, /\/company\/ocr-documents\/\d+\/ocr-result$/);
      const total = page.getByRole('textbox', { name: '合計金額' });
      await total.waitFor();
      await expect.poll(() => total.inputValue()).toBe(`¥${truth.total.toLocaleString('en-US')}`);
      expect(await page.getByRole('textbox', { name: '登録番号' }).inputValue()).toBe(truth.registration_number);
      // focusing a field highlights where it was read on the page image
      await page.getByRole('textbox', { name: '登録番号' }).focus();
      await page.getByTestId('field-highlight').waitFor();
      await page.locator('img[alt^="e2e-領収書.png"]').waitFor();
      await expect
        .poll(() => page.locator('img[alt^="e2e-領収書.png"]').evaluate((i: HTMLImageElement) => i.naturalWidth))
        .toBeGreaterThan(0);

      // correct the issuer's name (the new supplier's name follows what is typed there only when created)
      const issuer = page.getByRole('textbox', { name: '発行元' });
      await issuer.fill('有限会社E2E田中製作所');
      // the receipt's date lies in the demo company's closed fiscal year: a person books it today instead
      const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Tokyo' });
      await page.getByRole('textbox', { name: '取引日' }).fill(today);
      await shots(page, 'ocr-result');
      await page.getByRole('button', { name: '修正を保存' }).click();
      await toast(page, '修正を保存しました').waitFor();
      await expect.poll(() => page.getByRole('textbox', { name: '発行元' }).inputValue()).toBe('有限会社E2E田中製作所');

      await page.getByRole('radio', { name: '新しい取引先として登録' }).check();
      await page.getByRole('textbox', { name: '新しい取引先名' }).fill('有限会社E2E田中製作所');
      await page.getByRole('button', { name: '確定' }).click();
      await toast(page, '発注取引として登録しました').waitFor();
      const link = page.getByRole('link', { name: '登録した発注取引を開く' });
      await link.waitFor();
      const href = (await link.getAttribute('href')) ?? '';
      const tdId = Number(new URL(href, baseURL).searchParams.get('id'));
      expect(tdId).toBeGreaterThan(0);
      await shots(page, 'ocr-registered');

      const td = await pageApi<{
        data: {
          customer_name: string;
          amount: number;
          files: { version: number; file_name: string }[];
          journal_entry_id: number | null;
        };
      }>(page, 'GET', `/api/transaction-documents/${tdId}`);
      expect(td.status).toBe(200);
      expect(td.body.data).toMatchObject({ customer_name: '有限会社E2E田中製作所', amount: truth.total });
      expect(td.body.data.files[0]).toMatchObject({ version: 1, file_name: 'e2e-領収書.png' });
      expect(td.body.data.journal_entry_id).toEqual(expect.any(Number));
    });
  });
});
