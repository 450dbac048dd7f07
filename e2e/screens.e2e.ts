/**
 * The everyday screens (issue 17): every company route at 1280×800 and 375×812 (no page wider than the phone,
 * the sidebar behind the dots menu), the home page's figures equal to the trial balance, and screenshots of
 * both sizes in e2e/artifacts/screens-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sidebar, signIn, USERS } from './support/app';
import { newPage, openBrowser, screenshot } from './support/browser';

const baseURL = inject('baseURL');
const password = inject('demoPassword');

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

/** Every company-area page a menu or a list leads to (edit pages need an id and are covered by their flows). */
const COMPANY_ROUTES = [
  '/company',
  '/company/customers',
  '/company/customers/create',
  '/company/transactions',
  '/company/transactions?tab=invoices',
  '/company/transactions/create',
  '/company/invoices/create',
  '/company/transaction-documents',
  '/company/ocr-documents',
  '/company/accountings',
  '/company/accountings_bk',
  '/company/accountings_bk/create',
  '/company/accountings/accounts',
  '/company/accountings/fiscal-years',
  '/company/balance_sheet',
  '/company/income_statement',
  '/company/cash_flow',
  '/company/products',
  '/company/products/create',
  '/company/bank_statement',
  '/company/max-employee/edit',
  '/company/employee',
  '/company/employee/create',
  '/company/attendance',
  '/company/payment_management',
  '/company/preparation-of-tax-return',
  '/company/audit-logs',
  '/company/expiration-year/edit',
  '/profile/edit',
  '/email/edit',
  '/tax/edit',
  '/password/edit',
  '/logo/edit',
];

const shotName = (route: string, size: string) =>
  `screens-${route.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'root'}-${size}.png`;

/** Opens a route and waits until its heading is shown and the requests have settled. */
async function open(page: Page, route: string) {
  await page.goto(route);
  await page.locator('main h1, main h2').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** How much wider than the window the document is (0 = nothing scrolls sideways). */
function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('everyday screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser(inject('browserWsEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('home: the tiles equal the trial balance at today and link to the ledger', async () => {
    const t = await newPage(browser, baseURL);
    const { page } = t;
    try {
      await signIn(page, { email: USERS.owner.email, password, expectedPath: '/company' });
      const figures = page.getByTestId('home-figure');
      await figures.first().waitFor();
      const dashboard = await page.evaluate(async () => {
        const token = JSON.parse(localStorage.getItem('tokenData') ?? '{}').token;
        const get = (url: string) =>
          fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } }).then((r) =>
            r.json(),
          );
        const d = (await get('/api/company/dashboard')).data;
        const tb = (await get(`/api/company/trial-balance?from=${d.period.from}&to=${d.as_of}`)).data;
        return { d, tb };
      });
      const closing = (...names: string[]) =>
        dashboard.tb.rows
          .filter((r: { name: string }) => names.includes(r.name))
          .reduce((s: number, r: { closing: number }) => s + r.closing, 0);
      expect(dashboard.d.receivables).toBe(closing('売掛金'));
      expect(dashboard.d.cash).toBe(closing('現金', '普通預金', '当座預金', '定期預金'));
      expect(dashboard.d.receivables).toBeGreaterThan(0);
      const yen = (n: number) => `¥${n.toLocaleString('en')}`;
      expect(await figures.allTextContents()).toEqual([
        yen(dashboard.d.sales_this_month),
        yen(dashboard.d.receivables),
        yen(dashboard.d.payables),
        yen(dashboard.d.cash),
      ]);
      await page.getByTestId('home-chart').locator('svg').first().waitFor();
      await screenshot(page, 'screens-home-1280.png');
      await page.setViewportSize(PHONE);
      await page.waitForFunction(() => !document.querySelector('aside[data-sidebar]'));
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'screens-home-375.png');
      // the dots menu opens the sidebar's entries and closes on a click
      await page.getByRole('button', { name: 'メニューを開く' }).click();
      const menu = page.getByTestId('floating-menu');
      await menu.getByRole('menuitem', { name: '貸借対照表' }).waitFor();
      await screenshot(page, 'screens-menu-375.png');
      await menu.getByRole('menuitem', { name: '貸借対照表' }).click();
      await page.getByRole('heading', { name: '貸借対照表' }).waitFor();
      await menu.waitFor({ state: 'hidden' });
      await page.setViewportSize(DESKTOP);
      // the receivables tile opens the 売掛金 ledger
      await page.goto('/company');
      await page.getByRole('link', { name: '売掛金元帳' }).click();
      await page.waitForURL((url) => url.pathname === '/company/accountings' && url.searchParams.has('account_id'));
      t.assertNoErrors();
    } finally {
      await t.close();
    }
  });

  it('every company route fits a 375 px phone (nothing scrolls sideways) and keeps the desktop sidebar at 1280 px', async () => {
    const t = await newPage(browser, baseURL);
    const { page } = t;
    try {
      await signIn(page, { email: USERS.owner.email, password, expectedPath: '/company' });
      const tooWide: string[] = [];
      for (const route of COMPANY_ROUTES) {
        await page.setViewportSize(DESKTOP);
        await open(page, route);
        await sidebar(page, 'company').waitFor();
        await screenshot(page, shotName(route, '1280'));
        await page.setViewportSize(PHONE);
        await page.waitForFunction(() => !document.querySelector('aside[data-sidebar]'));
        const over = await overflow(page);
        if (over > 0) tooWide.push(`${route} (+${over}px)`);
        await screenshot(page, shotName(route, '375'));
      }
      expect(tooWide).toEqual([]);
      t.assertNoErrors();
    } finally {
      await t.close();
    }
  });
});
