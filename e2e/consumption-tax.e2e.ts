import { describe, expect, it } from 'vitest';
import { sidebar, signInAs, toast, waitForPath } from './support/app';
import { download } from './support/browser';
import { shots, useBrowser, withPage } from './support/page';

describe('消費税の確定申告 (company owner)', () => {
  const browser = useBrowser();

  it('opens the 消費税 tab, fills from the books, compares the methods, previews the forms and downloads the PDF', async () => {
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
      await sidebar(page, 'company').getByRole('link', { name: '確定申告書の作成・出力', exact: true }).click();
      await waitForPath(page, '/company/preparation-of-tax-return');
      await page.getByRole('tab', { name: '消費税' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('consumption');
      await page.getByRole('heading', { name: '課税方式の比較' }).waitFor();

      const fill = page.getByRole('button', { name: '帳簿から作成' });
      await expect.poll(() => fill.isEnabled()).toBe(true);
      await fill.click();
      await toast(page, '帳簿から申告書の金額を作成しました').waitFor();

      // three methods side by side; at least one allowed and exactly one marked cheapest
      for (const m of ['general', 'simplified', 'two_tenths']) await page.getByTestId(`method-${m}`).waitFor();
      await expect.poll(() => page.getByText('最も有利', { exact: true }).count()).toBe(1);
      const general = await page.getByTestId('method-total-general').textContent();
      expect(general).toMatch(/^(納付|還付) ¥[\d,]+$/);

      // 第一表 line by line, each opening to its explanation
      const line1 = page.getByTestId('ctax-line-taxable_base');
      await line1.getByRole('button').click();
      await expect.poll(() => line1.textContent()).toContain('¥');
      // the preview of 第一表 and the 付表
      await page.getByTestId('sheet-第一表').waitFor();
      await page.getByRole('tab', { name: '付表1-3' }).click();
      await page.getByTestId('sheet-付表1-3').waitFor();
      await shots(page, 'consumption-tax', 'lenient');

      // a phone: the page does not scroll sideways (the 付表 table scrolls inside its own box)
      await page.setViewportSize({ width: 375, height: 800 });
      try {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(375);
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }

      const pdf = await download(page, () => page.getByRole('button', { name: '申告書のPDF' }).click());
      expect(pdf.filename).toMatch(/\.pdf$/);
      expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });
  });
});
