import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, link, mkdir, open, readdir, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (発注取引 files, OCR images…). ONE interface, write-once: a key is written once
 * and never replaced (`put` on an existing key refuses), so a stored version cannot be overwritten.
 * Implementations: the local disk under DATA_DIR/files (`LocalFileStorage`), the database
 * (`DatabaseFileStorage`, lib/storage-db.ts), an S3-compatible bucket (`S3FileStorage`, lib/storage-s3.ts:
 * PutObject with If-None-Match: *, ADR 0052) and memory (tests). lib/storage-backends.ts picks one (ADR 0051).
 */
export interface FileStorage {
  /** Stores `bytes` under `key`; refuses (StorageKeyExistsError) when the key already holds a file. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes stored under `key`, or undefined when there are none. */
  get(key: string): Promise<Buffer | undefined>;
  exists(key: string): Promise<boolean>;
}

export class StorageKeyExistsError extends Error {
  constructor(key: string) {
    super(`storage key already exists: ${key}`);
  }
}

/** Keys are relative paths of safe segments: letters, digits, `-`, `_`, `.` (never `..`), separated by `/`. */
export function assertStorageKey(key: string): void {
  const ok =
    key.length > 0 &&
    key.length <= 300 &&
    key.split('/').every((s) => /^[A-Za-z0-9_.-]+$/.test(s) && s !== '.' && s !== '..' && !s.startsWith('.'));
  if (!ok) throw new Error(`invalid storage key: ${key}`);
}

/** A new unique key under `prefix` (e.g. `transaction-documents/12/345`). */
export function newStorageKey(prefix: string, ext = ''): string {
  return `${prefix}/${randomUUID()}${ext}`;
}

export class MemoryFileStorage implements FileStorage {
  private readonly files = new Map<string, Buffer>();

  async put(key: string, bytes: Buffer): Promise<void> {
    assertStorageKey(key);
    if (this.files.has(key)) throw new StorageKeyExistsError(key);
    this.files.set(key, Buffer.from(bytes));
  }

  async get(key: string): Promise<Buffer | undefined> {
    assertStorageKey(key);
    const b = this.files.get(key);
    return b ? Buffer.from(b) : undefined;
  }

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    return this.files.has(key);
  }

  /** How many files are stored (tests: "nothing was stored"). */
  get size(): number {
    return this.files.size;
  }
}

/**
 * Files under `root` (DATA_DIR/files). A put writes a temporary file in `root/.tmp`, fsyncs it, then
 * hard-links it to its final name — link() fails with EEXIST instead of replacing, which makes the store
 * write-once even between processes — and fsyncs the folder so the new name survives a crash.
 */
export class LocalFileStorage implements FileStorage, SweepableStorage {
  constructor(private readonly root: string) {}

  async *keysWrittenBefore(cutoff: number): AsyncIterable<string> {
    const walk = async function* (dir: string, prefix: string): AsyncGenerator<string> {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        if (e.name.startsWith('.')) continue; // .tmp, and nothing a key can name
        const full = path.join(dir, e.name);
        const key = prefix ? `${prefix}/${e.name}` : e.name;
        if (e.isDirectory()) yield* walk(full, key);
        else if (e.isFile()) {
          const st = await stat(full).catch(() => null);
          if (st && st.mtimeMs < cutoff) yield key;
        }
      }
    };
    yield* walk(this.root, '');
  }

  async removeOrphan(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  async removeTempBefore(cutoff: number): Promise<number> {
    const tmpDir = path.join(this.root, '.tmp');
    let removed = 0;
    for (const name of await readdir(tmpDir).catch(() => [] as string[])) {
      const full = path.join(tmpDir, name);
      const st = await stat(full).catch(() => null);
      if (
        st?.isFile() &&
        st.mtimeMs < cutoff &&
        (await unlink(full).then(
          () => true,
          () => false,
        ))
      )
        removed++;
    }
    return removed;
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    const tmpDir = path.join(this.root, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    const fh = await open(tmp, 'wx', 0o600);
    try {
      await fh.writeFile(bytes);
      await fh.sync();
    } finally {
      await fh.close();
    }
    try {
      await link(tmp, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new StorageKeyExistsError(key);
      throw err;
    } finally {
      await unlink(tmp).catch(() => undefined);
    }
    const dir = await open(path.dirname(target), 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.pathOf(key), constants.F_OK);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * What the orphan sweep (lib/storage-sweep.ts) needs of a store: the keys and temporary files last written
 * before a moment, and the removal of one. Only the sweep removes anything, and only keys no row references.
 */
export interface SweepableStorage {
  /** Every stored key last written before `cutoff` (ms since the epoch). */
  keysWrittenBefore(cutoff: number): AsyncIterable<string>;
  /** Removes a stored key (a file nothing references); missing is fine. */
  removeOrphan(key: string): Promise<void>;
  /** Removes the temporary files of interrupted writes older than `cutoff`; how many. */
  removeTempBefore(cutoff: number): Promise<number>;
}

export const isSweepable = (s: FileStorage): s is FileStorage & SweepableStorage =>
  typeof (s as Partial<SweepableStorage>).keysWrittenBefore === 'function';
