/**
 * 全銀 file benchmark (part of `npm run bench`, issue 28): 2,000 suppliers with bank accounts in one company;
 * p50/p95 of reading their rows (the baseline), of the core writer alone (zenginTransferFile: names
 * converted, 2,003 records, Shift_JIS bytes), and of both together, measured in the same run.
 * Target: a 2,000-transfer file ≤ 200 ms. BENCH_TRANSFERS / BENCH_RUNS make it smaller.
 */
import { performance } from 'node:perf_hooks';
import { type ZenginTransfer, zenginTransferFile } from '@chobo/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import { type Database, openDatabase, runMigrations } from '../src/db/client.js';
import { customers } from '../src/db/schema/index.js';
import { createCompany } from '../src/test/harness.js';
import { onPostgresIfReachable } from './on-postgres.js';
import { stats } from './support.js';

const N = Number(process.env.BENCH_TRANSFERS ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const requester = {
  code: '0123456789',
  name_kana: 'カブシキガイシャ チョウボ',
  bank_code: '0001',
  bank_name_kana: 'ミズホ',
  branch_code: '100',
  branch_name_kana: 'ホンテン',
  account_type: 1,
  account_number: '7654321',
} as const;

async function run(label: string, open: () => Promise<Database>) {
  const database = await open();
  await runMigrations(database);
  const company = await createCompany(database.db, {});
  await database.db.insert(customers).values(
    Array.from({ length: N }, (_, i) => ({
      company_id: company.id,
      name: `株式会社ベンチ${i}`,
      used_for: 2,
      bank_code: '0005',
      bank_name: '三菱ＵＦＪ',
      bank_name_kana: 'ミツビシユ－エフジエイ',
      bank_branch_code: '001',
      bank_branch_name: '本店',
      bank_branch_name_kana: 'ホンテン',
      bank_account_type: 1,
      bank_account_number: String(i).padStart(7, '0'),
      bank_holder_kana: `ｶ)ﾍﾞﾝﾁｼﾖｳｼﾞ${i}`,
      bank_fee_bearer: i % 2 ? 'ours' : 'theirs',
    })),
  );
  const read = () =>
    database.db
      .select()
      .from(customers)
      .where(and(eq(customers.company_id, company.id), isNotNull(customers.bank_code)))
      .orderBy(customers.id);
  const transfersOf = (rows: Awaited<ReturnType<typeof read>>): ZenginTransfer[] =>
    rows.map((r, i) => ({
      bank_code: r.bank_code as string,
      bank_name_kana: r.bank_name_kana as string,
      branch_code: r.bank_branch_code as string,
      branch_name_kana: r.bank_branch_name_kana as string,
      account_type: r.bank_account_type as 1,
      account_number: r.bank_account_number as string,
      holder_kana: r.bank_holder_kana as string,
      amount: 10_000 + i,
    }));
  const rows0 = await read();
  const transfers = transfersOf(rows0);
  const file = (t: ZenginTransfer[]) =>
    zenginTransferFile({ kind: 21, requester, transfer_date: '2026-12-25', transfers: t });
  // the first file converts every name (toZenginKana keeps the results: later files reuse them)
  const cold = performance.now();
  const bytes = file(transfers).length;
  const coldMs = performance.now() - cold;

  const table: Record<string, string>[] = [];
  let baseline = 0;
  const measure = async (name: string, fn: () => Promise<unknown> | unknown) => {
    for (let i = 0; i < 3; i++) await fn();
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await fn();
      samples.push(performance.now() - t);
    }
    const s = stats(samples);
    if (!baseline) baseline = s.p50;
    table.push({
      case: name,
      'p50 ms': s.p50.toFixed(2),
      'p95 ms': s.p95.toFixed(2),
      '× baseline p50': (s.p50 / baseline).toFixed(1),
    });
  };
  await measure(`baseline: read the ${N} suppliers' rows`, read);
  await measure(`zenginTransferFile alone (${N} transfers, ${bytes} bytes)`, () => file(transfers));
  await measure(`read the rows + write the file (${N} transfers)`, async () => file(transfersOf(await read())));
  table.push({ case: `first file, every name converted (one call, ${N} transfers)`, 'p50 ms': coldMs.toFixed(2) });
  console.log(`\n${label}: ${N} transfers`);
  console.table(table);
  await database.close();
}

await run('zengin — embedded PGlite (in memory)', () => openDatabase({ dataDir: 'memory://' }));
await onPostgresIfReachable('zengin — PostgreSQL', run);
