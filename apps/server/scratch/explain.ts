import { sql } from 'drizzle-orm';
import { openDatabase, runMigrations } from '../src/db/client.js';
import { sqlRows } from '../src/modules/accounting/sql-rows.js';
const database = await openDatabase({ dataDir: process.env.BENCH_DATA_DIR as string });
await runMigrations(database);
const db = database.db;
const [c] = await sqlRows<{ id: number }>(db, sql`select company_id::int as id from journal_lines group by 1 order by count(*) desc limit 1`);
const q = (await import('node:fs')).readFileSync(process.argv[2], 'utf8').replaceAll('$C', String(c.id));
for (const text of q.split(';;')) {
  if (!text.trim()) continue;
  const rows = await sqlRows<Record<string, string>>(db, sql.raw(`explain (analyze, buffers) ${text}`));
  console.log(rows.map((r) => Object.values(r)[0]).join('\n'));
  console.log('-----');
}
await database.close();
