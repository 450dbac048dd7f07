/**
 * `npm run bench:pooler` (not in `npm run bench`: it needs PostgreSQL on 127.0.0.1:5432 and Debian's pgbouncer):
 * the request path's API figures through PgBouncer in pool_mode=transaction (DATABASE_POOL_MODE=transaction:
 * no named statements, ADR 0049) beside the same server code on a direct connection (named statements), in the
 * same run, on the same database: two server processes of bench/http-server.ts (the first sets the data up: a
 * company with 2,000 customers and 100,000 journal lines), loaded one after the other by autocannon with 50
 * connections, direct and pooled interleaved, each case twice. PgBouncer has as many server connections as the
 * direct server's pool (10), so the figure is the price of the pooler's hop and of statements parsed and planned
 * every time. Reports requests/s, p50/p99, the pooled/direct ratio and every answer ≥ 500, and the four
 * cases mixed (each request the next case). Appends the table to BENCH_HTTP_OUT when set.
 *
 * Env: BENCH_POOLER_SECONDS (5 per run), BENCH_POOLER_MIXED_SECONDS (15 per run, 4 runs), BENCH_HTTP_CONNECTIONS (50),
 * BENCH_ADMIN_URL (postgres://postgres@127.0.0.1:5432/test), BENCH_LINES, BENCH_CUSTOMERS (as bench/http.ts),
 * BENCH_POOLER_JIT=off (the database's jit off, for both servers), BENCH_POOLER_DB (chobo_bench_pooler: the database
 * it makes and drops), BENCH_POOLER_PORT (PgBouncer's port, the servers' the next two; default: free ports).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startFlags } from '../src/start-flags.js';
import { startPgbouncer } from '../src/test/pgbouncer.js';
import type { SetupInfo } from './http-server.js';

const SECONDS = Number(process.env.BENCH_POOLER_SECONDS ?? 5);
const MIXED_SECONDS = Number(process.env.BENCH_POOLER_MIXED_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 50);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB = process.env.BENCH_POOLER_DB ?? 'chobo_bench_pooler';
// BENCH_POOLER_PORT: PgBouncer's port, the two servers' the next two (default: free ports)
const BASE_PORT = process.env.BENCH_POOLER_PORT ? Number(process.env.BENCH_POOLER_PORT) : undefined;
const SERVER = fileURLToPath(new URL('./http-server.ts', import.meta.url));

interface Server {
  child: ChildProcess;
  info: SetupInfo;
  stop(): Promise<void>;
}

/** A bench/http-server.ts process on `url`; resolves with its set-up once it listens. */
function serve(env: Record<string, string>): Promise<Server> {
  const execArgv = ['--import', 'tsx', ...startFlags().filter((f) => f !== '--enable-source-maps')];
  const child = fork(SERVER, [], {
    env: { ...process.env, ...env },
    execArgv,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    child.on('message', (msg: { type: string; info?: SetupInfo }) => {
      if (msg.type !== 'ready' || !msg.info) return;
      child.removeAllListeners('exit');
      resolve({
        child,
        info: msg.info,
        stop: () =>
          new Promise((res) => {
            child.once('exit', () => res());
            child.send({ type: 'stop' });
          }),
      });
    });
  });
}

interface Case {
  name: string;
  path: (i: SetupInfo, n: number) => string;
}
const CASES: Case[] = [
  { name: 'GET /api/company/customer (page 1)', path: () => '/api/company/customer?sort_by=id&sort_dir=desc' },
  { name: 'GET /api/company/trial-balance', path: () => '/api/company/trial-balance' },
  { name: 'GET /api/accountings middle page', path: (i) => `/api/accountings?page=${Math.ceil(i.journalPages / 2)}` },
  {
    name: 'GET /api/accountings, a different page every request',
    path: (i, n) => `/api/accountings?page=${(n % i.journalPages) + 1}`,
  },
];

interface Run {
  rps: number;
  p50: number;
  p99: number;
  fivexx: number;
  errors: number;
  non2xx: number;
}

async function load(server: Server, paths: ((n: number) => string)[], seconds: number): Promise<Run> {
  let n = 0;
  const r = await autocannon({
    url: `http://127.0.0.1:${server.info.port}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${server.info.token}` },
    requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: paths[n % paths.length](n++) }) }],
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    fivexx: r['5xx'],
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

const admin = async (q: string) => {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
};

await admin(`drop database if exists ${DB} with (force)`);
await admin(`create database ${DB}`);
// BENCH_POOLER_JIT=off: the database's jit off for both servers (what the custom plans of unnamed statements cost)
if (process.env.BENCH_POOLER_JIT === 'off') await admin(`alter database ${DB} set jit = off`);
const bouncer = await startPgbouncer(ADMIN_URL, { poolSize: 10, port: BASE_PORT });
const directUrl = new URL(`/${DB}`, ADMIN_URL).toString();
let direct: Server | undefined;
let pooled: Server | undefined;
const lines: string[] = [];
try {
  console.log('setting up (direct connection)…');
  direct = await serve({
    BENCH_DRIVER: 'postgres',
    BENCH_DB_URL: directUrl,
    ...(BASE_PORT ? { BENCH_PORT: String(BASE_PORT + 1) } : {}),
  });
  pooled = await serve({
    BENCH_DRIVER: 'postgres',
    BENCH_DB_URL: bouncer.url(DB),
    BENCH_POOL_MODE: 'transaction',
    BENCH_SETUP_JSON: JSON.stringify(direct.info),
    ...(BASE_PORT ? { BENCH_PORT: String(BASE_PORT + 2) } : {}),
  });
  const servers = { direct, pooled };
  // a first call of each case on each server (plans, caches), not measured
  for (const s of Object.values(servers))
    for (const c of CASES) {
      const res = await fetch(`http://127.0.0.1:${s.info.port}${c.path(s.info, 0)}`, {
        headers: { authorization: `Bearer ${s.info.token}` },
      });
      if (res.status !== 200) throw new Error(`${c.name}: ${res.status} ${await res.text()}`);
    }
  lines.push(
    `\n### Through PgBouncer (transaction mode) beside a direct connection — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} CPUs, Node ${process.version}\n`,
    `${CONNECTIONS} connections, ${SECONDS} s per run, direct and pooled interleaved, each case twice (req/s, p50, p99: the mean of both runs; 5xx: their sum); PgBouncer 10 server connections, the direct pool 10${process.env.BENCH_POOLER_JIT === 'off' ? '; jit = off' : ''}.\n`,
    '| case | direct req/s | pooled req/s | pooled / direct | p50 direct / pooled (ms) | p99 direct / pooled (ms) | 5xx direct / pooled |',
    '|---|---:|---:|---:|---:|---:|---:|',
  );
  let worst = Number.POSITIVE_INFINITY;
  for (const c of CASES) {
    const runs: Record<'direct' | 'pooled', Run[]> = { direct: [], pooled: [] };
    for (let round = 0; round < 2; round++) {
      for (const key of ['direct', 'pooled'] as const) {
        const s = servers[key];
        runs[key].push(await load(s, [(n) => c.path(s.info, n)], SECONDS));
      }
    }
    const avg = (rs: Run[], k: keyof Run) => rs.reduce((t, r) => t + r[k], 0) / rs.length;
    const sum = (rs: Run[], k: keyof Run) => rs.reduce((t, r) => t + r[k], 0);
    const ratio = avg(runs.pooled, 'rps') / avg(runs.direct, 'rps');
    worst = Math.min(worst, ratio);
    const line = `| ${c.name} | ${avg(runs.direct, 'rps').toFixed(0)} | ${avg(runs.pooled, 'rps').toFixed(0)} | ${ratio.toFixed(2)} | ${avg(runs.direct, 'p50').toFixed(1)} / ${avg(runs.pooled, 'p50').toFixed(1)} | ${avg(runs.direct, 'p99').toFixed(1)} / ${avg(runs.pooled, 'p99').toFixed(1)} | ${sum(runs.direct, 'fivexx')} / ${sum(runs.pooled, 'fivexx')} |`;
    lines.push(line);
    console.log(line);
  }
  // the four cases mixed, direct and pooled interleaved, twice each
  const mix = (s: Server) => CASES.map((c) => (n: number) => c.path(s.info, n));
  const mixed: Record<'direct' | 'pooled', Run[]> = { direct: [], pooled: [] };
  for (let round = 0; round < 2; round++) {
    for (const key of round === 0 ? (['pooled', 'direct'] as const) : (['direct', 'pooled'] as const)) {
      mixed[key].push(await load(servers[key], mix(servers[key]), MIXED_SECONDS));
    }
  }
  const mean = (rs: Run[], k: keyof Run) => rs.reduce((t, r) => t + r[k], 0) / rs.length;
  const total = (rs: Run[], k: keyof Run) => rs.reduce((t, r) => t + r[k], 0);
  const mixedDirect = {
    rps: mean(mixed.direct, 'rps'),
    p50: mean(mixed.direct, 'p50'),
    p99: mean(mixed.direct, 'p99'),
    fivexx: total(mixed.direct, 'fivexx'),
  };
  const mixedPooled = {
    rps: mean(mixed.pooled, 'rps'),
    p50: mean(mixed.pooled, 'p50'),
    p99: mean(mixed.pooled, 'p99'),
    fivexx: total(mixed.pooled, 'fivexx'),
    non2xx: total(mixed.pooled, 'non2xx'),
    errors: total(mixed.pooled, 'errors'),
  };
  lines.push(
    `| the four mixed, ${MIXED_SECONDS} s per run, twice each (pooled first, then direct first) | ${mixedDirect.rps.toFixed(0)} | ${mixedPooled.rps.toFixed(0)} | ${(mixedPooled.rps / mixedDirect.rps).toFixed(2)} | ${mixedDirect.p50.toFixed(1)} / ${mixedPooled.p50.toFixed(1)} | ${mixedDirect.p99.toFixed(1)} / ${mixedPooled.p99.toFixed(1)} | ${mixedDirect.fivexx} / ${mixedPooled.fivexx} |`,
    '',
    `Lowest pooled / direct ratio of a case: ${worst.toFixed(2)} (target ≥ 0.7). Non-2xx answers pooled: ${mixedPooled.non2xx}, connection errors: ${mixedPooled.errors}.`,
  );
  console.log(lines.slice(-3).join('\n'));
  if (process.env.BENCH_HTTP_OUT) appendFileSync(process.env.BENCH_HTTP_OUT, `${lines.join('\n')}\n`);
} finally {
  await pooled?.stop();
  await direct?.stop();
  await bouncer.stop();
  await admin(`drop database if exists ${DB} with (force)`);
}
