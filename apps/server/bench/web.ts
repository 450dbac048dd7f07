/**
 * `cd apps/server && npx tsx bench/web.ts` (after `npm run build`): the first start of the real server on an
 * empty embedded database (demo data created; build excluded) and a later start on the same folder, then
 * in headless Chromium (Debian's, through playwright-core) with the HTTP cache disabled: the JavaScript
 * transferred (compressed, as sent) and the Largest Contentful Paint of /login, /company and 貸借対照表.
 * BENCH_WEB_OUT: a Markdown file the tables are appended to.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PASSWORD = 'bench-web-pass-2026';
const OUT = process.env.BENCH_WEB_OUT;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(
  dataDir: string,
  port: number,
): Promise<{ child: ChildProcess; ms: number; output: string[] }> {
  const t = performance.now();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_PASSWORD: PASSWORD,
      SEED_DEMO: '1',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '0',
      RATE_LIMIT_PUBLIC_MAX: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim()) {
        output.push(line);
        if (line.includes('デモデータ')) console.log(line);
      }
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output.join('\n')}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { child, ms: performance.now() - t, output };
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    if (child.pid) process.kill(child.pid, 'SIGTERM');
  });
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const report = (text: string) => {
  console.log(text);
  if (OUT) appendFileSync(OUT, `${text}\n`);
};

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chobo-bench-web-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const rows: string[] = [];
try {
  const loadBefore = load();
  const first = await startServer(dataDir, port);
  await stop(first.child);
  const later = await startServer(dataDir, port);
  report(`\n## First start and pages (${new Date().toISOString()}; load average before: ${loadBefore})\n`);
  report(`| start | seconds to GET /api/health 200 |\n| --- | --- |`);
  report(`| first (empty embedded database, demo data created) | ${(first.ms / 1000).toFixed(1)} |`);
  report(`| later (same folder) | ${(later.ms / 1000).toFixed(1)} |\n`);
  try {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // encoded (compressed) bytes of every response, by URL, as the network stack received them
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
    const measure = async (label: string, url: string, ready: () => Promise<unknown>) => {
      sizes.clear();
      await page.goto(`${base}${url}`);
      await ready();
      await page.waitForLoadState('networkidle');
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries[entries.length - 1]?.startTime ?? -1);
            }).observe({ type: 'largest-contentful-paint' as unknown as 'mark', buffered: true });
            setTimeout(() => resolve(-1), 3000);
          }),
      );
      const js = [...sizes.values()].filter((s) => /\.js(\?|$)/.test(s.url));
      const css = [...sizes.values()].filter((s) => /\.css(\?|$)/.test(s.url));
      const kb = (n: number) => (n / 1024).toFixed(1);
      rows.push(
        `| ${label} | ${js.length} | ${kb(js.reduce((a, s) => a + s.bytes, 0))} | ${kb(css.reduce((a, s) => a + s.bytes, 0))} | ${[...new Set(js.map((s) => s.encoding || 'none'))].join(', ')} | ${lcp.toFixed(0)} |`,
      );
    };
    await measure('/login', '/login', () => page.getByLabel('メールアドレス').waitFor({ timeout: 60_000 }));
    await page.getByLabel('メールアドレス').fill('owner@example.com');
    await page.getByLabel('パスワード').fill(PASSWORD);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.waitForURL('**/company', { timeout: 60_000 });
    await measure('/company (ホーム)', '/company', () => page.getByRole('main').waitFor({ timeout: 60_000 }));
    await measure('/company/balance_sheet (貸借対照表)', '/company/balance_sheet', () =>
      page.getByRole('heading', { name: '貸借対照表' }).first().waitFor({ timeout: 60_000 }),
    );
    await browser.close();
    report(
      `Headless Chromium, HTTP cache disabled (every load cold), 1280×800, load average now ${load()}:\n\n| page | JS files | JS KB transferred | CSS KB transferred | encoding | LCP ms |\n| --- | --- | --- | --- | --- | --- |\n${rows.join('\n')}\n`,
    );
  } finally {
    await stop(later.child);
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
