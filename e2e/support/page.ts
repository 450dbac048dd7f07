import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { newPage, openBrowser, screenshot, type TestPage } from './browser';

/* The test files' side of the browser (vitest's hooks and the injected run values); support/browser.ts stays
   free of vitest, as the global setup imports it. */

/**
 * Connects to the run's chromium before the file's tests and closes the connection after them; returns a
 * getter for the connection (call it inside a test).
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await openBrowser(inject('browserWsEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser)
      throw new Error('the browser is not connected (useBrowser() inside a describe, the getter in a test)');
    return browser;
  };
}

/**
 * Runs `fn` on a fresh page (`newPage` on the run's server), asserts afterwards that it had no page errors
 * and no console errors but those matched by `allow`, and closes its context in any case.
 */
export async function withPage<T>(browser: Browser, fn: (t: TestPage) => Promise<T>): Promise<T>;
export async function withPage<T>(browser: Browser, allow: RegExp[], fn: (t: TestPage) => Promise<T>): Promise<T>;
export async function withPage<T>(
  browser: Browser,
  allowOrFn: RegExp[] | ((t: TestPage) => Promise<T>),
  maybeFn?: (t: TestPage) => Promise<T>,
): Promise<T> {
  const [allow, fn] = typeof allowOrFn === 'function' ? [[], allowOrFn] : [allowOrFn, maybeFn];
  if (!fn) throw new Error('withPage: no test function');
  const t = await newPage(browser, inject('baseURL'));
  try {
    const result = await fn(t);
    t.assertNoErrors(allow);
    return result;
  } finally {
    await t.close();
  }
}

/**
 * Screenshots of the current page at desktop width (`<name>-1280.png`) and on a phone (375 px,
 * `<name>-375.png`), back to desktop after. `closeToasts` first closes the open toasts (they would cover the
 * page) and waits until none is left: 'all' clicks each close button, 'lenient' lets a click miss (a toast may
 * close on its own between the listing and the click).
 */
export async function shots(page: Page, name: string, closeToasts?: 'all' | 'lenient'): Promise<void> {
  if (closeToasts) {
    for (const close of await page.locator('.mantine-Notification-root button').all()) {
      if (closeToasts === 'all') await close.click();
      else await close.click({ timeout: 2_000 }).catch(() => undefined);
    }
    await expect.poll(() => page.locator('.mantine-Notification-root').count()).toBe(0);
  }
  await screenshot(page, `${name}-1280.png`);
  await page.setViewportSize({ width: 375, height: 800 });
  try {
    await screenshot(page, `${name}-375.png`);
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
}
