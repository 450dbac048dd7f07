import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageApi } from './support/api';
import { field, sidebar, signInAs, toast, waitForPath } from './support/app';
import { screenshot } from './support/browser';
import { shots, useBrowser, withPage } from './support/page';

type Data<T> = { data: T };

/** A sale of `price` yen (10%) to the customer, billed by an issued invoice. */
async function issuedInvoice(page: Page, customerId: number, price: number, date: string) {
  const sale = await pageApi<Data<{ id: number }>>(page, 'POST', '/api/transactions', {
    customer_id: customerId,
    transaction_date: date,
    due_date: date,
    subject: 'E2E 入金テスト',
    lines: [{ description: '商品', quantity: 1, unit_price: price, tax_category: '10' }],
  });
  expect(sale.status).toBe(201);
  const draft = await pageApi<Data<{ id: number }>>(page, 'POST', '/api/invoices', {
    customer_id: customerId,
    transaction_ids: [sale.body.data.id],
    issue_date: date,
  });
  expect(draft.status).toBe(201);
  const issued = await pageApi<Data<{ id: number; totals: { total: number } }>>(
    page,
    'POST',
    `/api/invoices/${draft.body.data.id}/issue`,
    {},
  );
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return issued.body.data;
}

describe('入金管理', () => {
  const browser = useBrowser();

  it('allocates one payment to two invoices (oldest first): both become 入金済; reports render', async () => {
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
      // its own name on each try, so a retried test finds one customer
      const name = `株式会社入金テスト${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
      const customer = await pageApi<Data<{ id: number }>>(page, 'POST', '/api/company/customer', {
        name,
        honorific: '御中',
        used_for: 1,
      });
      expect(customer.status).toBe(201);
      const customerId = customer.body.data.id;
      const a = await issuedInvoice(page, customerId, 100_000, '2026-10-31');
      const b = await issuedInvoice(page, customerId, 50_000, '2026-11-15');
      expect(a.totals.total + b.totals.total).toBe(165_000);

      await sidebar(page, 'company').getByRole('link', { name: '入金管理・支払いレポート 一覧', exact: true }).click();
      await waitForPath(page, '/company/payment_management');
      await page.getByRole('link', { name: '新規登録' }).click();
      await waitForPath(page, '/company/payment_management/create');

      await field(page, '入金元（取引先）').fill('入金テスト');
      await page.getByRole('option', { name }).click();
      // its open invoices, oldest first, with their remaining amounts
      await page.getByText('請求書 No.').first().waitFor();
      await field(page, '入金額（口座に入った額）').fill('165000');
      await page.getByRole('button', { name: '古い順に自動消込' }).click();
      await expect.poll(() => page.getByTestId('remaining').textContent()).toContain('¥0');
      await shots(page, 'payments-form');

      await page.getByRole('button', { name: '登録する' }).click();
      await toast(page, '入出金を登録しました').waitFor();
      await waitForPath(page, '/company/payment_management');
      await page.getByRole('row').filter({ hasText: name }).first().waitFor();
      await shots(page, 'payments-list');

      for (const inv of [a, b]) {
        const r = await pageApi<Data<{ status: string }>>(page, 'GET', `/api/invoices/${inv.id}`);
        expect(r.body.data.status).toBe('paid');
      }

      // reports: aging (bars + table), collections, 支払予定表
      await page.getByRole('tab', { name: 'レポート' }).click();
      await page.getByText('売掛金年齢表').first().waitFor();
      await page.getByText('帳簿の売掛金残高').waitFor();
      await screenshot(page, 'payments-reports-1280.png');
      // the charts measure their box when they render: the phone view is loaded at the phone's width
      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload();
      await page.getByText('帳簿の売掛金残高').waitFor();
      await screenshot(page, 'payments-reports-375.png');
      await page.setViewportSize({ width: 1280, height: 800 });
    });
  });
});
