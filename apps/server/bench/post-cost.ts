/**
 * What posting one journal entry costs in the database, and the triggers' share:
 * `cd apps/server && npx tsx bench/post-cost.ts` (PostgreSQL at BENCH_ADMIN_URL, its own database
 * chobo_bench_speed, dropped after). The same transaction (counter + entry + two lines) with the triggers
 * (balanced check, daily/monthly balances, company total, daily entry counts, the journal version of
 * ADR 0037), with all of them but the journal version's (those two disabled for the block), and with them off
 * (`session_replication_role = replica`), in alternating blocks; p50 of each.
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
await admin.query('drop database if exists chobo_bench_speed');
await admin.query('create database chobo_bench_speed');
const url = new URL(ADMIN_URL);
url.pathname = '/chobo_bench_speed';
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
      `insert into journal_entries (company_id, number, date, description, total) values ($1, $2, '2026-10-01', 'bench', 1000) returning id`,
      [company.id, c.rows[0].last_number],
    );
    await client.query(
      `insert into journal_lines (company_id, entry_id, line_no, date, account_id, debit, credit) values
       ($1, $2, 1, '2026-10-01', $3, 1000, 0), ($1, $2, 2, '2026-10-01', $4, 0, 1000)`,
      [company.id, e.rows[0].id, ids['1120'], ids['4110']],
    );
    await client.query('commit');
    return performance.now() - t;
  };
  const with_: number[] = [];
  const noVersion: number[] = [];
  const without: number[] = [];
  const versionTriggers = async (on: boolean) => {
    const verb = on ? 'enable' : 'disable';
    await client.query(`alter table journal_lines ${verb} trigger journal_lines_version`);
    await client.query(`alter table journal_entries ${verb} trigger journal_entries_version`);
  };
  for (let i = 0; i < 10; i++) await post(true);
  for (let block = 0; block < 10; block++) {
    for (let i = 0; i < N / 10; i++) with_.push(await post(true));
    await versionTriggers(false);
    for (let i = 0; i < N / 10; i++) noVersion.push(await post(true));
    await versionTriggers(true);
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
  console.log(`| posting (one transaction: counter, entry, two lines) | p50 ms |\n| --- | --- |`);
  console.log(
    `| with the triggers | ${p50(with_).toFixed(2)} |\n| without the journal version's (ADR 0037) | ${p50(noVersion).toFixed(2)} |\n| triggers off (replica) | ${p50(without).toFixed(2)} |`,
  );
  console.log(`| the triggers' share | ${(p50(with_) - p50(without)).toFixed(2)} |`);
} finally {
  await database.close();
  await admin.query('drop database if exists chobo_bench_speed');
  await admin.end();
}
