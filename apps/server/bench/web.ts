/**
 * `cd apps/server && npx tsx bench/web.ts` (after `npm run build`): the first start of the real server on an
 * empty embedded database (demo data created; build excluded) and a later start on the same folder, then
 * in headless Chromium (Debian's, through playwright-core) with the HTTP cache disabled: the JavaScript
 * transferred (compressed, as sent) and the Largest Contentful Paint of /login, /company and 貸借対照表.
 * BENCH_WEB_OUT: a Markdown file the tables are appended to; BENCH_WEB_PORT: the port (else a free one).
 *
 * The server runs as `npm start` runs it: the build (apps/server/dist/main.js, `npm run build`; ADR 0025).
 *
 * BENCH_WEB_STARTS_ONLY=1: starts only, no browser. The first start (informative), then BENCH_WEB_RUNS (5) rounds
 * of later starts on the same folder, alternating within each round: the build, the same sources through tsx,
 * and — when BENCH_WEB_BASELINE_ROOT names another checkout (e.g. a worktree of main with its node_modules) —
 * that checkout's sources through tsx. Each start: seconds to GET /api/health 200 and to the 'is running' line,
 * and the CPU seconds the server process had used at health 200 (less bent by a loaded machine than wall time);
 * medians per variant.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startFlags } from '../src/start-flags.js';
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

/** How the server is started: the build (as `npm start`), or the sources through tsx (of ROOT or another tree). */
type Variant = { label: string; root: string; args: string[] };
const BUILT: Variant = {
  label: `build, as npm start runs it (node ${startFlags().join(' ')} apps/server/dist/main.js)`,
  root: ROOT,
  args: [...startFlags(), 'apps/server/dist/main.js'],
};
const tsxOf = (label: string, root: string): Variant => ({
  label,
  root,
  args: ['--import', 'tsx', 'apps/server/src/main.ts'],
});

/** CPU seconds (user + system, all threads) the process has used so far; NaN where /proc is missing. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime (fields 14 and 15 of proc(5)) in clock ticks, 100 per second on Linux
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

async function startServer(
  dataDir: string,
  port: number,
  variant: Variant = BUILT,
): Promise<{ child: ChildProcess; ms: number; runningMs: number; cpu: number; output: string[] }> {
  const t = performance.now();
  let runningMs = -1;
  const output: string[] = [];
  const child = spawn(process.execPath, variant.args, {
    cwd: variant.root,
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
        if (runningMs < 0 && line.includes('is running')) runningMs = performance.now() - t;
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
    if (ok) {
      const ms = performance.now() - t;
      const cpu = cpuSeconds(child.pid);
      // the line follows listen() at once: wait for it (or the exit) without a fixed sleep
      while (runningMs < 0 && child.exitCode === null) await new Promise((r) => setTimeout(r, 5));
      return { child, ms, runningMs, cpu, output };
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

const report = reporter(OUT);

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function startsOnly() {
  const runs = Number(process.env.BENCH_WEB_RUNS ?? 5);
  const variants: Variant[] = [BUILT, tsxOf('sources through tsx (this tree)', ROOT)];
  const baseline = process.env.BENCH_WEB_BASELINE_ROOT;
  if (baseline)
    variants.push(tsxOf(`baseline: ${path.basename(baseline)} sources through tsx`, path.resolve(baseline)));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chobo-bench-starts-'));
  const port = process.env.BENCH_WEB_PORT ? Number(process.env.BENCH_WEB_PORT) : await freePort();
  try {
    const loadBefore = load();
    const first = await startServer(dataDir, port, BUILT);
    await stop(first.child);
    const times = new Map(
      variants.map((v) => [v.label, { health: [] as number[], running: [] as number[], cpu: [] as number[] }]),
    );
    for (let round = 0; round < runs; round++) {
      // a different variant opens each round, so none always follows the same one
      for (let i = 0; i < variants.length; i++) {
        const variant = variants[(round + i) % variants.length];
        const started = await startServer(dataDir, port, variant);
        await stop(started.child);
        times.get(variant.label)?.health.push(started.ms);
        times.get(variant.label)?.running.push(started.runningMs);
        times.get(variant.label)?.cpu.push(started.cpu * 1000);
        console.log(
          `round ${round + 1}: ${variant.label}: ${seconds(started.ms)} s / ${seconds(started.runningMs)} s / CPU ${started.cpu.toFixed(2)} s`,
        );
      }
    }
    report(`\n## Starts (${new Date().toISOString()}; load average before: ${loadBefore}, after: ${load()})\n`);
    report(
      `First start (empty embedded database, demo data created; the build): ${seconds(first.ms)} s to /api/health 200.\n`,
    );
    report(`Later starts on the same folder, ${runs} runs each (alternating), median (min–max), seconds:\n`);
    report(
      "| server | to GET /api/health 200 | to the 'is running' line | CPU seconds used by health 200 (user + system) |\n| --- | --- | --- | --- |",
    );
    for (const v of variants) {
      const t = times.get(v.label);
      if (!t) continue;
      const cell = (xs: number[]) => `${seconds(median(xs))} (${seconds(Math.min(...xs))}–${seconds(Math.max(...xs))})`;
      report(`| ${v.label} | ${cell(t.health)} | ${cell(t.running)} | ${cell(t.cpu)} |`);
    }
    report('');
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_WEB_STARTS_ONLY === '1') {
  await startsOnly();
  process.exit(0);
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chobo-bench-web-'));
const port = process.env.BENCH_WEB_PORT ? Number(process.env.BENCH_WEB_PORT) : await freePort();
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
    const { browser, page, sizes } = await coldPage();
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
    await page.locator('input[type="password"]').fill(PASSWORD);
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
