import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, signInAs, toast, waitForPath } from './support/app';
import { download, screenshot } from './support/browser';
import { shots, useBrowser, withPage } from './support/page';

const state = (page: Page) => page.getByTestId('clock-state').textContent();

describe('出勤管理', () => {
  const browser = useBrowser();

  it('an employee clocks in, takes a break, clocks out and sees today’s times and the month grid', async () => {
    await withPage(browser(), async ({ page }) => {
      await page.goto('/employee/login');
      await signInAs(page, 'employee');
      const panel = page.getByTestId('clock-panel');
      await panel.waitFor();
      await expect.poll(() => state(page)).toBe('未出勤');
      await expect.poll(() => page.getByTestId('server-time').textContent()).toMatch(/^\d\d:\d\d/);
      // on a phone the four buttons are big enough to touch (≥ 44 px)
      await page.setViewportSize({ width: 375, height: 800 });
      const box = await panel.getByRole('button', { name: '出勤', exact: true }).boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
      await screenshot(page, 'attendance-clock-before-375.png');

      await panel.getByRole('button', { name: '出勤', exact: true }).click();
      await toast(page, '出勤を打刻しました').waitFor();
      await expect.poll(() => state(page)).toBe('出勤中');
      await panel.getByRole('button', { name: '休憩開始' }).click();
      await expect.poll(() => state(page)).toBe('休憩中');
      await panel.getByRole('button', { name: '休憩終了' }).click();
      await expect.poll(() => state(page)).toBe('出勤中');
      await panel.getByRole('button', { name: '退勤', exact: true }).click();
      await expect.poll(() => state(page)).toBe('退勤');
      await page.setViewportSize({ width: 1280, height: 800 });

      // today's times are shown, and the grid has today's row with the clock-in time
      const times = page.getByTestId('today-times');
      await expect.poll(() => times.textContent()).toMatch(/出勤\d\d:\d\d退勤\d\d:\d\d休憩\d\d:\d\d〜\d\d:\d\d/);
      const grid = page.getByTestId('attendance-grid');
      await grid.waitFor();
      const todayIso = await page.evaluate(() => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10));
      const todayRow = grid.locator(`tr[data-date="${todayIso}"]`);
      await expect.poll(() => todayRow.textContent()).toMatch(/\d\d:\d\d/);
      await page.getByTestId('attendance-totals').waitFor();
      await shots(page, 'attendance-employee', 'lenient');
    });
  });

  it('a manager opens the grid and edits a day with a reason; the history shows it', async () => {
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
      await page.goto('/company/attendance');
      await page.getByTestId('attendance-today').waitFor();
      const grid = page.getByTestId('attendance-grid');
      await grid.waitFor();
      await expect.poll(() => page.getByTestId('employee-select').inputValue()).toContain('佐藤 花子');
      await page.getByTestId('attendance-summary').waitFor();
      await shots(page, 'attendance-manager', 'lenient');

      const edit = grid.getByRole('link', { name: '編集' }).first();
      await edit.click();
      await waitForPath(page, '/company/attendance/edit');
      await field(page, '退勤').fill('19:30');
      await page.getByRole('button', { name: '更新する' }).click();
      // the reason is required
      await page.getByText('修正理由を入力してください').waitFor();
      await field(page, '修正理由').fill('E2E 残業申請の反映');
      await shots(page, 'attendance-edit', 'lenient');
      await page.getByRole('button', { name: '更新する' }).click();
      await toast(page, '出勤記録を更新しました').waitFor();
      await waitForPath(page, '/company/attendance');
      const history = grid.getByRole('button', { name: /履歴/ }).first();
      await history.click();
      await expect
        .poll(() => page.getByTestId('attendance-history').first().textContent())
        .toContain('E2E 残業申請の反映');
      await expect.poll(() => page.getByTestId('attendance-history').first().textContent()).toContain('19:30');
    });
  });

  it('a manager downloads the monthly payroll CSV from the CSV menu (one line per employee, YYYY/MM/DD)', async () => {
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
      await page.goto('/company/attendance');
      await page.getByTestId('attendance-summary').waitFor();
      const open = async () => {
        await page.getByRole('button', { name: 'CSV' }).click();
        await page.getByText('月次集計（給与計算用）').waitFor();
      };
      await open();
      await screenshot(page, 'attendance-csv-menu-1280.png');
      const monthly = page.getByRole('menuitem', { name: 'UTF-8（BOM付き）' }).nth(1);
      const csv = await download(page, () => monthly.click());
      expect(csv.filename).toMatch(/^attendance-monthly-\d{4}-\d{2}\.csv$/);
      const lines = csv.bytes
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toMatch(/^社員番号,氏名,期間開始,期間終了,出勤日数,欠勤日数,総労働時間\(分\),所定内\(分\)/);
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines.slice(1)) expect(line.split(',')[2]).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
      await page.setViewportSize({ width: 375, height: 800 });
      await open();
      await screenshot(page, 'attendance-csv-menu-375.png');
      await page.setViewportSize({ width: 1280, height: 800 });
    });
  });
});
