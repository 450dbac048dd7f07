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
type Key = 'direct' | 'pooled' | 'unnamed';
const WITH_UNNAMED = process.env.BENCH_POOLER_UNNAMED !== '0';
let direct: Server | undefined;
let pooled: Server | undefined;
let unnamed: Server | undefined;
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
  // the same pooled server code with the page statements sent unnamed (DATABASE_POOLED_PREPARE=0: before ADR
  // 0061), through the same pooler: the before of the same run (BENCH_POOLER_UNNAMED=0: left out)
  if (WITH_UNNAMED)
    unnamed = await serve({
      BENCH_DRIVER: 'postgres',
      BENCH_DB_URL: bouncer.url(DB),
      BENCH_POOL_MODE: 'transaction',
      BENCH_POOLED_PREPARE: '0',
      BENCH_SETUP_JSON: JSON.stringify(direct.info),
      ...(BASE_PORT ? { BENCH_PORT: String(BASE_PORT + 3) } : {}),
    });
  const servers: Partial<Record<Key, Server>> = { direct, pooled, unnamed };
  const keys = (Object.keys(servers) as Key[]).filter((k) => servers[k]);
  const server = (k: Key) => servers[k] as Server;
  // a first call of each case on each server (plans, caches), not measured
  for (const k of keys)
    for (const c of CASES) {
      const s = server(k);
      const res = await fetch(`http://127.0.0.1:${s.info.port}${c.path(s.info, 0)}`, {
        headers: { authorization: `Bearer ${s.info.token}` },
      });
      if (res.status !== 200) throw new Error(`${c.name}: ${res.status} ${await res.text()}`);
    }
  const u = WITH_UNNAMED;
  lines.push(
    `\n### Through PgBouncer (transaction mode) beside a direct connection — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${os.loadavg()[0].toFixed(1)}, ${os.cpus().length} CPUs, Node ${process.version}\n`,
    `${CONNECTIONS} connections, ${SECONDS} s per run, the servers interleaved (${keys.join(', ')}), each case twice (req/s, p50, p99: the mean of both runs; 5xx: their sum); PgBouncer 10 server connections, the direct pool 10${process.env.BENCH_POOLER_JIT === 'off' ? '; jit = off' : ''}. pooled: the page statements through chobo_execute_prepared (ADR 0061)${u ? '; unnamed: the same pooled server with DATABASE_POOLED_PREPARE=0 (every statement unnamed, as before ADR 0061)' : ''}.\n`,
    `| case | direct req/s | pooled req/s | pooled / direct |${u ? ' unnamed req/s | unnamed / direct |' : ''} p50 ${keys.join(' / ')} (ms) | p99 ${keys.join(' / ')} (ms) | 5xx ${keys.join(' / ')} |`,
    `|---|---:|---:|---:|${u ? '---:|---:|' : ''}---:|---:|---:|`,
  );
  const avg = (rs: Run[], k: keyof Run) => rs.reduce((t, r) => t + r[k], 0) / rs.length;
  const sum = (rs: Run[], k: keyof Run) => rs.reduce((t, r) => t + r[k], 0);
  const row = (name: string, runs: Partial<Record<Key, Run[]>>) => {
    const r = (k: Key) => runs[k] as Run[];
    const ratio = (k: Key) => avg(r(k), 'rps') / avg(r('direct'), 'rps');
    return {
      ratio: ratio('pooled'),
      line: `| ${name} | ${avg(r('direct'), 'rps').toFixed(0)} | ${avg(r('pooled'), 'rps').toFixed(0)} | ${ratio('pooled').toFixed(2)} |${u ? ` ${avg(r('unnamed'), 'rps').toFixed(0)} | ${ratio('unnamed').toFixed(2)} |` : ''} ${keys.map((k) => avg(r(k), 'p50').toFixed(1)).join(' / ')} | ${keys.map((k) => avg(r(k), 'p99').toFixed(1)).join(' / ')} | ${keys.map((k) => sum(r(k), 'fivexx')).join(' / ')} |`,
    };
  };
  let worst = Number.POSITIVE_INFINITY;
  for (const c of CASES) {
    const runs: Partial<Record<Key, Run[]>> = {};
    for (let round = 0; round < 2; round++) {
      for (const k of round === 0 ? keys : [...keys].reverse()) {
        const s = server(k);
        const result = await load(s, [(n) => c.path(s.info, n)], SECONDS);
        runs[k] = [...(runs[k] ?? []), result];
      }
    }
    const { ratio, line } = row(c.name, runs);
    worst = Math.min(worst, ratio);
    lines.push(line);
    console.log(line);
  }
  // the four cases mixed, the servers interleaved, twice each (the second round in the reverse order)
  const mix = (s: Server) => CASES.map((c) => (n: number) => c.path(s.info, n));
  const mixed: Partial<Record<Key, Run[]>> = {};
  for (let round = 0; round < 2; round++) {
    for (const k of round === 0 ? [...keys].reverse() : keys) {
      const result = await load(server(k), mix(server(k)), MIXED_SECONDS);
      mixed[k] = [...(mixed[k] ?? []), result];
    }
  }
  const pooledMixed = mixed.pooled as Run[];
  lines.push(
    row(`the four mixed, ${MIXED_SECONDS} s per run, twice each (in turn, then in the reverse order)`, mixed).line,
    '',
    `Lowest pooled / direct ratio of a case: ${worst.toFixed(2)} (target ≥ 0.7). Non-2xx answers pooled (mixed): ${sum(pooledMixed, 'non2xx')}, connection errors: ${sum(pooledMixed, 'errors')}. Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}.`,
  );
  // the page statements as one of the pooler's backends keeps them (chobo_execute_prepared, ADR 0061)
  const c = new pg.Client({ connectionString: bouncer.url(DB) });
  await c.connect();
  try {
    const { rows } = await c.query(
      "select count(*)::int as n, coalesce(sum(generic_plans), 0)::int as generic, coalesce(sum(custom_plans), 0)::int as custom from pg_prepared_statements where name like 'chobo\\_p\\_%'",
    );
    lines.push(
      `One of PgBouncer's server connections afterwards: ${rows[0].n} statements prepared by chobo_execute_prepared, run ${rows[0].generic} times with their generic plan and ${rows[0].custom} with a custom one.`,
    );
  } finally {
    await c.end();
  }
  console.log(lines.slice(-4).join('\n'));
  if (process.env.BENCH_HTTP_OUT) appendFileSync(process.env.BENCH_HTTP_OUT, `${lines.join('\n')}\n`);
} finally {
  await unnamed?.stop();
  await pooled?.stop();
  await direct?.stop();
  await bouncer.stop();
  await admin(`drop database if exists ${DB} with (force)`);
}
