/**
 * `npm run bench:memory`: the resident memory of the built server (`npm run build` first) as `npm start` runs it
 * (node with the start script's flags, src/start-flags.ts, dist/main.js), idle: after its first start (which
 * seeds the demo) and after a restart on the same data, each BENCH_MEMORY_IDLE_S (30) seconds after
 * /api/health answered and again BENCH_MEMORY_LATER_S (90) seconds after (the OCR worker released). Embedded (a new DATA_DIR under the temporary folder) and, with BENCH_MEMORY_DATABASE_URL
 * (an admin URL, e.g. postgres://postgres@127.0.0.1:5432/postgres), PostgreSQL on a database chobo_mem_<port> made
 * and dropped here. BENCH_MEMORY_FLAGS: other Node flags to compare, `;`-separated sets (e.g.
 * `--enable-source-maps;--enable-source-maps --max-semi-space-size=64`); default: the start script's.
 * The server is preloaded with bench/memory-probe.mjs, which reports process.memoryUsage(), V8's spaces and
 * the WebAssembly memories' size (PGlite) on a signal, as it is and after full GCs. BENCH_MEMORY_MAIN: another
 * build's main.js (relative to apps/server; `node build.mjs --outdir <folder>`), BENCH_MEMORY_PORT (41810),
 * BENCH_MEMORY_DATA_DIR: the embedded data folder, kept (one seeded before: only restarts are measured),
 * BENCH_MEMORY_PG_DEMO=0: PostgreSQL without the demo (its sign-in only), BENCH_MEMORY_SKIP_EMBEDDED=1.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFlags } from '../src/start-flags.js';
import { load, stop } from './children.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.resolve(HERE, '..');
const port = Number(process.env.BENCH_MEMORY_PORT ?? 41810);
const main = process.env.BENCH_MEMORY_MAIN ?? 'dist/main.js';
const keptDir = process.env.BENCH_MEMORY_DATA_DIR;
const idleMs = Number(process.env.BENCH_MEMORY_IDLE_S ?? 30) * 1000;
// the OCR worker is released after 60 s without a page (modules/ocr-documents/engine.ts): a second look after it
const laterMs = Number(process.env.BENCH_MEMORY_LATER_S ?? 90) * 1000;
const adminUrl = process.env.BENCH_MEMORY_DATABASE_URL;
const db = `chobo_mem_${port}`;
const flagSets = process.env.BENCH_MEMORY_FLAGS
  ? process.env.BENCH_MEMORY_FLAGS.split(';').map((f) => f.trim().split(/\s+/).filter(Boolean))
  : [startFlags()];

type Sample = {
  tag: string;
  rssKb: number;
  threads: number;
  wasmKb: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  spaces: Record<string, number>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function start(flags: string[], env: Record<string, string>) {
  const output: string[] = [];
  const samples: Sample[] = [];
  const child = spawn(process.execPath, [...flags, '--import', path.join(HERE, 'memory-probe.mjs'), main], {
    cwd: SERVER,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_PASSWORD: 'bench-pass-2026',
      SEED_DEMO: '1',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.startsWith('MEMORY ')) samples.push(JSON.parse(line.slice(7)));
      else if (line.trim()) output.push(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const t = performance.now();
  // no polling before the server listens: a client's ephemeral port can be the server's own (a connection to
  // itself, then EADDRINUSE at listen); main.ts prints its address once it listens
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output.join('\n')}`);
    if (output.some((line) => line.includes(' is running: '))) break;
    await sleep(100);
  }
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  if (health.status !== 200) throw new Error(`GET /api/health: ${health.status}`);
  return { child, samples, startS: (performance.now() - t) / 1000 };
}

/** Asks the probe for a report (SIGUSR2: as it is; SIGWINCH: after full GCs) and waits for it. */
async function sample(child: ChildProcess, samples: Sample[], signal: 'SIGUSR2' | 'SIGWINCH') {
  const n = samples.length;
  if (child.pid) process.kill(child.pid, signal);
  while (samples.length === n) await sleep(50);
  return samples[n];
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
const row = (mode: string, flags: string[], run: string, s: number, idle: Sample, later: Sample, gc: Sample) =>
  `| ${mode} | \`${flags.join(' ')}\` | ${run} (${s.toFixed(0)} s) | ${mb(idle.rssKb * 1024)} (${idle.threads}) → ` +
  `${mb(later.rssKb * 1024)} (${later.threads}) → ${mb(gc.rssKb * 1024)} | ` +
  `${mb(later.heapUsed)} / ${mb(later.heapTotal)} → ${mb(gc.heapUsed)} / ${mb(gc.heapTotal)} | ` +
  `${mb((later.spaces.new_space ?? 0) * 1024)} | ${mb(later.external)} / ${mb(later.arrayBuffers)} | ${mb(later.wasmKb * 1024)} | ${load()} |`;

console.log(
  `| mode | Node flags | start (to health) | RSS MB (threads) at ${idleMs / 1000} s → ${laterMs / 1000} s idle → after GC | heap used / total MB → after GC | new space MB | external / arrayBuffers MB | PGlite's WebAssembly memory MB | load |`,
);
console.log('|---|---|---|---|---|---|---|---|---|');

async function measure(mode: string, flags: string[], env: Record<string, string>, runs = ['first start', 'restart']) {
  for (const run of runs) {
    const { child, samples, startS } = await start(flags, env);
    try {
      await sleep(idleMs);
      const idle = await sample(child, samples, 'SIGUSR2');
      await sleep(Math.max(0, laterMs - idleMs));
      const later = await sample(child, samples, 'SIGUSR2');
      const gc = await sample(child, samples, 'SIGWINCH');
      console.log(row(mode, flags, run, startS, idle, later, gc));
    } finally {
      await stop(child);
    }
  }
}

for (const flags of flagSets) {
  const dataDir = keptDir ?? mkdtempSync(path.join(os.tmpdir(), 'chobo-memory-'));
  const seeded = keptDir !== undefined && existsSync(path.join(keptDir, 'pgdata', 'PG_VERSION'));
  try {
    if (process.env.BENCH_MEMORY_SKIP_EMBEDDED !== '1')
      await measure('embedded', flags, { DATA_DIR: dataDir, DATABASE_URL: '' }, seeded ? ['restart'] : undefined);
  } finally {
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  }
  if (adminUrl) {
    const psql = (sql: string) => execFileSync('psql', [adminUrl, '-qc', sql], { stdio: 'pipe' });
    psql(`DROP DATABASE IF EXISTS ${db}`);
    psql(`CREATE DATABASE ${db}`);
    const url = new URL(adminUrl);
    url.pathname = `/${db}`;
    const pgDir = mkdtempSync(path.join(os.tmpdir(), 'chobo-memory-pg-'));
    try {
      await measure('PostgreSQL', flags, {
        DATA_DIR: pgDir,
        DATABASE_URL: url.toString(),
        ...(process.env.BENCH_MEMORY_PG_DEMO === '0' && { SEED_DEMO: '0' }),
      });
    } finally {
      rmSync(pgDir, { recursive: true, force: true });
      psql(`DROP DATABASE IF EXISTS ${db}`);
    }
  }
}
