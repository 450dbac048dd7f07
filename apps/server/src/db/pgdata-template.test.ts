import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS, pgliteDatabase, runMigrations } from './client.js';
import { extractPgdataTemplate, pgdataTemplate, templateKey, writePgdataTemplate } from './pgdata-template.js';

const dir = mkdtempSync(path.join(tmpdir(), 'chobo-template-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the empty database template of a first start (ADR 0029)', { timeout: 300_000 }, () => {
  it('is used only when made from these migrations and this PGlite; loaded, it is the migrated database', async () => {
    const file = path.join(dir, 'pgdata-template.tar');
    expect(pgdataTemplate(file)).toBeUndefined(); // none yet
    await writePgdataTemplate(file);
    const blob = pgdataTemplate(file);
    expect(blob?.size).toBeGreaterThan(0);

    // loaded into a data folder, as openDatabase does for an empty one
    const pgdata = path.join(dir, 'data', 'pgdata');
    mkdirSync(pgdata, { recursive: true });
    const client = new PGlite(pgdata, { extensions: PGLITE_EXTENSIONS, loadDataDir: blob });
    await client.waitReady;
    const database = pgliteDatabase(client);
    try {
      const applied = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      const key = JSON.parse(templateKey()) as { migrations: string[] };
      expect(applied.rows[0].n).toBe(key.migrations.length);
      await runMigrations(database); // nothing left to do
      const epoch = await client.query<{ epoch: number }>('select epoch from auth_epoch');
      expect(epoch.rows).toHaveLength(1);
    } finally {
      await database.close();
    }

    // its files written by extractPgdataTemplate (what openDatabase does, ADR 0031): PGlite opens the same database
    const extracted = path.join(dir, 'data2', 'pgdata');
    mkdirSync(extracted, { recursive: true });
    expect(await extractPgdataTemplate(extracted, file)).toBe(true);
    const client2 = new PGlite(extracted, { extensions: PGLITE_EXTENSIONS });
    await client2.waitReady;
    const database2 = pgliteDatabase(client2);
    try {
      const applied = await client2.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0].n).toBe((JSON.parse(templateKey()) as { migrations: string[] }).migrations.length);
      await runMigrations(database2);
      await client2.exec('create table extracted_ok (id int); insert into extracted_ok values (1)');
      expect((await client2.query('select * from auth_epoch')).rows).toHaveLength(1);
    } finally {
      await database2.close();
    }

    // made from other migrations (or another PGlite): not used
    writeFileSync(`${file}.json`, JSON.stringify({ pglite: '0.0.0', migrations: [] }));
    expect(pgdataTemplate(file)).toBeUndefined();
    expect(await extractPgdataTemplate(path.join(dir, 'data3'), file)).toBe(false);
  });
});
