import path from 'node:path';
import type { Db } from '../db/client.js';
import type { Env } from '../env.js';
import { type FileStorage, LocalFileStorage, MemoryFileStorage } from './storage.js';
import { DatabaseFileStorage } from './storage-db.js';

export type StorageBackend = 'memory' | 'local' | 'database';

/**
 * Which store the app uses (ADR 0051): memory under tests; else FILE_STORAGE, defaulting to the database
 * when DATABASE_URL names one (N servers then share nothing but PostgreSQL) and to DATA_DIR/files with the
 * embedded database.
 */
export function storageBackendOf(env: Pick<Env, 'NODE_ENV' | 'DATABASE_URL' | 'FILE_STORAGE'>): StorageBackend {
  if (env.NODE_ENV === 'test' && !env.FILE_STORAGE) return 'memory';
  return env.FILE_STORAGE ?? (env.DATABASE_URL ? 'database' : 'local');
}

export function openFileStorage(backend: StorageBackend, opts: { dataDir: string; db?: Db }): FileStorage {
  switch (backend) {
    case 'memory':
      return new MemoryFileStorage();
    case 'local':
      return new LocalFileStorage(path.join(opts.dataDir, 'files'));
    case 'database':
      if (!opts.db) throw new Error('FILE_STORAGE=database needs the database');
      return new DatabaseFileStorage(opts.db);
  }
}

/** The app's storage for its environment. */
export function createFileStorage(
  env: Pick<Env, 'NODE_ENV' | 'DATABASE_URL' | 'FILE_STORAGE' | 'DATA_DIR'>,
  db?: Db,
): FileStorage {
  return openFileStorage(storageBackendOf(env), { dataDir: env.DATA_DIR, db });
}
