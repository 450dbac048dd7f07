import { createHash } from 'node:crypto';
import { pageMeta } from '@chobo/core';
import { fillPlaceholders, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { type DbOrTx, pooledPool } from '../db/client.js';
import { perHandle } from './per-handle.js';

/**
 * How a value is written in JSON, as the route's serialiser writes it (fast-json-stringify / JSON.stringify):
 * `number` an integer column, `string` a text value (to_json escapes exactly the characters JSON.stringify
 * escapes, the same way), `boolean`, `timestamp` a timestamptz as `Date#toISOString()` writes it
 * (milliseconds truncated, as node-postgres reads them), `date` a date as `YYYY-MM-DD`, `json` a JSON text
 * already made (inserted as it is). A trailing `?`: the value may be null (`null`).
 */
export type JsonKind =
  | 'number'
  | 'number?'
  | 'string'
  | 'string?'
  | 'boolean'
  | 'timestamp'
  | 'timestamp?'
  | 'date'
  | 'json';

/** One member of an object: its key, the SQL expression of its value, and how the value is written. */
export type JsonMember = readonly [key: string, value: SQL, kind: JsonKind];

function valueSql(value: SQL, kind: JsonKind): SQL {
  switch (kind) {
    case 'number':
      return sql`(${value})::text`;
    case 'number?':
      return sql`coalesce((${value})::text, 'null')`;
    case 'string':
    case 'date':
      return sql`to_json(${value})::text`;
    case 'string?':
      return sql`coalesce(to_json(${value})::text, 'null')`;
    case 'boolean':
      return sql`(${value})::text`;
    case 'timestamp':
    case 'timestamp?': {
      const text = sql`'"' || to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`;
      return kind === 'timestamp' ? text : sql`coalesce(${text}, 'null')`;
    }
    case 'json':
      return value;
  }
}

/**
 * The SQL of one JSON object's text, `{"key":value,…}` with the keys in the given order and no spaces: what
 * the route's serialiser writes for the same record when the members follow the response schema's order.
 * Every non-null kind must be given a value that is never null (the whole text would be null).
 */
export function jsonObjectSql(members: readonly JsonMember[]): SQL {
  const parts = members.map(([key, value, kind], i) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(key)) throw new Error(`not a plain key: ${key}`);
    return sql`${sql.raw(`'${i === 0 ? '{' : ','}"${key}":'`)} || ${valueSql(value, kind)}`;
  });
  return sql`${sql.join(parts, sql` || `)} || '}'`;
}

/** What a page statement answers: the list's total, the number of rows on the page, their JSON texts joined by commas. */
export interface PageText {
  total: number;
  n: number;
  body: string | null;
}

/** A parameter of a page statement: `$n::type` (prepared: a placeholder; else the value). */
export type Param = (name: string, type: 'int' | 'date' | 'bigint') => SQL;

/** A page statement: its name (one per text), its SQL (parameters through `param`) and this call's values. */
export interface PageStatement {
  name: string;
  sql: (param: Param) => SQL;
  values: Record<string, unknown>;
}

interface PreparedPage {
  execute(values: Record<string, unknown>): Promise<(PageText & { version?: string })[]>;
}
const prepared = new WeakMap<DbOrTx, Map<string, PreparedPage>>();

const dialect = new PgDialect();

/**
 * A one-row statement run through `chobo_execute_prepared` (migration 0049, ADR 0061) on a pool behind a
 * transaction-mode pooler: the backend that runs it EXECUTEs its own SQL-level prepared statement of that text
 * (named after the text's hash), PREPAREd there on its first call, so the plan is kept per backend as a named
 * statement's is on a direct connection, and nothing depends on which backend the pooler hands out. The same
 * SQL text as the named statement of a direct connection (`query`, with its placeholders), so the statement has
 * ONE home (the TS that builds it); `columns` is the row's column definition list.
 */
function executePrepared(pool: pg.Pool, query: SQL, columns: string): PreparedPage {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `chobo_p_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
  const call = `select * from chobo_execute_prepared($1, $2, $3::text[]) as t(${columns})`;
  return {
    async execute(values) {
      const args = fillPlaceholders(params, values).map((v) => (v === null || v === undefined ? null : String(v)));
      const { rows } = await pool.query(call, [name, text, args]);
      return rows;
    },
  };
}

/**
 * A page statement (`total`, `n`, `body`) whose text does not depend on the request's values (the company,
 * the offset, dates are placeholders): prepared once per database handle and name, so PostgreSQL parses and
 * plans it once per connection and then keeps a generic plan. Put the page size in the text (a literal
 * `limit 20`, so a name per size): with `limit $n` the plan is costed for 10 % of the table, which on
 * PostgreSQL also switches JIT compilation on (tens of milliseconds a call). Behind a transaction-mode pooler
 * (no named statements, ADR 0049) the same text runs through `chobo_execute_prepared` (ADR 0061).
 */
function preparedPage(db: DbOrTx, name: string, build: () => SQL, versioned = false): PreparedPage {
  return perHandle(prepared, db, name, () => {
    const columns = { total: sql<number>`t.total`, n: sql<number>`t.n`, body: sql<string | null>`t.body` };
    const named = db
      .select(versioned ? { version: sql<string>`t.version`, ...columns } : columns)
      .from(sql`(${build()}) t`)
      .prepare(name);
    let viaFunction: PreparedPage | undefined;
    return {
      execute(values) {
        // decided per call: a pool that detected a pooler nobody named (ADR 0049) switches from then on
        const pool = pooledPool(db);
        if (!pool) return named.execute(values);
        viaFunction ??= executePrepared(
          pool,
          sql`select ${versioned ? sql`t.version::text, ` : sql``}t.total::int, t.n::int, t.body::text from (${build()}) t`,
          `${versioned ? 'version text, ' : ''}total int, n int, body text`,
        );
        return viaFunction.execute(values);
      },
    };
  });
}

/** The parameter of a prepared statement: a typed placeholder. */
export const placeholder: Param = (name, type) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * The page sizes whose statements are prepared (the screens ask for these); any other size runs the same SQL
 * unnamed, so that no caller can make a connection keep hundreds of plans.
 */
const PREPARED_SIZES = new Set([10, 20, 50, 100]);
export const isPreparedSize = (perPage: number) => PREPARED_SIZES.has(perPage);

/** Runs a page statement: prepared (one name per text) for the usual page sizes, else unnamed. */
export async function runPage(db: DbOrTx, s: PageStatement, perPage: number): Promise<PageText> {
  if (isPreparedSize(perPage)) {
    const [row] = await preparedPage(db, s.name, () => s.sql(placeholder)).execute(s.values);
    return row;
  }
  const unnamed = s.sql((name, type) => sql`${s.values[name] ?? null}::${sql.raw(type)}`);
  const { rows } = (await db.execute(unnamed)) as unknown as { rows: PageText[] };
  return rows[0];
}

/** The answer `{ data, meta }` of a list from its page statement's result (meta as pageMeta makes it). */
export function pageJson(result: PageText, q: { page: number; per_page: number }): string {
  const meta = pageMeta(Number(result.total), q.page, q.per_page, Number(result.n));
  return `{"data":[${result.body ?? ''}],"meta":${JSON.stringify(meta)}}`;
}

/** A page statement's answer with the version it was read under. */
export interface VersionedPageText extends PageText {
  version: string;
}

/**
 * A page statement (prepared; the usual page sizes only) together with the version it depends on (`version`:
 * a scalar SQL expression of the statement's parameters), in one statement and so one snapshot (ADR 0037).
 */
export async function runVersionedPage(
  db: DbOrTx,
  s: PageStatement,
  version: (param: Param) => SQL,
): Promise<VersionedPageText> {
  const build = () => sql`select (${version(placeholder)})::text as version, q.* from (${s.sql(placeholder)}) q`;
  const [row] = await preparedPage(db, `${s.name}_v`, build, true).execute(s.values);
  return row as VersionedPageText;
}

interface VersionRead {
  prepared: { execute(v: Record<string, unknown>): Promise<unknown[]> };
  /** the names of the values the version statement reads (the key of a shared read) */
  keys: string[];
  /** the read that the requests of this turn of the event loop wait for, by key, not sent yet */
  next: Map<string, Promise<string>>;
  /** how many reads were sent (the tests compare it with the requests) */
  reads: number;
}
const preparedVersions = new WeakMap<DbOrTx, Map<string, VersionRead>>();

/**
 * The version alone (ADR 0037: whether a page kept in memory is still the database's), prepared once per database
 * handle and `name`. A one-row read: planned in microseconds where the page's statement takes milliseconds to plan
 * on the embedded database, which plans every statement it is sent. The requests that ask for the same version
 * (same statement, same values) during one turn of the event loop share ONE read, sent once they have all asked
 * (setImmediate), so it starts after each of them asked and sees every change committed before — what a read of
 * its own would see (as the auth epoch's, ADR 0034; ADR 0061): under load one round trip for many requests.
 */
export async function readVersion(
  db: DbOrTx,
  name: string,
  version: (param: Param) => SQL,
  values: Record<string, unknown>,
): Promise<string> {
  const statement = perHandle(preparedVersions, db, name, () => {
    const query = sql`(select (${version(placeholder)})::text as version) t`;
    const keys = dialect
      .sqlToQuery(query)
      .params.flatMap((p) => (p instanceof Placeholder ? [p.name] : []))
      .sort();
    return {
      prepared: db.select({ version: sql<string>`t.version` }).from(query).prepare(name),
      keys,
      next: new Map(),
      reads: 0,
    };
  });
  const key = statement.keys.map((k) => String(values[k] ?? '')).join('\u0000');
  let read = statement.next.get(key);
  if (!read) {
    read = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      statement.next.delete(key); // a request asking from now on waits for the next read
      statement.reads++;
      const [row] = (await statement.prepared.execute(values)) as { version: string }[];
      return row.version;
    });
    statement.next.set(key, read);
  }
  return read;
}

/** How many reads of the version `name` this database handle has sent (tests). */
export function versionReads(db: DbOrTx, name: string): number {
  return preparedVersions.get(db)?.get(name)?.reads ?? 0;
}
