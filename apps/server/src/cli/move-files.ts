/**
 * Moves the uploaded files between storage backends and verifies every byte (ADR 0051, 0052):
 *   npm run move-files -w @chobo/server -- --from local --to database
 *   npm run move-files -w @chobo/server -- --from database --to s3
 * Uses DATABASE_URL / DATA_DIR / S3_* like the server (FILE_STORAGE is not read). Safe to re-run: files already moved are compared, not
 * copied again. Prints the counts; exit code 1 when any file is missing or differs in the target.
 */
import { parseArgs } from 'node:util';
import { openDatabase, runMigrations } from '../db/client.js';
import { exitIfLocked } from '../db/folder-lock.js';
import { loadEnv } from '../env.js';
import { isSweepable } from '../lib/storage.js';
import { checkFileStorage, openFileStorage, type StorageBackend } from '../lib/storage-backends.js';
import { moveFiles } from '../lib/storage-move.js';
import { S3FileStorage } from '../lib/storage-s3.js';

const BACKENDS = ['local', 'database', 's3'] as const;
const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
const isBackend = (v: string | undefined): v is StorageBackend => BACKENDS.includes(v as (typeof BACKENDS)[number]);
if (!isBackend(values.from) || !isBackend(values.to) || values.from === values.to) {
  console.error(`--from と --to に異なる保存先（${BACKENDS.join(' / ')}）を指定してください`);
  process.exit(2);
}

const env = loadEnv();
if ((values.from === 's3' || values.to === 's3') && !env.S3_BUCKET) {
  console.error('s3 には S3_BUCKET（と S3_ENDPOINT、S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY など）を指定してください');
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch(exitIfLocked);
const source = openFileStorage(values.from, { dataDir: env.DATA_DIR, db: database.db, s3: env });
const target = openFileStorage(values.to, { dataDir: env.DATA_DIR, db: database.db, s3: env });
try {
  await runMigrations(database);
  if (!isSweepable(source)) throw new Error('the source cannot list its files');
  // an S3 target must keep the files write-once (a conditional put refused over an existing key, ADR 0052)
  await checkFileStorage(target);
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
} catch (err) {
  console.error(`NG: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
  for (const s of [source, target]) if (s instanceof S3FileStorage) await s.close();
}
