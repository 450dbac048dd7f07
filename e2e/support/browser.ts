import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  type BrowserServer,
  chromium,
  type LaunchOptions,
  type Page,
} from 'playwright-core';

/** Debian's chromium (never `npx playwright install`: no internet). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts/', import.meta.url));

function launchOptions(): LaunchOptions {
  return { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
}

/** One chromium for a whole run (global setup); test files connect to it. */
export function launchBrowserServer(): Promise<BrowserServer> {
  // E2E_BROWSER_PORT: a fixed port for the browser's endpoint (default: one the system picks)
  const port = process.env.E2E_BROWSER_PORT ? Number(process.env.E2E_BROWSER_PORT) : undefined;
  return chromium.launchServer({ ...launchOptions(), port });
}

/** Connects to the run's chromium, or launches one when no endpoint is given. */
export function openBrowser(wsEndpoint?: string): Promise<Browser> {
  return wsEndpoint ? chromium.connect(wsEndpoint) : chromium.launch(launchOptions());
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** `console.error` messages (including failed resource loads) with the page URL at that moment. */
  consoleErrors: string[];
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
  /** Throws when the page had an uncaught error or a console error not matched by `allow`. */
  assertNoErrors(allow?: RegExp[]): void;
  close(): Promise<void>;
}

/**
 * A page in a fresh context (fresh profile: no storage, no cookies) on `baseURL`, desktop size, Japanese
 * locale and Tokyo time, recording console errors and uncaught page errors.
 */
export async function newPage(browser: Browser, baseURL: string): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = msg.location().url ? ` (${msg.location().url})` : '';
    consoleErrors.push(`${msg.text()}${where} [on ${page.url()}]`);
  });
  page.on('pageerror', (error) => {
    pageErrors.push(`${error.name}: ${error.message} [on ${page.url()}]`);
  });
  return {
    page,
    context,
    consoleErrors,
    pageErrors,
    assertNoErrors(allow = []) {
      // the registry answers 404 for a T-number it does not hold: an answer the form shows, not a fault
      const expected = [/status of 404 \(Not Found\) \(http[^)]*\/api\/registry\/T\d{13}\)/, ...allow];
      const unexpected = consoleErrors.filter((text) => !expected.some((re) => re.test(text)));
      const problems = [
        ...pageErrors.map((e) => `uncaught page error: ${e}`),
        ...unexpected.map((e) => `console error: ${e}`),
      ];
      if (problems.length > 0) throw new Error(`The pages reported errors:\n  ${problems.join('\n  ')}`);
    },
    close: () => context.close(),
  };
}

/**
 * Saves a PNG of the whole page as e2e/artifacts/<name> and returns its path. Instead of Playwright's
 * fullPage stitching (which draws sticky/100vh elements such as the sidebar and top bar at the scroll
 * position), the viewport is made as tall as the document for the shot, as on a very tall screen.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, name.endsWith('.png') ? name : `${name}.png`);
  const viewport = page.viewportSize();
  await page.evaluate(() => document.fonts.ready.then(() => true));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (viewport && height > viewport.height) {
    await page.setViewportSize({ width: viewport.width, height: Math.min(height, 4000) });
  }
  try {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: file, animations: 'disabled' });
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
  return file;
}

/** Clicks (`click`) what starts a download and returns the download's suggested file name and its bytes. */
export async function download(
  page: Page,
  click: () => Promise<unknown>,
): Promise<{ filename: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = Buffer.concat(await (await file.createReadStream()).toArray());
  return { filename: file.suggestedFilename(), bytes };
}
