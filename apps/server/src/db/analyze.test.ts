import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../modules/accounting/sql-rows.js';
import { createCompany, createTestDatabase } from '../test/harness.js';
import type { Database } from './client.js';
import { customers } from './schema/index.js';
import { analyzeStaleTables } from './startup.js';

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

describe('analyzeStaleTables (PGlite has no autovacuum, ADR 0036)', () => {
  it('gathers the statistics of every table that never had them, then has nothing left to do', async () => {
    const company = await createCompany(database.db, {});
    await database.db
      .insert(customers)
      .values(Array.from({ length: 50 }, (_, i) => ({ company_id: company.id, name: `株式会社統計${i}` })));
    const done = await analyzeStaleTables(database.db);
    expect(done).toContain('customers');
    expect(await neverAnalyzed()).toEqual([]);
    const [{ n }] = await sqlRows<{ n: number }>(
      database.db,
      sql`select reltuples::int as n from pg_class where relname = 'customers'`,
    );
    expect(n).toBe(50);
    expect(await analyzeStaleTables(database.db)).toEqual([]);
  });

  it('analyzes a table again once it has grown well past the size its statistics recorded', async () => {
    const company = await createCompany(database.db, {});
    for (let i = 0; i < 5; i++)
      await database.db.insert(customers).values(
        Array.from({ length: 1000 }, (_, k) => ({
          company_id: company.id,
          name: `株式会社成長${i}-${k}`,
          address1: '東京都千代田区丸の内一丁目一番一号 サンプルビル五階',
        })),
      );
    const done = await analyzeStaleTables(database.db);
    // on PostgreSQL autovacuum may have analyzed it first; either way its statistics are current now
    if (!process.env.TEST_DATABASE_URL) expect(done).toContain('customers');
    const [{ n }] = await sqlRows<{ n: number }>(
      database.db,
      sql`select reltuples::int as n from pg_class where relname = 'customers'`,
    );
    expect(n).toBe(5050);
    expect(await analyzeStaleTables(database.db)).not.toContain('customers');
  });
});
