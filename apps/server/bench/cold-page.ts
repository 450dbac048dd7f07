import { chromium } from 'playwright-core';

/**
 * Headless Chromium (Debian's, through playwright-core) at 1280×800 with the HTTP cache disabled, and the
 * encoded (compressed) bytes of every response as the network stack received them, by request id — what
 * bench/web.ts and bench/web-builds.ts measure a cold page load with.
 */
export async function coldPage() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const sizes = new Map<string, { url: string; bytes: number; encoding: string }>();
  cdp.on('Network.responseReceived', (e) => {
    sizes.set(e.requestId, {
      url: e.response.url,
      bytes: 0,
      encoding: String(e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? ''),
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = sizes.get(e.requestId);
    if (s) s.bytes = e.encodedDataLength;
  });
  return { browser, page, sizes };
}
