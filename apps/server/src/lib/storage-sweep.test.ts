import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocrDocuments } from '../db/schema/index.js';
import { createCompany, useTestApp } from '../test/harness.js';
import { LocalFileStorage, newStorageKey } from './storage.js';
import { SWEEP_GRACE_MS, sweepStorage } from './storage-sweep.js';

/**
 * The orphan sweep (lib/storage-sweep.ts): what a kill -9 leaves in the file storage — a file written before
 * the row naming it committed, a temporary file of a write cut short — is removed past the grace period;
 * a file a committed row references, and a recent one (an upload under way), never.
 */
const ctx = useTestApp();
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'chobo-sweep-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const HOUR = 3600_000;
const age = async (file: string, ms: number) => {
  const t = new Date(Date.now() - ms);
  await utimes(file, t, t);
};

describe('file storage sweep', () => {
  it('removes old unreferenced files and temp files; keeps referenced ones and anything recent', async () => {
    const storage = new LocalFileStorage(root);
    const company = await createCompany(ctx.db);
    const prefix = `ocr-documents/${company.id}`;
    const original = newStorageKey(prefix, '.png');
    const page = newStorageKey(`${prefix}/1`, '.png');
    const orphan = newStorageKey(prefix, '.png');
    const orphanPage = newStorageKey(`${prefix}/1`, '.png');
    const inFlight = newStorageKey(prefix, '.png');
    for (const key of [original, page, orphan, orphanPage, inFlight]) await storage.put(key, Buffer.from(key));
    await ctx.db.insert(ocrDocuments).values({
      company_id: company.id,
      file_name: 'a.png',
      content_type: 'image/png',
      size: 10,
      sha256: '0'.repeat(64),
      storage_key: original,
      pages: [{ page: 1, width: 10, height: 10, image_key: page }],
    });
    // a write cut short (kill -9 between open and link) and one under way now
    await writeFile(path.join(root, '.tmp', 'stale-temp'), Buffer.alloc(1024));
    await writeFile(path.join(root, '.tmp', 'fresh-temp'), Buffer.alloc(1024));
    const file = (key: string) => path.join(root, ...key.split('/'));
    for (const key of [original, page, orphan, orphanPage]) await age(file(key), 2 * HOUR);
    await age(path.join(root, '.tmp', 'stale-temp'), 2 * HOUR);
    await age(file(inFlight), SWEEP_GRACE_MS / 2);

    expect(await sweepStorage(ctx.db, storage)).toEqual({ orphans: 2, temp: 1, kept: 2 });
    for (const key of [original, page, inFlight]) expect(await storage.exists(key)).toBe(true);
    for (const key of [orphan, orphanPage]) expect(await storage.exists(key)).toBe(false);
    expect(await readdir(path.join(root, '.tmp'))).toEqual(['fresh-temp']);
    // nothing left to do the second time
    expect(await sweepStorage(ctx.db, storage)).toEqual({ orphans: 0, temp: 0, kept: 2 });
  });
});
