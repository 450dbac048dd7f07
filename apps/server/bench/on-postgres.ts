import pg from 'pg';
import type { Database } from '../src/db/client.js';
import { createTestDatabase } from '../src/test/harness.js';

/**
 * Runs a benchmark's `run` on a fresh PostgreSQL database (through the migrations, dropped by `close`) when one
 * answers at BENCH_DATABASE_URL (default 127.0.0.1:5432/test); else says it was skipped.
 */
export async function onPostgresIfReachable(
  label: string,
  run: (label: string, open: () => Promise<Database>) => Promise<unknown>,
) {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const probe = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
  const reachable = await probe.connect().then(
    () => probe.end().then(() => true),
    () => false,
  );
  if (!reachable) {
    console.log('\nPostgreSQL: not reachable, skipped');
    return;
  }
  process.env.TEST_DATABASE_URL = pgUrl;
  await run(label, () => createTestDatabase());
}
