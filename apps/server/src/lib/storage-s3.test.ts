import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { transactionDocumentFiles } from '../db/schema/index.js';
import { companyOwner, createTestApp, createTestDatabase } from '../test/harness.js';
import { multipartFiles, tinyPdf } from '../test/multipart.js';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import { LocalFileStorage, newStorageKey, StorageKeyExistsError } from './storage.js';
import { checkFileStorage, openFileStorage } from './storage-backends.js';
import { DatabaseFileStorage } from './storage-db.js';
import { moveFiles } from './storage-move.js';
import { S3FileStorage, S3WriteOnceUnsupportedError, WRITE_ONCE_PROBE_KEY } from './storage-s3.js';

/**
 * The S3 backend beyond the shared FileStorage contract (storage.test.ts runs that against it too): the
 * conditional put as the service decides it, a retried put, the write-once probe, the sweep's listing and the
 * moves between backends — all against s3rver on 127.0.0.1 (test/s3-server.ts).
 */
let server: TestS3Server;
let plain: TestS3Server; // s3rver as it is: it ignores If-None-Match on PUT
let database: Database;
const dirs: string[] = [];
const stores: S3FileStorage[] = [];
beforeAll(async () => {
  [server, plain, database] = await Promise.all([
    startS3Server(),
    startS3Server({ conditionalPuts: false }),
    createTestDatabase(),
  ]);
});
afterAll(async () => {
  for (const s of stores) await s.close();
  await server?.stop();
  await plain?.stop();
  await database?.close();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const storeOn = (s: TestS3Server, opts: { maxAttempts?: number } = {}) => {
  const store = new S3FileStorage({
    bucket: s.bucket,
    region: 'us-east-1',
    endpoint: s.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    ...opts,
  });
  stores.push(store);
  return store;
};
const s3Env = (s: TestS3Server) => ({
  S3_BUCKET: s.bucket,
  S3_REGION: 'us-east-1',
  S3_ENDPOINT: s.endpoint,
  S3_FORCE_PATH_STYLE: true,
  S3_ACCESS_KEY_ID: s.accessKeyId,
  S3_SECRET_ACCESS_KEY: s.secretAccessKey,
});
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chobo-s3-move-'));
  dirs.push(dir);
  return dir;
};

describe('S3FileStorage: write-once by a conditional put', () => {
  it('another server process (its own client) is refused by the service, and the first bytes stay', async () => {
    const a = storeOn(server);
    const b = storeOn(server);
    const key = newStorageKey('s3/two-servers', '.pdf');
    await a.put(key, Buffer.from('first'));
    await b.verifyWriteOnce(); // its probe's refusals are not this put's
    const refusedBefore = server.preconditionFailures;
    await expect(b.put(key, Buffer.from('second'))).rejects.toBeInstanceOf(StorageKeyExistsError);
    // the refusal came from the service (412), not from anything the store remembered
    expect(server.preconditionFailures).toBe(refusedBefore + 1);
    expect((await b.get(key))?.toString()).toBe('first');
  });

  it("a put whose answer was lost is retried by the SDK, and the retry's 412 is recognised as its own write", async () => {
    const s = storeOn(server);
    await s.verifyWriteOnce();
    const key = newStorageKey('s3/retried');
    const refusedBefore = server.preconditionFailures;
    server.loseAnswerOfNextPut(key);
    await s.put(key, Buffer.from('stored once, answered never'));
    expect(server.preconditionFailures).toBe(refusedBefore + 1); // the retry found the first attempt's object
    expect((await s.get(key))?.toString()).toBe('stored once, answered never');
    // and the key is still write-once for everyone else
    await expect(storeOn(server).put(key, Buffer.from('x'))).rejects.toBeInstanceOf(StorageKeyExistsError);
  });

  it('a put whose answer was lost, with no retry allowed, fails rather than claiming success', async () => {
    const s = storeOn(server, { maxAttempts: 1 });
    await s.verifyWriteOnce();
    const key = newStorageKey('s3/lost');
    server.loseAnswerOfNextPut(key);
    await expect(s.put(key, Buffer.from('x'))).rejects.toThrow();
    expect(await s.exists(key)).toBe(true); // stored: the caller's row is not written, the sweep removes it
  });

  it('a read whose bytes differ from the SHA-256 stored with them fails', async () => {
    const s = storeOn(server);
    const key = newStorageKey('s3/tampered');
    const raw = new S3Client({
      region: 'us-east-1',
      endpoint: server.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    });
    try {
      await raw.send(
        new PutObjectCommand({
          Bucket: server.bucket,
          Key: key,
          Body: 'changed',
          Metadata: { sha256: '0'.repeat(64) },
        }),
      );
    } finally {
      raw.destroy();
    }
    await expect(s.get(key)).rejects.toThrow(/SHA-256/);
  });
});

describe('S3FileStorage: a service that ignores If-None-Match', () => {
  it('is detected before the first put: nothing is stored, and the start-up check fails', async () => {
    const s = storeOn(plain);
    const key = newStorageKey('s3/plain');
    await expect(s.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(S3WriteOnceUnsupportedError);
    expect(await s.exists(key)).toBe(false);
    await expect(checkFileStorage(storeOn(plain))).rejects.toThrow(/If-None-Match/);
  });

  it('passes the start-up check on a service that honours it', async () => {
    await expect(checkFileStorage(storeOn(server))).resolves.toBeUndefined();
  });
});

describe('S3FileStorage: the sweep and the moves', () => {
  it('lists the keys written before a moment (not the probe), and removes an orphan', async () => {
    const s = storeOn(server);
    const key = newStorageKey('s3/sweep');
    await s.put(key, Buffer.from('orphan'));
    const listed: string[] = [];
    for await (const k of s.keysWrittenBefore(Date.now() + 60_000)) listed.push(k);
    expect(listed).toContain(key);
    expect(listed).not.toContain(WRITE_ONCE_PROBE_KEY);
    const none: string[] = [];
    for await (const k of s.keysWrittenBefore(0)) none.push(k);
    expect(none).toEqual([]);
    await s.removeOrphan(key);
    expect(await s.exists(key)).toBe(false);
    expect(await s.removeTempBefore()).toBe(0);
  });

  it('moves local → s3 → database, verifying every byte, and a re-run copies nothing again', async () => {
    const dataDir = await tempDir();
    const local = openFileStorage('local', { dataDir }) as LocalFileStorage;
    // a fresh bucket for this move: its own server, so the listing holds only these files
    const own = await startS3Server();
    try {
      const s3 = openFileStorage('s3', { dataDir, s3: s3Env(own) }) as S3FileStorage;
      stores.push(s3);
      const keys = [newStorageKey('move/1', '.pdf'), newStorageKey('move/2', '.png'), newStorageKey('move/3')];
      const bytes = keys.map((_, i) => Buffer.from(`ファイル${i}`.repeat(2000 * (i + 1))));
      for (const [i, key] of keys.entries()) await local.put(key, bytes[i]);

      expect(await moveFiles(local, s3)).toMatchObject({ copied: 3, already: 0, verified: 3, problems: [] });
      expect(await moveFiles(local, s3)).toMatchObject({ copied: 0, already: 3, verified: 3, problems: [] });
      for (const [i, key] of keys.entries()) expect((await s3.get(key))?.equals(bytes[i])).toBe(true);

      const db = new DatabaseFileStorage(database.db);
      expect(await moveFiles(s3, db)).toMatchObject({ copied: 3, already: 0, verified: 3, problems: [] });
      for (const [i, key] of keys.entries()) expect((await db.get(key))?.equals(bytes[i])).toBe(true);
    } finally {
      await own.stop();
    }
  });

  it('names a key the bucket holds with other bytes, and replaces nothing', async () => {
    const local = new LocalFileStorage(await tempDir());
    const own = await startS3Server();
    try {
      const s3 = storeOn(own);
      const key = newStorageKey('move/conflict');
      await local.put(key, Buffer.from('source'));
      await s3.put(key, Buffer.from('other'));
      const report = await moveFiles(local, s3);
      expect(report.problems.map((p) => p.key)).toEqual([key]);
      expect((await s3.get(key))?.toString()).toBe('other');
    } finally {
      await own.stop();
    }
  });
});

describe('the app on FILE_STORAGE=s3 (the settings from the environment, as a server reads them)', () => {
  it('stores an uploaded 発注取引 file as an object of the bucket and serves it through its signed link', async () => {
    const own = await startS3Server();
    const ctx = await createTestApp({
      env: {
        FILE_STORAGE: 's3',
        S3_ENDPOINT: own.endpoint,
        S3_BUCKET: own.bucket,
        S3_ACCESS_KEY_ID: own.accessKeyId,
        S3_SECRET_ACCESS_KEY: own.secretAccessKey,
        S3_FORCE_PATH_STYLE: '1',
      },
    });
    try {
      expect(ctx.app.deps.storage).toBeInstanceOf(S3FileStorage);
      const o = await companyOwner(ctx);
      const supplier = await o.api.post('/api/company/customer', {
        name: '株式会社仕入先商事',
        name_kana: 'シイレサキショウジ',
        honorific: '御中',
        used_for: 2,
      });
      expect(supplier.statusCode).toBe(201);
      const doc = await o.api.post('/api/transaction-documents', {
        customer_id: supplier.json().data.id,
        document_type: 4,
        transaction_date: '2026-05-10',
        amount: 11_000,
        taxes: [{ tax_category: '10', base: 10_000, tax: 1_000 }],
        payment_method: 1,
        status: 0,
        confirm_duplicate: true,
      });
      expect(doc.statusCode).toBe(201);
      const id = doc.json().data.id;
      const pdf = tinyPdf('s3');
      const { body, headers } = multipartFiles([{ name: '請求書.pdf', bytes: pdf }]);
      const uploaded = await ctx.app.inject({
        method: 'POST',
        url: `/api/transaction-documents/${id}/files`,
        payload: body,
        headers: { ...headers, authorization: `Bearer ${o.token}` },
      });
      expect(uploaded.statusCode).toBe(201);
      const fileId = uploaded.json().data.id;

      // the object is in the bucket, under the key the row names
      const [row] = await ctx.db
        .select({ key: transactionDocumentFiles.storage_key })
        .from(transactionDocumentFiles)
        .where(eq(transactionDocumentFiles.id, fileId));
      const bucket = storeOn(own);
      expect((await bucket.get(row.key))?.equals(pdf)).toBe(true);

      const link = await o.api.get(`/api/transaction-documents/${id}/files/${fileId}/link`);
      const file = await ctx.app.inject({ method: 'GET', url: link.json().data.url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(pdf)).toBe(true);
    } finally {
      await ctx.close();
      await (ctx.app.deps.storage as S3FileStorage).close();
      await own.stop();
    }
  });
});
