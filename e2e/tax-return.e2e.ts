import { describe, expect, it } from 'vitest';
import { apiGet } from './support/api';
import { field, sidebar, signInAs, toast, USERS, waitForPath } from './support/app';
import { download } from './support/browser';
import { shots, useBrowser, withPage } from './support/page';

const yen = (v: number) => `${v.toLocaleString('en-US')}円`;

describe('確定申告書 (company owner)', () => {
  const browser = useBrowser();

  it('fills the closed year from the books, line 1 = 税引前当期純利益, opens the preview and downloads the PDF', async () => {
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
      await sidebar(page, 'company').getByRole('link', { name: '確定申告書の作成・出力', exact: true }).click();
      await waitForPath(page, '/company/preparation-of-tax-return');
      await page.getByRole('heading', { name: '確定申告書の作成・出力' }).waitFor();
      await page.getByText('提出前に必ず確認してください').waitFor();

      // the closed year (the default choice) and its income statement
      const years = await apiGet<{ data: { id: number; start_date: string; end_date: string; status: string }[] }>(
        page,
        '/api/company/fiscal-years',
      );
      const closed = years.data.find((y) => y.status === 'closed');
      expect(closed).toBeTruthy();
      if (!closed) return;
      const select = field(page, '事業年度');
      await expect.poll(() => select.inputValue()).toContain('（締め済み）');
      const is = await apiGet<{ data: { totals: { income_before_tax: number } } }>(
        page,
        `/api/company/income-statement?from=${closed.start_date}&to=${closed.end_date}`,
      );
      const pretax = is.data.totals.income_before_tax;
      expect(pretax).toBeGreaterThan(0);

      // 帳簿から作成
      const fill = page.getByRole('button', { name: '帳簿から作成' });
      await expect.poll(() => fill.isEnabled()).toBe(true);
      await fill.click();
      await toast(page, '帳簿と会社情報から申告書を作成しました').waitFor();
      await expect.poll(() => page.getByTestId('book-income').textContent()).toBe(`¥${pretax.toLocaleString('en-US')}`);
      const line1 = page.getByRole('textbox', { name: '1 所得金額又は欠損金額' });
      await expect.poll(() => line1.inputValue()).toBe(yen(pretax));
      const line2 = await page.getByRole('textbox', { name: '2 法人税額' }).inputValue();
      expect(Number(line2.replace(/[^\d]/g, ''))).toBeGreaterThan(0);
      const line31 = await page.getByRole('textbox', { name: '31 地方法人税額' }).inputValue();
      expect(Number(line31.replace(/[^\d]/g, ''))).toBeGreaterThan(0);
      // the header came from the company profile, the period in 和暦
      expect(await field(page, '法人名').inputValue()).toBe(USERS.owner.company);
      expect(await page.getByTestId('fiscal-period').textContent()).toMatch(
        /^自 令和\d+年4月1日　至 令和\d+年3月31日$/,
      );
      // every computed line explains itself
      await page.getByRole('button', { name: '2行目の計算の説明', exact: true }).click();
      await expect.poll(() => page.getByTestId('explanation-2').textContent()).toContain('15%');
      await expect.poll(() => page.getByTestId('save-state').textContent()).toBe('保存済み');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shots(page, 'tax-return-form');

      // the preview: digit boxes and 和暦
      await page.getByRole('button', { name: 'プレビュー' }).click();
      await waitForPath(page, '/company/preparation-of-tax-return-preview');
      await page.getByRole('heading', { name: '確定申告書のプレビュー' }).waitFor();
      const row1 = page.getByTestId('preview-line-1');
      await row1.waitFor();
      const boxes = row1.locator('[data-box]');
      expect(await boxes.count()).toBe(11);
      expect((await boxes.allTextContents()).join('')).toBe(String(pretax));
      expect(
        await page
          .getByRole('group', { name: /^法人番号/ })
          .locator('[data-box]')
          .count(),
      ).toBe(13);
      expect(await page.getByTestId('preview-period').textContent()).toMatch(/令和\d+年4月1日/);
      await shots(page, 'tax-return-preview');

      // on a phone the printed layout scrolls sideways instead of squeezing
      await page.setViewportSize({ width: 375, height: 800 });
      try {
        const scroll = await page
          .getByTestId('preview-scroll')
          .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(scroll.scroll).toBeGreaterThan(scroll.client);
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }

      // the PDF
      const pdf = await download(page, () => page.getByRole('button', { name: 'PDFをダウンロード' }).click());
      expect(pdf.filename).toMatch(/\.pdf$/);
      expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });
  });
});
