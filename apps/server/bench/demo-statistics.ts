/**
 * `npx tsx bench/demo-statistics.ts` (part of `npm run bench`): the demo company's screens right after a first
 * start on the embedded database (in memory: migrations + the demo year, as main.ts seeds it), p50 / p95 of
 * BENCH_RUNS (60) requests per call through app.inject, three times in the same run: as the seed leaves the
 * database (its tables analyzed, ADR 0036), with every planner statistic of the public tables removed (what the
 * seed left before ADR 0036: PGlite runs no autovacuum, so nothing ever gathered them), and after
 * analyzeStaleTables (what main.ts runs after listen on PGlite). The journal pages kept in memory (ADR 0037) are
 * forgotten before every request, so each one reads its page: what the planner statistics change.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import { DEMO_OWNER_EMAIL } from '../src/db/seed/seed.js';
import { analyzeStaleTables, prepareDatabase } from '../src/db/startup.js';
import { clearPageCaches } from '../src/lib/page-cache.js';
import { signIn } from '../src/test/harness.js';
import { benchApp } from './support.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const PASSWORD = 'bench-pass-2026';

const database = await openDatabase({ dataDir: 'memory://' });
const t0 = performance.now();
await prepareDatabase(database, {
  adminEmail: 'admin@example.com',
  adminPassword: PASSWORD,
  demo: true,
  demoPassword: PASSWORD,
});
const seedSeconds = (performance.now() - t0) / 1000;
const app = await benchApp(database);
const headers = { authorization: `Bearer ${await signIn(app, DEMO_OWNER_EMAIL, PASSWORD)}` };

const CALLS = [
  '/api/accountings?page=1',
  '/api/accountings?page=20',
  '/api/company/customer?page=1',
  '/api/transactions?page=1',
  '/api/invoices?page=1',
  '/api/transaction-documents?page=1',
  '/api/payments?page=1',
  '/api/company/trial-balance',
  '/api/company/dashboard',
];

async function measure(url: string): Promise<string> {
  const call = async () => {
    clearPageCaches(database.db);
    const r = await app.inject({ method: 'GET', url, headers });
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
  };
  for (let i = 0; i < 5; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await call();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const pick = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return `${pick(0.5).toFixed(1)} / ${pick(0.95).toFixed(1)}`;
}

const asSeeded: string[] = [];
for (const url of CALLS) asSeeded.push(await measure(url));
// the statistics removed, as a database that was never analyzed has them
await database.db.execute(
  sql`delete from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)`,
);
await database.db.execute(
  sql`update pg_class set reltuples = -1, relpages = 0 where relnamespace = 'public'::regnamespace and relkind in ('r', 'p', 'i')`,
);
const none: string[] = [];
for (const url of CALLS) none.push(await measure(url));
const t1 = performance.now();
const analyzed = await analyzeStaleTables(database.db);
const analyzeMs = performance.now() - t1;
const again: string[] = [];
for (const url of CALLS) again.push(await measure(url));

console.log(
  `\n### The demo company after a first start (embedded, in memory; seed ${seedSeconds.toFixed(1)} s; analyzeStaleTables: ${analyzed.length} tables in ${analyzeMs.toFixed(0)} ms), p50 / p95 ms of ${RUNS} requests\n`,
);
console.log('| call | as seeded (analyzed, ADR 0036) | no statistics (before ADR 0036) | after analyzeStaleTables |');
console.log('| --- | --- | --- | --- |');
for (const [i, url] of CALLS.entries()) console.log(`| GET ${url} | ${asSeeded[i]} | ${none[i]} | ${again[i]} |`);
await app.close();
await database.close();
