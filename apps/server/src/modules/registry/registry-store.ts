import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { REGISTRY_COLUMNS } from '@chobo/core';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DbOrTx } from '../../db/client.js';
import { sqlRows } from '../accounting/sql-rows.js';
import { COLUMN_NAMES, type CsvChunk, RegistryFileError } from './registry-file.js';

/**
 * The bulk path of a registry import (docs/adr/0046, 0054): the file is checked whole first (core of the
 * refusals: checkRegistryRows), then its chunks are COPY'd — on PGlite `COPY … FROM '/dev/blob'`, on
 * PostgreSQL `COPY … FROM STDIN` through pg-copy-streams — a 全件データ into a fresh table
 * `registry_entries_next` (no index while it loads), a 差分データ into `registry_staging`. Then ONE
 * transaction: 全件 = the primary key built on the new table and the new table swapped in for the old; 差分 =
 * one set-based merge. Nothing the app reads changes until that transaction commits, so a refused file leaves
 * the registry as it was.
 */

const COLS = REGISTRY_COLUMNS.join(', ');
const NULLABLE = REGISTRY_COLUMNS.filter(
  (c) =>
    ![
      'sequence_no',
      'registration_number',
      'process_kind',
      'correct_kind',
      'person_kind',
      'domestic_kind',
      'latest',
      'name',
    ].includes(c),
);
/** The table a 全件データ file is loaded into before it replaces registry_entries. */
export const NEXT_TABLE = 'registry_entries_next';
export type LoadTable = 'registry_staging' | typeof NEXT_TABLE;
const copySql = (table: LoadTable, source: string) =>
  `copy ${table} (${COLS}) from ${source} with (format csv, force_null (${NULLABLE.join(', ')}))`;

/** The PGlite connection behind a drizzle handle, or null on PostgreSQL. */
export function pgliteOf(db: DbOrTx): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client && typeof (client as PGlite).dumpDataDir === 'function' ? (client as PGlite) : null;
}

/** The pg pool behind a drizzle handle on PostgreSQL. */
function poolOf(db: DbOrTx): pg.Pool {
  const client = (db as unknown as { $client?: pg.Pool }).$client;
  if (!client || typeof client.connect !== 'function') throw new Error('registry COPY: no PostgreSQL pool');
  return client;
}

export async function clearStaging(db: DbOrTx): Promise<void> {
  await db.execute(sql`truncate registry_staging`);
  await db.execute(sql.raw(`drop table if exists ${NEXT_TABLE}`));
}

/** The bench's view of where an import's time goes: called with each phase's name and its milliseconds. */
export const registryPhases: { record: null | ((phase: string, ms: number) => void) } = { record: null };

export async function timed<T>(phase: string, f: () => Promise<T>): Promise<T> {
  if (!registryPhases.record) return f();
  const t = performance.now();
  try {
    return await f();
  } finally {
    registryPhases.record(phase, performance.now() - t);
  }
}

/**
 * A fresh, empty table for a 全件データ file: the columns and NOT NULLs of registry_entries, no index and no
 * check (docs/adr/0060): the primary key is built once the rows are in (a bulk build instead of 5 million index
 * inserts), and the two checks are added after it — every row has passed checkRegistryPart, which is stricter
 * than both, and evaluating them per row doubled PostgreSQL's COPY time. Logged: UNLOGGED and `set logged`
 * measured slower overall (PostgreSQL at 1 M rows, PGlite at 5 M rows).
 */
export async function createNextTable(db: DbOrTx): Promise<void> {
  await db.execute(sql.raw(`drop table if exists ${NEXT_TABLE}`));
  await db.execute(sql.raw(`create table ${NEXT_TABLE} (like registry_entries including defaults)`));
}

/** Copies one chunk into `table`; a line the database refuses is a RegistryFileError naming its line number. */
export async function copyChunk(db: DbOrTx, table: LoadTable, chunk: CsvChunk): Promise<void> {
  const pglite = pgliteOf(db);
  try {
    if (pglite) {
      await pglite.query(copySql(table, "'/dev/blob'"), [], { blob: new Blob([chunk.bytes]) });
      return;
    }
    const client = await poolOf(db).connect();
    try {
      await pipeline(Readable.from([chunk.bytes]), client.query(copyFrom(copySql(table, 'stdin'))));
    } finally {
      client.release();
    }
  } catch (err) {
    throw fileErrorOf(err, chunk.firstLine);
  }
}

const COLUMN_LABELS: Record<string, string> = Object.fromEntries(REGISTRY_COLUMNS.map((c, i) => [c, COLUMN_NAMES[i]]));

/** The database's refusal of a line as a Japanese message with the file's line number. */
export function fileErrorOf(err: unknown, firstLine: number): Error {
  if (err instanceof RegistryFileError) return err;
  const e = err as { code?: string; message?: string; where?: string; constraint?: string; column?: string };
  if (!e.code) return err as Error;
  const m = /line (\d+)(?:, column (\w+))?/.exec(e.where ?? '');
  const line = m ? `${firstLine + Number(m[1]) - 1}行目: ` : '';
  const column = m?.[2] ?? e.column ?? constraintColumn(e.constraint);
  const label = column ? (COLUMN_LABELS[column] ?? column) : '';
  if (e.code === '22P04') {
    if (/extra data/i.test(e.message ?? '')) {
      return new RegistryFileError(`${line}列が${REGISTRY_COLUMNS.length}列より多くあります`);
    }
    return new RegistryFileError(`${line}列が${REGISTRY_COLUMNS.length}列に足りません`);
  }
  if (e.code === '22021') return new RegistryFileError(`${line}UTF-8として読めない文字があります`);
  if (e.code === '23514') return new RegistryFileError(`${line}${label || '値'}が公表データの形式ではありません`);
  if (e.code === '23502') return new RegistryFileError(`${line}${label || '必須の列'}が空です`);
  if (e.code === '22001') return new RegistryFileError(`${line}${label || '値'}が長すぎます`);
  if (e.code.startsWith('22')) return new RegistryFileError(`${line}${label || '値'}の形式が正しくありません`);
  return err as Error;
}

function constraintColumn(name: string | undefined): string | undefined {
  return name ? REGISTRY_COLUMNS.find((c) => name.includes(c)) : undefined;
}

const SET = REGISTRY_COLUMNS.filter((c) => c !== 'registration_number')
  .map((c) => `${c} = excluded.${c}`)
  .join(', ');
const TUPLE = (t: string) => `(${REGISTRY_COLUMNS.map((c) => `${t}.${c}`).join(', ')})`;

/** Memory for the primary key's sort on PostgreSQL (SET LOCAL in the swap's transaction). */
const KEY_BUILD_MEMORY = '256MB';

/**
 * registry_entries' two checks (migration 0042, same names), added to the loaded table after its key as NOT
 * VALID: every loaded row has passed checkRegistryPart, which is stricter than both (14 characters, T and 13
 * digits with a valid check digit; 01・02・03・04・99), and validating them scanned the whole table again (3.7 s
 * of a 17 s import of 1 M rows on PostgreSQL: docs/adr/0060). Every row a 差分 writes later is checked.
 */
const ENTRY_CHECKS = [
  `add constraint registry_entries_number check (registration_number ~ '^T[0-9]{13}$') not valid`,
  `add constraint registry_entries_process_kind check (process_kind in ('01', '02', '03', '04', '99')) not valid`,
].join(', ');

export interface MergeResult {
  changed: number;
  deleted: number;
  dataDate: string | null;
}

/**
 * 全件データ: the registry becomes exactly the file's newest rows (最新履歴 1, not 99 削除; a number twice is
 * refused by the primary key's build). The loaded NEXT_TABLE gets its primary key and takes registry_entries'
 * place: the old table is dropped and the new one renamed, inside the caller's transaction (a failure rolls
 * back to the old table, whole). `rows` / `skipped` / `dataDate` are what checkRegistryRows found.
 */
export async function replaceAll(
  tx: DbOrTx,
  file: { rows: number; skipped: number; dataDate: string | null },
  driver: 'pglite' | 'postgres',
): Promise<MergeResult> {
  const [{ n: before }] = await sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from registry_entries`);
  if (file.skipped > 0) {
    await timed('delete skipped', () =>
      tx.execute(sql.raw(`delete from ${NEXT_TABLE} where latest <> '1' or process_kind = '99'`)),
    );
  }
  // PostgreSQL: the key's sort in memory (the default 64 MB spills 5 million keys to disk), this transaction
  // only; not on PGlite, where it measured no faster
  if (driver === 'postgres') await tx.execute(sql.raw(`set local maintenance_work_mem = '${KEY_BUILD_MEMORY}'`));
  try {
    await timed('primary key', () =>
      tx.execute(
        sql.raw(`alter table ${NEXT_TABLE} add constraint ${NEXT_TABLE}_pkey primary key (registration_number)`),
      ),
    );
  } catch (err) {
    throw duplicateError(err);
  }
  await timed('checks', () => tx.execute(sql.raw(`alter table ${NEXT_TABLE} ${ENTRY_CHECKS}`)));
  await tx.execute(sql`drop table registry_entries`);
  await tx.execute(sql.raw(`alter table ${NEXT_TABLE} rename to registry_entries`));
  await tx.execute(
    sql.raw(`alter table registry_entries rename constraint ${NEXT_TABLE}_pkey to registry_entries_pkey`),
  );
  const n = file.rows - file.skipped;
  return { changed: n, deleted: Math.max(0, before - n), dataDate: file.dataDate };
}

/**
 * 差分データ: each number's newest row of the file (最新履歴 1, the highest 一連番号) written over the registry's
 * unless it is the same or older (更新年月日), 99 削除 removes the number. Applying the same file again
 * changes nothing (0 rows changed). Run inside the caller's transaction.
 */
export async function mergeDiff(tx: DbOrTx, file: { dataDate: string | null }): Promise<MergeResult> {
  const [{ n: deleted }] = await sqlRows<{ n: number }>(
    tx,
    sql`with del as (delete from registry_entries e using registry_staging s
          where s.latest = '1' and s.process_kind = '99' and e.registration_number = s.registration_number returning 1)
        select count(*)::int as n from del`,
  );
  const [{ n: changed }] = await sqlRows<{ n: number }>(
    tx,
    sql.raw(`with up as (insert into registry_entries (${COLS})
        select distinct on (registration_number) ${COLS} from registry_staging
        where latest = '1' and process_kind <> '99'
        order by registration_number, sequence_no desc
        on conflict (registration_number) do update set ${SET}
        where ${TUPLE('registry_entries')} is distinct from ${TUPLE('excluded')}
          and (registry_entries.updated_on is null or excluded.updated_on is null
               or excluded.updated_on >= registry_entries.updated_on)
        returning 1) select count(*)::int as n from up`),
  );
  return { changed, deleted, dataDate: file.dataDate };
}

function duplicateError(err: unknown): unknown {
  // drizzle wraps the database's error (DrizzleQueryError: the driver's error is its cause)
  const e = ((err as { cause?: unknown }).cause ?? err) as { code?: string; detail?: string };
  if (e.code !== '23505') return err;
  const n = /\((T\d{13})\)/.exec(e.detail ?? '')?.[1];
  return new RegistryFileError(`全件データに同じ登録番号${n ? `（${n}）` : ''}の最新の行が2行以上あります`);
}
