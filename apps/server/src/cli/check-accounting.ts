/**
 * Verifies the per-account daily balances that statements read against the journal lines:
 *   npm run check-accounting -w @chobo/server [-- --company 12]
 * Uses DATABASE_URL / DATA_DIR like the server. Exit code 1 when anything differs.
 */
import { parseArgs } from 'node:util';
import { openDatabase, runMigrations } from '../db/client.js';
import { exitIfLocked } from '../db/folder-lock.js';
import { databaseOptions, loadEnv } from '../env.js';
import { checkBalances } from '../modules/accounting/check-balances.js';

const { values } = parseArgs({ options: { company: { type: 'string' } } });
const env = loadEnv();
const database = await openDatabase(databaseOptions(env)).catch(exitIfLocked);
try {
  await runMigrations(database);
  const bad = await checkBalances(database.db, values.company ? Number(values.company) : undefined);
  if (bad.length === 0) {
    console.log('OK: every per-account daily balance equals the sum of its journal lines');
  } else {
    console.error(`NG: ${bad.length} (account, day, kind) balances differ from the lines`);
    for (const b of bad.slice(0, 20)) console.error(JSON.stringify(b));
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
