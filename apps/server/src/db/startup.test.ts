import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.js';
import { companies, domains } from './schema/index.js';
import { DEMO_COMPANY_NAME } from './seed/seed.js';
import { prepareDatabase } from './startup.js';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('start-up on PostgreSQL', () => {
  const name = `chobo_startup_${process.pid}_${randomBytes(4).toString('hex')}`;
  let dbUrl: string;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const u = new URL(url!);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
  });
  afterAll(async () => {
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('two processes starting together on an empty database: one migrates and seeds, the other skips', async () => {
    // Two handles with their own pools, as two server processes would have.
    const handles: Database[] = [
      await openDatabase({ databaseUrl: dbUrl }),
      await openDatabase({ databaseUrl: dbUrl }),
    ];
    try {
      const seed = {
        adminEmail: 'admin@example.com',
        adminPassword: 'admin-pass-123',
        demo: true,
        demoPassword: 'demo-pass-123',
      };
      const results = await Promise.all(handles.map((h) => prepareDatabase(h, seed)));
      expect(results.map((r) => r.created).sort()).toEqual([false, true]);

      const db = handles[0].db;
      expect(await db.select().from(domains).where(eq(domains.is_default, true))).toHaveLength(1);
      expect(await db.select().from(companies).where(eq(companies.name, DEMO_COMPANY_NAME))).toHaveLength(1);
    } finally {
      for (const h of handles) await h.close();
    }
  });
});
