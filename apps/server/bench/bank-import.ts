/**
 * Bank statement import benchmark (part of `npm run bench`): a 100,000-row Shift_JIS bank CSV (SMBC layout)
 * imported end to end — decode, parse, fingerprints, dedupe, rules, store — on the embedded database, beside
 * the decode-only time of the same file, the raw SQL of the same insert, and GET /api/health, all measured in
 * this run. Then the same file again (every row a duplicate). Target (issue 12): ≥ 20,000 rows/s.
 * BENCH_BANK_ROWS sets the size.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { openDatabase, runMigrations } from '../src/db/client.js';
import { bankAccounts, bankRules } from '../src/db/schema/index.js';
import { loadEnv } from '../src/env.js';
import { systemCompanyCtx, systemTenant } from '../src/lib/context.js';
import { MemoryFileStorage } from '../src/lib/storage.js';
import { loadAccounts } from '../src/modules/accounting/accounts.queries.js';
import { importStatement } from '../src/modules/bank-statements/imports.js';
import { decodeStatement, detectParser } from '../src/modules/bank-statements/parsers.js';
import { bankCsvFile, syntheticLines } from '../src/modules/bank-statements/statement-files.js';
import { createCompany, createUser } from '../src/test/harness.js';

const N = Number(process.env.BENCH_BANK_ROWS ?? 100_000);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time<T>(fn: () => Promise<T> | T): Promise<[number, T]> {
  const t = performance.now();
  const v = await fn();
  return [performance.now() - t, v];
}

async function main() {
  const database = await openDatabase({ dataDir: 'memory://' });
  await runMigrations(database);
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    db: database.db,
    driver: database.driver,
    rateLimits: false,
    storage: new MemoryFileStorage(),
  });
  const company = await createCompany(database.db);
  const user = await createUser(database.db, { role: 'company', companyId: company.id });
  const tenant = systemTenant(database.db, company.id);
  const accs = await loadAccounts(tenant);
  const id = (code: string) => accs.find((a) => a.code === code)?.id as number;
  const [ba] = await database.db
    .insert(bankAccounts)
    .values({
      company_id: company.id,
      bank_code: '0009',
      bank_name: '三井住友銀行',
      branch_code: '001',
      branch_name: '本店',
      account_type: '普通',
      account_number: '1234567',
      account_holder: 'カ）ベンチ',
      account_id: id('1120'),
    })
    .returning();
  await database.db.insert(bankRules).values([
    {
      company_id: company.id,
      name: '振込手数料',
      description_contains: 'ﾃｽｳﾘﾖｳ',
      direction: 'out',
      account_id: id('6240'),
      priority: 10,
    },
    {
      company_id: company.id,
      name: 'カード',
      description_regex: '^ｶｰﾄﾞ',
      direction: 'out',
      account_id: id('6220'),
      priority: 20,
    },
    {
      company_id: company.id,
      name: '山田',
      counterparty_contains: 'ﾔﾏﾀﾞ',
      direction: 'in',
      account_id: id('1220'),
      priority: 30,
    },
  ]);

  const file = bankCsvFile('smbc', syntheticLines(N), 10_000_000_000);
  console.log(`bank import: ${N.toLocaleString()} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB Shift_JIS`);

  // baselines
  const health: number[] = [];
  for (let i = 0; i < 50; i++) health.push((await time(() => app.inject({ method: 'GET', url: '/api/health' })))[0]);
  const decode: number[] = [];
  for (let i = 0; i < 5; i++) decode.push((await time(() => new TextDecoder('shift_jis').decode(file)))[0]);
  const parse: number[] = [];
  for (let i = 0; i < 3; i++)
    parse.push(
      (
        await time(() => {
          const input = decodeStatement(file);
          return detectParser(input)?.parse(input);
        })
      )[0],
    );
  // raw SQL of the same store (pre-built rows, one INSERT … SELECT from JSON per 5,000)
  const RAW_N = Math.min(N, 20_000);
  const rows = Array.from({ length: RAW_N }, (_, i) => ({
    l: i + 2,
    d: '2025-04-01',
    r: i % 2 ? 'out' : 'in',
    a: 1000 + i,
    s: `ﾌﾘｺﾐ ﾃｽﾄ${i}`,
    n: `フリコミ テスト${i}`,
    p: null,
    b: null,
    f: `raw${i}`,
  }));
  const [raw] = await time(async () => {
    await database.db
      .transaction(async (tx) => {
        const res = await tx.execute(
          sql`insert into bank_statement_imports (company_id, bank_account_id, format, encoding, file_name, file_size, sha256, storage_key)
            values (${company.id}, ${ba.id}, 'smbc', 'shift_jis', 'raw', 0, '', 'raw') returning id`,
        );
        const imp = (res as unknown as { rows: { id: number }[] }).rows[0];
        for (let i = 0; i < RAW_N; i += 5000) {
          await tx.execute(sql`insert into bank_statement_rows (company_id, import_id, bank_account_id, line_no, date, direction, amount,
            description, description_search, counterparty_name, balance, fingerprint)
          select ${company.id}, ${imp.id}, ${ba.id}, x.l, x.d::date, x.r, x.a, x.s, x.n, x.p, x.b, x.f
          from json_to_recordset(${JSON.stringify(rows.slice(i, i + 5000))}::json)
            as x(l int, d text, r text, a bigint, s text, n text, p text, b bigint, f text)
          on conflict (bank_account_id, fingerprint) do nothing`);
        }
        throw new Rollback();
      })
      .catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
  });

  const ctx = { ...systemCompanyCtx(database.db, company.id, user.id), deps: app.deps };
  const input = {
    bytes: file,
    file_name: 'bench.csv',
    bank_account_id: ba.id,
    format: 'auto',
    dry_run: false,
    background: false,
  };
  const [e2e, imp] = await time(() => importStatement({ ctx, input }));
  const [again, imp2] = await time(() => importStatement({ ctx, input }));

  const rate = (ms: number) => Math.round(N / (ms / 1000));
  const out = {
    rows: N,
    file_mb: +(file.length / 1024 / 1024).toFixed(1),
    health_p50_ms: +median(health).toFixed(2),
    decode_only_ms: Math.round(median(decode)),
    decode_parse_fingerprint_ms: Math.round(median(parse)),
    raw_sql_insert_rows: RAW_N,
    raw_sql_insert_ms: Math.round(raw),
    raw_sql_rows_per_s: Math.round(RAW_N / (raw / 1000)),
    end_to_end_ms: Math.round(e2e),
    end_to_end_rows_per_s: rate(e2e),
    ratio_to_decode_only: +(e2e / median(decode)).toFixed(1),
    imported: imp.imported_rows,
    reimport_all_duplicates_ms: Math.round(again),
    reimport_rows_per_s: rate(again),
    reimport_skipped: imp2.skipped_rows,
  };
  console.table(out);
  console.log(
    out.end_to_end_rows_per_s >= 20_000 ? 'OK: ≥ 20,000 rows/s' : 'BELOW TARGET: < 20,000 rows/s',
    JSON.stringify(out),
  );
  await app.close();
  await database.close();
}

class Rollback extends Error {}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
