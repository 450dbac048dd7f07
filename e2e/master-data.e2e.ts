import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pageApi } from './support/api';
import { field, sidebar, signInAs, toast, waitForPath } from './support/app';
import { download, screenshot } from './support/browser';
import { useBrowser, withPage } from './support/page';

/** A tiny solid-colour PNG (no image library needed). */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(rgb, y * (width * 3 + 1) + 1 + x * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('company master data and account settings', () => {
  const browser = useBrowser();

  it('edits a product and downloads the CSV with the change, in UTF-8 with BOM and in Shift_JIS', async () => {
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
      await sidebar(page, 'company').getByRole('link', { name: '商品一覧', exact: true }).click();
      await waitForPath(page, '/company/products');
      const rows = page.getByTestId('product-row');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(20);
      await page.getByRole('textbox', { name: 'キーワード検索' }).fill('髙﨑');
      await page.waitForURL((url) => url.searchParams.get('keyword') === '髙﨑');
      await expect.poll(() => rows.count()).toBe(1);
      await screenshot(page, 'products-list.png');
      await rows.first().click();
      await waitForPath(page, '/company/products/edit');
      const price = field(page, '単価（円）');
      await price.fill('2,468');
      await page.getByRole('form', { name: '商品情報' }).getByText('8%（軽減）', { exact: true }).click();
      await page.getByRole('button', { name: '更新する' }).click();
      await toast(page, '商品を更新しました').waitFor();
      await waitForPath(page, '/company/products');
      await expect.poll(() => rows.first().textContent()).toContain('¥2,468');
      expect(await rows.first().textContent()).toContain('8%（軽減）');

      // download (the list's keyword applies: only the edited product)
      await page.getByRole('button', { name: 'CSVダウンロード' }).click();
      const utf8 = await download(page, () => page.getByRole('menuitem', { name: /UTF-8/ }).click());
      expect(utf8.filename).toBe('products.csv');
      const { bytes } = utf8;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
      expect(lines[0]).toBe('商品コード,商品名,単位,単価,税区分,説明,有効');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('①㈱髙﨑～特製 手帳');
      expect(lines[1]).toContain(',2468,8%（軽減）,');

      await page.getByRole('button', { name: 'CSVダウンロード' }).click();
      const { bytes: sjisBytes } = await download(page, () =>
        page.getByRole('menuitem', { name: /Shift_JIS/ }).click(),
      );
      expect(sjisBytes.includes(Buffer.from('髙﨑', 'utf8'))).toBe(false);
      expect(new TextDecoder('shift_jis').decode(sjisBytes)).toContain('①㈱髙﨑～特製 手帳');
    });
  });

  it('adds employees up to the limit and sees the refusal', async () => {
    await withPage(browser(), [/422/], async ({ page }) => {
      await signInAs(page, 'owner');
      const before = await pageApi<{ data: { active_employees: number; max_employee: number } }>(
        page,
        'GET',
        '/api/company/employee-settings',
      );
      const active = before.body.data.active_employees;

      // 従業員設定: the limit becomes one more than the employees now active
      await sidebar(page, 'company').getByRole('link', { name: '従業員設定', exact: true }).click();
      await waitForPath(page, '/company/max-employee/edit');
      await field(page, '従業員数の上限').fill(String(active + 1));
      await page.getByRole('button', { name: '保存する' }).click();
      await toast(page, '従業員設定を保存しました').waitFor();

      const add = async (code: string, name: string) => {
        await page.goto('/company/employee/create');
        await field(page, '従業員コード').fill(code);
        await field(page, '氏名').fill(name);
        await field(page, '所定労働時間（1日・時間）').fill('7.5');
        await page.getByRole('button', { name: '登録する' }).click();
      };
      await add('E2E-1', 'テスト 一郎');
      await toast(page, '従業員を登録しました').waitFor();
      await waitForPath(page, '/company/employee');
      await expect
        .poll(() => page.getByTestId('headcount').textContent())
        .toContain(`在籍 ${active + 1}人 / 上限 ${active + 1}人`);
      await page.getByTestId('employee-row').filter({ hasText: 'テスト 一郎' }).waitFor();

      await add('E2E-2', 'テスト 二郎');
      const alert = page.getByRole('alert').filter({ hasText: '従業員数の上限' });
      await alert.waitFor();
      expect(await alert.textContent()).toContain(`従業員数の上限（${active + 1}人）に達しています`);
      await screenshot(page, 'employee-limit.png');
      expect(await page.getByRole('textbox', { name: /従業員コード/ }).inputValue()).toBe('E2E-2');
      const list = await pageApi<{ meta: { total: number } }>(page, 'GET', '/api/company/employees?keyword=E2E');
      expect(list.body.meta.total).toBe(1);

      // restore the demo limit (sending the version saved above, read again)
      const settings = before.body.data as Record<string, unknown>;
      const { max_employee_cap: _c, active_employees: _a, ...rest } = settings;
      const now = await pageApi<{ data: { updated_at: string } }>(page, 'GET', '/api/company/employee-settings');
      const restore = { ...rest, updated_at: now.body.data.updated_at };
      expect((await pageApi(page, 'PUT', '/api/company/employee-settings', restore)).status).toBe(200);
    });
  });

  it('changes the tax display setting', async () => {
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
      await page.getByRole('button', { name: 'アカウントメニュー' }).click();
      await page.getByRole('menuitem', { name: '消費税表示設定' }).click();
      await waitForPath(page, '/tax/edit');
      await page.getByRole('radio', { name: /^税込（/ }).check();
      await page.getByRole('radio', { name: '四捨五入' }).check();
      await page.getByRole('button', { name: '保存する' }).click();
      await toast(page, '消費税表示設定を保存しました').waitFor();
      await page.reload();
      await page.getByRole('radio', { name: /^税込（/ }).waitFor();
      expect(await page.getByRole('radio', { name: /^税込（/ }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: '四捨五入' }).isChecked()).toBe(true);
      const saved = await pageApi<{ data: { tax_display: string; tax_rounding: string } }>(
        page,
        'GET',
        '/api/company/tax-settings',
      );
      expect(saved.body.data).toMatchObject({ tax_display: 'inclusive', tax_rounding: 'round' });
      await screenshot(page, 'tax-settings.png');
      await pageApi(page, 'PUT', '/api/company/tax-settings', { tax_display: 'exclusive', tax_rounding: 'floor' });
    });
  });

  it('uploads a logo and sees it in the sidebar', async () => {
    await withPage(browser(), [/415/], async ({ page }) => {
      await signInAs(page, 'owner');
      const logo = png(24, 24, [200, 30, 40]);
      await page.goto('/logo/edit');
      await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
      await page.getByRole('button', { name: 'アップロード' }).click();
      await toast(page, 'ロゴを登録しました').waitFor();
      const expected = `data:image/png;base64,${logo.toString('base64')}`;
      const img = sidebar(page, 'company').locator('img').first();
      await expect.poll(() => img.getAttribute('src')).toBe(expected);
      await page.reload();
      await expect.poll(() => sidebar(page, 'company').locator('img').first().getAttribute('src')).toBe(expected);
      await screenshot(page, 'logo-sidebar.png');

      // not an image → the server's 415 message, the logo unchanged
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<svg/>') });
      await page.getByRole('button', { name: 'アップロード' }).click();
      await page.getByRole('alert').filter({ hasText: 'PNG・JPEGのファイルを選択してください' }).waitFor();
      expect(await sidebar(page, 'company').locator('img').first().getAttribute('src')).toBe(expected);
    });
  });
});
