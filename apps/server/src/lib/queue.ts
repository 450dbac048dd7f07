import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

/**
 * Background jobs (docs/adr/0006-job-queue-pg-boss.md): pg-boss 10 in the schema `pgboss`.
 * - PostgreSQL: pg-boss has its own small pool; every server process sends and works, and a job is
 *   claimed by exactly one of them (FOR UPDATE SKIP LOCKED).
 * - PGlite: pg-boss runs its SQL on the process's one PGlite connection, one statement text at a time,
 *   and the workers run in the API process (the only process that may open the folder).
 *
 * The queue starts on `start()` (main.ts, after the migrations) or lazily on the first `send()`, so an app
 * that never sends a job (most tests) never creates the `pgboss` schema.
 */
export interface JobQueue {
  /**
   * Enqueues a job; resolves to its id (null when a singletonKey already holds a job).
   * Call it AFTER the transaction that justifies the job has committed, never inside `db.transaction()`:
   * on PGlite the queue's SQL waits for the open transaction, which waits for it (a deadlock).
   */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Registers the handler of a queue. A handler that throws fails the attempt; the job is retried up to
   * `retryLimit` times, then ends `failed`. Registered before start(), the worker begins with the queue.
   */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** A job's state, attempts and output (or error), or null when unknown (or archived). */
  getJob(name: string, id: string): Promise<JobInfo | null>;
  /** Creates or migrates the `pgboss` schema and starts the registered workers. Idempotent. */
  start(): Promise<void>;
  /** Waits for running jobs (up to `graceSeconds`), then stops; the database stays open. */
  stop(): Promise<void>;
}

export interface Job<T> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
}

export type JobHandler<T> = (job: Job<T>) => Promise<unknown>;

export interface SendOptions {
  /** Further attempts after the first (default 2). */
  retryLimit?: number;
  /** Seconds between attempts (default 0). */
  retryDelay?: number;
  /** Exponential back-off from retryDelay. */
  retryBackoff?: boolean;
  /** Seconds from now, or a moment. */
  startAfter?: number | Date;
  /**
   * An attempt running longer than this fails and is retried (default 15 minutes); it is also how long a job
   * whose worker died stays active before the maintenance retries it — size it to the job.
   */
  expireInSeconds?: number;
  /** At most one queued job per key and queue (pg-boss singletonKey). */
  singletonKey?: string;
  priority?: number;
}

export interface WorkOptions {
  /** Jobs of this queue run at the same time in this process (default 1). */
  concurrency?: number;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobInfo {
  id: string;
  name: string;
  state: JobState;
  retryCount: number;
  retryLimit: number;
  data: unknown;
  /** The handler's result, or the serialised error of the last failed attempt. */
  output: unknown;
}

export interface QueueOptions {
  /** How often an idle worker looks for jobs (pg-boss minimum 0.5 s; default 2 s). */
  pollingIntervalSeconds?: number;
  /**
   * How often pg-boss's maintenance runs (one process per interval across the database): it fails the jobs
   * active past their expiry — those whose worker died (kill -9, a lost host) — so they are retried. Default
   * 10 s: a dead job is retried at most this long after its expiry (the jobs' expiries are sized to them).
   */
  maintenanceIntervalSeconds?: number;
  /** How long stop() waits for running jobs (default 30 s). */
  graceSeconds?: number;
  /** Reports pg-boss errors (a failed poll, maintenance); default console.error. */
  onError?: (err: unknown) => void;
  /**
   * Runs the start (schema, queues, workers) inside this wrapper, whoever starts it — main.ts, or a `send()`
   * that comes first: main.ts passes the start-up lock (two processes creating queues at once deadlock).
   */
  startUnder?: (start: () => Promise<void>) => Promise<void>;
}

/** The adapter pg-boss runs its SQL through on PGlite. */
export interface SerialDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Resolves when every statement sent so far has finished. */
  drain(): Promise<void>;
}

// pg-boss's `locked()` plans: BEGIN; SET LOCAL …; advisory lock; statements; COMMIT;
const WRAPPED_IN_TRANSACTION = /^\s*BEGIN\s*;([\s\S]*);\s*COMMIT\s*;?\s*$/i;

/**
 * Runs pg-boss's SQL on a PGlite instance one text at a time (a promise chain): parameterised
 * statements through `query`, parameterless texts (possibly several statements) through `exec`.
 * A text that is a whole `BEGIN; …; COMMIT;` runs inside `PGlite.transaction`, so a failing statement
 * rolls back before any other query can reach the aborted transaction.
 */
export function pgliteAdapter(client: PGlite): SerialDb {
  let tail: Promise<unknown> = Promise.resolve();
  const run = async (text: string, values?: unknown[]): Promise<{ rows: unknown[] }> => {
    if (values && values.length > 0) {
      const result = await client.query(text, values);
      return { rows: result.rows };
    }
    const wrapped = WRAPPED_IN_TRANSACTION.exec(text);
    if (wrapped) {
      const results = await client.transaction((tx) => tx.exec(wrapped[1]));
      return { rows: results.at(-1)?.rows ?? [] };
    }
    const results = await client.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  };
  return {
    executeSql(text, values) {
      const result = tail.then(() => run(text, values));
      tail = result.catch(() => {});
      return result;
    },
    drain: () => tail.then(() => {}),
  };
}

export const DEFAULT_MAINTENANCE_SECONDS = 10;

interface Registration {
  name: string;
  handler: JobHandler<object>;
  concurrency: number;
}

class PgBossQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly registrations: Registration[] = [];
  /** pg-boss worker ids per queue name, to wake them on send(). */
  private readonly workerIds = new Map<string, string[]>();
  private readonly queues = new Map<string, Promise<void>>();
  private starting: Promise<void> | null = null;
  private stopping: Promise<void> | null = null;

  constructor(
    config: PgBoss.ConstructorOptions,
    private readonly serial: SerialDb | null,
    private readonly opts: QueueOptions,
  ) {
    this.boss = new PgBoss({
      ...config,
      pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
      maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? DEFAULT_MAINTENANCE_SECONDS,
      // Nothing is scheduled by cron yet; the timekeeper would poll its own queue every 5 s.
      schedule: false,
    });
    this.boss.on('error', (err) => (opts.onError ?? ((e) => console.error('job queue:', e)))(err));
  }

  start(): Promise<void> {
    if (this.stopping) return Promise.reject(new Error('the job queue is stopped'));
    const run = async () => {
      await this.boss.start();
      for (const r of this.registrations) await this.subscribe(r);
    };
    this.starting ??= this.opts.startUnder ? this.opts.startUnder(run) : run();
    return this.starting;
  }

  async stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (!this.starting) return;
      await this.starting.catch(() => {});
      await this.boss.stop({ graceful: true, wait: true, timeout: (this.opts.graceSeconds ?? 30) * 1000 });
      // pg-boss completes the last jobs without awaiting; let those statements finish before the
      // caller closes the database.
      await this.serial?.drain();
    })();
    return this.stopping;
  }

  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    await this.start();
    await this.ensureQueue(name);
    const { startAfter, ...rest } = options;
    const id = await this.boss.send(name, data, {
      ...rest,
      ...(startAfter === undefined ? {} : { startAfter }),
    });
    // A worker of this process picks the job up now instead of at its next poll.
    if (startAfter === undefined) for (const w of this.workerIds.get(name) ?? []) this.boss.notifyWorker(w);
    return id;
  }

  async work<T extends object>(name: string, handler: JobHandler<T>, options: WorkOptions = {}): Promise<void> {
    const registration: Registration = {
      name,
      handler: handler as JobHandler<object>,
      concurrency: Math.max(1, options.concurrency ?? 1),
    };
    this.registrations.push(registration);
    if (this.starting) {
      await this.starting;
      await this.subscribe(registration);
    }
  }

  async getJob(name: string, id: string): Promise<JobInfo | null> {
    await this.start();
    const job = await this.boss.getJobById(name, id);
    if (!job) return null;
    return {
      id: job.id,
      name: job.name,
      state: job.state,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      data: job.data,
      output: job.output,
    };
  }

  private ensureQueue(name: string): Promise<void> {
    let created = this.queues.get(name);
    if (!created) {
      created = createQueueRetryingDeadlocks(this.boss, name);
      created.catch(() => this.queues.delete(name));
      this.queues.set(name, created);
    }
    return created;
  }

  private async subscribe(r: Registration): Promise<void> {
    await this.ensureQueue(r.name);
    const ids = this.workerIds.get(r.name) ?? [];
    this.workerIds.set(r.name, ids);
    for (let i = 0; i < r.concurrency; i++) {
      let workerId: string | undefined;
      workerId = await this.boss.work<object>(r.name, { batchSize: 1, includeMetadata: true }, async ([job]) => {
        try {
          return await r.handler({ id: job.id, name: job.name, data: job.data, retryCount: job.retryCount });
        } finally {
          // Look for the next job right away rather than after a polling interval (drains a backlog).
          if (workerId) this.boss.notifyWorker(workerId);
        }
      });
      ids.push(workerId);
    }
  }
}

/**
 * pg-boss creates a queue as a partition of its job table; two processes creating different queues at the
 * same moment can deadlock on PostgreSQL (main.ts starts the queue under the start-up lock for that reason).
 * A queue created outside it retries the deadlock victim (creation is idempotent) after a short random
 * pause that grows with each attempt, so that two processes going through many new queues in opposite
 * orders stop meeting (without the pause they can deadlock on the next queue again, and again).
 */
async function createQueueRetryingDeadlocks(boss: PgBoss, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= 20) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * Math.min(attempt, 8)));
    }
  }
}

/**
 * The server's job queue on `database`: on PostgreSQL pg-boss opens its own pool on the same database;
 * on PGlite it shares the instance through a serialising adapter.
 */
export function createJobQueue(database: Database, opts: QueueOptions = {}): JobQueue {
  if (database.driver === 'postgres') {
    if (!database.url) throw new Error('createJobQueue: the PostgreSQL database has no connection string');
    return new PgBossQueue({ connectionString: database.url, max: 4, application_name: 'chobo-queue' }, null, opts);
  }
  if (!database.pglite) throw new Error('createJobQueue: the embedded database has no PGlite client');
  const serial = pgliteAdapter(database.pglite);
  return new PgBossQueue({ db: serial as PgBoss.Db }, serial, opts);
}

/** A queue for apps built without one: registering works, sending says what is missing. */
export function missingJobQueue(): JobQueue {
  const fail = () => Promise.reject(new Error('no job queue: pass `queue` to buildApp'));
  return {
    send: fail,
    getJob: fail,
    work: async () => {},
    start: async () => {},
    stop: async () => {},
  };
}
