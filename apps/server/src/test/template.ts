import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  type Database,
  openDatabase,
  PGLITE_EXTENSIONS,
  type PoolMode,
  pgliteDatabase,
  runMigrations,
} from '../db/client.js';

/**
 * Test databases are cloned from a template built ONCE through the real migrations (runMigrations):
 * - PGlite: a migrated in-memory PGlite's data directory, dumped to a tar file; each test database is a new
 *   PGlite loaded from it (no initdb, no migrations: ~4x faster than a fresh one).
 * - PostgreSQL: a migrated template database; each test database is `CREATE DATABASE x TEMPLATE t`.
 * The server project's vitest globalSetup (global-setup.ts) builds it and names it in TEMPLATE_ENV for the
 * workers; without it (benchmarks) createTestDatabase migrates every database itself.
 */
export const TEMPLATE_ENV = 'CHOBO_TEST_TEMPLATE';

export interface Template {
  /** A file path (PGlite) or a database name (PostgreSQL). */
  ref: string;
  drop(): Promise<void>;
}

export async function buildPgliteTemplate(): Promise<Template> {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  const database = pgliteDatabase(client);
  await runMigrations(database);
  await client.exec('checkpoint');
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'chobo-test-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return {
    ref: file,
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const blobs = new Map<string, Blob>();

/** A new in-memory PGlite holding a copy of the template. */
export async function clonePglite(file: string): Promise<Database> {
  let blob = blobs.get(file);
  if (!blob) {
    blob = new Blob([readFileSync(file)]);
    blobs.set(file, blob);
  }
  const client = new PGlite({ loadDataDir: blob, extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  return pgliteDatabase(client);
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export const uniqueDbName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

/** A new, empty database on the server, dropped again on close. */
export async function createServerDatabase(
  serverUrl: string,
  opts: {
    template?: string;
    prefix?: string;
    /** Opened through another server (a pooler in front of this one: its URL) and in this pool mode. */
    via?: { url: string; poolMode: PoolMode | 'auto' };
  } = {},
): Promise<Database & { name: string }> {
  const name = uniqueDbName(opts.prefix ?? 'chobo_test');
  await onServer(serverUrl, (c) =>
    c.query(opts.template ? `create database ${name} template ${opts.template}` : `create database ${name}`),
  );
  const database = await openDatabase({
    databaseUrl: databaseUrl(opts.via?.url ?? serverUrl, name),
    poolMode: opts.via?.poolMode,
  });
  return {
    ...database,
    name,
    async close() {
      await database.close();
      await onServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A uniquely named migrated database on the server; no connection is left open to it (a template must have none). */
export async function buildPostgresTemplate(serverUrl: string): Promise<Template> {
  const name = uniqueDbName('chobo_tmpl');
  await onServer(serverUrl, (c) => c.query(`create database ${name}`));
  const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name) });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  return {
    ref: name,
    drop: () => onServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

export function buildTemplate(): Promise<Template> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? buildPostgresTemplate(url) : buildPgliteTemplate();
}
