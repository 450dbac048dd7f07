import { JOURNAL_SORTABLE } from '@chobo/core';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbOrTx } from '../db/client.js';
import { customers } from '../db/schema/index.js';
import { sqlRows } from '../modules/accounting/sql-rows.js';
import { type Client, client, companyOwner, createTestApp, signIn, type TestContext } from '../test/harness.js';
import { clearPageCaches } from './page-cache.js';

/**
 * What is kept in memory is locked to its inputs (ADR 0028, 0034, 0037): every column the journal page cache and
 * the auth / me caches read must be watched by the triggers that move their version or epoch. Both sides come from
 * the database: the columns read, from the plan (EXPLAIN VERBOSE, generic plan) of the very statements the caches
 * send (recorded at the driver while the routes run); the columns watched, from the catalog (pg_trigger: the
 * tables, events, UPDATE OF columns and WHEN conditions of every trigger whose function writes the version or
 * epoch table). A column added to a page or to the token lookup without its trigger fails here.
 */

/** `table.column` */
type Col = string;

interface Sent {
  text: string;
}

/** Every statement text sent through the database handle's client while `fn` runs. */
async function recorded(db: Db, fn: () => Promise<unknown>): Promise<Sent[]> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  const sent: Sent[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text: string };
    sent.push({ text: typeof q === 'string' ? q : q.text });
    return original.apply(this, args);
  } as typeof client.query;
  try {
    await fn();
  } finally {
    client.query = original;
  }
  return sent;
}

/** Plan nodes whose output is their input's (no projection of their own). */
const PASS_THROUGH = new Set([
  'Hash',
  'Sort',
  'Incremental Sort',
  'Materialize',
  'Memoize',
  'Limit',
  'Unique',
  'LockRows',
  'Gather',
  'Gather Merge',
]);

interface PlanNode {
  'Relation Name'?: string;
  Alias?: string;
  Plans?: PlanNode[];
  [key: string]: unknown;
}

/** The base-table columns a statement reads: from its generic plan's expressions, `alias.column` → table.column. */
async function columnsRead(db: Db, text: string): Promise<Set<Col>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare chobo_cache_probe as ${text}`));
    const [{ n }] = await sqlRows<{ n: number }>(
      tx,
      sql`select coalesce(cardinality(parameter_types), 0)::int as n from pg_prepared_statements where name = 'chobo_cache_probe'`,
    );
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    const args = n ? `(${Array.from({ length: n }, () => 'null').join(', ')})` : '';
    const rows = await sqlRows<Record<string, unknown>>(
      tx,
      sql.raw(`explain (verbose, format json) execute chobo_cache_probe${args}`),
    );
    await tx.execute(sql`deallocate chobo_cache_probe`);
    const raw = rows[0]['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    const aliases = new Map<string, string>();
    const texts: string[] = [];
    // A scan hands on its table's every column when that saves a projection (a "physical" target list), and a
    // Hash, Sort, Limit… hands on what it was given: their Output counts only where it is a (sub-)query's result.
    // Every other expression (conditions, keys, projecting nodes' Output) is what the statement reads.
    const walk = (node: PlanNode, result: boolean) => {
      if (node['Relation Name'] && node.Alias) aliases.set(node.Alias, node['Relation Name']);
      const handsOn = Boolean(node['Relation Name']) || PASS_THROUGH.has(String(node['Node Type']));
      for (const [key, value] of Object.entries(node)) {
        if (key === 'Plans' || (key === 'Output' && handsOn && !result)) continue;
        if (typeof value === 'string') texts.push(value);
        else if (Array.isArray(value)) texts.push(...value.filter((v): v is string => typeof v === 'string'));
      }
      for (const child of node.Plans ?? []) {
        const rel = String(child['Parent Relationship']);
        walk(child, rel === 'InitPlan' || rel === 'SubPlan' || rel === 'Subquery' || (result && handsOn));
      }
    };
    for (const p of plan) walk(p.Plan, true);
    const read = new Set<Col>();
    const ident = `(?:"((?:[^"]|"")+)"|([a-z_][a-z0-9_$]*))`;
    const ref = new RegExp(String.raw`(?<![a-z0-9_$."])${ident}\.(?:${ident}|(\*))`, 'g');
    for (const t of texts) {
      for (const m of t.matchAll(ref)) {
        const table = aliases.get(m[1] ?? m[2]);
        if (!table) continue; // a CTE's or sub-query's column, or a function's schema
        if (m[5]) for (const c of await tableColumns(tx, table)) read.add(`${table}.${c}`);
        else read.add(`${table}.${m[3] ?? m[4]}`);
      }
    }
    // with one table in the statement, EXPLAIN leaves its columns unqualified
    if (new Set(aliases.values()).size === 1) {
      const [table] = aliases.values();
      const columns = await tableColumns(tx, table);
      for (const t of texts)
        for (const m of t.matchAll(new RegExp(`(?<![a-z0-9_$."])${ident}(?![a-z0-9_$."(])`, 'g'))) {
          const c = m[1] ?? m[2];
          if (columns.includes(c)) read.add(`${table}.${c}`);
        }
    }
    return read;
  });
}

async function tableColumns(db: DbOrTx, table: string): Promise<string[]> {
  const rows = await sqlRows<{ c: string }>(
    db,
    sql`select column_name::text as c from information_schema.columns where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
  );
  return rows.map((r) => r.c);
}

interface TableWatch {
  insert: boolean;
  delete: boolean;
  /** the columns an UPDATE is seen by ('all': any update) */
  update: 'all' | Set<string>;
}

interface Catalog {
  /** per table: what the triggers whose function writes the version table see */
  watched: Map<string, TableWatch>;
  /** table → the tables whose (enabled) triggers' functions write it: maintained from them */
  maintainedFrom: Map<string, Set<string>>;
  /** foreign keys: from (table, columns) to (table, columns), and whether an update of the key is refused */
  foreignKeys: { from: string; fromCols: string[]; to: string; toCols: string[]; updateRefused: boolean }[];
}

const TG_ROW = 1;
const TG_INSERT = 4;
const TG_DELETE = 8;
const TG_UPDATE = 16;

const writes = (body: string, table: string) =>
  new RegExp(String.raw`\b(insert\s+into|update)\s+(public\.)?"?${table}"?\b`, 'i').test(body);

/** The triggers and foreign keys of the database, read from the catalog. */
async function catalog(db: DbOrTx, versionTable: string): Promise<Catalog> {
  const triggers = await sqlRows<{ table: string; type: number; def: string; body: string; update_of: string[] }>(
    db,
    sql`
    select c.relname::text as "table", t.tgtype::int as type, pg_get_triggerdef(t.oid) as def,
           pg_get_functiondef(t.tgfoid) as body,
           coalesce((select array_agg(a.attname::text order by a.attnum) from unnest(t.tgattr::int2[]) k
                     join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = k), '{}') as update_of
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where not t.tgisinternal and t.tgenabled <> 'D' and c.relnamespace = 'public'::regnamespace`,
  );
  const watched = new Map<string, TableWatch>();
  const maintainedFrom = new Map<string, Set<string>>();
  const tables = await sqlRows<{ t: string }>(
    db,
    sql`select table_name::text as t from information_schema.tables where table_schema = 'public'`,
  );
  for (const tr of triggers) {
    for (const { t } of tables) {
      if (t !== tr.table && writes(tr.body, t)) {
        if (!maintainedFrom.has(t)) maintainedFrom.set(t, new Set());
        maintainedFrom.get(t)?.add(tr.table);
      }
    }
    if (!writes(tr.body, versionTable)) continue;
    const w = watched.get(tr.table) ?? { insert: false, delete: false, update: new Set<string>() };
    watched.set(tr.table, w);
    if (tr.type & TG_INSERT) w.insert = true;
    if (tr.type & TG_DELETE) w.delete = true;
    if (!(tr.type & TG_UPDATE) || w.update === 'all') continue;
    // an UPDATE is seen by the UPDATE OF columns, narrowed by a WHEN condition on the row (old.x … new.x)
    const when = /\bWHEN \((.*)\) EXECUTE FUNCTION\b/s.exec(tr.def)?.[1];
    const inWhen = when ? [...when.matchAll(/\b(?:old|new)\.("?)([a-z_][a-z0-9_]*)\1/g)].map((m) => m[2]) : undefined;
    if (when && !(tr.type & TG_ROW)) throw new Error(`a statement trigger with WHEN: ${tr.def}`);
    const seen = tr.update_of.length ? tr.update_of.filter((c) => !inWhen || inWhen.includes(c)) : inWhen;
    if (!seen) w.update = 'all';
    else for (const c of seen) w.update.add(c);
  }
  const fks = await sqlRows<{ from: string; to: string; refused: boolean; from_cols: string[]; to_cols: string[] }>(
    db,
    sql`
    select f.relname::text as "from", t.relname::text as "to", k.confupdtype in ('a', 'r') as refused,
           (select array_agg(a.attname::text order by n) from unnest(k.conkey) with ordinality u(att, n)
              join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.att) as from_cols,
           (select array_agg(a.attname::text order by n) from unnest(k.confkey) with ordinality u(att, n)
              join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.att) as to_cols
    from pg_constraint k join pg_class f on f.oid = k.conrelid join pg_class t on t.oid = k.confrelid
    where k.contype = 'f' and f.relnamespace = 'public'::regnamespace`,
  );
  const foreignKeys = fks.map((k) => ({
    from: k.from,
    fromCols: k.from_cols,
    to: k.to,
    toCols: k.to_cols,
    updateRefused: k.refused,
  }));
  return { watched, maintainedFrom, foreignKeys };
}

/**
 * What a cache reads and its version's triggers do not see, as `table.column (update)` / `table (insert|delete)`:
 * - the version (epoch) table itself is what the cache compares;
 * - a table maintained by triggers of watched tables only (journal_daily_counts from journal_entries…) changes
 *   with them;
 * - a column a foreign key of a watched referencing row points at, whose update the key refuses, cannot change
 *   under a row the cache shows; nor can a new row of such a table be shown without a watched change (insert);
 * - `keys`: the cache's own key (a new row, or a row under another key, is not in memory).
 */
function unwatched(read: Set<Col>, cat: Catalog, versionTable: string, keys: Record<string, string[]> = {}): string[] {
  const tables = new Set([...read].map((c) => c.split('.')[0]));
  tables.delete(versionTable);
  const fully = (t: string, seen = new Set<string>()): boolean => {
    const w = cat.watched.get(t);
    if (w) return w.insert && w.delete && w.update === 'all';
    const from = cat.maintainedFrom.get(t);
    if (!from || seen.has(t)) return false;
    seen.add(t);
    return [...from].every((s) => fully(s, seen));
  };
  const updateSeen = (t: string, c: string) => {
    if (fully(t)) return true;
    const u = cat.watched.get(t)?.update;
    return u === 'all' || Boolean(u?.has(c));
  };
  const pinnedBy = (t: string) =>
    cat.foreignKeys.filter(
      (k) => k.to === t && k.from !== t && tables.has(k.from) && k.fromCols.every((c) => updateSeen(k.from, c)),
    );
  const out: string[] = [];
  for (const t of [...tables].sort()) {
    if (fully(t)) continue;
    const w = cat.watched.get(t);
    if (!w) {
      out.push(`${t} (no trigger)`);
      continue;
    }
    const pins = pinnedBy(t);
    if (!w.insert && !pins.length && !keys[t]) out.push(`${t} (insert)`);
    if (!w.delete) out.push(`${t} (delete)`);
    for (const col of [...read].filter((c) => c.startsWith(`${t}.`)).sort()) {
      const c = col.slice(t.length + 1);
      if (updateSeen(t, c) || keys[t]?.includes(c)) continue;
      if (pins.some((k) => k.updateRefused && k.toCols.includes(c))) continue;
      out.push(`${col} (update)`);
    }
  }
  return out;
}

const union = (sets: Iterable<Set<Col>>) => new Set([...sets].flatMap((s) => [...s]));

async function readsOf(statements: Sent[]): Promise<Set<Col>> {
  return union(await Promise.all([...new Set(statements.map((s) => s.text))].map((t) => columnsRead(ctx.db, t))));
}

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof companyOwner>>;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await companyOwner(ctx);
  const accounts = (await owner.api.get('/api/company/accounts?include_inactive=1')).json().data as {
    code: string;
    id: number;
  }[];
  const ids = Object.fromEntries(accounts.map((a) => [a.code, a.id]));
  const [cu] = await ctx.db
    .insert(customers)
    .values({ company_id: owner.company.id, name: '株式会社まえ' })
    .returning();
  for (const date of ['2026-05-01', '2026-05-02']) {
    const res = await owner.api.post('/api/accountings', {
      date,
      description: '売上',
      lines: [
        { account_id: ids['1220'], debit: 1000, credit: 0, customer_id: cu.id },
        { account_id: ids['4110'], debit: 0, credit: 1000, tax_category: 'sales_10' },
      ],
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => ctx.close());

const isVersionRead = (s: Sent) => /\bjournal_versions\b/.test(s.text);
const isEpochRead = (s: Sent) => /\bauth_epoch\b/.test(s.text);

describe('the journal page cache (ADR 0037) reads only what the journal version triggers watch', () => {
  /** Every page statement the cache runs: each sort, direction and date range (the page size is a literal). */
  async function pageStatements(api: Client): Promise<Sent[]> {
    const sent: Sent[] = [];
    for (const sort of JOURNAL_SORTABLE)
      for (const dir of ['asc', 'desc'])
        for (const range of ['', '&from=2026-04-01', '&to=2026-06-30', '&from=2026-04-01&to=2026-06-30']) {
          const url = `/api/accountings?page=1&per_page=20&sort_by=${sort}&sort_dir=${dir}${range}`;
          clearPageCaches(ctx.app.deps.db);
          const first = await recorded(ctx.db, () => api.get(url));
          const again = await recorded(ctx.db, () => api.get(url));
          // the first read keeps the page with its version; the second sends the version read alone
          const page = first.filter(isVersionRead);
          const version = again.filter((s) => !isEpochRead(s));
          expect(page, url).toHaveLength(1);
          expect(version, url).toHaveLength(1);
          expect(isVersionRead(version[0]) && version[0].text !== page[0].text, url).toBe(true);
          sent.push(...page, ...version);
        }
    return sent;
  }

  it('every column a page shows or is found by is watched (read from the plans and from pg_trigger)', async () => {
    const statements = await pageStatements(owner.api);
    expect(new Set(statements.map((s) => s.text)).size).toBe(JOURNAL_SORTABLE.length * 2 * 4 + 1);
    const read = await readsOf(statements);
    // the plans name what the page shows (sanity of the derivation)
    for (const c of ['journal_entries.description', 'journal_lines.memo', 'accounts.name', 'customers.name'])
      expect(read).toContain(c);
    expect(read).toContain('period_locks.end_date');
    expect(read).toContain('journal_monthly_counts.entries');
    const cat = await catalog(ctx.db, 'journal_versions');
    expect([...cat.watched.keys()].sort()).toEqual([
      'accounts',
      'customers',
      'journal_entries',
      'journal_lines',
      'period_locks',
    ]);
    expect(unwatched(read, cat, 'journal_versions')).toEqual([]);
  });

  it('fails without a trigger: a customer rename, or a line, or (through the counts) an entry unseen', async () => {
    const statements = await pageStatements(owner.api);
    const read = await readsOf(statements);
    const without = async (ddl: string) => {
      let cat: Catalog | undefined;
      await ctx.db
        .transaction(async (tx) => {
          await tx.execute(sql.raw(ddl));
          cat = await catalog(tx, 'journal_versions');
          tx.rollback();
        })
        .catch((e: unknown) => {
          if (!(e instanceof TransactionRollbackError)) throw e;
        });
      return unwatched(read, cat as unknown as Catalog, 'journal_versions');
    };
    expect(await without('drop trigger customers_version_update on customers')).toEqual(['customers.name (update)']);
    expect(await without('alter table journal_lines disable trigger journal_lines_version')).toEqual(
      // and the accounts and customers a line names are no longer pinned by watched lines
      expect.arrayContaining(['accounts (insert)', 'customers (insert)', 'journal_lines (no trigger)']),
    );
    expect(await without('drop trigger journal_entries_version on journal_entries')).toEqual(
      expect.arrayContaining([
        'journal_daily_counts (no trigger)',
        'journal_entries (no trigger)',
        'journal_monthly_counts (no trigger)',
      ]),
    );
    // a page statement that also showed the account's kana (not watched) is found out from its plan
    const [page] = statements.filter((st) => st.text.includes('to_json(a.name)'));
    const more = await columnsRead(ctx.db, page.text.replace('to_json(a.name)', 'to_json(a.name || a.kana)'));
    expect(more).toContain('accounts.kana');
    expect(unwatched(more, await catalog(ctx.db, 'journal_versions'), 'journal_versions')).toEqual([
      'accounts.kana (update)',
    ]);
    // and the catalog as it is again
    expect(unwatched(read, await catalog(ctx.db, 'journal_versions'), 'journal_versions')).toEqual([]);
  });
});

/**
 * Read by the token lookup and seen by no epoch trigger, on purpose (ADR 0028): each is written once, when the
 * token is made, and never updated (no code does; the renewal replaces a token by a new row).
 */
const AUTH_UNWATCHED: Record<string, string> = {
  'api_tokens.created_at (update)': 'when the token was made: the renewal point is half its life',
  'api_tokens.id (update)': "the token row's identity (AuthContext.tokenId)",
};

describe('the auth and /api/me caches (ADR 0028, 0034) read only what the auth epoch triggers watch', () => {
  it('the token lookup: every column but its never-updated identity and birth', async () => {
    const token = await signIn(ctx.app, owner.user.email);
    const api = client(ctx.app, token);
    const first = await recorded(ctx.db, () => api.get('/api/company/accounts'));
    const lookup = first.filter(isEpochRead);
    expect(lookup).toHaveLength(1); // the lookup reads the epoch in the same statement
    const again = await recorded(ctx.db, () => api.get('/api/company/accounts'));
    const epoch = again.filter(isEpochRead);
    expect(epoch).toHaveLength(1);
    expect(epoch[0].text).not.toBe(lookup[0].text); // kept: the epoch alone
    expect(await columnsRead(ctx.db, epoch[0].text)).toContain('auth_epoch.epoch'); // (one table: unqualified)
    const read = await readsOf([...lookup, ...epoch]);
    for (const c of ['api_tokens.revoked_at', 'users.permissions', 'companies.status', 'domains.permissions'])
      expect(read).toContain(c);
    const cat = await catalog(ctx.db, 'auth_epoch');
    expect([...cat.watched.keys()].sort()).toEqual(['api_tokens', 'companies', 'domains', 'employees', 'users']);
    // kept per token hash: a new token is not in memory
    expect(unwatched(read, cat, 'auth_epoch', { api_tokens: ['token_hash'] })).toEqual(Object.keys(AUTH_UNWATCHED));
  });

  it("/api/me's profile: every column", async () => {
    const api = client(ctx.app, await signIn(ctx.app, owner.user.email));
    await ctx.db.execute(sql`update auth_epoch set epoch = epoch + 1`); // nothing kept from before
    await api.get('/api/company/accounts'); // the token's lookup kept
    const first = await recorded(ctx.db, () => api.get('/api/me'));
    const profile = first.filter((s) => !isEpochRead(s));
    expect(profile).toHaveLength(1);
    const again = await recorded(ctx.db, () => api.get('/api/me'));
    expect(again.filter((s) => !isEpochRead(s))).toEqual([]); // kept under the epoch
    const read = await readsOf(profile);
    for (const c of ['users.name', 'companies.logo_data', 'domains.roles']) expect(read).toContain(c);
    // kept per user id: another user's profile is another entry
    expect(unwatched(read, await catalog(ctx.db, 'auth_epoch'), 'auth_epoch', { users: ['id'] })).toEqual([]);
  });

  it('fails without a watched column: a WHEN condition without the e-mail leaves users.email unseen', async () => {
    const read = await readsOf([{ text: (await meStatement()).text }]);
    let cat: Catalog | undefined;
    await ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`drop trigger users_auth_epoch_update on users`);
        await tx.execute(sql`create trigger users_auth_epoch_update after update on users for each row
          when (old.role is distinct from new.role or old.permissions is distinct from new.permissions
            or old.disabled_at is distinct from new.disabled_at or old.company_id is distinct from new.company_id
            or old.name is distinct from new.name)
          execute function auth_epoch_bump()`);
        cat = await catalog(tx, 'auth_epoch');
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof TransactionRollbackError)) throw e;
      });
    expect(unwatched(read, cat as unknown as Catalog, 'auth_epoch', { users: ['id'] })).toEqual([
      'users.email (update)',
    ]);
  });
});

/** The statement of /api/me's profile (the epoch moved first, so that the kept profile is read again). */
async function meStatement(): Promise<Sent> {
  const api = client(ctx.app, await signIn(ctx.app, owner.user.email));
  await ctx.db.execute(sql`update auth_epoch set epoch = epoch + 1`);
  await api.get('/api/company/accounts');
  const [s] = (await recorded(ctx.db, () => api.get('/api/me'))).filter((x) => !isEpochRead(x));
  return s;
}
