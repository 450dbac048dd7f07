import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, signInAs, toast, waitForPath } from './support/app';
import { shots, useBrowser, withPage } from './support/page';

/** Issue 33: what a Japanese user types into number fields — full-width digits, 「，」, an IME — is kept. */
const line = (page: Page, row: number, name: string) => page.getByRole('textbox', { name: `${row}行目 ${name}` });

describe('全角の数字', () => {
  const browser = useBrowser();

  it('the sales form takes 「１０」 and 「１，０００」 (typed, and through an IME composition) and saves them', async () => {
    const subject = 'E2E 全角入力の確認';
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
      await page.goto('/company/transactions/create');
      await waitForPath(page, '/company/transactions/create');
      await field(page, '顧客').fill('青葉');
      await page.getByRole('option', { name: '株式会社青葉商店' }).click();
      await field(page, '件名').fill(subject);
      await line(page, 1, '品目').fill('全角テスト作業');

      // typed character by character as an IME commits them
      await line(page, 1, '数量').click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('１０');
      await line(page, 1, '単価').click();
      await page.keyboard.type('１，０００');
      expect(await line(page, 1, '数量').inputValue()).toBe('10');
      expect(await line(page, 1, '単価').inputValue()).toBe('1,000');
      // 10 × 1,000 = 10,000, 10% tax 1,000
      await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('¥11,000');

      // an IME composition: left alone while composing, read when committed
      const cdp = await page.context().newCDPSession(page);
      await line(page, 1, '単価').click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.press('Backspace');
      await cdp.send('Input.imeSetComposition', { text: '２０００', selectionStart: 4, selectionEnd: 4 });
      expect(await line(page, 1, '単価').inputValue()).toBe('２０００');
      await cdp.send('Input.insertText', { text: '２，０００' });
      await expect.poll(() => line(page, 1, '単価').inputValue()).toBe('2,000');
      await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('¥22,000');
      await shots(page, 'sales-form-full-width');

      await page.getByRole('button', { name: '登録する' }).click();
      await toast(page, '受注取引を登録しました').waitFor();
      await waitForPath(page, '/company/transactions');
      const row = page.getByTestId('transaction-row').filter({ hasText: subject });
      await row.waitFor();
      expect(await row.textContent()).toContain('¥22,000');
    });
  });
});
