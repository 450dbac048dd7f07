/**
 * `cd apps/server && npx tsx bench/web-builds.ts` (after `npm run build -w @chobo/web`): web builds compared in
 * one run — the server (its sources through tsx, `WEB_DIST` = each build) on a demo folder, then in headless
 * Chromium (Debian's, through playwright-core) with the HTTP cache disabled: the JavaScript transferred
 * (compressed, as sent), the requests and the Largest Contentful Paint (and what it painted) of /login,
 * /company and 貸借対照表. Without BENCH_WEB_DATA_DIR it first creates the demo in a temporary folder (first
 * and later start timed). bench/web.ts measures the starts of the server's build.
 *
 * BENCH_WEB_OUT: a Markdown file the tables are appended to.
 * BENCH_WEB_DATA_DIR: a data folder to keep; when it already holds a database the first start is skipped.
 * BENCH_WEB_PORT: the server's port (default: a free one).
 * BENCH_WEB_DISTS: builds to compare in the same run, `label=folder,label=folder` (default: apps/web/dist);
 *   each run measures every build in turn (A B A B …), a fresh server (WEB_DIST) and browser each time.
 * BENCH_WEB_RUNS: runs per build (default 1); the table shows the median and every run's LCP.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { load, reporter, stop } from './children.js';
import { coldPage } from './cold-page.js';

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
  webDist?: string,
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
      WEB_DIST: webDist ?? '',
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

const report = reporter(OUT);

interface PageFigures {
  jsFiles: number;
  jsKb: number;
  cssKb: number;
  requests: number;
  encodings: string;
  lcp: number;
  lcpElement: string;
}

const PAGES = ['/login', '/company (ホーム)', '/company/balance_sheet (貸借対照表)'] as const;

/** One cold visit of each page in a fresh browser: sign-in page, sign in, home, balance sheet. */
async function measurePages(base: string): Promise<Map<string, PageFigures>> {
  const figures = new Map<string, PageFigures>();
  const { browser, page, sizes } = await coldPage();
  try {
    const measure = async (label: string, url: string, ready: () => Promise<unknown>) => {
      sizes.clear();
      await page.goto(`${base}${url}`);
      await ready();
      await page.waitForLoadState('networkidle');
      const lcp = await page.evaluate(
        () =>
          new Promise<{ ms: number; element: string }>((resolve) => {
            new PerformanceObserver((list) => {
              // the LCP entry's element (DOM types are not in the server's tsconfig)
              const entries = list.getEntries() as unknown as {
                startTime: number;
                element?: { tagName: string; textContent: string | null } | null;
              }[];
              const last = entries[entries.length - 1];
              const el = last?.element;
              const text = (el?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 16);
              resolve({ ms: last?.startTime ?? -1, element: el ? `${el.tagName.toLowerCase()} 「${text}」` : '?' });
            }).observe({ type: 'largest-contentful-paint' as unknown as 'mark', buffered: true });
            setTimeout(() => resolve({ ms: -1, element: '(none)' }), 3000);
          }),
      );
      const all = [...sizes.values()];
      const js = all.filter((s) => /\.js(\?|$)/.test(s.url));
      const css = all.filter((s) => /\.css(\?|$)/.test(s.url));
      figures.set(label, {
        jsFiles: js.length,
        jsKb: js.reduce((a, s) => a + s.bytes, 0) / 1024,
        cssKb: css.reduce((a, s) => a + s.bytes, 0) / 1024,
        requests: all.length,
        encodings: [...new Set(js.map((s) => s.encoding || 'none'))].join(', '),
        lcp: lcp.ms,
        lcpElement: lcp.element,
      });
    };
    await measure(PAGES[0], '/login', () => page.getByLabel('メールアドレス').waitFor({ timeout: 60_000 }));
    await page.getByLabel('メールアドレス').fill('owner@example.com');
    await page.locator('input[type="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.waitForURL('**/company', { timeout: 60_000 });
    await measure(PAGES[1], '/company', () => page.getByRole('main').waitFor({ timeout: 60_000 }));
    await measure(PAGES[2], '/company/balance_sheet', () =>
      page.getByRole('heading', { name: '貸借対照表' }).first().waitFor({ timeout: 60_000 }),
    );
  } finally {
    await browser.close();
  }
  return figures;
}

const keepDir = process.env.BENCH_WEB_DATA_DIR;
const dataDir = keepDir ? path.resolve(keepDir) : await mkdtemp(path.join(os.tmpdir(), 'chobo-bench-web-'));
const port = process.env.BENCH_WEB_PORT ? Number(process.env.BENCH_WEB_PORT) : await freePort();
const base = `http://127.0.0.1:${port}`;
const dists = (process.env.BENCH_WEB_DISTS ?? '')
  .split(',')
  .filter(Boolean)
  .map((pair) => {
    const [label, folder] = pair.split('=');
    if (!label || !folder) throw new Error(`BENCH_WEB_DISTS: ${pair} is not label=folder`);
    return { label, folder: path.resolve(ROOT, folder) };
  });
if (dists.length === 0) dists.push({ label: 'built', folder: path.join(ROOT, 'apps/web/dist') });
const runs = Number(process.env.BENCH_WEB_RUNS ?? 1);
const kb = (n: number) => n.toFixed(1);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[(s.length - 1) / 2] as number)
    : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};
try {
  const loadBefore = load();
  if (!keepDir || !existsSync(path.join(dataDir, 'pgdata'))) {
    const first = await startServer(dataDir, port);
    await stop(first.child);
    const later = await startServer(dataDir, port);
    await stop(later.child);
    report(`\n## First start and pages (${new Date().toISOString()}; load average before: ${loadBefore})\n`);
    report(`| start | seconds to GET /api/health 200 |\n| --- | --- |`);
    report(`| first (empty embedded database, demo data created) | ${(first.ms / 1000).toFixed(1)} |`);
    report(`| later (same folder) | ${(later.ms / 1000).toFixed(1)} |\n`);
  } else {
    report(`\n## Pages (${new Date().toISOString()}; load average before: ${loadBefore}; demo data of ${dataDir})\n`);
  }
  const results = new Map<string, Map<string, PageFigures>[]>(dists.map((d) => [d.label, []]));
  const loads: string[] = [];
  for (let run = 0; run < runs; run++) {
    for (const dist of dists) {
      const server = await startServer(dataDir, port, dist.folder);
      try {
        results.get(dist.label)?.push(await measurePages(base));
        loads.push(load());
        console.log(`run ${run + 1} ${dist.label} done (load ${loads[loads.length - 1]})`);
      } finally {
        await stop(server.child);
      }
    }
  }
  const rows: string[] = [];
  for (const page of PAGES) {
    for (const dist of dists) {
      const all = (results.get(dist.label) ?? []).map((m) => m.get(page) as PageFigures);
      const f = all[0] as PageFigures;
      const lcps = all.map((x) => x.lcp);
      rows.push(
        `| ${page} | ${dist.label} | ${f.jsFiles} | ${kb(median(all.map((x) => x.jsKb)))} | ${kb(f.cssKb)} | ${f.requests} | ${f.encodings} | **${median(lcps).toFixed(0)}** | ${lcps.map((l) => l.toFixed(0)).join(' / ')} | ${f.lcpElement} |`,
      );
    }
  }
  report(
    `Headless Chromium, HTTP cache disabled (every load cold), 1280×800, ${runs} run(s) per build interleaved, load average after each: ${loads.join('; ')}:\n\n| page | build | JS files | JS KB transferred | CSS KB | requests | encoding | LCP ms (median) | LCP ms each run | LCP element (first run) |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n${rows.join('\n')}\n`,
  );
} finally {
  if (!keepDir) await rm(dataDir, { recursive: true, force: true });
}
