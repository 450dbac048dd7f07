import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { LocalFileStorage, newStorageKey } from '../lib/storage.js';
import { S3FileStorage } from '../lib/storage-s3.js';
import { createTestDatabase } from '../test/harness.js';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `npm run move-files` with s3 as target and source, as an operator runs it: the S3_* settings from the
 * environment, the files of DATA_DIR/files, the embedded database in that temporary DATA_DIR (or, with
 * TEST_DATABASE_URL, a new PostgreSQL database named by DATABASE_URL). The S3 server is
 * s3rver on 127.0.0.1 (test/s3-server.ts); `plain` is one that ignores If-None-Match, which must be refused.
 */
describe('move-files CLI with s3', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chobo-move-files-'));
  let s3: TestS3Server;
  let plain: TestS3Server;
  let postgres: Database | undefined;
  const files = [
    { key: newStorageKey('transaction-documents/1', '.pdf'), bytes: Buffer.from('%PDF-1.4 請求書'.repeat(5000)) },
    { key: newStorageKey('ocr-documents/1', '.png'), bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]) },
  ];

  const run = (args: string[], server: TestS3Server) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        DATA_DIR: dir,
        S3_ENDPOINT: server.endpoint,
        S3_BUCKET: server.bucket,
        S3_ACCESS_KEY_ID: server.accessKeyId,
        S3_SECRET_ACCESS_KEY: server.secretAccessKey,
        S3_FORCE_PATH_STYLE: '1',
      };
      if (postgres?.url) env.DATABASE_URL = postgres.url;
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'src/cli/move-files.ts', ...args],
        { cwd: SERVER_DIR, env, timeout: 300_000 },
        (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
      );
    });
  const storeOn = (server: TestS3Server) =>
    new S3FileStorage({
      bucket: server.bucket,
      region: 'us-east-1',
      endpoint: server.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    });

  beforeAll(async () => {
    [s3, plain] = await Promise.all([startS3Server(), startS3Server({ conditionalPuts: false })]);
    if (process.env.TEST_DATABASE_URL) postgres = await createTestDatabase();
    const local = new LocalFileStorage(path.join(dir, 'files'));
    for (const f of files) await local.put(f.key, f.bytes);
  });
  afterAll(async () => {
    await s3?.stop();
    await plain?.stop();
    await postgres?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // three runs of the CLI, each opening the database (PGlite: its migrations the first time)
  it('moves local → s3 and s3 → database, verifying every byte; a re-run copies nothing', {
    timeout: 300_000,
  }, async () => {
    const toS3 = await run(['--from', 'local', '--to', 's3'], s3);
    expect(toS3.stderr).not.toMatch(/NG/);
    expect(toS3.stdout).toContain('"copied":2,"already":0,"verified":2,"problems":0');
    expect(toS3.code).toBe(0);
    const store = storeOn(s3);
    try {
      for (const f of files) expect((await store.get(f.key))?.equals(f.bytes)).toBe(true);
    } finally {
      await store.close();
    }
    const again = await run(['--from', 'local', '--to', 's3'], s3);
    expect(again.stdout).toContain('"copied":0,"already":2,"verified":2,"problems":0');
    const toDb = await run(['--from', 's3', '--to', 'database'], s3);
    expect(toDb.stdout).toContain('"copied":2,"already":0,"verified":2,"problems":0');
    expect(toDb.code).toBe(0);
  });

  it('refuses a bucket that ignores If-None-Match before copying anything', { timeout: 180_000 }, async () => {
    const result = await run(['--from', 'local', '--to', 's3'], plain);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/If-None-Match/);
    const store = storeOn(plain);
    try {
      for (const f of files) expect(await store.exists(f.key)).toBe(false);
    } finally {
      await store.close();
    }
  });
});
