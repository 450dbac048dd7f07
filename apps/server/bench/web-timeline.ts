/**
 * `npx tsx bench/web-timeline.ts <base URL> <path>`: one cold load of a page of a running server in headless
 * Chromium (signed in as the demo owner first), printing every request's start and end (ms from navigation),
 * its encoded bytes, and the LCP entries — to see what the Largest Contentful Paint waits for.
 * BENCH_WEB_PASSWORD: the demo password (default the one bench/web.ts sets).
 */
import { chromium } from 'playwright-core';

const [base = 'http://127.0.0.1:4631', target = '/company'] = process.argv.slice(2);
const password = process.env.BENCH_WEB_PASSWORD ?? 'bench-web-pass-2026';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (target !== '/login') {
    await page.goto(`${base}/login`);
    await page.getByLabel('メールアドレス').fill('owner@example.com');
    await page.locator('input[type="password"]').fill(password);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.waitForURL('**/company', { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
  }
  const rows = new Map<string, { url: string; start: number; end: number; bytes: number }>();
  let t0 = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!t0) t0 = e.timestamp;
    rows.set(e.requestId, {
      url: e.request.url.replace(base, ''),
      start: (e.timestamp - t0) * 1000,
      end: -1,
      bytes: 0,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = rows.get(e.requestId);
    if (r) {
      r.end = (e.timestamp - t0) * 1000;
      r.bytes = e.encodedDataLength;
    }
  });
  await page.goto(`${base}${target}`);
  await page.waitForLoadState('networkidle');
  const lcp = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        new PerformanceObserver((list) => {
          resolve(
            (
              list.getEntries() as unknown as {
                startTime: number;
                size?: number;
                element?: { tagName: string; textContent: string | null } | null;
              }[]
            ).map(
              (e) =>
                `${e.startTime.toFixed(0)} ms size ${e.size} ${e.element?.tagName ?? '?'} ${(e.element?.textContent ?? '').slice(0, 30)}`,
            ),
          );
        }).observe({ type: 'largest-contentful-paint' as unknown as 'mark', buffered: true });
        setTimeout(() => resolve([]), 3000);
      }),
  );
  const nav = await page.evaluate(() => {
    // DOM types are not in the server's tsconfig
    const byType = performance.getEntriesByType as unknown as (
      type: string,
    ) => { name: string; startTime: number; domContentLoadedEventEnd?: number }[];
    const n = { domContentLoadedEventEnd: byType.call(performance, 'navigation')[0]?.domContentLoadedEventEnd ?? -1 };
    const paints = byType.call(performance, 'paint').map((p) => `${p.name} ${p.startTime.toFixed(0)}`);
    return { dcl: n.domContentLoadedEventEnd.toFixed(0), paints };
  });
  for (const r of [...rows.values()].sort((a, b) => a.start - b.start)) {
    console.log(
      `${r.start.toFixed(0).padStart(6)} → ${r.end.toFixed(0).padStart(6)}  ${(r.bytes / 1024).toFixed(1).padStart(6)} KB  ${r.url}`,
    );
  }
  console.log('DOMContentLoaded', nav.dcl, nav.paints.join(', '));
  console.log('LCP entries:\n ', lcp.join('\n  '));
} finally {
  await browser.close();
}
