/**
 * 改ざんチェック on /system/audit-logs (ADR 0040): the demo's log verifies against its signing key and the
 * checkpoint written at start-up; a checkpoint recorded on demand; screenshots at 1280 and 375 px.
 */
import { describe, expect, it } from 'vitest';
import { signInAs } from './support/app';
import { download, screenshot } from './support/browser';
import { useBrowser, withPage } from './support/page';

describe('改ざんチェック and the checkpoints', () => {
  const browser = useBrowser();

  it('verifies against the key and the start-up checkpoint, records one on demand and downloads the file', async () => {
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'admin');
      await page.goto('/system/audit-logs');
      const checkpoint = page.getByTestId('audit-checkpoint');
      await expect.poll(() => checkpoint.textContent(), { timeout: 30_000 }).toContain('最新のチェックポイント');
      await page.getByRole('button', { name: '改ざんチェック' }).click();
      const ok = page.getByTestId('verify-ok');
      await ok.waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('verify-against').textContent()).toMatch(
        /署名鍵: [0-9a-f]{16} ／ チェックポイント: /,
      );
      await checkpoint.getByRole('button', { name: 'チェックポイントを記録' }).click();
      const file = await download(page, () => checkpoint.getByRole('button', { name: 'ダウンロード' }).click());
      expect(file.filename).toBe('audit-checkpoints.jsonl');
      const lines = file.bytes.toString('utf8').trim().split('\n');
      expect(lines.length).toBeGreaterThanOrEqual(2);
      expect(JSON.parse(lines.at(-1) as string)).toMatchObject({ v: 1, mac: expect.stringMatching(/^[0-9a-f]{64}$/) });
      await screenshot(page, 'audit-checkpoint-1280');
      await page.setViewportSize({ width: 375, height: 812 });
      await screenshot(page, 'audit-checkpoint-375');
    });
  }, 180_000);
});
