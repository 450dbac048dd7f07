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

/**
 * Opens the database: PostgreSQL through `pg` when a URL is given, else embedded PGlite in
 * `dataDir` (or in memory when dataDir is 'memory://'). Only ONE process may open a PGlite folder.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    pool.on('error', () => {
      /* idle client errors are reported on the next query */
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, driver: 'postgres', pool, url: opts.databaseUrl, close: () => pool.end() };
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
const startupLockHolder = new AsyncLocalStorage<pg.Pool>();

/**
 * Runs `fn` while this process holds the start-up lock: on PostgreSQL a session advisory lock on one
 * connection, so that of several processes started together one migrates and seeds while the others
 * wait, then find the work done. Nested calls (runMigrations inside it) reuse the lock. On PGlite, where
 * one process owns the folder, `fn` simply runs.
 */
export async function withStartupLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  const pool = database.pool;
  if (!pool || startupLockHolder.getStore() === pool) return fn();
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await startupLockHolder.run(pool, fn);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
    client.release();
  }
}

/** Applies the committed drizzle-kit migrations; on PostgreSQL under the start-up lock (many processes). */
export async function runMigrations(database: Database): Promise<void> {
  await withStartupLock(database, async () => {
    // biome-ignore lint/suspicious/noExplicitAny: both drivers' migrators accept the handle
    const db = database.db as any;
    if (database.pool) await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    else await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  });
}
