import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase, runMigrations } from '../db/client.js';
import { createTestDatabase } from '../test/harness.js';
import { createJobQueue, type JobQueue } from './queue.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const WAIT = { timeout: 20_000, interval: 50 };
const quiet = { pollingIntervalSeconds: 0.5, onError: () => {} };

/** A promise and the function that resolves it, for a handler to report to the test. */
function signal<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('job queue', () => {
  let database: Database;
  const queues: JobQueue[] = [];
  const queue = () => {
    const q = createJobQueue(database, quiet);
    queues.push(q);
    return q;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop();
  });
  afterAll(async () => {
    await database.close();
  });

  it('processes a job with its data', async () => {
    const q = queue();
    const seen = signal<{ id: string; data: { receipt: number } }>();
    await q.work<{ receipt: number }>('ocr-test', async (job) => {
      seen.resolve({ id: job.id, data: job.data });
    });
    await q.start();
    const id = await q.send('ocr-test', { receipt: 42 });
    expect(id).toEqual(expect.any(String));
    const job = await seen.promise;
    expect(job).toEqual({ id, data: { receipt: 42 } });
    await vi.waitFor(async () => expect((await q.getJob('ocr-test', id!))?.state).toBe('completed'), WAIT);
  });

  it('starts lazily on the first send and runs workers registered before it', async () => {
    const q = queue();
    const seen = signal<string>();
    await q.work<{ n: number }>('lazy-test', async (job) => seen.resolve(job.id));
    const id = await q.send('lazy-test', { n: 1 });
    expect(await seen.promise).toBe(id);
  });

  it('retries a failing job retryLimit times, then marks it failed with the error', async () => {
    const q = queue();
    const attempts: number[] = [];
    await q.work<{ n: number }>('fail-test', async (job) => {
      attempts.push(job.retryCount);
      throw new Error(`読取失敗 ${job.retryCount}`);
    });
    await q.start();
    const id = (await q.send('fail-test', { n: 1 }, { retryLimit: 2, retryDelay: 0 }))!;
    await vi.waitFor(async () => expect((await q.getJob('fail-test', id))?.state).toBe('failed'), WAIT);
    expect(attempts).toEqual([0, 1, 2]);
    const job = await q.getJob('fail-test', id);
    expect(job).toMatchObject({ retryCount: 2, retryLimit: 2 });
    expect(job?.output).toMatchObject({ message: '読取失敗 2' });
  });

  it('a job left active by a worker that died is retried once its expiry passes (the maintenance finds it)', async () => {
    const sender = queue();
    const id = (await sender.send('dead-worker-test', { n: 1 }, { retryLimit: 1, retryDelay: 0, expireInSeconds: 2 }))!;
    // what kill -9 of the worker's process leaves: the job claimed (active, started) and nobody working it
    await database.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() where id = ${id}::uuid and name = 'dead-worker-test'`,
    );
    const alive = createJobQueue(database, { ...quiet, maintenanceIntervalSeconds: 1 });
    queues.push(alive);
    const seen = signal<{ id: string; retryCount: number }>();
    await alive.work('dead-worker-test', async (job) => seen.resolve({ id: job.id, retryCount: job.retryCount }));
    await alive.start();
    expect(await seen.promise).toEqual({ id, retryCount: 1 });
    await vi.waitFor(async () => expect((await alive.getJob('dead-worker-test', id))?.state).toBe('completed'), {
      timeout: 60_000,
      interval: 100,
    });
  }, 120_000);

  it.runIf(onPostgres)(
    'on PostgreSQL a job whose worker process is killed (-9) mid-job is run again by another process',
    async () => {
      const sender = queue();
      const id = (await sender.send(
        'killed-worker-test',
        { n: 2 },
        { retryLimit: 1, retryDelay: 0, expireInSeconds: 3 },
      ))!;
      // another process claims the job (as a worker does) and then dies without a word
      const child = spawn(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import PgBoss from 'pg-boss';
           const boss = new PgBoss({ connectionString: process.env.URL, supervise: false, schedule: false });
           await boss.start();
           const [job] = await boss.fetch('killed-worker-test');
           console.log(job ? 'claimed ' + job.id : 'none');
           setInterval(() => {}, 1000);`,
        ],
        { env: { ...process.env, URL: database.url }, cwd: path.resolve(import.meta.dirname, '../..') },
      );
      try {
        const claimed = await new Promise<string>((resolve, reject) => {
          child.stdout.on('data', (b: Buffer) => resolve(b.toString().trim()));
          child.on('exit', (code) => reject(new Error(`worker exited ${code}`)));
        });
        expect(claimed).toBe(`claimed ${id}`);
        child.kill('SIGKILL');
        expect((await sender.getJob('killed-worker-test', id))?.state).toBe('active');
        const alive = createJobQueue(database, { ...quiet, maintenanceIntervalSeconds: 1 });
        queues.push(alive);
        const seen = signal<number>();
        await alive.work('killed-worker-test', async (job) => seen.resolve(job.retryCount));
        await alive.start();
        expect(await seen.promise).toBe(1);
      } finally {
        child.kill('SIGKILL');
      }
    },
    120_000,
  );

  it('runs a backlog of jobs, each once', async () => {
    const q = queue();
    const done = new Map<number, number>();
    const all = signal<void>();
    await q.work<{ n: number }>(
      'backlog-test',
      async (job) => {
        done.set(job.data.n, (done.get(job.data.n) ?? 0) + 1);
        if (done.size === 30) all.resolve();
      },
      { concurrency: 2 },
    );
    for (let n = 0; n < 30; n++) await q.send('backlog-test', { n });
    await q.start();
    await all.promise;
    expect([...done.values()].every((count) => count === 1)).toBe(true);
  });

  it.runIf(onPostgres)('on PostgreSQL a job sent by one process is run by another', async () => {
    const sender = queue();
    const worker = queue();
    const seen = signal<string>();
    await worker.work<{ n: number }>('shared-test', async (job) => seen.resolve(job.id));
    await worker.start();
    const id = await sender.send('shared-test', { n: 1 });
    expect(await seen.promise).toBe(id);
  });

  it.runIf(onPostgres)('on PostgreSQL two processes creating the same new queues at once both start', async () => {
    // pg-boss makes each queue a partition of its job table; created at once they can deadlock, and the
    // victim retries (creation is idempotent). Eight queues in opposite orders make the overlap likely.
    const names = Array.from({ length: 8 }, (_, i) => `race-${Date.now()}-${i}`);
    const [a, b] = [queue(), queue()];
    for (const n of names) await a.work(n, async () => {});
    for (const n of [...names].reverse()) await b.work(n, async () => {});
    await Promise.all([a.start(), b.start()]);
    const ids = await Promise.all(names.map((n, i) => (i % 2 ? a : b).send(n, { n: i })));
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
  });

  it.runIf(onPostgres)('on PostgreSQL a job survives its queue: enqueued, stopped, run by a new queue', async () => {
    const first = createJobQueue(database, quiet);
    const id = await first.send('restart-test', { n: 7 });
    await first.stop();
    const second = queue();
    const seen = signal<{ id: string; n: number }>();
    await second.work<{ n: number }>('restart-test', async (job) => seen.resolve({ id: job.id, n: job.data.n }));
    await second.start();
    expect(await seen.promise).toEqual({ id, n: 7 });
  });
});

describe.skipIf(onPostgres)('job queue on an embedded database folder', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'chobo-queue-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('a job survives a restart: enqueued without a worker, run after reopening the folder', async () => {
    let database = await openDatabase({ dataDir: dir });
    await runMigrations(database);
    let q = createJobQueue(database, quiet);
    const id = await q.send('restart-test', { receipt: 'r-1' });
    await q.stop();
    await database.close();

    database = await openDatabase({ dataDir: dir });
    q = createJobQueue(database, quiet);
    try {
      const seen = signal<{ id: string; receipt: string }>();
      await q.work<{ receipt: string }>('restart-test', async (job) =>
        seen.resolve({ id: job.id, receipt: job.data.receipt }),
      );
      await q.start();
      expect(await seen.promise).toEqual({ id, receipt: 'r-1' });
      await vi.waitFor(async () => expect((await q.getJob('restart-test', id!))?.state).toBe('completed'), WAIT);
    } finally {
      await q.stop();
      await database.close();
    }
  });
});
