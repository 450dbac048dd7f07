/**
 * Verifies the audit log's hash chains (docs/adr/0003-audit-hash-chain.md):
 *   npm run verify-audit -w @chobo/server [-- --company 12]   (--company 0: the platform chain)
 * Uses DATABASE_URL / DATA_DIR like the server. Prints { ok, checked, first_bad_id }; exit code 1 when not ok.
 */
import { parseArgs } from 'node:util';
import { openDatabase, runMigrations } from '../db/client.js';
import { exitIfLocked } from '../db/folder-lock.js';
import { loadEnv } from '../env.js';
import { verifyAuditChains } from '../modules/audit-logs/audit-verify.js';

const { values } = parseArgs({ options: { company: { type: 'string' } } });
let scope: number | null | undefined;
if (values.company !== undefined) {
  if (!/^\d{1,10}$/.test(values.company)) {
    console.error('--company には企業ID（0 はシステム全体の操作）を数値で指定してください');
    process.exit(2);
  }
  const id = Number(values.company);
  scope = id === 0 ? null : id;
}

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch(exitIfLocked);
try {
  await runMigrations(database);
  const result = await verifyAuditChains(database.db, scope);
  console.log(JSON.stringify(result));
  if (result.ok) {
    console.log(`OK: 改ざんは検出されませんでした（${result.checked}件を確認）`);
  } else {
    console.error(
      `NG: 改ざんを検出しました（最初の不整合: 操作ログID ${result.first_bad_id}、${result.checked}件を確認）`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
