import { parseCsv, REGISTRY_COLUMNS } from '@chobo/core';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { arrayLiteral } from '../../lib/sql.js';
import { sqlRows } from '../accounting/sql-rows.js';
import { type CsvChunk, RegistryFileError } from './registry-file.js';

/**
 * The bulk path of a registry import (docs/adr/0046): chunks of the CSV into `registry_staging` (COPY … FROM
 * '/dev/blob' on PGlite — the database's own CSV reader, types and constraints checking every field; parsed
 * here and inserted through one unnest statement per chunk on PostgreSQL), then ONE transaction that
 * replaces (全件) or merges (差分) `registry_entries`. Nothing outside the staging table changes until that
 * transaction commits, so a refused file leaves the registry as it was.
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
const COPY = `copy registry_staging (${COLS}) from '/dev/blob' with (format csv, force_null (${NULLABLE.join(', ')}))`;
const TYPES: Record<string, string> = {
  sequence_no: 'bigint',
  registered_on: 'date',
  updated_on: 'date',
  cancelled_on: 'date',
  expired_on: 'date',
};

/** The PGlite connection behind a drizzle handle, or null on PostgreSQL. */
export function pgliteOf(db: DbOrTx): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client && typeof (client as PGlite).dumpDataDir === 'function' ? (client as PGlite) : null;
}

export async function clearStaging(db: DbOrTx): Promise<void> {
  await db.execute(sql`truncate registry_staging`);
}

/** Copies one chunk into the staging table; a bad line is a RegistryFileError naming its line number. */
export async function stageChunk(db: DbOrTx, chunk: CsvChunk): Promise<void> {
  const pglite = pgliteOf(db);
  try {
    if (pglite) {
      await pglite.query(COPY, [], { blob: new Blob([chunk.bytes]) });
      return;
    }
    await insertParsed(db, chunk);
  } catch (err) {
    throw fileErrorOf(err, chunk.firstLine);
  }
}

/** PostgreSQL: the chunk parsed here (core's CSV reader) and inserted as 24 text arrays cast by the database. */
async function insertParsed(db: DbOrTx, chunk: CsvChunk): Promise<void> {
  const records = parseCsv(chunk.bytes.toString('utf8'));
  const cols: (string | null)[][] = REGISTRY_COLUMNS.map(() => []);
  records.forEach((r, i) => {
    if (r.length === 1 && r[0] === '') return;
    if (r.length !== REGISTRY_COLUMNS.length) throw columnCountError(chunk.firstLine + i, r.length);
    for (let c = 0; c < r.length; c++) {
      const type = TYPES[REGISTRY_COLUMNS[c]];
      if (r[c] !== '' && type && !VALID[type](r[c])) {
        // the line's number and column, as PGlite's loader says them (an insert of arrays names neither)
        const label = COLUMN_LABELS[REGISTRY_COLUMNS[c]] ?? REGISTRY_COLUMNS[c];
        throw new RegistryFileError(`${chunk.firstLine + i}行目: ${label}の形式が正しくありません`);
      }
      cols[c].push(r[c] === '' ? null : r[c]);
    }
  });
  const arrays = sql.join(
    cols.map((values) => sql`${arrayLiteral(values)}::text[]`),
    sql`, `,
  );
  const casts = sql.raw(REGISTRY_COLUMNS.map((c, i) => `x.c${i}${TYPES[c] ? `::${TYPES[c]}` : ''}`).join(', '));
  const names = sql.raw(REGISTRY_COLUMNS.map((_c, i) => `c${i}`).join(', '));
  await db.execute(
    sql`insert into registry_staging (${sql.raw(COLS)}) select ${casts} from unnest(${arrays}) as x(${names})`,
  );
}

/** What the database's casts accept, checked before the insert: YYYY-MM-DD of a real day, a whole number. */
const VALID: Record<string, (v: string) => boolean> = {
  date: (v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    if (!m) return false;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return (
      d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
    );
  },
  bigint: (v) => /^\d{1,18}$/.test(v),
};

function columnCountError(line: number, n: number) {
  return new RegistryFileError(
    `${line}行目: 列の数が${n}です。公表データのCSVは${REGISTRY_COLUMNS.length}列です（ファイルの種類を確認してください）`,
  );
}

const COLUMN_LABELS: Record<string, string> = {
  sequence_no: '一連番号',
  registration_number: '登録番号',
  process_kind: '事業者処理区分',
  correct_kind: '訂正区分',
  latest: '最新履歴',
  registered_on: '登録年月日',
  updated_on: '更新年月日',
  cancelled_on: '取消年月日',
  expired_on: '失効年月日',
  name: '氏名又は名称',
};

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

export interface MergeResult {
  changed: number;
  deleted: number;
  dataDate: string | null;
}

/**
 * 全件データ: the registry becomes exactly the file's newest rows (最新履歴 1; a number twice is refused).
 * Run inside the caller's transaction.
 */
export async function replaceAll(tx: DbOrTx): Promise<MergeResult> {
  const [{ n: before }] = await sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from registry_entries`);
  await tx.execute(sql`truncate registry_entries`);
  try {
    const [{ n }] = await sqlRows<{ n: number }>(
      tx,
      sql.raw(`with ins as (insert into registry_entries (${COLS}) select ${COLS} from registry_staging
          where latest = '1' and process_kind <> '99' returning 1) select count(*)::int as n from ins`),
    );
    return { changed: n, deleted: Math.max(0, before - n), dataDate: await stagedDate(tx) };
  } catch (err) {
    throw duplicateError(err);
  }
}

/**
 * 差分データ: each number's newest row of the file (最新履歴 1, the highest 一連番号) written over the registry's
 * unless it is the same or older (更新年月日), 99 削除 removes the number. Applying the same file again
 * changes nothing (0 rows changed). Run inside the caller's transaction.
 */
export async function mergeDiff(tx: DbOrTx): Promise<MergeResult> {
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
  return { changed, deleted, dataDate: await stagedDate(tx) };
}

/** The data's date: the newest 更新年月日 (else 登録年月日) among the staged rows. */
async function stagedDate(tx: DbOrTx): Promise<string | null> {
  const [{ d }] = await sqlRows<{ d: string | null }>(
    tx,
    sql`select to_char(max(coalesce(updated_on, registered_on)), 'YYYY-MM-DD') as d from registry_staging`,
  );
  return d;
}

function duplicateError(err: unknown): unknown {
  const e = err as { code?: string; detail?: string };
  if (e.code !== '23505') return err;
  const n = /\((T\d{13})\)/.exec(e.detail ?? '')?.[1];
  return new RegistryFileError(`全件データに同じ登録番号${n ? `（${n}）` : ''}の最新の行が2行以上あります`);
}
