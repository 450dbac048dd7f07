import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../test/harness.js';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import {
  type FileStorage,
  LocalFileStorage,
  MemoryFileStorage,
  newStorageKey,
  StorageKeyExistsError,
} from './storage.js';
import { storageBackendOf } from './storage-backends.js';
import { DatabaseFileStorage } from './storage-db.js';
import { moveFiles } from './storage-move.js';
import { S3FileStorage } from './storage-s3.js';

const dirs: string[] = [];
let database: Database;
let s3server: TestS3Server;
const s3stores: S3FileStorage[] = [];
beforeAll(async () => {
  [database, s3server] = await Promise.all([createTestDatabase(), startS3Server()]);
});
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
  for (const s of s3stores) await s.close();
  await s3server?.stop();
  await database?.close();
});
/** A store on the tests' S3 server (s3rver on 127.0.0.1 with conditional PUTs, test/s3-server.ts). */
const s3Store = () => {
  const s = new S3FileStorage({
    bucket: s3server.bucket,
    region: 'us-east-1',
    endpoint: s3server.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3server.accessKeyId, secretAccessKey: s3server.secretAccessKey },
  });
  s3stores.push(s);
  return s;
};
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chobo-storage-'));
  dirs.push(dir);
  return dir;
};

/** The contract every FileStorage keeps: run against each implementation. */
function storageSuite(name: string, make: () => Promise<FileStorage>) {
  describe(`FileStorage: ${name}`, () => {
    it('stores and returns the same bytes; unknown keys are absent', async () => {
      const s = await make();
      const key = newStorageKey('test/1');
      const bytes = Buffer.from('%PDF-1.4 hello 帳簿');
      expect(await s.exists(key)).toBe(false);
      expect(await s.get(key)).toBeUndefined();
      await s.put(key, bytes);
      expect(await s.exists(key)).toBe(true);
      const back = await s.get(key);
      expect(back && createHash('sha256').update(back).digest('hex')).toBe(
        createHash('sha256').update(bytes).digest('hex'),
      );
    });

    it('is write-once: a second put on the same key refuses and keeps the first bytes', async () => {
      const s = await make();
      const key = newStorageKey('test/2');
      await s.put(key, Buffer.from('first'));
      await expect(s.put(key, Buffer.from('second'))).rejects.toBeInstanceOf(StorageKeyExistsError);
      expect((await s.get(key))?.toString()).toBe('first');
    });

    it('refuses a second put of the same bytes too (a re-run compares instead: moveFiles)', async () => {
      const s = await make();
      const key = newStorageKey('test/2');
      await s.put(key, Buffer.from('same'));
      await expect(s.put(key, Buffer.from('same'))).rejects.toBeInstanceOf(StorageKeyExistsError);
    });

    it('concurrent puts on one key: exactly one wins', async () => {
      const s = await make();
      const key = newStorageKey('test/3');
      const results = await Promise.allSettled(
        ['a', 'b', 'c', 'd'].map((v) => s.put(key, Buffer.from(v.repeat(1000)))),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((await s.get(key))?.length).toBe(1000);
    });

    it('refuses keys that could leave its folder', async () => {
      const s = await make();
      for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '.tmp/x', '']) {
        await expect(s.put(bad, Buffer.from('x'))).rejects.toThrow();
      }
    });

    it('keeps a copy: changing the buffer after put changes nothing stored', async () => {
      const s = await make();
      const key = newStorageKey('test/4');
      const bytes = Buffer.from('abc');
      await s.put(key, bytes);
      bytes[0] = 0x7a;
      expect((await s.get(key))?.toString()).toBe('abc');
    });
  });
}

storageSuite('memory', async () => new MemoryFileStorage());
storageSuite('local disk', async () => new LocalFileStorage(await tempDir()));
storageSuite('database', async () => new DatabaseFileStorage(database.db));
storageSuite('S3 (s3rver on 127.0.0.1)', async () => s3Store());

describe('the storage backend', () => {
  it('is the database with DATABASE_URL, the disk with the embedded database, FILE_STORAGE when set', () => {
    const url = 'postgres://u@127.0.0.1/x';
    expect(storageBackendOf({ NODE_ENV: 'production', DATABASE_URL: url, FILE_STORAGE: undefined })).toBe('database');
    expect(storageBackendOf({ NODE_ENV: 'production', DATABASE_URL: undefined, FILE_STORAGE: undefined })).toBe(
      'local',
    );
    expect(storageBackendOf({ NODE_ENV: 'production', DATABASE_URL: url, FILE_STORAGE: 'local' })).toBe('local');
    expect(storageBackendOf({ NODE_ENV: 'test', DATABASE_URL: url, FILE_STORAGE: undefined })).toBe('memory');
    expect(storageBackendOf({ NODE_ENV: 'production', DATABASE_URL: url, FILE_STORAGE: 's3' })).toBe('s3');
  });
});

describe('moving files between backends', () => {
  it('copies every file, verifies each byte, and a re-run copies nothing again', async () => {
    const local = new LocalFileStorage(await tempDir());
    const keys = [newStorageKey('move/1', '.pdf'), newStorageKey('move/2', '.png'), newStorageKey('move/2')];
    for (const [i, key] of keys.entries()) await local.put(key, Buffer.from(`ファイル${i}`.repeat(100 * (i + 1))));
    const target = new DatabaseFileStorage(database.db);
    const first = await moveFiles(local, target);
    expect(first).toMatchObject({ copied: 3, already: 0, verified: 3, problems: [] });
    for (const key of keys) expect((await target.get(key))?.equals((await local.get(key)) as Buffer)).toBe(true);
    const again = await moveFiles(local, target);
    expect(again).toMatchObject({ copied: 0, already: 3, verified: 3, problems: [] });
  });

  it('names a key the target holds with other bytes, and replaces nothing', async () => {
    const local = new LocalFileStorage(await tempDir());
    const target = new DatabaseFileStorage(database.db);
    const key = newStorageKey('move/conflict');
    await local.put(key, Buffer.from('source'));
    await target.put(key, Buffer.from('other'));
    const report = await moveFiles(local, target);
    expect(report.problems.map((p) => p.key)).toEqual([key]);
    expect((await target.get(key))?.toString()).toBe('other');
  });
});

describe('LocalFileStorage', () => {
  it('leaves no temporary file behind', async () => {
    const dir = await tempDir();
    const s = new LocalFileStorage(dir);
    const key = newStorageKey('t');
    await s.put(key, Buffer.from('x'));
    await expect(s.put(key, Buffer.from('y'))).rejects.toThrow();
    expect(await readdir(path.join(dir, '.tmp'))).toEqual([]);
  });
});
