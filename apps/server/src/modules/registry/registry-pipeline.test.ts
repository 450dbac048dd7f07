import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { registryImports } from '../../db/schema/index.js';
import type { TestContext } from '../../test/harness.js';
import { useTestApp } from '../../test/harness.js';
import { sqlRows } from '../accounting/sql-rows.js';
import { lookupRegistration } from './registry.queries.js';
import { type RegistryRowSpec, registryFileOf, tNumberOf } from './registry-files.js';
import { registryImportHooks, runRegistryImport } from './registry-import.js';

/**
 * The 全件 import as a pipeline (docs/adr/0060): a file cut into many chunks (one line each here), chunk N+1
 * checked while chunk N is copied. A refusal in a later chunk, after earlier chunks were copied into the fresh
 * table, must still leave the registry whole; the progress counts up to the rows; the swapped-in table is
 * logged, keyed and checked like migration 0042's.
 */

const rows = (n: number, name = '株式会社パイプライン'): RegistryRowSpec[] =>
  Array.from({ length: n }, (_, i) => ({
    registration_number: tNumberOf(String(500000000000 + i * 13)),
    name: `${name}${i + 1}`,
  }));

async function importBytes(ctx: TestContext, bytes: Buffer) {
  const [{ id }] = await ctx.db
    .insert(registryImports)
    .values({ kind: 'full', file_name: 'zenken.csv', file_size: bytes.length, sha256: '' })
    .returning({ id: registryImports.id });
  const imp = await runRegistryImport(ctx.app.deps, id, bytes);
  if (!imp) throw new Error('no import');
  return imp;
}

const count = async (ctx: TestContext) =>
  (await sqlRows<{ n: number }>(ctx.db, sql.raw('select count(*)::int as n from registry_entries')))[0].n;

describe('registry 全件 import pipeline', () => {
  const ctx = useTestApp();
  afterEach(() => {
    registryImportHooks.chunkBytes = null;
    registryImportHooks.afterChunk = null;
  });

  it('imports a file of many chunks with its progress, into a logged table with the key and both checks', async () => {
    registryImportHooks.chunkBytes = 1;
    const seen: [number, number][] = [];
    registryImportHooks.afterChunk = async (done, total) => {
      seen.push([done, total]);
    };
    const imp = await importBytes(ctx, registryFileOf(rows(12)));
    expect(imp).toMatchObject({ status: 'imported', rows_done: 12, rows_total: 12, rows_changed: 12 });
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => [i + 1, 12]));
    expect(await count(ctx)).toBe(12);
    const [table] = await sqlRows<{ persistence: string }>(
      ctx.db,
      "select relpersistence as persistence from pg_class where relname = 'registry_entries'" as never,
    );
    expect(table.persistence).toBe('p');
    const constraints = await sqlRows<{ conname: string }>(
      ctx.db,
      `select conname from pg_constraint where conrelid = 'registry_entries'::regclass and contype in ('p', 'c') order by conname` as never,
    );
    expect(constraints.map((c) => c.conname)).toEqual([
      'registry_entries_number',
      'registry_entries_pkey',
      'registry_entries_process_kind',
    ]);
    // the checks hold for what is written later (a 差分's rows)
    await expect(
      ctx.db.execute(
        `insert into registry_entries (registration_number, sequence_no, process_kind, correct_kind, person_kind,
           domestic_kind, latest, name) values ('X123', 1, '01', '0', '2', '1', '1', 'x')` as never,
      ),
    ).rejects.toThrow();
    const [{ exists }] = await sqlRows<{ exists: boolean }>(
      ctx.db,
      "select to_regclass('registry_entries_next') is not null as exists" as never,
    );
    expect(exists).toBe(false);
    const first = rows(1)[0];
    expect(await lookupRegistration(ctx.db, first.registration_number, '2025-01-01')).toMatchObject({
      name: first.name,
      valid_on_date: true,
    });
  });

  it('a check fault in a later chunk, after earlier chunks were copied: refused, the old registry whole', async () => {
    registryImportHooks.chunkBytes = 1;
    expect((await importBytes(ctx, registryFileOf(rows(12)))).status).toBe('imported');
    const next = registryFileOf(rows(30, '株式会社新データ')).toString().split('\n');
    const n28 = rows(30)[27].registration_number;
    next[27] = next[27].replace(n28, `T${(Number(n28[1]) + 1) % 10}${n28.slice(2)}`);
    const bad = await importBytes(ctx, Buffer.from(next.join('\n')));
    expect(bad.status).toBe('failed');
    expect(bad.error).toMatch(/28行目: 登録番号（2列目）「T\d{13}」のチェックデジットが正しくありません/);
    expect(await count(ctx)).toBe(12);
    expect((await lookupRegistration(ctx.db, rows(1)[0].registration_number, '2025-01-01'))?.name).toBe(
      '株式会社パイプライン1',
    );
  });

  it('a database refusal in chunk N while chunk N+1 has a check fault: the earlier line is the one named', async () => {
    registryImportHooks.chunkBytes = 1;
    expect((await importBytes(ctx, registryFileOf(rows(12)))).status).toBe('imported');
    const spec = rows(20, '株式会社新データ');
    spec[9] = { ...spec[9], address_prefecture_code: '131' }; // 3 characters: the column is varchar(2)
    const lines = registryFileOf(spec).toString().split('\n');
    lines[10] = lines[10].replace(/,[^,]*$/, ''); // 23 columns on line 11
    const bad = await importBytes(ctx, Buffer.from(lines.join('\n')));
    expect(bad.status).toBe('failed');
    expect(bad.error).toMatch(/^10行目: 本店所在地の都道府県コードが長すぎます/);
    expect(await count(ctx)).toBe(12);
  });
});
