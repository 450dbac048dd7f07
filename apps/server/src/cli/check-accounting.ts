/**
 * Verifies the per-account daily balances that statements read, and the taxable lines' per-day sums that the
 * consumption-tax return reads (journal_tax_daily_sums, ADR 0059), against the journal lines:
 *   npm run check-accounting -w @chobo/server [-- --company 12]
 * Uses DATABASE_URL / DATA_DIR like the server. Exit code 1 when anything differs.
 */
import { parseArgs } from 'node:util';
import { openDatabase, runMigrations } from '../db/client.js';
import { exitIfLocked } from '../db/folder-lock.js';
import { databaseOptions, loadEnv } from '../env.js';
import { checkBalances, checkTaxSums } from '../modules/accounting/check-balances.js';

const { values } = parseArgs({ options: { company: { type: 'string' } } });
const env = loadEnv();
const database = await openDatabase(databaseOptions(env)).catch(exitIfLocked);
try {
  await runMigrations(database);
  const company = values.company ? Number(values.company) : undefined;
  const bad = await checkBalances(database.db, company);
  if (bad.length === 0) {
    console.log('OK: every per-account daily balance equals the sum of its journal lines');
  } else {
    console.error(`NG: ${bad.length} (account, day, kind) balances differ from the lines`);
    for (const b of bad.slice(0, 20)) console.error(JSON.stringify(b));
    process.exitCode = 1;
  }
  const tax = await checkTaxSums(database.db, company);
  if (tax.length === 0) {
    console.log('OK: every per-day sum by 税区分 equals its journal lines and their tax lines');
  } else {
    console.error(`NG: ${tax.length} (day, account, 税区分) sums differ from the lines`);
    for (const b of tax.slice(0, 20)) console.error(JSON.stringify(b));
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
