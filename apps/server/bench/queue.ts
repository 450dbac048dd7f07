/**
 * `npx tsx apps/server/bench/queue.ts`: the job queue (lib/queue.ts) on the embedded database and, when one
 * answers on 127.0.0.1:5432 or BENCH_DATABASE_URL, on PostgreSQL: the cost of the first start() (creating the
 * pgboss schema), enqueue→start latency, and the time to run 200 trivial jobs. Numbers in
 * docs/adr/0006-job-queue-pg-boss.md.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Database } from '../src/db/client.js';
import { openDatabase, runMigrations } from '../src/db/client.js';
import { createJobQueue, type JobQueue } from '../src/lib/queue.js';
import { createTestDatabase } from '../src/test/harness.js';

const LATENCY_RUNS = Number(process.env.BENCH_RUNS ?? 40);
const JOBS = 200;
const POLL = 0.5;

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** enqueue→handler-start latency of `runs` jobs sent one after another by `sender`, run by `worker`. */
async function latency(sender: JobQueue, worker: JobQueue, name: string, runs: number): Promise<number> {
  let waiting: ((t: number) => void) | null = null;
  await worker.work(name, async () => waiting?.(performance.now()));
  await worker.start();
  const samples: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const started = new Promise<number>((r) => {
      waiting = r;
    });
    const t0 = performance.now();
    await sender.send(name, { i });
    const t1 = await started;
    if (i >= 3) samples.push(t1 - t0); // the first few warm up
  }
  return p50(samples);
}

/** Sends JOBS jobs, then measures how long one worker (of `concurrency`) takes to run them all. */
async function throughput(queue: JobQueue, name: string, concurrency: number) {
  let done = 0;
  let finish!: () => void;
  const all = new Promise<void>((r) => {
    finish = r;
  });
  const t0 = performance.now();
  for (let i = 0; i < JOBS; i++) await queue.send(name, { i });
  const sent = performance.now() - t0;
  const t1 = performance.now();
  await queue.work(
    name,
    async () => {
      if (++done === JOBS) finish();
    },
    { concurrency },
  );
  await all;
  return { sent, ran: performance.now() - t1 };
}

async function run(label: string, open: () => Promise<Database>) {
  console.log(`\n${label}`);
  const database = await open();
  const quiet = { pollingIntervalSeconds: POLL, onError: (e: unknown) => console.error(e) };
  const queues: JobQueue[] = [];
  const queue = () => {
    const q = createJobQueue(database, quiet);
    queues.push(q);
    return q;
  };
  try {
    const q = queue();
    let t = performance.now();
    await q.start();
    console.log(`  first start() (creates the pgboss schema): ${ms(performance.now() - t)}`);
    const q2 = queue();
    t = performance.now();
    await q2.start();
    console.log(`  start() on an existing schema:             ${ms(performance.now() - t)}`);

    console.log(
      `  enqueue→start p50, worker in the sending process: ${ms(await latency(q, q, 'bench-latency', LATENCY_RUNS))}`,
    );
    if (database.driver === 'postgres') {
      const other = queue();
      const l = await latency(q, other, 'bench-latency-other', Math.min(LATENCY_RUNS, 20));
      console.log(`  enqueue→start p50, worker in another process (polls every ${POLL} s): ${ms(l)}`);
    }
    for (const concurrency of [1, 4]) {
      const r = await throughput(queue(), `bench-200-c${concurrency}`, concurrency);
      console.log(
        `  ${JOBS} trivial jobs, concurrency ${concurrency}: sent in ${ms(r.sent)}, run in ${ms(r.ran)} (${(JOBS / (r.ran / 1000)).toFixed(0)} jobs/s)`,
      );
    }
  } finally {
    for (const q of queues) await q.stop();
    await database.close();
  }
}

console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}`);
await run('embedded PGlite (in memory)', async () => {
  const database = await openDatabase({ dataDir: 'memory://' });
  await runMigrations(database);
  return database;
});
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const probe = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
const reachable = await probe.connect().then(
  () => probe.end().then(() => true),
  () => false,
);
if (reachable) {
  process.env.TEST_DATABASE_URL = pgUrl;
  await run('PostgreSQL', () => createTestDatabase());
} else {
  console.log('\nPostgreSQL: not reachable, skipped');
}
