/**
 * `npm run bench` (alone: `cd apps/server && npx tsx bench/http.ts`): the API over real HTTP. The server is
 * a child process (bench/http-server.ts: buildApp + listen on 127.0.0.1, a free port, production logger);
 * autocannon loads it from this process. Every call is measured beside the raw SQL of the same work run in
 * the server's process, through the same driver, at the same concurrency, interleaved API, SQL, API, SQL,
 * and the ratio API/SQL is the figure that counts. Cold = the first call of each case after start-up.
 * On PostgreSQL also two server processes on one database, loaded together. The list and show calls are also
 * measured beside the SQL they needed before ADR 0030 ("SQL before"); every API run reports the CPU time per
 * request of the server process(es) and of the database's PostgreSQL backends (from /proc, Linux).
 *
 * Env: BENCH_HTTP_SECONDS (2 per run), BENCH_HTTP_CONNECTIONS ("20,50"), BENCH_LINES (100000 journal
 * lines), BENCH_CUSTOMERS (2000), BENCH_SKIP_PGLITE=1, BENCH_SKIP_POSTGRES=1, BENCH_HTTP_CASES (names,
 * comma-separated), BENCH_HTTP_OUT (a Markdown file the tables are appended to), BENCH_CPU_PROF (a folder:
 * the server runs under node --cpu-prof and writes its profile there at the end), BENCH_DB_NAME (the
 * PostgreSQL database created and dropped; chobo_bench_speed), BENCH_RATE_LIMIT=1 (the global rate limit on,
 * with a limit no run reaches: its cost per request is measured), BENCH_SERVER_FLAGS (Node flags of the server
 * processes, space-separated, e.g. "--max-semi-space-size=64").
 */
import { type ChildProcess, fork } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startFlags } from '../src/start-flags.js';
import type { LoopResult, RawCase, SetupInfo } from './http-server.js';

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 2);
const CONNECTIONS = (process.env.BENCH_HTTP_CONNECTIONS ?? '20,50').split(',').map(Number);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BENCH_DB = process.env.BENCH_DB_NAME ?? 'chobo_bench_speed';
const OUT = process.env.BENCH_HTTP_OUT;
const SERVER = fileURLToPath(new URL('./http-server.ts', import.meta.url));

interface Server {
  child: ChildProcess;
  info: SetupInfo;
  raw(kind: 'raw' | 'cold-raw', c: RawCase, connections?: number): Promise<LoopResult & { ms?: number }>;
  stop(): Promise<void>;
}

function start(env: Record<string, string>): Promise<Server> {
  // the start script's V8 flags (ADR 0035; source maps are tsx's here), then BENCH_SERVER_FLAGS (later flags win)
  const execArgv = ['--import', 'tsx', ...startFlags().filter((f) => f !== '--enable-source-maps')];
  if (process.env.BENCH_CPU_PROF) execArgv.push('--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`);
  if (process.env.BENCH_SERVER_FLAGS) execArgv.push(...process.env.BENCH_SERVER_FLAGS.split(' ').filter(Boolean));
  const child = fork(SERVER, [], {
    env: { ...process.env, ...env },
    execArgv,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: never) => void; reject: (e: Error) => void }>();
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    child.on('message', (msg: { type: string; info?: SetupInfo; id?: number; result?: never; error?: string }) => {
      if (msg.type === 'ready' && msg.info) {
        const info = msg.info;
        resolve({
          child,
          info,
          raw: (kind, c, connections = 1) =>
            new Promise((res, rej) => {
              const id = nextId++;
              pending.set(id, { resolve: res, reject: rej });
              child.send({ type: kind, case: c, connections, seconds: SECONDS, id });
            }),
          stop: () =>
            new Promise((res) => {
              child.once('exit', () => res());
              child.send({ type: 'stop' });
            }),
        });
      } else if (msg.type === 'raw-result' && msg.id) {
        const p = pending.get(msg.id);
        pending.delete(msg.id);
        if (msg.error) p?.reject(new Error(msg.error));
        else p?.resolve(msg.result as never);
      }
    });
  });
}

interface HttpCase {
  name: string;
  raw: RawCase;
  /** The SQL the call needed before ADR 0030 (several statements), measured beside `raw` in the same run. */
  before?: RawCase;
  path: (info: SetupInfo) => string;
  /** BENCH_HTTP_CASES matches this (default: raw). */
  key?: string;
  /** Each request's path from a running count (one count per run): a different page every request. */
  cycle?: (info: SetupInfo, n: number) => string;
  method?: 'GET' | 'POST';
  body?: (info: SetupInfo) => string;
  auth?: boolean;
}

const ALL_CASES: HttpCase[] = [
  { name: 'GET /api/health', raw: 'health', path: () => '/api/health', auth: false },
  { name: 'GET /api/me', raw: 'me', path: () => '/api/me' },
  {
    name: 'GET /api/company/customer (page 1)',
    raw: 'customers',
    before: 'customers-before',
    path: () => '/api/company/customer?sort_by=id&sort_dir=desc',
  },
  {
    name: 'GET /api/accountings page 1',
    raw: 'journal-first',
    before: 'journal-first-before',
    path: () => '/api/accountings?page=1',
  },
  {
    name: 'GET /api/accountings middle page',
    raw: 'journal-middle',
    before: 'journal-middle-before',
    path: (i) => `/api/accountings?page=${Math.ceil(i.journalPages / 2)}`,
  },
  {
    name: 'GET /api/accountings last page',
    raw: 'journal-last',
    before: 'journal-last-before',
    path: (i) => `/api/accountings?page=${i.journalPages}`,
  },
  {
    // ADR 0037 keeps pages in memory: here every request asks for the next page of 1,900 in turn, more than
    // the memory keeps, so each is read from the database (the page's SQL + its version) — the cost of a miss
    name: 'GET /api/accountings, a different page every request (none in memory)',
    key: 'journal-cycle',
    raw: 'journal-middle',
    path: () => '/api/accountings?page=1',
    cycle: (i, n) => `/api/accountings?page=${(n % i.journalPages) + 1}`,
  },
  {
    name: 'GET /api/accountings/:id',
    raw: 'show',
    before: 'show-before',
    path: (i) => `/api/accountings/${i.entryId}`,
  },
  {
    name: 'POST /api/accountings',
    raw: 'post',
    method: 'POST',
    path: () => '/api/accountings',
    body: (i) =>
      JSON.stringify({
        date: '2026-10-01',
        description: 'ベンチ売上',
        lines: [
          { account_id: i.accounts.cash, debit: 1000, credit: 0 },
          { account_id: i.accounts.sales, debit: 0, credit: 1000 },
        ],
      }),
  },
];
const only = process.env.BENCH_HTTP_CASES?.split(',');
const CASES = only ? ALL_CASES.filter((c) => only.some((o) => (c.key ?? c.raw) === o)) : ALL_CASES;

function headers(info: SetupInfo, c: HttpCase) {
  const h: Record<string, string> = {};
  if (c.auth !== false) h.authorization = `Bearer ${info.token}`;
  if (c.body) h['content-type'] = 'application/json';
  return h;
}

interface CannonResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** CPU seconds (user + system) a process has used, from /proc (Linux); 0 elsewhere or once it is gone. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid || !existsSync(`/proc/${pid}/stat`)) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

let admin: pg.Client | undefined;
/** The server processes' and their PostgreSQL backends' CPU seconds so far (the backends of BENCH_DB only). */
async function cpuNow(servers: Server[]): Promise<Map<number, number>> {
  const pids = servers.map((s) => s.child.pid as number);
  if (admin) {
    const res = await admin.query('select pid from pg_stat_activity where datname = $1', [BENCH_DB]);
    pids.push(...res.rows.map((r: { pid: number }) => r.pid));
  }
  return new Map(pids.map((pid) => [pid, cpuSeconds(pid)]));
}
/** CPU ms per request between two readings (a backend started in between counts from zero). */
function cpuPerRequest(
  before: Map<number, number>,
  after: Map<number, number>,
  serverPids: number[],
  requests: number,
) {
  let node = 0;
  let db = 0;
  for (const [pid, t] of after) {
    const d = t - (before.get(pid) ?? 0);
    if (serverPids.includes(pid)) node += d;
    else db += d;
  }
  return { node: (1000 * node) / requests, db: (1000 * db) / requests };
}

async function cannon(servers: SetupInfo[], c: HttpCase, connections: number): Promise<CannonResult> {
  const runs = await Promise.all(
    servers.map((info) => {
      let n = 0;
      const cycle = c.cycle;
      return autocannon({
        url: `http://127.0.0.1:${info.port}${c.path(info)}`,
        method: c.method ?? 'GET',
        headers: headers(info, c),
        body: c.body?.(info),
        connections: Math.max(1, Math.round(connections / servers.length)),
        duration: SECONDS,
        ...(cycle
          ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: cycle(info, n++) }) }] }
          : {}),
      });
    }),
  );
  return {
    requests: runs.reduce((s, r) => s + r.requests.total, 0),
    rps: runs.reduce((s, r) => s + r.requests.total / (r.duration || SECONDS), 0),
    p50: Math.max(...runs.map((r) => r.latency.p50)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    errors: runs.reduce((s, r) => s + r.errors + r.timeouts, 0),
    non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
  };
}

async function coldCall(info: SetupInfo, c: HttpCase) {
  const t = performance.now();
  const res = await fetch(`http://127.0.0.1:${info.port}${c.path(info)}`, {
    method: c.method ?? 'GET',
    headers: headers(info, c),
    body: c.body?.(info),
  });
  await res.arrayBuffer();
  if (res.status >= 300) throw new Error(`${c.name}: ${res.status}`);
  return performance.now() - t;
}

const f0 = (n: number) => Math.round(n).toLocaleString('en-US');
const f1 = (n: number) => n.toFixed(1);

function table(rows: Record<string, string>[]): string {
  const cols = Object.keys(rows[0]);
  return [
    `| ${cols.join(' | ')} |`,
    `| ${cols.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${cols.map((k) => r[k]).join(' | ')} |`),
  ].join('\n');
}

function report(text: string) {
  console.log(text);
  if (OUT) appendFileSync(OUT, `${text}\n`);
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

async function measure(label: string, servers: Server[], cold: boolean) {
  const infos = servers.map((s) => s.info);
  const first = servers[0];
  const coldRows: Record<string, string>[] = [];
  if (cold) {
    for (const c of CASES) {
      const raw = await first.raw('cold-raw', c.raw);
      const api = await coldCall(first.info, c);
      coldRows.push({
        case: c.name,
        'first SQL ms': f1(raw.ms ?? 0),
        'first API ms': f1(api),
        ratio: f1(api / (raw.ms ?? 1)),
      });
    }
  }
  const warm: Record<string, string>[] = [];
  const serverPids = servers.map((s) => s.child.pid as number);
  const loadBefore = load();
  for (const c of CASES) {
    // warm-up, then A B A B
    await cannon(infos, c, 10).catch(() => undefined);
    for (const n of CONNECTIONS) {
      const api: CannonResult[] = [];
      const sql: LoopResult[] = [];
      const before: LoopResult[] = [];
      const rawLoop = (kind: RawCase) =>
        Promise.all(servers.map((s) => s.raw('raw', kind, Math.max(1, Math.round(n / servers.length)))));
      const cpu = { node: 0, db: 0 };
      for (let round = 0; round < 2; round++) {
        const cpu0 = await cpuNow(servers);
        const run = await cannon(infos, c, n);
        const used = cpuPerRequest(cpu0, await cpuNow(servers), serverPids, run.requests);
        cpu.node += used.node / 2;
        cpu.db += used.db / 2;
        api.push(run);
        sql.push(...(await rawLoop(c.raw)));
        if (c.before) before.push(...(await rawLoop(c.before)));
      }
      const apiRps = (api[0].rps + api[1].rps) / 2;
      const sqlRps = sql.reduce((s, r) => s + r.rps, 0) / 2;
      const beforeRps = before.reduce((s, r) => s + r.rps, 0) / 2;
      warm.push({
        case: c.name,
        conn: String(n),
        'API req/s': f0(apiRps),
        'API p50 ms': f1((api[0].p50 + api[1].p50) / 2),
        'API p99 ms': f1(Math.max(api[0].p99, api[1].p99)),
        'SQL req/s': f0(sqlRps),
        'SQL p50 ms': f1(sql.reduce((s, r) => s + r.p50, 0) / sql.length),
        'SQL p99 ms': f1(Math.max(...sql.map((r) => r.p99))),
        'API / SQL': (apiRps / sqlRps).toFixed(2),
        'API CPU ms/req server + PostgreSQL': `${cpu.node.toFixed(2)} + ${cpu.db.toFixed(2)}`,
        'SQL before req/s': before.length ? f0(beforeRps) : '–',
        'SQL before p50 ms': before.length ? f1(before.reduce((s, r) => s + r.p50, 0) / before.length) : '–',
        'API / SQL before': before.length ? (apiRps / beforeRps).toFixed(2) : '–',
        'errors/non-2xx': `${api[0].errors + api[1].errors}/${api[0].non2xx + api[1].non2xx}`,
      });
    }
  }
  report(`\n### ${label}\n`);
  report(
    `${infos[0].lines.toLocaleString('en-US')} journal lines, ${infos[0].journalPages.toLocaleString('en-US')} journal pages of 20; ${SECONDS} s per run; load average (1/5/15 min) before: ${loadBefore}, after: ${load()}\n`,
  );
  if (coldRows.length) report(`Cold (first call after start-up, one at a time):\n\n${table(coldRows)}\n`);
  report(
    `Warm (autocannon; API and SQL interleaved twice, averaged; "SQL before": the statements the call needed before ADR 0030, same run):\n\n${table(warm)}\n`,
  );
}

console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}; load average ${load()}`);
if (OUT)
  appendFileSync(
    OUT,
    `\n## HTTP run ${new Date().toISOString()} (${os.cpus().length} cores, Node ${process.version})\n`,
  );

if (!process.env.BENCH_SKIP_PGLITE) {
  const server = await start({ BENCH_DRIVER: 'pglite' });
  try {
    await measure('embedded PGlite (in memory), one process', [server], true);
  } finally {
    await server.stop();
  }
}

if (!process.env.BENCH_SKIP_POSTGRES) {
  admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  if (!reachable) {
    console.log('PostgreSQL: not reachable, skipped');
  } else {
    await admin.query(`drop database if exists ${BENCH_DB}`);
    await admin.query(`create database ${BENCH_DB}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${BENCH_DB}`;
    try {
      const one = await start({ BENCH_DRIVER: 'postgres', BENCH_DB_URL: url.toString() });
      try {
        await measure('PostgreSQL, one server process', [one], true);
        const two = await start({
          BENCH_DRIVER: 'postgres',
          BENCH_DB_URL: url.toString(),
          BENCH_SETUP_JSON: JSON.stringify(one.info),
        });
        try {
          await measure('PostgreSQL, two server processes (connections split between them)', [one, two], false);
        } finally {
          await two.stop();
        }
      } finally {
        await one.stop();
      }
    } finally {
      await admin.query(`drop database if exists ${BENCH_DB}`);
      await admin.end();
    }
  }
}
