import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type FileStorage,
  LocalFileStorage,
  MemoryFileStorage,
  newStorageKey,
  StorageKeyExistsError,
} from './storage.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

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
storageSuite('local disk', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chobo-storage-'));
  dirs.push(dir);
  return new LocalFileStorage(dir);
});

describe('LocalFileStorage', () => {
  it('leaves no temporary file behind', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'chobo-storage-'));
    dirs.push(dir);
    const s = new LocalFileStorage(dir);
    const key = newStorageKey('t');
    await s.put(key, Buffer.from('x'));
    await expect(s.put(key, Buffer.from('y'))).rejects.toThrow();
    expect(await readdir(path.join(dir, '.tmp'))).toEqual([]);
  });
});
