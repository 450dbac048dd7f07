import { sql } from 'drizzle-orm';
import { ensureChartsOfAccounts } from '../modules/accounting/chart-of-accounts.js';
import { type Database, runMigrations, withStartupLock } from './client.js';
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
