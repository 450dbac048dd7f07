import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './browser';

/**
 * Global setup of the e2e run: the REAL server as `npm start` runs it (the build,
 * `node <the start script's flags> apps/server/dist/main.js`; `npm run test:e2e` builds it), embedded
 * database in a fresh temporary folder, demo data seeded) and one chromium. Tests read `inject('baseURL')`,
 * `inject('browserWsEndpoint')` and `inject('demoPassword')`.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    browserWsEndpoint: string;
    demoPassword: string;
  }
}

export const DEMO_PASSWORD = 'e2e-demo-pass-2026';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// a fresh demo (a year of sales, purchases with files, attendance, books) takes minutes on a loaded 2-core machine
const HEALTH_TIMEOUT_MS = 480_000;
const MAX_OUTPUT = 200_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited during start-up (code ${child.exitCode}, signal ${child.signalCode}). Its output:\n${output()}`,
      );
    }
    try {
      const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(200);
  }
  throw new Error(
    `GET ${baseURL}/api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (${last}). Server output:\n${output()}`,
  );
}

/** Ends the child by its PID: SIGTERM (graceful shutdown), SIGKILL after 10 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(pid, 'SIGTERM');
  const kill = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGKILL');
  }, 10_000);
  await exited;
  clearTimeout(kill);
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist/index.html is missing: build the web app first (npm run test:e2e does).');
  }
  if (!existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) {
    throw new Error(
      'apps/server/dist/main.js is missing: build the server first (npm run build; npm run test:e2e does).',
    );
  }

  // E2E_PORT: a fixed port (e.g. a shared machine's assigned range); else a free one
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chobo-e2e-'));
  let output = '';
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-MAX_OUTPUT);
  };

  // the Node flags of `npm start` (apps/server/package.json: `node <flags> dist/main.js`)
  const start = JSON.parse(readFileSync(path.join(ROOT, 'apps/server/package.json'), 'utf8')).scripts.start as string;
  const flags = start.trim().split(/\s+/).slice(1, -1);
  const child = spawn(process.execPath, [...flags, 'apps/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_PASSWORD,
      SEED_DEMO: '1',
      SMTP_URL: '',
      APP_URL: baseURL,
      LOG_LEVEL: 'warn',
      // one browser from one address runs the whole suite: no global per-IP limit
      RATE_LIMIT_MAX: '0',
      RATE_LIMIT_PUBLIC_MAX: '0',
      // every browser test signs in from 127.0.0.1: more than the 30 a real address gets in 15 minutes
      LOGIN_IP_ATTEMPTS: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);

  let browser: BrowserServer | undefined;
  const teardown = async () => {
    await browser?.close().catch(() => undefined);
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
    if (process.env.E2E_SERVER_LOG === '1') console.log(`── server output ──\n${output}`);
  };

  const [launched, healthy] = await Promise.allSettled([
    launchBrowserServer(),
    waitForHealth(baseURL, child, () => output),
  ]);
  if (launched.status === 'fulfilled') browser = launched.value;
  if (launched.status === 'rejected' || healthy.status === 'rejected') {
    await teardown();
    throw launched.status === 'rejected' ? launched.reason : (healthy as PromiseRejectedResult).reason;
  }

  project.provide('baseURL', baseURL);
  project.provide('browserWsEndpoint', launched.value.wsEndpoint());
  project.provide('demoPassword', DEMO_PASSWORD);
  return teardown;
}
