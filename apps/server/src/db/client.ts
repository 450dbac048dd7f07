import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './folder-lock.js';
import { extractPgdataTemplate } from './pgdata-template.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: every query function takes one of these first. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The pool behind a PostgreSQL database. */
  pool?: pg.Pool;
  /**
   * How the PostgreSQL connections are pooled (ADR 0049): `session` — each pooled connection is one backend
   * (a direct connection, or a pooler in session mode), the request path's statements are prepared by name;
   * `transaction` — behind a transaction-mode pooler (PgBouncer, Supavisor), where consecutive transactions of
   * one connection may run on different backends: no named statements, no session state.
   */
  poolMode?: PoolMode;
  /** A direct connection to the database (DATABASE_DIRECT_URL) for what needs a session: the start-up lock, migrations. */
  direct?: { db: Db; pool: pg.Pool };
  /** The connection string of a PostgreSQL database (the job queue opens its own pool). */
  url?: string;
  /** The embedded database's one connection (the job queue shares it). */
  pglite?: PGlite;
  close(): Promise<void>;
}

/**
 * PostgreSQL extensions the migrations use, loaded into every embedded database (pg_trgm: the trigram
 * indexes of the keyword searches; PostgreSQL has it in its contrib package).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export type PoolMode = 'session' | 'transaction';

/**
 * The pool mode of a connection string (ADR 0049): `DATABASE_POOL_MODE` when it says one, else `transaction`
 * on the ports of the transaction-mode poolers (6432: PgBouncer's default; 6543: Supabase's Supavisor), else
 * `session`. A transaction pooler on another port says so with DATABASE_POOL_MODE=transaction; a server that
 * was not told still recovers on the pooler's first answer (see `unnamedStatements`).
 */
export function resolvePoolMode(url: string, mode: PoolMode | 'auto' = 'auto'): PoolMode {
  if (mode !== 'auto') return mode;
  let port = '';
  try {
    port = new URL(url).port;
  } catch {
    /* not a URL: pg reports it */
  }
  return port === '6432' || port === '6543' ? 'transaction' : 'session';
}

// biome-ignore lint/suspicious/noExplicitAny: pg's query() is a set of overloads; the subclass passes them on
type AnyArgs = any[];

/** What a pooler answers a named statement with when its Parse went to another backend. */
const POOLER_CODES = new Set(['42P05', '26000']);

/**
 * A pg Client class whose queries go unnamed — each statement parsed in the transaction that runs it, so it
 * holds no state on a backend — from the start (`transaction` mode) or from the first time the database answers
 * a named statement with "prepared statement … already exists / does not exist" (42P05 / 26000: a pooler in
 * transaction mode that this process was not told of; that statement fails, the next ones do not).
 */
function unnamedStatements(state: { unnamed: boolean }, onSwitch: () => void): typeof pg.Client {
  const notice = (err: unknown) => {
    const code = (err as { code?: string } | null)?.code;
    if (!state.unnamed && code && POOLER_CODES.has(code)) {
      state.unnamed = true;
      onSwitch();
    }
  };
  return class UnnamedStatementClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: see AnyArgs
    override query(...args: AnyArgs): any {
      const [config] = args;
      const named = config && typeof config === 'object' && typeof config.name === 'string' && !config.submit;
      if (!named) return (super.query as (...a: AnyArgs) => unknown)(...args);
      if (state.unnamed) {
        const { name: _unused, ...unnamed } = config;
        return (super.query as (...a: AnyArgs) => unknown)(unnamed, ...args.slice(1));
      }
      const callback = args.findLast((a: unknown) => typeof a === 'function');
      if (callback) {
        const rest = args.slice(1).filter((a: unknown) => a !== callback);
        return (super.query as (...a: AnyArgs) => unknown)(config, ...rest, (err: unknown, res: unknown) => {
          notice(err);
          callback(err, res);
        });
      }
      const result = (super.query as (...a: AnyArgs) => Promise<unknown>)(...args);
      result.catch(notice);
      return result;
    }
  };
}

/**
 * The pools whose statements go unnamed (behind a transaction-mode pooler), by the drizzle handle over them:
 * what `pooledPool` answers (lib/sql-json.ts runs its page statements through `chobo_execute_prepared`
 * there, ADR 0061). `state.unnamed` is also set when a pooler nobody named was detected.
 */
const pooled = new WeakMap<object, { pool: pg.Pool; state: { unnamed: boolean }; prepare: boolean }>();

/**
 * The pg pool behind `db` when its statements go unnamed (a transaction-mode pooler, told or detected) and its
 * page statements may run through `chobo_execute_prepared` (`pooledPrepare`, DATABASE_POOLED_PREPARE), else
 * undefined (a direct connection, PGlite, a transaction's handle).
 */
export function pooledPool(db: DbOrTx): pg.Pool | undefined {
  const p = pooled.get(db);
  return p?.prepare && p.state.unnamed ? p.pool : undefined;
}

/** A pg pool on `url`; in `transaction` mode (or once a pooler answered as one) its statements go unnamed. */
function openPool(url: string, mode: PoolMode, max: number): { pool: pg.Pool; state: { unnamed: boolean } } {
  const state = { unnamed: mode === 'transaction' };
  const Client = unnamedStatements(state, () =>
    console.warn(
      'database: a named statement was refused as a transaction-mode pooler refuses it; statements now go unnamed. ' +
        'Set DATABASE_POOL_MODE=transaction (ADR 0049).',
    ),
  );
  const pool = new pg.Pool({ connectionString: url, max, Client });
  pool.on('error', () => {
    /* idle client errors are reported on the next query */
  });
  return { pool, state };
}

/**
 * Opens the database: PostgreSQL through `pg` when a URL is given, else embedded PGlite in
 * `dataDir` (or in memory when dataDir is 'memory://'). Only ONE process may open a PGlite folder.
 * `poolMode` (DATABASE_POOL_MODE; default: from the URL's port) and `directUrl` (DATABASE_DIRECT_URL): ADR 0049;
 * `pooledPrepare` (DATABASE_POOLED_PREPARE, default true): ADR 0061.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  poolMode?: PoolMode | 'auto';
  directUrl?: string;
  pooledPrepare?: boolean;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const poolMode = resolvePoolMode(opts.databaseUrl, opts.poolMode);
    const { pool, state } = openPool(opts.databaseUrl, poolMode, 10);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    pooled.set(db, { pool, state, prepare: opts.pooledPrepare ?? true });
    // the direct connection: the lock's session and the migrations (a few statements, at start-up)
    const directPool = opts.directUrl ? openPool(opts.directUrl, 'session', 2).pool : undefined;
    const direct = directPool && { pool: directPool, db: drizzlePg(directPool, { schema }) as unknown as Db };
    return {
      db,
      driver: 'postgres',
      pool,
      poolMode,
      direct,
      url: opts.databaseUrl,
      close: () => Promise.all([pool.end(), directPool?.end()]).then(() => {}),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  let client: PGlite;
  if (dir === 'memory://') {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  } else {
    const pgdata = path.join(dir, 'pgdata');
    mkdirSync(pgdata, { recursive: true });
    // one process at a time in the folder (the server, or a CLI): refused, naming the owner, while one runs
    const release = lockDataDir(dir);
    try {
      // an empty folder: the migrated empty database the build wrote, when it matches (ADR 0029), its files
      // written asynchronously while the server's code loads (ADR 0031); PGlite then opens it as an existing cluster
      if (!existsSync(path.join(pgdata, 'PG_VERSION'))) await extractPgdataTemplate(pgdata);
      client = new PGlite(pgdata, { extensions: PGLITE_EXTENSIONS });
      await client.waitReady;
    } catch (error) {
      release();
      throw error;
    }
    const database = pgliteDatabase(client);
    const close = database.close;
    return { ...database, close: () => close().finally(release) };
  }
  await client.waitReady;
  return pgliteDatabase(client);
}

/** A PGlite client as the app uses one: drizzle over it, closed with it. */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, driver: 'pglite', pglite: client, close: () => client.close() };
}

const STARTUP_LOCK = 727274;
const startupLockHolder = new AsyncLocalStorage<Database>();

/**
 * Runs `fn` while this process holds the start-up lock, so that of several processes started together one
 * migrates and seeds while the others wait, then find the work done. Nested calls (runMigrations inside it)
 * reuse the lock. On PostgreSQL a session advisory lock on one connection — the direct one when there is
 * one (DATABASE_DIRECT_URL); behind a transaction-mode pooler without one, where a session lock would stay on
 * whichever backend ran it, a transaction-scoped lock in a transaction held open on one pooled connection for
 * the whole of `fn` (the pooler keeps that backend for it; `fn` runs on the others). On PGlite, where one
 * process owns the folder, `fn` simply runs.
 */
export async function withStartupLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  const pool = database.direct?.pool ?? database.pool;
  if (!pool || startupLockHolder.getStore() === database) return fn();
  const client = await pool.connect();
  const inTransaction = !database.direct && database.poolMode === 'transaction';
  let broken: Error | undefined;
  try {
    if (inTransaction) {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
    } else {
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    }
    return await startupLockHolder.run(database, fn);
  } finally {
    await client
      .query(inTransaction ? 'commit' : 'select pg_advisory_unlock($1)', inTransaction ? [] : [STARTUP_LOCK])
      .catch((err: Error) => {
        broken = err;
      });
    // a connection whose unlock failed may still hold the lock: closed, not returned to the pool
    client.release(broken);
  }
}

/** Applies the committed drizzle-kit migrations; on PostgreSQL under the start-up lock (many processes). */
export async function runMigrations(database: Database): Promise<void> {
  await withStartupLock(database, async () => {
    // biome-ignore lint/suspicious/noExplicitAny: both drivers' migrators accept the handle
    const db = (database.direct?.db ?? database.db) as any;
    if (database.pool) await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    else await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  });
}
