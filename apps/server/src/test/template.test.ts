import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, MIGRATIONS_FOLDER } from '../db/client.js';
import { sqlRows } from '../modules/accounting/sql-rows.js';
import { createTestDatabase } from './harness.js';

/** Tables, columns, constraints, indexes, functions and triggers of the public schema, and applied migrations. */
async function fingerprint(database: Database) {
  const q = (query: ReturnType<typeof sql>) => sqlRows<Record<string, unknown>>(database.db, query);
  return {
    columns: await q(sql`select table_name, column_name, data_type, is_nullable, column_default
      from information_schema.columns where table_schema = 'public' order by 1, 2`),
    constraints: await q(sql`select conrelid::regclass::text as t, conname, pg_get_constraintdef(oid) as def
      from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`),
    indexes: await q(sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`),
    functions: await q(sql`select proname, md5(prosrc) as src from pg_proc
      where pronamespace = 'public'::regnamespace order by 1, 2`),
    triggers: await q(
      sql`select tgrelid::regclass::text as t, tgname from pg_trigger where not tgisinternal order by 1, 2`,
    ),
    migrations: await q(sql`select hash, created_at from drizzle.__drizzle_migrations order by id`),
  };
}

describe('test databases (cloned from the migrated template)', () => {
  let cloned: Database;
  let scratch: Database;
  beforeAll(async () => {
    cloned = await createTestDatabase();
    scratch = await createTestDatabase({ fromScratch: true });
  });
  afterAll(async () => {
    await cloned?.close();
    await scratch?.close();
  });

  it('have every committed migration applied', async () => {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
    const { migrations } = await fingerprint(cloned);
    expect(migrations.map((m) => Number(m.created_at))).toEqual(journal.entries.map((e: { when: number }) => e.when));
  });

  it('are exactly what running the migrations on an empty database gives', async () => {
    const a = await fingerprint(cloned);
    expect(a.columns.length).toBeGreaterThan(0);
    expect(a.triggers.length).toBeGreaterThan(0);
    expect(a).toEqual(await fingerprint(scratch));
  });
});
