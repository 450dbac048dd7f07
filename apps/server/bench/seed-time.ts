/**
 * `npx tsx bench/seed-time.ts`: migrations + the demo data of a first start on an empty embedded database
 * (in memory), wall and CPU seconds, the seed as it runs at start-up (bulk) beside the same seed with the
 * actions' savepoints and one audit write per change (the baseline), in the same run;
 * `before` = bulk as it was before ADR 0024 (no read cache, the journal's triggers row by row). BENCH_SEED_DIR=<dir>: on disk in a new
 * folder under it instead of in memory. BENCH_SEED_VARIANTS: "bulk,plain" (default), or any of bulk,main,before,plain
 * (`main` = bulk with PGlite's own query() for every statement, before ADR 0031). The ways: bench/seed-ways.ts.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, runMigrations } from '../src/db/client.js';
import { seedIfEmpty } from '../src/db/seed/seed.js';
import { ensureChartsOfAccounts } from '../src/modules/accounting/chart-of-accounts.js';
import { sqlRows } from '../src/modules/accounting/sql-rows.js';
import { verifyAuditChains } from '../src/modules/audit-logs/audit-verify.js';
import { isSeedWay, SEED_WAYS } from './seed-ways.js';

const variants = (process.env.BENCH_SEED_VARIANTS ?? 'bulk,plain').split(',').map((v) => {
  if (!isSeedWay(v)) throw new Error(`BENCH_SEED_VARIANTS: ${v} is none of ${Object.keys(SEED_WAYS).join(', ')}`);
  return v;
});
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
/** CPU seconds of this process's main thread (Linux; NaN elsewhere): the seed's critical path. */
function mainThreadCpu(): number {
  try {
    const stat = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
console.log('| variant | wall s | CPU s (all threads) | main thread CPU s | load average before → after |');
console.log('| --- | --- | --- | --- | --- |');
for (const variant of variants) {
  const database = await openDatabase({
    dataDir: process.env.BENCH_SEED_DIR ? mkdtempSync(`${process.env.BENCH_SEED_DIR}/seed-`) : 'memory://',
  });
  const cpu0 = process.cpuUsage();
  const main0 = mainThreadCpu();
  const t0 = performance.now();
  const loadBefore = load();
  // what prepareDatabase does at a first start (migrations, seed, charts of accounts), the seed written `variant`'s way
  await runMigrations(database);
  await seedIfEmpty(
    database.db,
    {
      adminEmail: 'admin@example.com',
      adminPassword: 'bench-pass-2026',
      demo: true,
      demoPassword: 'bench-pass-2026',
      progress: (l) => console.log(l),
    },
    SEED_WAYS[variant],
  );
  await ensureChartsOfAccounts(database.db);
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `| ${variant} | ${((performance.now() - t0) / 1000).toFixed(1)} | ${((cpu.user + cpu.system) / 1e6).toFixed(1)} | ${(mainThreadCpu() - main0).toFixed(1)} | ${loadBefore} → ${load()} |`,
  );
  // the books and the audit trail must be the same either way: a digest of each table (created_at aside)
  const digest = async (query: string) =>
    (
      await sqlRows<{ d: string }>(
        database.db,
        sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from (${query}) t`),
      )
    )[0].d.slice(0, 12);
  const digests = {
    entries: await digest(
      'select id, company_id, number, date, description, kind, reversal_of_id, total, source_type, source_id from journal_entries',
    ),
    lines: await digest(
      'select entry_id, line_no, date, kind, account_id, debit, credit, tax_category, customer_id, memo from journal_lines',
    ),
    daily: await digest('select * from account_daily_balances'),
    monthly: await digest('select * from account_monthly_balances'),
    counts: await digest('select * from journal_daily_counts'),
    totals: await digest('select * from company_journal_totals'),
    sales: await digest(
      'select id, number, customer_id, transaction_date, status, journal_entry_id from sales_transactions',
    ),
    payments: await digest('select id, direction, date, amount, journal_entry_id from payments'),
    documents: await digest('select id, document_type, amount, journal_entry_id from transaction_documents'),
    auditRows: await digest('select id, company_id, actor_user_id, action, target_type, target_id from audit_logs'),
    audit: await digest(
      'select id, company_id, actor_user_id, action, target_type, target_id, before, after, ip from audit_logs',
    ),
  };
  // the audit rows' content with what differs from run to run masked: timestamps, file hashes, storage keys
  const mask = (_k: string, v: unknown) =>
    typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(v)
      ? 'T'
      : typeof v === 'string' && /^[0-9a-f]{64}$/.test(v)
        ? 'H'
        : typeof v === 'string' && /^(ocr-documents|transaction-documents|bank-statements|documents)\//.test(v)
          ? 'K'
          : v;
  const auditRows = await sqlRows<{ id: number; before: unknown; after: unknown; action: string }>(
    database.db,
    sql`select id, action, before, after from audit_logs order by id`,
  );
  (digests as Record<string, string>).auditContent = createHash('md5')
    .update(JSON.stringify(auditRows, mask))
    .digest('hex')
    .slice(0, 12);
  console.log(
    `${variant} digests ${JSON.stringify(digests)}; audit chains ok: ${(await verifyAuditChains(database.db)).ok}`,
  );
  await database.close();
}
