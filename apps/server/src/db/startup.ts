import { sql } from 'drizzle-orm';
import { ensureChartsOfAccounts } from '../modules/accounting/chart-of-accounts.js';
import { sqlRows } from '../modules/accounting/sql-rows.js';
import { type Database, type Db, runMigrations, withStartupLock } from './client.js';
import { users } from './schema/index.js';
import type { SeedOptions, SeedResult } from './seed/seed.js';

/**
 * The start-up sequence of every server process: migrations, the seed of an empty database and the
 * charts of accounts of companies without one, all under the start-up lock — of processes started
 * together on one PostgreSQL database, one does the work and the others wait, then skip it.
 */
export async function prepareDatabase(database: Database, seed: SeedOptions): Promise<SeedResult> {
  return withStartupLock(database, async () => {
    await runMigrations(database);
    // the seed (the demo year, PDF and image code) loads only for an empty database, not at every start
    const [{ n }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const seeded: SeedResult =
      n > 0 ? { created: false, signIns: [] } : await (await import('./seed/seed.js')).seedIfEmpty(database.db, seed);
    await ensureChartsOfAccounts(database.db);
    return seeded;
  });
}

/**
 * The tables whose planner statistics are missing or stale, analyzed now; returns their names. Missing: never
 * gathered (pg_class.reltuples < 0). Stale: the table's size on disk moved by more than a fifth (and 10 pages)
 * from the size its last ANALYZE recorded (relpages) — what autovacuum's analyze threshold catches as rows are
 * added. PGlite runs no autovacuum (ADR 0036): main.ts runs this after `listen` and every six hours on PGlite;
 * on PostgreSQL autovacuum does it.
 */
export async function analyzeStaleTables(db: Db): Promise<string[]> {
  const tables = await sqlRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c
        where c.relkind in ('r', 'p') and c.relnamespace = 'public'::regnamespace
          and (c.reltuples < 0 or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages)
                                  > greatest(10, c.relpages / 5))
        order by c.relname`,
  );
  for (const { name } of tables) await db.execute(sql`analyze ${sql.identifier(name)}`);
  return tables.map((t) => t.name);
}
