/**
 * The server process of bench/http.ts: the real app (buildApp + listen on 127.0.0.1, a free port, the
 * production logger at LOG_LEVEL info written to stdout, which the parent discards), on the embedded database
 * (in memory) or on PostgreSQL. It also answers the parent's IPC requests to run the raw SQL of a case in a
 * loop, through the same driver, in this same process, at the same concurrency: that is the baseline each
 * HTTP figure is compared with.
 *
 * Env: BENCH_PORT (0: a free port), BENCH_DRIVER (pglite | postgres), BENCH_DB_URL (postgres), BENCH_POOL_MODE (transaction: behind a pooler), BENCH_POOLED_PREPARE (0: DATABASE_POOLED_PREPARE=0), BENCH_SETUP_JSON (a second process on the
 * same PostgreSQL database: skip the set-up and reuse the first one's ids and token).
 */
import { performance } from 'node:perf_hooks';
import { customerListQuery, journalListQuery } from '@chobo/core';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { buildApp } from '../src/app.js';
import { openDatabase, runMigrations } from '../src/db/client.js';
import { customers } from '../src/db/schema/index.js';
import { loadEnv } from '../src/env.js';
import { systemTenant } from '../src/lib/context.js';
import { hashToken } from '../src/lib/secrets.js';
import { type PageStatement, placeholder } from '../src/lib/sql-json.js';
import { seedDefaultAccounts } from '../src/modules/accounting/chart-of-accounts.js';
import { journalEntryStatement, journalPageStatement } from '../src/modules/accounting/journal.queries.js';
import { sqlRows } from '../src/modules/accounting/sql-rows.js';
import { customersPageStatement } from '../src/modules/customers/customers.queries.js';
import { createCompany, createUser, signIn } from '../src/test/harness.js';
import { bulkLoad } from './journal-bulk.js';

export interface SetupInfo {
  port: number;
  token: string;
  companyId: number;
  userId: number;
  entryId: number;
  journalPages: number;
  customerPages: number;
  accounts: { cash: number; sales: number };
  lines: number;
}

export type RawCase =
  | 'health'
  | 'me'
  | 'customers'
  | 'journal-first'
  | 'journal-middle'
  | 'journal-last'
  | 'show'
  | 'post'
  // the SQL these cases needed before ADR 0030 (several statements, rows to JS), beside the one statement now
  | 'customers-before'
  | 'journal-first-before'
  | 'journal-middle-before'
  | 'journal-last-before'
  | 'show-before';

export interface LoopResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
}

const driver = process.env.BENCH_DRIVER === 'postgres' ? 'postgres' : 'pglite';
const database = await openDatabase(
  driver === 'postgres'
    ? // BENCH_POOL_MODE: through a transaction-mode pooler (bench/pooler.ts, ADR 0049)
      {
        databaseUrl: process.env.BENCH_DB_URL,
        poolMode: process.env.BENCH_POOL_MODE === 'transaction' ? 'transaction' : 'auto',
        pooledPrepare: process.env.BENCH_POOLED_PREPARE !== '0',
      }
    : { dataDir: 'memory://' },
);
const env = loadEnv({
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  RATE_LIMIT_MAX: process.env.BENCH_RATE_LIMIT ? '1000000000' : '0',
});
const PER_PAGE = 20;

let info: Omit<SetupInfo, 'port' | 'token'> & { token?: string };
if (process.env.BENCH_SETUP_JSON) {
  info = JSON.parse(process.env.BENCH_SETUP_JSON);
} else {
  await runMigrations(database);
  const db = database.db;
  const company = await createCompany(db, { fiscal_year_end_month: 3 });
  await seedDefaultAccounts(systemTenant(db, company.id));
  const owner = await createUser(db, { role: 'company', companyId: company.id });
  const nCustomers = Number(process.env.BENCH_CUSTOMERS ?? 2000);
  for (let i = 0; i < nCustomers; i += 2000) {
    await db.insert(customers).values(
      Array.from({ length: Math.min(2000, nCustomers - i) }, (_, k) => ({
        company_id: company.id,
        name: `株式会社ベンチ${String(i + k).padStart(6, '0')}`,
        name_kana: `ベンチ${i + k}`,
      })),
    );
  }
  const lines = await bulkLoad(database, company.id, Number(process.env.BENCH_LINES ?? 100_000), 7);
  await db.execute(sql`analyze`);
  const [entries] = await sqlRows<{ n: number; id: number }>(
    db,
    sql`select count(*)::int as n, max(id)::int as id from journal_entries where company_id = ${company.id}`,
  );
  const accs = await sqlRows<{ id: number; code: string }>(
    db,
    sql`select id, code from accounts where company_id = ${company.id} and code in ('1120', '4110')`,
  );
  info = {
    companyId: company.id,
    userId: owner.id,
    entryId: entries.id,
    journalPages: Math.ceil(entries.n / PER_PAGE),
    customerPages: Math.ceil(nCustomers / PER_PAGE),
    accounts: {
      cash: Number(accs.find((a) => a.code === '1120')?.id),
      sales: Number(accs.find((a) => a.code === '4110')?.id),
    },
    lines,
  };
}

const app = await buildApp({
  env,
  db: database.db,
  driver: database.driver,
  logger: { level: env.LOG_LEVEL },
});
const token =
  info.token ??
  (await signIn(
    app,
    (
      await sqlRows<{ email: string }>(database.db, sql`select email from users where id = ${info.userId}`)
    )[0].email,
  ));
await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

/* ------------------------------------------------------------- the raw SQL of each case */

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
const query: Query =
  driver === 'postgres'
    ? (text, params) => (database.pool as NonNullable<typeof database.pool>).query(text, params)
    : (text, params) => (database.pglite as NonNullable<typeof database.pglite>).query(text, params);

const tokenHash = hashToken(token);
const c = info.companyId;
const AUTH = `select t.id, t.expires_at, t.created_at, t.replaced_at, u.id as user_id, u.role, u.name, u.email,
  u.permissions, u.company_id, co.status, d.id as domain_id, d.roles, d.permissions as domain_permissions
  from api_tokens t join users u on u.id = t.user_id left join companies co on co.id = u.company_id
  left join domains d on d.id = co.domain_id
  where t.token_hash = $1 and t.revoked_at is null and t.expires_at > now() and u.disabled_at is null limit 1`;
const ME = `select u.id, u.name, u.email, u.role, co.id as company_id, co.name as company_name, co.expiration_year,
  co.max_employee, co.logo_data, d.id as domain_id, d.name as domain_name, d.logo_data as domain_logo, d.roles, d.permissions
  from users u left join companies co on co.id = u.company_id left join domains d on d.id = co.domain_id where u.id = $1 limit 1`;

/** An entry page's lines (with account and customer names), the entries reversing them and the period locks. */
async function entriesWithLines(ids: number[]) {
  if (ids.length === 0) return;
  await query(
    `select l.*, a.code, a.name as account_name, cu.name as customer_name from journal_lines l
     join accounts a on a.id = l.account_id left join customers cu on cu.id = l.customer_id
     where l.company_id = $1 and l.entry_id = any($2) order by l.entry_id, l.line_no`,
    [c, ids],
  );
  await query(
    `select r.id, r.reversal_of_id from journal_entries r where r.company_id = $1 and r.reversal_of_id = any($2)
     union all select null, null from period_locks l where l.company_id = $1`,
    [c, ids],
  );
}

/**
 * The SQL of a journal page (newest first) before ADR 0030, four round trips with the token lookup: the total
 * and the page's first day from the per-day counts, the page from that day on, then its lines, reversals and
 * locks. RAW_JOURNAL=offset: count(*) and OFFSET instead (before ADR 0018).
 */
async function journalPageBefore(page: number) {
  const offset = (page - 1) * PER_PAGE;
  let rows: { rows: Record<string, unknown>[] };
  if (process.env.RAW_JOURNAL === 'offset') {
    [rows] = await Promise.all([
      query('select * from journal_entries where company_id = $1 order by date desc, number desc limit $2 offset $3', [
        c,
        PER_PAGE,
        offset,
      ]),
      query('select count(*)::int from journal_entries where company_id = $1', [c]),
    ]);
  } else {
    const day = await query(
      `with d as (select date, entries, sum(entries) over (order by date desc) as upto
                  from journal_daily_counts where company_id = $1 and entries > 0)
       select (select sum(entries) from d) as total, s.date::text as day, (s.upto - s.entries)::int as before
       from (select 1) one left join lateral (select * from d where upto > $2 order by date desc limit 1) s on true`,
      [c, offset],
    );
    const { day: first, before } = day.rows[0] as { day: string | null; before: number };
    if (!first) return;
    rows = await query(
      'select * from journal_entries where company_id = $1 and date <= $2 order by date desc, number desc limit $3 offset $4',
      [c, first, PER_PAGE, offset - Number(before)],
    );
  }
  await entriesWithLines(rows.rows.map((r) => Number(r.id)));
}

async function post() {
  const statements = async (q: Query) => {
    const counter = await q(
      'update journal_counters set last_number = last_number + 1 where company_id = $1 returning last_number',
      [c],
    );
    const entry = await q(
      `insert into journal_entries (company_id, number, date, description, total) values ($1, $2, '2026-10-01', 'raw', 1000) returning id`,
      [c, counter.rows[0].last_number],
    );
    await q(
      `insert into journal_lines (company_id, entry_id, line_no, date, account_id, debit, credit) values
       ($1, $2, 1, '2026-10-01', $3, 1000, 0), ($1, $2, 2, '2026-10-01', $4, 0, 1000)`,
      [c, entry.rows[0].id, info.accounts.cash, info.accounts.sales],
    );
  };
  if (driver === 'postgres') {
    const client = await (database.pool as NonNullable<typeof database.pool>).connect();
    try {
      await client.query('begin');
      await statements((text, params) => client.query(text, params));
      await client.query('commit');
    } catch (err) {
      await client.query('rollback');
      throw err;
    } finally {
      client.release();
    }
  } else {
    await (database.pglite as NonNullable<typeof database.pglite>).transaction((tx) =>
      statements((text, params) => tx.query(text, params)),
    );
  }
}

/**
 * A page statement of the app (ADR 0030: one prepared statement, the answer's JSON built by PostgreSQL) run
 * raw: the same text, name and values through the same driver, its text column read as the route reads it.
 */
const dialect = new PgDialect();
function statement(s: PageStatement | undefined): () => Promise<unknown> {
  if (!s) throw new Error('no prepared statement for this case');
  const { sql: text, params } = dialect.sqlToQuery(s.sql(placeholder));
  const values = fillPlaceholders(params, s.values);
  return driver === 'postgres'
    ? () => (database.pool as NonNullable<typeof database.pool>).query({ name: `bench_${s.name}`, text, values })
    : () => (database.pglite as NonNullable<typeof database.pglite>).query(text, values);
}
const journalPage = (page: number) =>
  statement(journalPageStatement(c, journalListQuery.parse({ page: String(page) })));

/** Every signed-in call identifies its caller first: the token lookup (the same query as the auth plugin's). */
const signedIn =
  (work: () => Promise<unknown>): (() => Promise<unknown>) =>
  async () => {
    await query(AUTH, [tokenHash]);
    await work();
  };

const customersPage = statement(
  customersPageStatement(c, customerListQuery.parse({ sort_by: 'id', sort_dir: 'desc' })),
);
const journalFirst = journalPage(1);
const journalMiddle = journalPage(Math.ceil(info.journalPages / 2));
const journalLast = journalPage(info.journalPages);
const showEntry = statement(journalEntryStatement(c, info.entryId));

const RAW: Record<RawCase, () => Promise<unknown>> = {
  health: () => query('select 1'),
  me: signedIn(() => query(ME, [info.userId])),
  customers: signedIn(customersPage),
  'journal-first': signedIn(journalFirst),
  'journal-middle': signedIn(journalMiddle),
  'journal-last': signedIn(journalLast),
  show: signedIn(showEntry),
  post: signedIn(post),
  'customers-before': signedIn(() =>
    Promise.all([
      query('select * from customers where company_id = $1 and deleted_at is null order by id desc limit $2 offset 0', [
        c,
        PER_PAGE,
      ]),
      query('select count(*)::int from customers where company_id = $1 and deleted_at is null', [c]),
    ]),
  ),
  'journal-first-before': signedIn(() => journalPageBefore(1)),
  'journal-middle-before': signedIn(() => journalPageBefore(Math.ceil(info.journalPages / 2))),
  'journal-last-before': signedIn(() => journalPageBefore(info.journalPages)),
  'show-before': signedIn(async () => {
    await query('select * from journal_entries where id = $1 and company_id = $2 limit 1', [info.entryId, c]);
    await entriesWithLines([info.entryId]);
  }),
};

/** Runs `fn` with `connections` concurrent callers for `seconds`; latencies of every call. */
async function loop(fn: () => Promise<unknown>, connections: number, seconds: number): Promise<LoopResult> {
  const latencies: number[] = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await fn();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    seconds: elapsed,
    rps: latencies.length / elapsed,
    p50: pick(0.5),
    p99: pick(0.99),
  };
}

process.on('message', (msg: { type: string; case: RawCase; connections: number; seconds: number; id: number }) => {
  if (msg.type === 'raw') {
    loop(RAW[msg.case], msg.connections, msg.seconds).then(
      (result) => process.send?.({ type: 'raw-result', id: msg.id, result }),
      (err: Error) => process.send?.({ type: 'raw-result', id: msg.id, error: String(err?.stack ?? err) }),
    );
  } else if (msg.type === 'cold-raw') {
    const t = performance.now();
    RAW[msg.case]().then(
      () => process.send?.({ type: 'raw-result', id: msg.id, result: { ms: performance.now() - t } }),
      (err: Error) => process.send?.({ type: 'raw-result', id: msg.id, error: String(err) }),
    );
  } else if (msg.type === 'stop') {
    app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  }
});

process.send?.({ type: 'ready', info: { ...info, port, token } satisfies SetupInfo });
