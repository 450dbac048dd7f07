/**
 * What posting one journal entry costs in the database, and the triggers' share:
 * `cd apps/server && npx tsx bench/post-cost.ts` (PostgreSQL at BENCH_ADMIN_URL, its own database
 * BENCH_DB, dropped after). The same transaction (counter + entry + three lines) with the triggers
 * (balanced check, daily/monthly balances, company total, daily entry counts, the journal version of
 * ADR 0037, the per-day sums by 税区分 of ADR 0059), with all of them but the journal version's (those two disabled
 * for the block), all but the per-day sums by 税区分 (its insert trigger disabled), and with them off
 * (`session_replication_role = replica`), in alternating blocks; p50 of each. The entry is a taxable sale (net
 * line 課税売上10% and its 仮受消費税等 line). BENCH_DB names the database (default chobo_bench_speed).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase, runMigrations } from '../src/db/client.js';
import { systemTenant } from '../src/lib/context.js';
import { seedDefaultAccounts } from '../src/modules/accounting/chart-of-accounts.js';
import { createCompany } from '../src/test/harness.js';

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const N = Number(process.env.BENCH_RUNS ?? 100);
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
/** the bench's own database (BENCH_DB), dropped after */
const DB = process.env.BENCH_DB ?? 'chobo_bench_speed';
if (!/^[a-z_][a-z0-9_]*$/.test(DB)) throw new Error(`BENCH_DB: ${DB}`);
await admin.query(`drop database if exists ${DB}`);
await admin.query(`create database ${DB}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${DB}`;
const database = await openDatabase({ databaseUrl: url.toString() });
try {
  await runMigrations(database);
  const company = await createCompany(database.db, { fiscal_year_end_month: 3 });
  await seedDefaultAccounts(systemTenant(database.db, company.id));
  const client = await (database.pool as pg.Pool).connect();
  const ids = Object.fromEntries(
    (await client.query('select code, id from accounts where company_id = $1', [company.id])).rows.map((r) => [
      r.code,
      r.id,
    ]),
  );
  await client.query('insert into journal_counters (company_id, last_number) values ($1, 0) on conflict do nothing', [
    company.id,
  ]);
  const post = async (triggers: boolean) => {
    const t = performance.now();
    await client.query('begin');
    if (!triggers) await client.query('set local session_replication_role = replica');
    const c = await client.query(
      'update journal_counters set last_number = last_number + 1 where company_id = $1 returning last_number',
      [company.id],
    );
    const e = await client.query(
      `insert into journal_entries (company_id, number, date, description, total) values ($1, $2, '2026-10-01', 'bench', 1100) returning id`,
      [company.id, c.rows[0].last_number],
    );
    // a taxable sale as the form books it (税抜経理): net 課税売上10% and its 仮受消費税等 line after it
    await client.query(
      `insert into journal_lines (company_id, entry_id, line_no, date, account_id, debit, credit, tax_category) values
       ($1, $2, 1, '2026-10-01', $3, 1100, 0, 'none'), ($1, $2, 2, '2026-10-01', $4, 0, 1000, 'sales_10'),
       ($1, $2, 3, '2026-10-01', $5, 0, 100, 'none')`,
      [company.id, e.rows[0].id, ids['1120'], ids['4110'], ids['2210']],
    );
    await client.query('commit');
    return performance.now() - t;
  };
  const with_: number[] = [];
  const noVersion: number[] = [];
  const noTaxSums: number[] = [];
  const without: number[] = [];
  const versionTriggers = async (on: boolean) => {
    const verb = on ? 'enable' : 'disable';
    await client.query(`alter table journal_lines ${verb} trigger journal_lines_version`);
    await client.query(`alter table journal_entries ${verb} trigger journal_entries_version`);
  };
  const taxSumsTriggers = async (on: boolean) => {
    const verb = on ? 'enable' : 'disable';
    await client.query(`alter table journal_lines ${verb} trigger journal_lines_tax_sums_insert`);
  };
  for (let i = 0; i < 10; i++) await post(true);
  for (let block = 0; block < 10; block++) {
    for (let i = 0; i < N / 10; i++) with_.push(await post(true));
    await versionTriggers(false);
    for (let i = 0; i < N / 10; i++) noVersion.push(await post(true));
    await versionTriggers(true);
    await taxSumsTriggers(false);
    for (let i = 0; i < N / 10; i++) noTaxSums.push(await post(true));
    await taxSumsTriggers(true);
    for (let i = 0; i < N / 10; i++) without.push(await post(false));
  }
  client.release();
  const p50 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}; ${N} postings each, alternating blocks of ${N / 10}`,
  );
  console.log(`| posting (one transaction: counter, entry, three lines of a taxable sale) | p50 ms |\n| --- | --- |`);
  console.log(
    `| with the triggers | ${p50(with_).toFixed(2)} |\n| without the journal version's (ADR 0037) | ${p50(noVersion).toFixed(2)} |\n| without the per-day sums by 税区分 (ADR 0059) | ${p50(noTaxSums).toFixed(2)} |\n| triggers off (replica) | ${p50(without).toFixed(2)} |`,
  );
  console.log(`| the triggers' share | ${(p50(with_) - p50(without)).toFixed(2)} |`);
  console.log(`| of it the per-day sums by 税区分 | ${(p50(with_) - p50(noTaxSums)).toFixed(2)} |`);
} finally {
  await database.close();
  await admin.query(`drop database if exists ${DB}`);
  await admin.end();
}
