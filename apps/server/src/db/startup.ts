import { ensureChartsOfAccounts } from '../modules/accounting/chart-of-accounts.js';
import { type Database, runMigrations, withStartupLock } from './client.js';
import { type SeedOptions, type SeedResult, seedIfEmpty } from './seed/seed.js';

/**
 * The start-up sequence of every server process: migrations, the seed of an empty database and the
 * charts of accounts of companies without one, all under the start-up lock — of processes started
 * together on one PostgreSQL database, one does the work and the others wait, then skip it.
 */
export async function prepareDatabase(database: Database, seed: SeedOptions): Promise<SeedResult> {
  return withStartupLock(database, async () => {
    await runMigrations(database);
    const seeded = await seedIfEmpty(database.db, seed);
    await ensureChartsOfAccounts(database.db);
    return seeded;
  });
}
