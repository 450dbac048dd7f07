import { existsSync } from 'node:fs';
import { customerListQuery, journalListQuery } from '@chobo/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemTenant } from '../lib/context.js';
import { listEntriesJson, loadEntryJson } from '../modules/accounting/journal.queries.js';
import { listCustomersJson } from '../modules/customers/customers.queries.js';
import type { RegisteredRoute } from '../plugins/auth.js';
import { companyFixtures, routeCall } from '../test/company-fixtures.js';
import { companyOwner, createTestApp, signedInAdmin, type TestContext } from '../test/harness.js';
import { PGBOUNCER, type Pgbouncer, startPgbouncer } from '../test/pgbouncer.js';
import { createServerDatabase } from '../test/template.js';
import {
  type Database,
  MIGRATIONS_FOLDER,
  openDatabase,
  resolvePoolMode,
  runMigrations,
  withStartupLock,
} from './client.js';

/**
 * The server behind PgBouncer in pool_mode=transaction (ADR 0049), started by the test from Debian's package on
 * a free port in front of TEST_DATABASE_URL's server: consecutive transactions of one client connection run on
 * whichever of the pooler's server connections is free. Runs with the PostgreSQL suites when pgbouncer is
 * installed (`.ci/run` installs it).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const runs = Boolean(serverUrl) && existsSync(PGBOUNCER);

/** Resolves once `check` answers true (polled every 10 ms, up to 10 s). */
async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 1000; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not reached');
}

/** Runs the calls `limit` at a time. */
async function concurrently<T>(calls: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < calls.length) {
        const i = next++;
        results[i] = await calls[i]();
      }
    }),
  );
  return results;
}

describe('the pool mode of a connection string', () => {
  it('finds the port of PgBouncer (6432) a transaction pooler, another port a direct connection', () => {
    expect(resolvePoolMode('postgres://u@db.example.jp:6432/chobo')).toBe('transaction');
    expect(resolvePoolMode('postgres://u@pooler.example.jp:6543/chobo')).toBe('transaction');
    expect(resolvePoolMode('postgres://u@db.example.jp:5432/chobo')).toBe('session');
    expect(resolvePoolMode('postgres://u@db.example.jp/chobo')).toBe('session');
    expect(resolvePoolMode('postgres://u@db.example.jp:5432/chobo', 'transaction')).toBe('transaction');
    expect(resolvePoolMode('postgres://u@db.example.jp:6432/chobo', 'session')).toBe('session');
  });
});

describe.skipIf(!runs)('behind PgBouncer in transaction mode', () => {
  let bouncer: Pgbouncer;
  /** the databases created (dropped at the end) and the handles opened on them (closed first) */
  const created: Database[] = [];
  const handles: Database[] = [];
  beforeAll(async () => {
    bouncer = await startPgbouncer(serverUrl as string, { poolSize: 4 });
  });
  afterAll(async () => {
    for (const d of [...handles, ...created]) await d.close().catch(() => {});
    await bouncer?.stop();
  });

  /** A new empty database on the server (dropped at the end), and its URL through the pooler. */
  async function emptyDatabase() {
    const database = await createServerDatabase(serverUrl as string, { prefix: 'chobo_pooler' });
    created.push(database);
    return { name: database.name, direct: database, pooled: bouncer.url(database.name) };
  }
  async function open(url: string, opts: Parameters<typeof openDatabase>[0] = {}) {
    const database = await openDatabase({ databaseUrl: url, ...opts });
    handles.push(database);
    return database;
  }

  it('refuses a statement prepared by name as a transaction pooler does; the pool then sends its statements unnamed', async () => {
    const { pooled } = await emptyDatabase();
    // told nothing (another port than 6432): named statements, as on a direct connection
    const database = await open(pooled, { poolMode: 'session' });
    const pool = database.pool as NonNullable<typeof database.pool>;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const c1 = await pool.connect();
      const c2 = await pool.connect();
      const probe = { name: 'chobo_probe', text: 'select 1 as one' };
      // c1's Parse lands on a server connection; c2's, on the same one (the pooler reuses the last freed)
      expect((await c1.query(probe)).rows).toEqual([{ one: 1 }]);
      const refused = await c2.query(probe).then(
        () => null,
        (err: { code?: string }) => err.code,
      );
      expect(refused).toBe('42P05');
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('DATABASE_POOL_MODE=transaction'));
      // from now on unnamed: every client, every server connection
      for (let i = 0; i < 5; i++) {
        expect((await c2.query(probe)).rows).toEqual([{ one: 1 }]);
        expect((await c1.query(probe)).rows).toEqual([{ one: 1 }]);
      }
      c1.release();
      c2.release();
    } finally {
      warn.mockRestore();
    }
  });

  for (const withDirect of [false, true]) {
    it(`holds the start-up lock across the pooler ${withDirect ? 'on DATABASE_DIRECT_URL' : 'in an open transaction'}: a second process waits`, async () => {
      const { name, direct, pooled } = await emptyDatabase();
      const directUrl = withDirect ? new URL(`/${name}`, serverUrl).toString() : undefined;
      const d1 = await open(pooled, { directUrl, poolMode: 'transaction' });
      const d2 = await open(pooled, { directUrl, poolMode: 'transaction' });
      const order: string[] = [];
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let entered = () => {};
      const inFirst = new Promise<void>((resolve) => {
        entered = resolve;
      });
      const first = withStartupLock(d1, async () => {
        order.push('first in');
        // the lock's holder keeps its connection; the work runs on the others of the pooler
        await d1.db.execute('select 1');
        entered();
        await held;
        order.push('first out');
      });
      await inFirst;
      const second = withStartupLock(d2, async () => {
        order.push('second in');
      });
      // the second waits on the lock (the server shows its request not granted)
      await until(async () => {
        const { rows } = await (direct.pool as NonNullable<Database['pool']>).query(
          "select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 727274 and not granted",
        );
        return rows[0].n > 0;
      });
      expect(order).toEqual(['first in']);
      release();
      await Promise.all([first, second]);
      expect(order).toEqual(['first in', 'first out', 'second in']);
    });
  }

  it('migrates an empty database through the pooler from two processes at once: one migrates, the other finds it done', async () => {
    const { pooled, direct } = await emptyDatabase();
    const d1 = await open(pooled, { poolMode: 'transaction' });
    const d2 = await open(pooled, { poolMode: 'transaction' });
    await Promise.all([runMigrations(d1), runMigrations(d2)]);
    const { readMigrationFiles } = await import('drizzle-orm/migrator');
    const expected = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;
    const { rows } = await (direct.pool as NonNullable<Database['pool']>).query(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(rows[0].n).toBe(expected);
  });

  describe('every API route, 20 requests at a time, through 4 server connections', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({ via: { url: bouncer.url('postgres'), poolMode: 'transaction' } });
    });
    afterAll(async () => {
      await ctx?.close();
    });

    it('answers no 5xx: company A reads everything, company B calls every route with A’s ids, the admin reads', async () => {
      const a = await companyOwner(ctx);
      const b = await companyOwner(ctx);
      const admin = await signedInAdmin(ctx);
      // the fixtures (customers, entries, invoices, payments, uploads, a bank import, an OCR job…) are written
      // through the pooler too
      const { fixtures } = await companyFixtures(ctx, a, 'ZQプーラー');
      const routes = ctx.app.apiRoutes.filter((r: RegisteredRoute) => !r.url.includes('*'));
      type Call = { method: string; url: string; token: string; body?: Record<string, unknown> };
      const reads: Call[] = [];
      const writes: Call[] = [];
      for (const r of routes) {
        const fixture = fixtures.get(r.url);
        if (r.url.includes(':')) {
          if (!fixture || fixture.id === 0) continue;
          const { url, body } = routeCall(r, fixture);
          if (r.method === 'GET')
            reads.push({ method: 'GET', url, token: a.token }, { method: 'GET', url, token: b.token });
          else writes.push({ method: r.method, url, token: b.token, body });
        } else if (r.url === '/api/logout') {
          // signing out (GET or POST) ends the walk's sessions: last, below, not among the reads
        } else if (r.method === 'GET') {
          for (const token of [a.token, b.token, admin.token]) reads.push({ method: 'GET', url: r.url, token });
        }
      }
      const signOuts: Call[] = [a.token, b.token, admin.token].map((token) => ({
        method: 'GET',
        url: '/api/logout',
        token,
      }));
      const call = (c: Call) => async () => {
        const res = await ctx.app.inject({
          method: c.method as 'GET',
          url: c.url,
          headers: { authorization: `Bearer ${c.token}` },
          ...(c.body === undefined ? {} : { payload: c.body }),
        });
        return { call: `${c.method} ${c.url}`, status: res.statusCode, body: res.body.slice(0, 300) };
      };
      // three rounds of every read, then every write (B's, with A's ids: refused), all 20 at a time
      const results = [
        ...(await concurrently([...reads, ...reads, ...reads, ...writes].map(call), 20)),
        ...(await concurrently(signOuts.map(call), 20)),
      ];
      expect(results.filter((r) => r.status >= 500)).toEqual([]);
      expect(reads.length).toBeGreaterThan(150);
      expect(writes.length).toBeGreaterThan(15);
      // the walk saw data: company A's lists answer its records
      expect(
        results.some(
          (r) => r.call.startsWith('GET /api/accountings') && r.status === 200 && r.body.includes('ZQプーラー'),
        ),
      ).toBe(true);
      // nobody was signed out before the end: no read answered 401
      expect(results.filter((r) => r.status === 401)).toEqual([]);
      expect(results.slice(-3).map((r) => r.status)).toEqual([204, 204, 204]);
    });

    it('runs the page statements through chobo_execute_prepared: prepared once per backend, the answers of named statements', async () => {
      const a = await companyOwner(ctx);
      await companyFixtures(ctx, a, 'ZQ準備');
      const companyId = a.company.id;
      const { rows: dbRows } = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const url = new URL(`/${dbRows[0].name}`, serverUrl).toString();
      // on a direct connection: named statements; the same told it is behind a transaction pooler (ADR 0061),
      // whose connections are still real sessions, so the test can look at the backend's prepared statements
      const named = await open(url, { poolMode: 'session' });
      const viaFunction = await open(url, { poolMode: 'transaction' });
      const [entry] = (
        (await named.db.execute(
          sql`select id from journal_entries where company_id = ${companyId} order by id limit 1`,
        )) as unknown as { rows: { id: number }[] }
      ).rows;
      const read = async (db: Database['db']) => [
        await listEntriesJson(systemTenant(db, companyId), journalListQuery.parse({ page: 1, per_page: 20 })),
        await listCustomersJson(systemTenant(db, companyId), customerListQuery.parse({ per_page: 20 })),
        await loadEntryJson(systemTenant(db, companyId), entry.id),
      ];
      const expected = await read(named.db);
      expect(expected[0]).toContain('ZQ準備');
      for (let i = 0; i < 7; i++) expect(await read(viaFunction.db)).toEqual(expected);
      const pool = viaFunction.pool as NonNullable<Database['pool']>;
      const prepared = async () =>
        (
          await pool.query(
            "select (generic_plans + custom_plans)::int as runs from pg_prepared_statements where name like 'chobo\\_p\\_%' order by 1",
          )
        ).rows.map((r: { runs: number }) => r.runs);
      // one after another, the calls ran on the pool's one connection: the journal page once (then kept in
      // memory under its version, ADR 0037), the customer page and the entry seven times each, each prepared once
      expect(await prepared()).toEqual([1, 7, 7]);
      // what a pooler's reset (DISCARD ALL) does to a backend: the next call prepares the statement again
      await pool.query('discard all');
      expect(await read(viaFunction.db)).toEqual(expected);
      expect(await prepared()).toEqual([1, 1]);
      // DATABASE_POOLED_PREPARE=0: the same answers, every statement unnamed, nothing left on the backend
      const unnamed = await open(url, { poolMode: 'transaction', pooledPrepare: false });
      expect(await read(unnamed.db)).toEqual(expected);
      const { rows: left } = await (unnamed.pool as NonNullable<Database['pool']>).query(
        'select count(*)::int as n from pg_prepared_statements',
      );
      expect(left[0].n).toBe(0);
    });
  });
});
