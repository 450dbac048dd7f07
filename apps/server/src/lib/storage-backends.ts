import path from 'node:path';
import type { Db } from '../db/client.js';
import type { Env } from '../env.js';
import { type FileStorage, LocalFileStorage, MemoryFileStorage } from './storage.js';
import { DatabaseFileStorage } from './storage-db.js';
import { S3FileStorage } from './storage-s3.js';

export type StorageBackend = 'memory' | 'local' | 'database' | 's3';

/** The S3_* settings of FILE_STORAGE=s3 (env.ts validates them: the bucket, and both keys or neither). */
export type S3Env = Pick<
  Env,
  'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

/**
 * Which store the app uses (ADR 0051): memory under tests; else FILE_STORAGE, defaulting to the database
 * when DATABASE_URL names one (N servers then share nothing but PostgreSQL) and to DATA_DIR/files with the
 * embedded database. `s3` (ADR 0052) only when FILE_STORAGE says so.
 */
export function storageBackendOf(env: Pick<Env, 'NODE_ENV' | 'DATABASE_URL' | 'FILE_STORAGE'>): StorageBackend {
  if (env.NODE_ENV === 'test' && !env.FILE_STORAGE) return 'memory';
  return env.FILE_STORAGE ?? (env.DATABASE_URL ? 'database' : 'local');
}

export function s3StorageOf(env: S3Env): S3FileStorage {
  if (!env.S3_BUCKET) throw new Error('S3 の保存先には S3_BUCKET（バケット名）の指定が必要です');
  return new S3FileStorage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}

export function openFileStorage(backend: StorageBackend, opts: { dataDir: string; db?: Db; s3?: S3Env }): FileStorage {
  switch (backend) {
    case 'memory':
      return new MemoryFileStorage();
    case 'local':
      return new LocalFileStorage(path.join(opts.dataDir, 'files'));
    case 'database':
      if (!opts.db) throw new Error('FILE_STORAGE=database needs the database');
      return new DatabaseFileStorage(opts.db);
    case 's3':
      if (!opts.s3) throw new Error('FILE_STORAGE=s3 needs the S3_* settings');
      return s3StorageOf(opts.s3);
  }
}

/** The app's storage for its environment. */
export function createFileStorage(
  env: Pick<Env, 'NODE_ENV' | 'DATABASE_URL' | 'FILE_STORAGE' | 'DATA_DIR'> & S3Env,
  db?: Db,
): FileStorage {
  return openFileStorage(storageBackendOf(env), { dataDir: env.DATA_DIR, db, s3: env });
}

/**
 * Before the server takes requests: a store that must check its service (S3: that conditional puts are
 * refused over an existing key, ADR 0052) does so now, so a misconfigured bucket stops the start-up.
 */
export async function checkFileStorage(storage: FileStorage): Promise<void> {
  if (storage instanceof S3FileStorage) await storage.verifyWriteOnce();
}
