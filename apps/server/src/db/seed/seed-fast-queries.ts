/**
 * The demo seed's statements on PGlite in one protocol round trip each, as named prepared statements (ADR 0031).
 *
 * PGlite's `query()` sends an extended-protocol statement as six separate calls into the engine (Parse,
 * Describe statement, Bind, Describe portal, Execute, Sync: the statement's parameter types are read back
 * before its values are serialised) and parses and plans its text again every time. The seed sends ≈ 11,700
 * statements of ≈ 300 distinct texts in one transaction, so that protocol work was about half of a
 * statement's cost. Inside the seed's transaction this client sends each statement as ONE message buffer —
 * Parse (only the first time a text is seen: the statement is kept under a name), Bind, Describe portal,
 * Execute, Sync — and parses the answer with PGlite's own result parser and the same parsers drizzle passes.
 *
 * The values are sent as PGlite's serialisers would write them for any type they may have, so only values
 * whose text does not depend on the type take this path: null, strings, finite numbers, bigints and booleans
 * ('true' / 'false': what the bool, text and json serialisers all make of them). Any other value (a Date,
 * an array, bytes, an object), a statement without parameters (the DO blocks), and options drizzle never
 * passes (a blob) go through the client's own `query()`. Every statement through this client — fast or not —
 * runs one after the other: PGlite keeps one protocol state per connection, and the seed's reads in
 * `Promise.all` would otherwise interleave.
 *
 * Plans: PostgreSQL's default `plan_cache_mode = auto` (set explicitly in the seed's transaction), so a named
 * statement run often with values that plan alike gets a generic plan after five custom ones and is not planned
 * again. Measured (bench/seed-time.ts, same session, load ≈ 2): the seed 13.9 → 11.3 s wall, 11.3 → 8.8 s on the
 * main thread against `force_custom_plan` (planned for its values every time, as the unnamed statements were),
 * with the same digests of the journal, balances, counts, sales, payments, documents and audit contents — the
 * books do not depend on it (a query without ORDER BY could read rows in another order under another plan: the
 * digests are the check).
 * `close()` deallocates the named statements when the seed is done.
 */
import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';

type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];
type QueryOptions = Record<string, unknown> & { blob?: unknown; parsers?: unknown; rowMode?: unknown };
type Client = { query: (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown> };
type Session = { client: Client };

/** At most this many texts are kept prepared (the seed has ≈ 300); longer or later ones go unnamed. */
const MAX_PREPARED = 2_000;
const MAX_PREPARED_TEXT = 20_000;

const serialize = protocol.serialize;
/** `(value) => value`, `v => v`: a parser that returns the text as it is. */
const IDENTITY = /^\(?\s*([A-Za-z_$][\w$]*)\s*\)?\s*=>\s*\1\s*$/;

/** The values as text when that text is the same for every type they could be bound to; else undefined. */
function textValues(params: unknown[]): (string | null)[] | undefined {
  const out: (string | null)[] = new Array(params.length);
  for (let i = 0; i < params.length; i++) {
    const v = params[i];
    if (v === null || v === undefined) out[i] = null;
    else if (typeof v === 'string') out[i] = v;
    else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return undefined;
      out[i] = String(v);
    } else if (typeof v === 'bigint') out[i] = v.toString();
    else if (typeof v === 'boolean') out[i] = v ? 'true' : 'false';
    else return undefined;
  }
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * `tx` (the seed's open transaction on `pglite`) whose statements go to PGlite in one round trip each.
 * Call `close()` before the transaction ends.
 */
export async function withFastQueries<T extends SeedTx>(
  tx: T,
  pglite: PGlite,
): Promise<{ tx: T; close: () => Promise<void> }> {
  await tx.execute(sql`set local plan_cache_mode = auto`);
  const session = (tx as unknown as { session: Session }).session;
  const client = session.client;
  const names = new Map<string, string>();
  let counter = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <R>(fn: () => Promise<R>): Promise<R> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => {});
    return run;
  };

  const fast = async (text: string, values: (string | null)[], options: QueryOptions) => {
    const parts: Uint8Array[] = [];
    let name = names.get(text);
    let prepare: string | undefined;
    if (name === undefined && names.size < MAX_PREPARED && text.length <= MAX_PREPARED_TEXT) {
      // a fresh name each time: a Parse whose Bind failed may have left its name behind in the engine
      prepare = `chobo_seed_${++counter}`;
      parts.push(serialize.parse({ name: prepare, text, types: [] }));
      name = prepare;
    } else if (name === undefined) {
      parts.push(serialize.parse({ text, types: [] }));
      name = '';
    }
    parts.push(
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    let messages: Parameters<typeof parse.parseResults>[0];
    try {
      ({ messages } = await pglite.execProtocol(concat(parts), { syncToFs: false }));
    } catch (err) {
      // as PGlite's query() reports it: the statement and its values on the error
      if (err && typeof err === 'object') Object.assign(err, { query: text, params: values });
      throw err;
    }
    if (prepare) names.set(text, prepare);
    const merged = mergedParsers(options.parsers);
    return merged
      ? parse.parseResults(messages, merged, { rowMode: options.rowMode } as never)[0]
      : parse.parseResults(messages, pglite.parsers, options as never)[0];
  };

  /**
   * PGlite's result parser spreads its 318 default parsers with the query's own into a new object for every
   * statement (≈ 0.1 ms); drizzle passes the same few identity parsers (timestamps, dates, intervals as text)
   * with every statement, so that union is made once. Only identity functions are merged this way.
   */
  const mergedByKeys = new Map<string, Record<string, (value: string, typeId?: number) => unknown>>();
  const mergedParsers = (parsers: unknown) => {
    if (!parsers || typeof parsers !== 'object') return undefined;
    const entries = Object.entries(parsers as Record<string, unknown>);
    let key = '';
    for (const [k, f] of entries) {
      if (typeof f !== 'function' || !IDENTITY.test(String(f))) return undefined;
      key += `${k},`;
    }
    let m = mergedByKeys.get(key);
    if (!m) {
      m = { ...pglite.parsers, ...(parsers as Record<string, (value: string) => unknown>) };
      mergedByKeys.set(key, m);
    }
    return m;
  };

  const fastClient = Object.create(client) as Client;
  fastClient.query = (text, params = [], options = {}) =>
    serial(() => {
      const values = params.length > 0 && options.blob === undefined ? textValues(params) : undefined;
      if (!values) return client.query(text, params, options);
      return fast(text, values, options);
    });
  const fastSession = Object.create(session) as Session;
  fastSession.client = fastClient;
  const out = Object.create(tx) as T;
  (out as unknown as { session: Session }).session = fastSession;

  const close = () =>
    serial(async () => {
      if (names.size === 0) return;
      const parts = [...names.values()].map((name) => serialize.close({ type: 'S', name }));
      names.clear();
      parts.push(serialize.sync());
      await pglite.execProtocol(concat(parts), { syncToFs: false });
    });
  return { tx: out, close };
}
