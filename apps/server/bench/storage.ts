/**
 * `npm run bench:storage` (not in `npm run bench`: about a minute, most of it PGlite): a put and a get of one
 * 1 MB file on each FileStorage backend in the same run (ADR 0051, 0052) — local disk (DATA_DIR/files), the
 * database (PGlite in memory, and PostgreSQL on 127.0.0.1:5432 when it answers) and S3 (s3rver on 127.0.0.1
 * behind the tests' conditional-put layer, test/s3-server.ts: the client's and the protocol's cost on this
 * machine, not a real service's latency). The backends take turns, round after round, each put a new key;
 * reports the median and p90 in ms.
 *
 * Env: BENCH_STORAGE_ROUNDS (30), BENCH_STORAGE_BYTES (1 MiB), BENCH_ADMIN_URL (postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../src/db/client.js';
import { type FileStorage, LocalFileStorage, newStorageKey } from '../src/lib/storage.js';
import { DatabaseFileStorage } from '../src/lib/storage-db.js';
import { S3FileStorage } from '../src/lib/storage-s3.js';
import { createTestDatabase } from '../src/test/harness.js';
import { startS3Server } from '../src/test/s3-server.js';

const ROUNDS = Number(process.env.BENCH_STORAGE_ROUNDS ?? 30);
const BYTES = Number(process.env.BENCH_STORAGE_BYTES ?? 1024 * 1024);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresAnswers(): Promise<boolean> {
  const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

const dir = await mkdtemp(path.join(os.tmpdir(), 'chobo-bench-storage-'));
const s3server = await startS3Server();
const s3 = new S3FileStorage({
  bucket: s3server.bucket,
  region: 'us-east-1',
  endpoint: s3server.endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: s3server.accessKeyId, secretAccessKey: s3server.secretAccessKey },
});
const databases: Database[] = [await createTestDatabase()];
const backends: { name: string; store: FileStorage }[] = [
  { name: 'local disk (DATA_DIR/files, fsync)', store: new LocalFileStorage(dir) },
  { name: 'database, PGlite in memory', store: new DatabaseFileStorage(databases[0].db) },
];
if (await postgresAnswers()) {
  const prev = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = ADMIN_URL;
  const pgDatabase = await createTestDatabase();
  process.env.TEST_DATABASE_URL = prev;
  databases.push(pgDatabase);
  backends.push({ name: 'database, PostgreSQL 127.0.0.1', store: new DatabaseFileStorage(pgDatabase.db) });
}
backends.push({ name: 's3, s3rver 127.0.0.1 (conditional PUT)', store: s3 });

try {
  const times = new Map(backends.map((b) => [b.name, { put: [] as number[], get: [] as number[] }]));
  const bytes = randomBytes(BYTES);
  // a warm-up put and get on each (the SDK's import, the first connection, the probe of S3)
  for (const b of backends) {
    const key = newStorageKey('bench/warm');
    await b.store.put(key, bytes);
    await b.store.get(key);
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const b of round % 2 ? [...backends].reverse() : backends) {
      const key = newStorageKey('bench/1mb', '.bin');
      const t0 = performance.now();
      await b.store.put(key, bytes);
      const t1 = performance.now();
      const back = await b.store.get(key);
      const t2 = performance.now();
      if (!back?.equals(bytes)) throw new Error(`${b.name}: the file read back differs`);
      const t = times.get(b.name);
      t?.put.push(t1 - t0);
      t?.get.push(t2 - t1);
    }
  }
  const load = os.loadavg()[0].toFixed(1);
  console.log(
    `\n${(BYTES / 1024 / 1024).toFixed(1)} MiB file, ${ROUNDS} rounds, Node ${process.version}, load ${load}\n`,
  );
  console.log('| backend | put p50 | put p90 | get p50 | get p90 |');
  console.log('|---|---:|---:|---:|---:|');
  for (const b of backends) {
    const t = times.get(b.name);
    if (!t) continue;
    const f = (x: number) => `${x.toFixed(1)} ms`;
    console.log(
      `| ${b.name} | ${f(quantile(t.put, 0.5))} | ${f(quantile(t.put, 0.9))} | ${f(quantile(t.get, 0.5))} | ${f(quantile(t.get, 0.9))} |`,
    );
  }
} finally {
  await s3.close();
  await s3server.stop();
  for (const d of databases) await d.close();
  await rm(dir, { recursive: true, force: true });
}
