import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, sidebar, signInAs, toast, USERS, waitForPath } from './support/app';
import { shots, useBrowser, withPage } from './support/page';

/** A minimal valid one-page PDF (header, objects, a correct xref table, trailer, %%EOF) saying `text`. */
function minimalPdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Today in Tokyo as YYYY-MM-DD (the form's default 取引日). */
const todayTokyo = () =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

describe('発注取引', () => {
  const browser = useBrowser();

  it('uploads a PDF with a new document, finds it by date and amount range, previews it, adds v2, opens v1 through the signed link, and shows the history', async () => {
    const today = todayTokyo();
    await withPage(browser(), async ({ page, context }) => {
      await signInAs(page, 'owner');
      await sidebar(page, 'company').getByRole('link', { name: '発注取引一覧(アップロード)', exact: true }).click();
      await waitForPath(page, '/company/transaction-documents');
      // the demo company's year of supplier documents
      await page.getByTestId('document-row').first().waitFor();
      await shots(page, 'transaction-documents-list-all');
      await page.getByRole('link', { name: '新規登録' }).click();
      await waitForPath(page, '/company/transaction-documents/create');

      await field(page, '取引先').fill('千葉');
      await page.getByRole('option', { name: '千葉印刷株式会社' }).click();
      // the total only: the helper splits 10/110 (87,654 → 79,686 + 7,968)
      await field(page, '取引金額（税込）').fill('87654');
      await expect.poll(() => page.getByRole('textbox', { name: '10% 消費税額' }).inputValue()).toBe('7,968');
      expect(await page.getByRole('textbox', { name: '10% 対象額' }).inputValue()).toBe('79,686');
      await field(page, '登録番号（適格請求書発行事業者）').fill('T7000012050002');
      await expect.poll(() => page.getByTestId('qualified-mark').textContent()).toBe('適格');
      await page
        .getByTestId('file-dropzone')
        .locator('input[type="file"]')
        .setInputFiles({ name: 'e2e-invoice.pdf', mimeType: 'application/pdf', buffer: minimalPdf('E2E invoice v1') });
      await page.getByTestId('upload-item').filter({ hasText: 'e2e-invoice.pdf' }).waitFor();
      await shots(page, 'transaction-documents-create');

      await page.getByRole('button', { name: '登録してファイルをアップロード（1件）' }).click();
      await toast(page, '発注取引を登録しました').waitFor();
      await waitForPath(page, '/company/transaction-documents');

      // 電帳法 search: date range + amount range, combined, kept in the URL
      const param = (name: string, value: string) =>
        page.waitForURL((url) => url.searchParams.get(name) === value, { waitUntil: 'commit' });
      await page.getByLabel('取引日（開始）').fill(today);
      await param('start_date', today);
      await page.getByLabel('取引日（終了）').fill(today);
      await param('end_date', today);
      await page.getByRole('textbox', { name: '金額（下限）' }).fill('87650');
      await param('amount_min', '87650');
      await page.getByRole('textbox', { name: '金額（上限）' }).fill('87660');
      await page.waitForURL(
        (url) =>
          url.searchParams.get('start_date') === today &&
          url.searchParams.get('end_date') === today &&
          url.searchParams.get('amount_min') === '87650' &&
          url.searchParams.get('amount_max') === '87660',
        { waitUntil: 'commit' },
      );
      await expect.poll(() => page.getByTestId('document-row').count()).toBe(1);
      const row = page.getByTestId('document-row').first();
      await expect.poll(() => row.textContent()).toContain('千葉印刷株式会社');
      expect(await row.textContent()).toContain('¥87,654');
      expect(await row.textContent()).toContain('適格');
      await shots(page, 'transaction-documents-list');

      // the edit page previews the PDF inline from its signed address
      const preview = page.waitForResponse((r) => r.url().includes('/api/files/'));
      await row.click();
      await waitForPath(page, '/company/transaction-documents/edit');
      const frame = page.getByTestId('file-preview').locator('iframe');
      await frame.waitFor();
      const previewed = await preview;
      expect(previewed.status()).toBe(200);
      expect(previewed.headers()['content-type']).toBe('application/pdf');
      expect(await frame.getAttribute('src')).toMatch(/\/api\/files\//);

      // a second upload is a new version; v1 is kept
      await page
        .getByTestId('file-dropzone')
        .locator('input[type="file"]')
        .setInputFiles({
          name: 'e2e-invoice-v2.pdf',
          mimeType: 'application/pdf',
          buffer: minimalPdf('E2E invoice v2'),
        });
      await page.getByRole('button', { name: 'アップロード（1件）' }).click();
      await toast(page, '新しい版を保存しました').waitFor();
      await expect.poll(() => page.getByTestId('version-row').count()).toBe(2);
      const versions = await page.getByTestId('version-row').allTextContents();
      expect(versions[0]).toContain('v2');
      expect(versions[0]).toContain('e2e-invoice-v2.pdf');
      expect(versions[1]).toContain('v1');
      expect(versions[1]).toContain('e2e-invoice.pdf');

      // v1 through the link helper: a new tab whose answer is the PDF itself, without the bearer token
      const responses: Response[] = [];
      context.on('response', (r) => {
        if (r.url().includes('/api/files/')) responses.push(r);
      });
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('button', { name: 'v1 を開く' }).click(),
      ]);
      await tab.waitForURL(/\/api\/files\//, { waitUntil: 'commit' });
      await expect.poll(() => responses.some((r) => r.url() === tab.url())).toBe(true);
      const file = responses.find((r) => r.url() === tab.url()) as Response;
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toBe('application/pdf');
      expect((await file.request().allHeaders()).authorization).toBeUndefined();
      // the same address fetched again without any token: the bytes of v1 (Chromium's viewer wraps the tab's body)
      const bytes = await (await context.request.get(tab.url())).body();
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.toString('latin1')).toContain('E2E invoice v1');
      await tab.close();

      // a change of the record is kept with before → after
      await field(page, 'メモ').fill('E2E 先方控えと照合済み');
      await page.getByRole('button', { name: '更新する' }).click();
      await toast(page, '発注取引を更新しました').waitFor();
      await waitForPath(page, '/company/transaction-documents');
      await page.getByTestId('document-row').first().click();
      await waitForPath(page, '/company/transaction-documents/edit');
      const history = page.getByTestId('history-row');
      await expect.poll(() => history.count()).toBe(4);
      const texts = await history.allTextContents();
      expect(texts[0]).toContain('変更');
      expect(texts[0]).toContain(USERS.owner.name);
      expect(texts[0]).toContain('メモ：（なし） → E2E 先方控えと照合済み');
      expect(texts.filter((x) => x.includes('ファイル追加'))).toHaveLength(2);
      expect(texts[3]).toContain('登録');
      await page.getByTestId('file-preview').locator('iframe').waitFor();
      await shots(page, 'transaction-documents-edit');
    });
  });
});
