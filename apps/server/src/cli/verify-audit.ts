/**
 * Verifies the audit log (docs/adr/0003-audit-hash-chain.md, 0040-audit-chain-anchored-outside-the-database.md):
 *   npm run verify-audit -w @chobo/server [-- --company 12] [-- --checkpoint kept-copy.jsonl]
 *   (--company 0: the platform chain; --checkpoint: compare with a checkpoint file the admin kept elsewhere)
 * Uses DATABASE_URL / DATA_DIR and the audit key (AUDIT_HMAC_KEY or the key file) like the server. Prints the
 * result as JSON, then what it checked against and each problem; exit code 1 when not ok.
 */
import { parseArgs } from 'node:util';
import { formatDateTimeJa } from '@chobo/core';
import { openDatabase, runMigrations } from '../db/client.js';
import { exitIfLocked } from '../db/folder-lock.js';
import { databaseOptions, loadEnv } from '../env.js';
import { loadAuditKeyring, useAuditKeyring } from '../lib/audit-keys.js';
import { checkpointFile, createCheckpointStore } from '../modules/audit-logs/audit-checkpoints.js';
import { verifyAuditChains } from '../modules/audit-logs/audit-verify.js';

const { values } = parseArgs({ options: { company: { type: 'string' }, checkpoint: { type: 'string' } } });
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
const keyring = loadAuditKeyring(env);
useAuditKeyring(keyring);
const checkpoints = values.checkpoint ? checkpointFile(values.checkpoint) : createCheckpointStore(env);
const database = await openDatabase(databaseOptions(env)).catch(exitIfLocked);
try {
  await runMigrations(database);
  const result = await verifyAuditChains(database.db, scope, { checkpoints });
  console.log(JSON.stringify(result));
  const cp = result.checkpoint;
  console.log(
    [
      `確認した署名鍵: ${result.key_ids.join(', ') || 'なし'}（鍵の保管場所: ${keyring.source}）`,
      `署名のない移行前の行: ${result.unsigned}件`,
      cp
        ? `チェックポイント: ${formatDateTimeJa(cp.at)}（${cp.chains}チェーン、${cp.rows}件、${cp.location ?? 'メモリ'}）`
        : `チェックポイント: なし（${checkpoints.location ?? 'メモリ'}）`,
    ].join('\n'),
  );
  if (result.ok) {
    console.log(`OK: 改ざんは検出されませんでした（${result.checked}件を確認）`);
  } else {
    const where = result.first_bad_id === null ? '' : `最初の不整合: 操作ログID ${result.first_bad_id}、`;
    console.error(`NG: 改ざんを検出しました（${where}${result.checked}件を確認）`);
    for (const p of result.problems) console.error(`  - ${p.id === null ? '' : `ID ${p.id}: `}${p.reason}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
