/**
 * The demo seed's read cache. The seed calls the real actions ≈ 1,000 times in one transaction, and each of
 * them reads again what no step of the seed changes between two calls: the period locks, the accounts by
 * system key, the company's tax settings and bank accounts, the customers and products by id (≈ 4,000 of the
 * seed's ≈ 15,500 statements, ≈ 1 ms each on PGlite). Inside the seed's transaction those reads are answered
 * from memory until a write touches one of their tables; everything else goes to the database as before.
 *
 * Only a SELECT is kept whose SQL reads from (FROM / JOIN) nothing but the tables below and that neither
 * writes nor locks (no INSERT / UPDATE / DELETE / FOR UPDATE in its text). Any statement that is not such a
 * select drops what it may change: the tables drizzle says it writes and every table named after INSERT
 * INTO / UPDATE / DELETE FROM in its text; raw SQL that is not a plain select drops everything. Triggers that
 * write a cached table from another one are listed in TRIGGER_WRITES. The seed's digests (bench/seed-time.ts)
 * are the same with and without the cache.
 */
import type { Db } from '../client.js';

const CACHED_TABLES = new Set([
  'period_locks',
  'accounts',
  'customers',
  'products',
  'companies',
  'bank_accounts',
  'fiscal_years',
]);
/** A write to the key also changes the tables listed (migration 0019: companies.bank_accounts ⇄ bank_accounts). */
const TRIGGER_WRITES: Record<string, string[]> = {
  companies: ['bank_accounts'],
  bank_accounts: ['companies'],
};

type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Session = { prepareQuery: (...args: unknown[]) => Prepared };
type Prepared = Record<string, unknown> & { execute: (...a: unknown[]) => Promise<unknown> };
type Meta = { type?: string; tables?: string[] } | undefined;

const READS = /\b(?:from|join)\s+"([a-z0-9_]+)"/gi;
const WRITES = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z0-9_]+)"?/gi;
const WRITE_WORD = /\b(?:insert|update|delete|truncate|alter|create|drop|do|call|copy|nextval|setval|lock)\b/i;

/** `tx` whose drizzle session answers the cacheable reads from memory (see above). */
export function withSeedReadCache<T extends SeedTx>(tx: T): T {
  const session = (tx as unknown as { session: Session }).session;
  const results = new Map<string, unknown>();
  /** table → the keys of the cached reads that read it */
  const readers = new Map<string, Set<string>>();
  const drop = (table: string) => {
    for (const t of [table, ...(TRIGGER_WRITES[table] ?? [])]) {
      for (const key of readers.get(t) ?? []) results.delete(key);
      readers.delete(t);
    }
  };
  const cached = Object.create(session) as Session;
  cached.prepareQuery = (...args: unknown[]) => {
    const prepared = session.prepareQuery(...args);
    const query = args[0] as { sql: string; params: unknown[] };
    const meta = args[5] as Meta;
    const text = query.sql;
    const { plainSelect, reads, writes } = analyse(text);
    const cacheable =
      meta?.type === 'select' && plainSelect && reads.length > 0 && reads.every((t) => CACHED_TABLES.has(t));
    const wrapped = Object.create(prepared) as Prepared;
    for (const method of ['execute', 'all', 'values'] as const) {
      const original = prepared[method];
      if (typeof original !== 'function') continue;
      wrapped[method] = async (...callArgs: unknown[]) => {
        if (!cacheable) {
          if (plainSelect) return original.apply(prepared, callArgs);
          // a write, a locking read or raw SQL: forget what it may change, before it runs and after
          const forget = () => {
            if (!meta) {
              results.clear();
              readers.clear();
            }
            for (const t of meta?.tables ?? []) if (meta?.type !== 'select') drop(t);
            for (const t of writes) drop(t);
          };
          forget();
          try {
            return await original.apply(prepared, callArgs);
          } finally {
            forget();
          }
        }
        const key = `${method}\u0000${text}\u0000${stringify(query.params)}\u0000${stringify(callArgs)}`;
        if (results.has(key)) return structuredClone(results.get(key));
        const result = await original.apply(prepared, callArgs);
        results.set(key, structuredClone(result));
        for (const t of reads) {
          const keys = readers.get(t) ?? new Set<string>();
          keys.add(key);
          readers.set(t, keys);
        }
        return result;
      };
    }
    return wrapped as never;
  };
  const out = Object.create(tx) as T;
  (out as unknown as { session: Session }).session = cached;
  return out;
}

/** What the SQL text says (the seed sends ≈ 300 distinct texts ≈ 12,000 times). */
const analysed = new Map<string, { plainSelect: boolean; reads: string[]; writes: string[] }>();
function analyse(text: string) {
  let a = analysed.get(text);
  if (!a) {
    a = {
      plainSelect: /^\s*select\b/i.test(text) && !WRITE_WORD.test(text),
      reads: [...text.matchAll(READS)].map((m) => m[1]),
      writes: [...text.matchAll(WRITES)].map((m) => m[1]),
    };
    if (analysed.size < 10_000 && text.length < 20_000) analysed.set(text, a);
  }
  return a;
}

function stringify(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x instanceof Date ? x.toISOString() : x));
}
