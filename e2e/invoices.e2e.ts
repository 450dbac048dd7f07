import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, signInAs, toast, waitForPath } from './support/app';
import { download } from './support/browser';
import { shots, useBrowser, withPage } from './support/page';

const line = (page: Page, row: number, name: string) => page.getByRole('textbox', { name: `${row}行目 ${name}` });

describe('請求書', () => {
  const browser = useBrowser();

  it('bills a new sale: 請求書を作成 from the sale, save the draft, issue it, download the PDF', async () => {
    const subject = 'E2E 請求テスト 事務用品と設置';
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
      await page.goto('/company/transactions/create');
      await field(page, '顧客').fill('青葉');
      await page.getByRole('option', { name: '株式会社青葉商店' }).click();
      await field(page, '件名').fill(subject);
      await line(page, 1, '品目').fill('P0001');
      await page.getByRole('option', { name: /コピー用紙 A4/ }).click();
      await expect.poll(() => line(page, 1, '単価').inputValue()).toBe('3,280');
      await line(page, 1, '数量').fill('2');
      await line(page, 1, '単価').press('Enter');
      await expect.poll(() => page.getByTestId('line-row').count()).toBe(2);
      await line(page, 2, '品目').fill('設置作業');
      await line(page, 2, '単価').fill('15000');
      await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('¥23,716');
      await page.getByRole('button', { name: '登録する' }).click();
      await toast(page, '受注取引を登録しました').waitFor();
      await waitForPath(page, '/company/transactions');

      // open the sale and bill it
      await page.getByTestId('transaction-row').filter({ hasText: subject }).click();
      await waitForPath(page, '/company/transactions/edit');
      await page.getByRole('link', { name: '請求書を作成' }).click();
      await waitForPath(page, '/company/invoices/create');
      const picked = page.getByRole('checkbox', { name: new RegExp(subject) });
      await expect.poll(() => picked.isChecked()).toBe(true);
      await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('¥23,716');
      await shots(page, 'invoice-draft', 'all');

      await page.getByRole('button', { name: '保存（下書き）' }).click();
      await toast(page, '下書きとして保存しました').waitFor();
      await waitForPath(page, '/company/invoices/edit');

      // issue (confirmed), then it is read-only
      await page.getByRole('button', { name: '発行する' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('発行後は変更できません', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: '発行する' }).click();
      await toast(page, 'を発行しました').waitFor();
      await page.getByRole('button', { name: 'PDFをダウンロード' }).waitFor();
      expect(await page.getByRole('button', { name: '保存（下書き）' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'メールで送付' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: '訂正する' }).count()).toBe(1);
      await shots(page, 'invoice-issued', 'all');

      const pdf = await download(page, () => page.getByRole('button', { name: 'PDFをダウンロード' }).click());
      expect(pdf.filename).toMatch(/^請求書_\d+\.pdf$/);
      expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // the sale is now 請求済 and the invoice is in the 請求書 tab
      await page.goto('/company/transactions?tab=invoices');
      const row = page.getByTestId('invoice-row').filter({ hasText: '¥23,716' }).first();
      await row.waitFor();
      expect(await row.textContent()).toContain('発行済');
      await shots(page, 'invoice-list', 'all');
    });
  });
});
