import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sqlRows } from '../modules/accounting/sql-rows.js';
import { assertStorageKey, type FileStorage, StorageKeyExistsError, type SweepableStorage } from './storage.js';

/**
 * Files in the database's `stored_files` table (ADR 0051): a put is an INSERT … ON CONFLICT DO NOTHING, so
 * a key is written once even between server processes (the primary key decides), and nothing but the
 * database is shared by several servers. Each file is one statement — no session state, safe behind a
 * transaction-mode pooler.
 */
export class DatabaseFileStorage implements FileStorage, SweepableStorage {
  constructor(private readonly db: Db) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    assertStorageKey(key);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const rows = await sqlRows<{ key: string }>(
      this.db,
      sql`insert into stored_files (key, bytes, size, sha256) values (${key}, ${bytes}, ${bytes.length}, ${sha256})
          on conflict (key) do nothing returning key`,
    );
    if (rows.length === 0) throw new StorageKeyExistsError(key);
  }

  async get(key: string): Promise<Buffer | undefined> {
    assertStorageKey(key);
    const rows = await sqlRows<{ bytes: Buffer | Uint8Array }>(
      this.db,
      sql`select bytes from stored_files where key = ${key}`,
    );
    const b = rows[0]?.bytes;
    return b === undefined ? undefined : Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  }

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    const rows = await sqlRows<{ one: number }>(this.db, sql`select 1 as one from stored_files where key = ${key}`);
    return rows.length > 0;
  }

  async *keysWrittenBefore(cutoff: number): AsyncIterable<string> {
    let after = '';
    for (;;) {
      const rows = await sqlRows<{ key: string }>(
        this.db,
        sql`select key from stored_files where key > ${after} and created_at < ${new Date(cutoff).toISOString()}::timestamptz
            order by key limit 1000`,
      );
      for (const r of rows) yield r.key;
      if (rows.length < 1000) return;
      after = rows[rows.length - 1].key;
    }
  }

  async removeOrphan(key: string): Promise<void> {
    assertStorageKey(key);
    await this.db.execute(sql`delete from stored_files where key = ${key}`);
  }

  /** A database write is one statement: there are no temporary files of interrupted writes. */
  async removeTempBefore(): Promise<number> {
    return 0;
  }
}
