/**
 * Moves the uploaded files between storage backends and verifies every byte (ADR 0051):
 *   npm run move-files -w @chobo/server -- --from local --to database
 * Uses DATABASE_URL / DATA_DIR like the server. Safe to re-run: files already moved are compared, not
 * copied again. Prints the counts; exit code 1 when any file is missing or differs in the target.
 */
import { parseArgs } from 'node:util';
import { openDatabase, runMigrations } from '../db/client.js';
import { exitIfLocked } from '../db/folder-lock.js';
import { loadEnv } from '../env.js';
import { isSweepable } from '../lib/storage.js';
import { openFileStorage, type StorageBackend } from '../lib/storage-backends.js';
import { moveFiles } from '../lib/storage-move.js';

const BACKENDS = ['local', 'database'] as const;
const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
const isBackend = (v: string | undefined): v is StorageBackend => BACKENDS.includes(v as (typeof BACKENDS)[number]);
if (!isBackend(values.from) || !isBackend(values.to) || values.from === values.to) {
  console.error(`--from と --to に異なる保存先（${BACKENDS.join(' / ')}）を指定してください`);
  process.exit(2);
}

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch(exitIfLocked);
try {
  await runMigrations(database);
  const source = openFileStorage(values.from, { dataDir: env.DATA_DIR, db: database.db });
  const target = openFileStorage(values.to, { dataDir: env.DATA_DIR, db: database.db });
  if (!isSweepable(source)) throw new Error('the source cannot list its files');
  const report = await moveFiles(source, target, {
    onProgress: (n) => {
      if (n % 500 === 0) console.log(`${n}件…`);
    },
  });
  console.log(JSON.stringify({ ...report, problems: report.problems.length }));
  console.log(`コピー ${report.copied}件、移行済み ${report.already}件、照合済み ${report.verified}件`);
  for (const p of report.problems) console.error(`  - ${p.key}: ${p.reason}`);
  if (report.problems.length > 0) {
    console.error('NG: 移行できなかったファイルがあります');
    process.exitCode = 1;
  } else console.log(`OK: すべてのファイルを ${values.to} に移し、内容を照合しました`);
} finally {
  await database.close();
}
