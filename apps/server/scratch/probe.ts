import { sql } from 'drizzle-orm';
import { openDatabase, runMigrations } from '../src/db/client.js';
import { sqlRows } from '../src/modules/accounting/sql-rows.js';
import { createUser, signIn } from '../src/test/harness.js';
import { benchApp } from '../bench/support.js';

const database = await openDatabase({ dataDir: process.env.BENCH_DATA_DIR as string });
await runMigrations(database);
const db = database.db;
const app = await benchApp(database);
const [c] = await sqlRows<{ id: number }>(db, sql`select company_id::int as id from journal_lines group by 1 order by count(*) desc limit 1`);
const owner = await createUser(db, { role: 'company', companyId: c.id });
const [fy] = await sqlRows<{ id: number }>(db, sql`select id from fiscal_years where company_id = ${c.id} and start_date = '2025-04-01'`);
const headers = { authorization: `Bearer ${await signIn(app, owner.email, 'correct-horse-42')}` };
const client = (db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
const original = client.query;
const log: [number, string][] = [];
const wrap = (target: { query: (...a: unknown[]) => Promise<unknown> }) => {
  const orig = target.query;
  target.query = async function (this: unknown, ...args: unknown[]) {
    const t = performance.now();
    try { return await orig.apply(this, args); } finally {
      const q = args[0] as string | { text: string };
      log.push([performance.now() - t, 'TX ' + (typeof q === 'string' ? q : q.text).replace(/\s+/g, ' ').slice(0, 160)]);
    }
  } as typeof target.query;
};
const c2 = client as unknown as { transaction: (cb: (tx: unknown) => Promise<unknown>) => Promise<unknown> };
const origTx = c2.transaction;
c2.transaction = function (this: unknown, cb: (tx: unknown) => Promise<unknown>) {
  return origTx.call(this, (tx: unknown) => { wrap(tx as never); return cb(tx); });
} as typeof c2.transaction;
client.query = async function (this: unknown, ...args: unknown[]) {
  const t = performance.now();
  try { return await original.apply(this, args); } finally {
    const q = args[0] as string | { text: string };
    log.push([performance.now() - t, (typeof q === 'string' ? q : q.text).replace(/\s+/g, ' ').slice(0, 160)]);
  }
} as typeof client.query;
for (let i = 0; i < 6; i++) {
  if (process.env.SCAN && i >= 3) { const { journalLineScan } = await import('../src/modules/consumption-tax/consumption-tax-fill.js'); await journalLineScan(db, c.id, '2025-04-01', '2026-03-31'); }
  log.length = 0;
  const t = performance.now();
  const res = await app.inject({ method: 'POST', url: `/api/company/consumption-tax-returns/${fy.id}/fill`, headers, payload: {} });
  console.log('fill', res.statusCode, (performance.now() - t).toFixed(1), 'ms; statements', log.length, 'sum', log.reduce((s, l) => s + l[0], 0).toFixed(1));
}
for (const [ms, q] of [...log].sort((a, b) => b[0] - a[0]).slice(0, 12)) console.log(ms.toFixed(1).padStart(8), q);
client.query = original;
if (process.env.EXPLAIN) {
  for (const text of process.env.EXPLAIN.split('|||')) {
    const rows = await sqlRows<Record<string, string>>(db, sql.raw(`explain (analyze, buffers) ${text}`));
    console.log(rows.map((r) => Object.values(r)[0]).join('\n'));
  }
}
await app.close();
await database.close();
