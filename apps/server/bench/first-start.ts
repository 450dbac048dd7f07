/**
 * `npx tsx bench/first-start.ts`: the first start of built servers as `npm start` runs them (node with the
 * start script's flags, src/start-flags.ts, apps/server/dist/main.js, after `npm run build` in each checkout) on an empty embedded
 * database, timed to the first GET /api/health 200, with the server's CPU seconds at that moment (user +
 * system from /proc; all threads, and its main thread alone: the first start's critical path, what a busy
 * machine's wall seconds hide) and the load average — and one later start on the same folder. BENCH_FIRST_START_ROOTS:
 * comma-separated checkouts to compare (default: this one; `<checkout>:<path of another built main.js>` for a
 * second build folder of one checkout), run alternately BENCH_FIRST_START_RUNS (3) times;
 * BENCH_FIRST_START_PORT (4731). The data folders are made under the system's temporary folder and removed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFlags } from '../src/start-flags.js';
import { load, stop } from './children.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const roots = (process.env.BENCH_FIRST_START_ROOTS ?? path.resolve(HERE, '../../..')).split(',');
const runs = Number(process.env.BENCH_FIRST_START_RUNS ?? 3);
const port = Number(process.env.BENCH_FIRST_START_PORT ?? 4731);

/** The process's CPU seconds (user + system), or its main thread's alone (`/proc/<pid>/task/<pid>`). */
function cpuSeconds(pid: number | undefined, mainThread = false): number {
  try {
    const stat = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** `<checkout>` or `<checkout>:<built main.js relative to it>` (another build folder of the same checkout). */
async function start(checkout: string, dataDir: string) {
  const [root, main = 'apps/server/dist/main.js'] = checkout.split(':');
  const t = performance.now();
  const output: string[] = [];
  const child = spawn(process.execPath, [...startFlags(), main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_PASSWORD: 'bench-pass-2026',
      SEED_DEMO: '1',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) output.push(line);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output.join('\n')}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok)
      return {
        child,
        s: (performance.now() - t) / 1000,
        cpu: cpuSeconds(child.pid),
        mainCpu: cpuSeconds(child.pid, true),
        output,
      };
    await new Promise((r) => setTimeout(r, 50));
  }
}

console.log(
  '| run | checkout | first start s | CPU s | main thread CPU s | seed total s (progress) | later start s | load average before → after |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (let run = 1; run <= runs; run++) {
  for (const root of roots) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'first-start-'));
    try {
      const before = load();
      const first = await start(root, dataDir);
      await stop(first.child);
      const seed = first.output
        .map((l) => /累計 ([\d.]+) 秒/.exec(l)?.[1])
        .filter(Boolean)
        .pop();
      const later = await start(root, dataDir);
      await stop(later.child);
      console.log(
        `| ${run} | ${root} | ${first.s.toFixed(2)} | ${first.cpu.toFixed(2)} | ${first.mainCpu.toFixed(2)} | ${seed ?? '–'} | ${later.s.toFixed(2)} | ${before} → ${load()} |`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
