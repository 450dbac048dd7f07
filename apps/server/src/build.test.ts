import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFlags } from './start-flags.js';

/**
 * The build `npm start` runs (build.mjs, ADR 0025): every file a module finds next to itself through
 * `import.meta.url` resolves from the built files, and the built server starts on an empty embedded database
 * (migrations found and applied) and answers.
 */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// inside dist/ (git-ignored): the packages resolve from the node_modules above it, as they do for dist/
const OUT = path.join(SERVER_DIR, 'dist', `build-test-${process.pid}`);

describe('the server build', () => {
  beforeAll(async () => {
    await promisify(execFile)(process.execPath, ['build.mjs', '--outdir', OUT], { cwd: SERVER_DIR });
  }, 120_000);
  afterAll(() => rm(OUT, { recursive: true, force: true }));

  it('rewrites import.meta.url to the source file, and every file found through it exists', async () => {
    const files = (await readdir(OUT)).filter((f) => f.endsWith('.js'));
    const urls: string[] = [];
    for (const f of files) {
      const text = await readFile(path.join(OUT, f), 'utf8');
      for (const m of text.matchAll(/new URL\("([^"]+)", import\.meta\.url\)\.href/g)) urls.push(m[1]);
    }
    // db/client.ts (migrations), app.ts (web build), the OCR engine and rasteriser (workers), statement fonts
    expect(urls.length).toBeGreaterThanOrEqual(5);
    for (const relative of urls) {
      const source = path.resolve(OUT, relative);
      expect(existsSync(source), source).toBe(true);
    }
    // what those modules find next to themselves
    for (const [module, besides] of [
      ['db/client.ts', 'migrations/meta/_journal.json'],
      ['modules/ocr-documents/rasteriser.ts', 'raster-worker.mjs'],
      ['modules/ocr-documents/engine.ts', 'tesseract-worker.cjs'],
    ]) {
      const relative = urls.find((u) => u.endsWith(`/src/${module}`));
      expect(relative, module).toBeDefined();
      expect(existsSync(path.join(path.dirname(path.resolve(OUT, relative ?? '')), besides)), besides).toBe(true);
    }
  });

  it('starts on an empty embedded database and answers /api/health', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chobo-build-test-'));
    const port = await freePort();
    let output = '';
    const child = spawn(process.execPath, [...startFlags(), path.join(OUT, 'main.js')], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: '0',
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'admin-pass-12345',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    try {
      await running(child, () => output, 150_000);
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(res.status).toBe(200);
      expect(output).toContain('admin@example.com');
    } finally {
      await stop(child);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resolves when the server printed its start-up banner; rejects when it exits first or takes too long. */
function running(child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`no start within ${timeoutMs} ms:\n${output()}`)), timeoutMs);
    const check = () => {
      if (output().includes('is running')) done();
    };
    const onExit = (code: number | null) => done(new Error(`exited with ${code}:\n${output()}`));
    const done = (err?: Error) => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve();
    };
    child.stdout?.on('data', check);
    child.once('exit', onExit);
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    if (child.pid) process.kill(child.pid, 'SIGTERM');
  });
}
