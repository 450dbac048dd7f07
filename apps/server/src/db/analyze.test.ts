import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../modules/accounting/sql-rows.js';
import { createCompany, createTestDatabase } from '../test/harness.js';
import type { Database } from './client.js';
import { customers } from './schema/index.js';
import { analyzeNeverAnalyzed } from './startup.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const neverAnalyzed = async () =>
  sqlRows<{ name: string }>(
    database.db,
    sql`select relname as name from pg_class where relkind in ('r', 'p') and relnamespace = 'public'::regnamespace and reltuples < 0`,
  );

describe('analyzeNeverAnalyzed (PGlite has no autovacuum, ADR 0036)', () => {
  it('gathers the statistics of every table that never had them, then has nothing left to do', async () => {
    const company = await createCompany(database.db, {});
    await database.db
      .insert(customers)
      .values(Array.from({ length: 50 }, (_, i) => ({ company_id: company.id, name: `株式会社統計${i}` })));
    const done = await analyzeNeverAnalyzed(database.db);
    expect(done).toContain('customers');
    expect(await neverAnalyzed()).toEqual([]);
    const [{ n }] = await sqlRows<{ n: number }>(
      database.db,
      sql`select reltuples::int as n from pg_class where relname = 'customers'`,
    );
    expect(n).toBe(50);
    expect(await analyzeNeverAnalyzed(database.db)).toEqual([]);
  });
});
