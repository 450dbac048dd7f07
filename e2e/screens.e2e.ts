/**
 * The everyday screens (issue 17): every company route at 1280×800 and 375×812 (no page wider than the phone,
 * the sidebar behind the dots menu), the home page's figures equal to the trial balance, and screenshots of
 * both sizes in e2e/artifacts/screens-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sidebar, signInAs } from './support/app';
import { screenshot } from './support/browser';
import { useBrowser, withPage } from './support/page';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

/** Every company-area page a menu or a list leads to (edit pages need an id and are covered by their flows). */
const COMPANY_ROUTES = [
  '/company',
  '/company/customers',
  '/company/customers/create',
  '/company/registry/lapsed-suppliers',
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
  '/company/payment_management?tab=schedule',
  '/company/payment_management?tab=batches',
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

/**
 * English words allowed in visible labels: abbreviations and names Japanese screens use as they are, and the
 * specification's 404 message (docs/product/SPEC.md §8).
 */
const ENGLISH_ALLOWED = [
  'This page could not be found',
  'CSV',
  'PDF',
  'XML',
  'OCR',
  'API',
  'ID',
  'IP',
  'TEL',
  'FAX',
  'URL',
  'No',
  'Tab',
  'Enter',
  'Ctrl',
  'Alt',
  'Shift',
  'Esc',
  'Chobo',
  'JPEG',
  'PNG',
  'Shift_JIS',
  'UTF',
  'e-Tax',
  'Excel',
  'Google',
  'Gmail',
];

/**
 * Visible labels (buttons, labels, headings, tabs, table headers, legends) and every aria-label of the page
 * that hold an English word outside ENGLISH_ALLOWED.
 */
function englishLabels(page: Page) {
  return page.evaluate((allowed) => {
    const visible = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const english = (text: string) => {
      let rest = text;
      for (const a of [...allowed].sort((x, y) => y.length - x.length)) rest = rest.split(a).join(' ');
      // an English word: two letters or more (a lone T of 登録番号, a unit like kg is not a label)
      // data inside a label is not a label: a unit after a number (0.5mm, 50m), a file name, a mail address
      const words = rest.replace(
        /\d[\d.,]*\s?[A-Za-z]+|\S+\.(?:png|jpe?g|pdf|csv|xml|tiff?|heic)\b|\S+@\S+|https?:\S+/gi,
        ' ',
      );
      return /[A-Za-z]{2,}/.test(words);
    };
    const found = new Set<string>();
    const selector = 'button, label, h1, h2, h3, h4, h5, h6, [role="tab"], th, legend, .mantine-InputWrapper-label';
    for (const el of document.querySelectorAll(selector)) {
      if (!visible(el) || el.closest('svg, code, pre, [data-english-ok]')) continue;
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text && english(text)) found.add(`${el.tagName.toLowerCase()}: ${text.slice(0, 60)}`);
    }
    for (const el of document.querySelectorAll('[aria-label]')) {
      if (el.closest('[aria-hidden="true"]')) continue; // not announced (e.g. Mantine's autosize measurement)
      const label = el.getAttribute('aria-label') ?? '';
      if (label && english(label)) found.add(`aria-label: ${label.slice(0, 60)}`);
    }
    return [...found];
  }, ENGLISH_ALLOWED);
}

/**
 * Cards (Mantine Paper / Card) whose content is wider than the card, or whose text runs outside its box or
 * is squeezed to about one character a line.
 */
function overflowingCards(page: Page) {
  return page.evaluate(() => {
    const found = new Set<string>();
    const clipped = (el: Element, card: Element) => {
      for (let p = el.parentElement; p && p !== card; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true;
      }
      return false;
    };
    const name = (card: Element) =>
      (card.getAttribute('data-testid') || card.getAttribute('aria-label') || card.textContent || '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40);
    for (const card of document.querySelectorAll('main .mantine-Paper-root, main .mantine-Card-root')) {
      if (card.getClientRects().length === 0) continue;
      const box = card.getBoundingClientRect();
      if (card.scrollWidth > card.clientWidth + 1 && getComputedStyle(card).overflowX === 'visible') {
        found.add(`${name(card)}: content ${card.scrollWidth - card.clientWidth}px wider than the card`);
      }
      for (const el of card.querySelectorAll('*')) {
        const own = [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim().length > 0);
        if (!own || el.getClientRects().length === 0 || clipped(el, card)) continue;
        const r = el.getBoundingClientRect();
        if (r.right > box.right + 1 || r.left < box.left - 1) {
          found.add(`${name(card)}: 「${(el.textContent ?? '').trim().slice(0, 30)}」 runs outside the card`);
        }
        const text = (el.textContent ?? '').trim();
        const size = Number.parseFloat(getComputedStyle(el).fontSize) || 14;
        if (text.length >= 3 && r.width < size * 1.6 && r.height > size * 2.8) {
          found.add(`${name(card)}: 「${text.slice(0, 30)}」 wraps about one character a line`);
        }
      }
    }
    return [...found];
  });
}

describe('everyday screens', () => {
  const browser = useBrowser();

  it('the customer list links to the suppliers whose registration lapsed (the demo has one 取消)', async () => {
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
      await open(page, '/company/customers');
      await page.getByRole('link', { name: '登録が取消・失効した仕入先（国税庁の公表データ）' }).click();
      await page.getByRole('heading', { name: '登録が取消・失効した仕入先' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/company/registry/lapsed-suppliers');
      const rows = page.getByTestId('lapsed-suppliers').locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.first().textContent()).toContain('取消');
    });
  });

  it('home: the tiles equal the trial balance at today and link to the ledger', async () => {
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
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
    });
  });

  it('journal: 1105-style date with Tab, Ctrl+Enter says why, 税込入力 splits the tax, the saved entry is shown', async () => {
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
      const today = await page.evaluate(() =>
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date()),
      );
      await page.goto('/company/accountings_bk/create');
      await page.getByRole('heading', { name: '仕訳の登録' }).waitFor();
      // the company's 経理方式 (税抜経理 in the demo) has arrived: 税込入力 / 税抜入力 offered
      await page.getByTestId('tax-input-mode').waitFor();
      const date = page.getByRole('textbox', { name: /^日付/ });
      // keyboard only from here: the form opens with the focus in 日付, its text selected to type over
      await expect.poll(() => date.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type(today.slice(5).replace('-', '')); // e.g. 1125
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('description');
      expect(await date.inputValue()).toBe(today);
      await page.keyboard.type('E2E 消耗品（税込入力）');
      await page.keyboard.press('Tab'); // the 税込入力/税抜入力 toggle is no tab stop: → line 1 勘定科目
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('1行目 勘定科目');
      await page.keyboard.type('しょうもう'); // 消耗品費: 課税仕入 10%
      await page.keyboard.press('Tab');
      await page.keyboard.type('5500');
      // Ctrl+Enter on an unbalanced entry: the reason beside the totals
      await page.keyboard.press('Control+Enter');
      await expect
        .poll(() => page.getByTestId('unbalanced-reason').textContent())
        .toContain('貸方が5,500円不足しています');
      await page.keyboard.press('Tab'); // 貸方
      await page.keyboard.press('Tab'); // 税区分 (a tab stop)
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('1行目 税区分');
      await page.keyboard.press('Tab'); // 摘要
      await page.keyboard.press('Tab');
      await page.keyboard.type('げんきん');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.type('5500');
      await expect.poll(() => page.getByTestId('difference').textContent()).toBe('貸借一致');
      expect(await page.getByTestId('tax-split').textContent()).toContain('本体 5,000 ＋ 仮払消費税等 500');
      await screenshot(page, 'screens-journal-form-1280.png');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'screens-journal-form-375.png');
      await page.setViewportSize(DESKTOP);
      await page.keyboard.press('Control+Enter');
      await page.waitForURL((url) => url.pathname === '/company/accountings_bk' && url.searchParams.has('saved'));
      const saved = page.getByTestId('saved-entry');
      await saved.waitFor();
      expect(await saved.textContent()).toContain('E2E 消耗品（税込入力）消耗品費');
      // newest first in the current fiscal year: the new entry is on the first page, highlighted
      await page.locator('[data-saved]').first().waitFor();
      const rowText = (await page.locator('[data-saved]').allTextContents()).join(' ');
      expect(rowText).toContain('消耗品費');
      expect(rowText).toContain('5,000');
      expect(rowText).toContain('仮払消費税等');
      await screenshot(page, 'screens-journal-saved-1280.png');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'screens-journal-saved-375.png');
      await page.setViewportSize(DESKTOP);
      await saved.getByRole('link', { name: '続けて入力' }).click();
      await page.getByRole('heading', { name: '仕訳の登録' }).waitFor();
    });
  });

  it('sales form: very large amounts keep the form and show the limits in Japanese, inside the app frame', async () => {
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
      await page.goto('/company/transactions/create');
      await page
        .getByRole('heading', { name: /受注取引/ })
        .first()
        .waitFor();
      await page.getByRole('textbox', { name: '1行目 品目' }).fill('大口案件');
      await page.getByRole('textbox', { name: '1行目 数量' }).fill('999999.999');
      await page.getByRole('textbox', { name: '1行目 単価' }).fill('999999999');
      await page.getByText('金額（数量×単価）は999,999,999,999円以下になるように入力してください').waitFor();
      await page.getByRole('textbox', { name: '1行目 数量' }).fill('1000'); // 税込 1,099,999,998,900
      await page.getByTestId('total-over-limit').waitFor();
      await page.getByRole('textbox', { name: '1行目 単価' }).fill('99999999999999999999');
      await page.getByText('単価は999,999,999円以下で入力してください').waitFor();
      // still the form, in the frame, with what was typed
      expect(await page.getByRole('textbox', { name: '1行目 品目' }).inputValue()).toBe('大口案件');
      await sidebar(page, 'company').waitFor();
      expect(await page.getByTestId('page-crash').count()).toBe(0);
      await screenshot(page, 'screens-sales-huge-1280.png');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'screens-sales-huge-375.png');
    });
  });

  it('ledger opens on 普通預金; the trial balance shows 減価償却累計額 as △; the sidebar fits 800 px', async () => {
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
      await sidebar(page, 'company').getByRole('link', { name: '総勘定元帳', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.has('account_id'));
      await expect.poll(() => page.getByRole('combobox', { name: '勘定科目' }).inputValue()).toMatch(/普通預金$/);
      await page.getByTestId('ledger-line').first().waitFor();
      await screenshot(page, 'screens-ledger-1280.png');
      await page.getByRole('tab', { name: '残高試算表' }).click();
      const contra = page.getByRole('row', { name: '減価償却累計額の元帳を開く' });
      await contra.waitFor();
      expect(await contra.getByTestId('trial-closing').textContent()).toMatch(/^△[\d,]+$/);
      await screenshot(page, 'screens-trial-balance-1280.png');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'screens-trial-balance-375.png');
      await page.setViewportSize(DESKTOP);
      // every sidebar entry is reachable on an 800 px-high screen and each label is on one line
      const nav = sidebar(page, 'company');
      await nav.getByRole('link', { name: 'ホーム', exact: true }).waitFor();
      const labels = nav.locator('.mantine-NavLink-label');
      const count = await labels.count();
      expect(count).toBeGreaterThan(15);
      const wrapped = await labels.evaluateAll((els) =>
        els
          .filter((el) => el.getBoundingClientRect().height > 24 || el.scrollWidth > el.clientWidth)
          .map((el) => el.textContent),
      );
      expect(wrapped).toEqual([]);
      const last = nav.getByRole('link', { name: '操作ログ' });
      await last.scrollIntoViewIfNeeded();
      expect(await last.isVisible()).toBe(true);
    });
  });

  it('/api/docs loads without CSP errors; admin permission checkboxes are Japanese', async () => {
    await withPage(browser(), async ({ page }) => {
      await page.goto('/api/docs');
      // operations grouped under Japanese names
      await page.locator('.swagger-ui .opblock-tag', { hasText: 'システム' }).first().waitFor();
      await page.locator('.swagger-ui .opblock-tag', { hasText: '認証' }).first().waitFor();
      await page.getByText('稼働確認').first().waitFor();
      await screenshot(page, 'screens-api-docs-1280.png');
      await signInAs(page, 'admin');
      await page.goto('/system/admin-invitations/create');
      await page.getByRole('checkbox', { name: '企業' }).waitFor();
      expect(await page.locator('main').textContent()).not.toContain('companies.index');
      await screenshot(page, 'screens-admin-invitation-1280.png');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'screens-admin-invitation-375.png');
    });
  });

  it('every company route fits a 375 px phone (nothing scrolls sideways), keeps the desktop sidebar at 1280 px, has no English label and no overflowing card', async () => {
    await withPage(browser(), async ({ page }) => {
      await signInAs(page, 'owner');
      const tooWide: string[] = [];
      const english: string[] = [];
      const cards: string[] = [];
      const check = async (route: string, size: string) => {
        const found = [
          ...(await englishLabels(page)).map((e) => `${route} @${size}: ${e}`),
          ...(await overflowingCards(page)).map((c) => `${route} @${size}: ${c}`),
        ];
        if (process.env.SCREENS_LOG) for (const f of found) console.log('SCREENS', f);
        for (const e of await englishLabels(page)) english.push(`${route} @${size}: ${e}`);
        for (const c of await overflowingCards(page)) cards.push(`${route} @${size}: ${c}`);
      };
      for (const route of COMPANY_ROUTES) {
        await page.setViewportSize(DESKTOP);
        await open(page, route);
        await sidebar(page, 'company').waitFor();
        await check(route, '1280');
        await screenshot(page, shotName(route, '1280'));
        await page.setViewportSize(PHONE);
        await page.waitForFunction(() => !document.querySelector('aside[data-sidebar]'));
        const over = await overflow(page);
        if (over > 0) tooWide.push(`${route} (+${over}px)`);
        await check(route, '375');
        await screenshot(page, shotName(route, '375'));
      }
      expect(tooWide).toEqual([]);
      // no English in visible labels and aria-labels (besides ENGLISH_ALLOWED), no card whose text overflows
      expect(english).toEqual([]);
      expect(cards).toEqual([]);
    });
  }, 1_200_000); // 33 routes at two sizes on a slow shared machine
});
