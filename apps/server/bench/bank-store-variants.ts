/**
 * Bank statement store variants on the embedded database (issue 12 speed): the same 100,000 parsed rows and
 * fingerprints stored by each way measured in ONE run, each into its own bank account of one company, the
 * statements alone timed (rows and fingerprints built beforehand): the unnest INSERT … ON CONFLICT of ADR
 * 0022, the same without ON CONFLICT (dedupe in JS against the fingerprints fetched once), COPY … FROM
 * '/dev/blob' (PGlite's `blob` query option) into the table, and COPY into a temporary staging table then
 * INSERT … SELECT … ON CONFLICT; the cost of migration 0026's counting triggers (and of an index on
 * unconfirmed rows instead), and the home's count three ways. BENCH_BANK_ROWS sets the size, BENCH_BANK_CHUNK the rows per statement.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openDatabase, runMigrations } from '../src/db/client.js';
import { bankAccounts } from '../src/db/schema/index.js';
import { arrayLiteral, copyCsv, fingerprints } from '../src/modules/bank-statements/imports.js';
import {
  decodeStatement,
  detectParser,
  normalizeText,
  type ParsedRow,
} from '../src/modules/bank-statements/parsers.js';
import { bankCsvFile, syntheticLines } from '../src/modules/bank-statements/statement-files.js';
import { createCompany } from '../src/test/harness.js';

const N = Number(process.env.BENCH_BANK_ROWS ?? 100_000);
const CH = Number(process.env.BENCH_BANK_CHUNK ?? 10_000);
const load = () => (os.loadavg()[0] ?? 0).toFixed(1);
const UNCONFIRMED_IDX = `create index bank_statement_rows_company_unconfirmed_idx on bank_statement_rows
  (company_id, import_id, amount) where status = 'unconfirmed'`;
const COLS = `company_id, import_id, bank_account_id, line_no, date, direction, amount, description,
  description_search, counterparty_name, balance, fingerprint, rule_id`;

async function main() {
  const file = bankCsvFile('smbc', syntheticLines(N), 10_000_000_000);
  const input = decodeStatement(file);
  const rows = detectParser(input)?.parse(input).rows as ParsedRow[];
  const prints = fingerprints(rows);
  const search = rows.map((r) => normalizeText(r.description));
  const database = await openDatabase({ dataDir: 'memory://' });
  await runMigrations(database);
  const pglite = database.pglite as PGlite;
  const company = await createCompany(database.db);
  const results: Record<string, string> = { rows: String(N), chunk: String(CH), load_before: load() };

  const newTarget = async (n: string) => {
    const [ba] = await database.db
      .insert(bankAccounts)
      .values({
        company_id: company.id,
        bank_code: '0009',
        bank_name: '三井住友銀行',
        branch_code: '001',
        branch_name: '本店',
        account_type: '普通',
        account_number: n,
        account_holder: 'カ）ベンチ',
      })
      .returning();
    const r = await pglite.query<{ id: number }>(
      `insert into bank_statement_imports (company_id, bank_account_id, format, encoding, file_name, file_size, sha256, storage_key, status)
       values ($1, $2, 'smbc', 'shift_jis', 'v', 0, '', 'v', 'processing') returning id`,
      [company.id, ba.id],
    );
    return { ba: ba.id, imp: r.rows[0].id };
  };
  const unnest = (t: { ba: number; imp: number }, conflict: boolean) => {
    return `insert into bank_statement_rows (${COLS}) select ${company.id}, ${t.imp}, ${t.ba}, x.*
      from unnest($1::int[], $2::date[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::text[], $10::int[]) as x
      ${conflict ? 'on conflict (bank_account_id, fingerprint) do nothing' : ''}`;
  };
  const unnestParams = (i: number) => {
    const c = rows.slice(i, i + CH);
    return [
      arrayLiteral(c.map((r) => r.line_no)),
      arrayLiteral(c.map((r) => r.date)),
      arrayLiteral(c.map((r) => r.direction)),
      arrayLiteral(c.map((r) => r.amount)),
      arrayLiteral(c.map((r) => r.description)),
      arrayLiteral(search.slice(i, i + CH)),
      arrayLiteral(c.map((r) => r.counterparty_name)),
      arrayLiteral(c.map((r) => r.balance)),
      arrayLiteral(prints.slice(i, i + CH)),
      arrayLiteral(c.map(() => null)),
    ];
  };
  const csvOf = (t: { ba: number; imp: number }, i: number) =>
    copyCsv(
      rows
        .slice(i, i + CH)
        .map((r, k) => [
          company.id,
          t.imp,
          t.ba,
          r.line_no,
          r.date,
          r.direction,
          r.amount,
          r.description,
          search[i + k],
          r.counterparty_name,
          r.balance,
          prints[i + k],
          null,
        ]),
    );

  const variants: [string, (t: { ba: number; imp: number }) => Promise<number>][] = [
    [
      'unnest insert on conflict (ADR 0022), 1 transaction per chunk',
      async (t) => {
        const built = [];
        for (let i = 0; i < rows.length; i += CH) built.push([unnest(t, true), unnestParams(i)] as const);
        const s = performance.now();
        for (const [q, p] of built) await pglite.transaction(async (tx) => void (await tx.query(q, p)));
        return performance.now() - s;
      },
    ],
    [
      'unnest insert, no on conflict',
      async (t) => {
        const built = [];
        for (let i = 0; i < rows.length; i += CH) built.push([unnest(t, false), unnestParams(i)] as const);
        const s = performance.now();
        for (const [q, p] of built) await pglite.transaction(async (tx) => void (await tx.query(q, p)));
        return performance.now() - s;
      },
    ],
    [
      'unnest insert, no on conflict, without the counting triggers (0026)',
      async (t) => {
        const built = [];
        for (let i = 0; i < rows.length; i += CH) built.push([unnest(t, false), unnestParams(i)] as const);
        await pglite.exec('alter table bank_statement_rows disable trigger bank_rows_unconfirmed_ins');
        try {
          const s = performance.now();
          for (const [q, p] of built) await pglite.transaction(async (tx) => void (await tx.query(q, p)));
          return performance.now() - s;
        } finally {
          await pglite.exec('alter table bank_statement_rows enable trigger bank_rows_unconfirmed_ins');
        }
      },
    ],
    [
      'unnest insert, no on conflict, with the triggers and an index on unconfirmed rows',
      async (t) => {
        const built = [];
        for (let i = 0; i < rows.length; i += CH) built.push([unnest(t, false), unnestParams(i)] as const);
        await pglite.exec(UNCONFIRMED_IDX);
        try {
          const s = performance.now();
          for (const [q, p] of built) await pglite.transaction(async (tx) => void (await tx.query(q, p)));
          return performance.now() - s;
        } finally {
          await pglite.exec('drop index bank_statement_rows_company_unconfirmed_idx');
        }
      },
    ],
    [
      'COPY from /dev/blob into the table',
      async (t) => {
        const built = [];
        for (let i = 0; i < rows.length; i += CH) built.push(new Blob([csvOf(t, i)]));
        const s = performance.now();
        for (const blob of built)
          await pglite.transaction(
            async (tx: Transaction) =>
              void (await tx.query(`copy bank_statement_rows (${COLS}) from '/dev/blob' with (format csv)`, [], {
                blob,
              })),
          );
        return performance.now() - s;
      },
    ],
    [
      'COPY into a temp staging table + insert select on conflict',
      async (t) => {
        const built = [];
        for (let i = 0; i < rows.length; i += CH) built.push(new Blob([csvOf(t, i)]));
        const s = performance.now();
        for (const blob of built)
          await pglite.transaction(async (tx: Transaction) => {
            await tx.query(
              `create temp table if not exists bank_rows_stage on commit delete rows as select ${COLS} from bank_statement_rows limit 0`,
            );
            await tx.query(`copy bank_rows_stage (${COLS}) from '/dev/blob' with (format csv)`, [], { blob });
            await tx.query(
              `insert into bank_statement_rows (${COLS}) select ${COLS} from bank_rows_stage on conflict (bank_account_id, fingerprint) do nothing`,
            );
          });
        return performance.now() - s;
      },
    ],
    [
      'COPY from /dev/blob, whole file in one statement',
      async (t) => {
        const blob = new Blob(
          [csvOf(t, 0)].concat(
            Array.from({ length: Math.ceil(rows.length / CH) - 1 }, (_, k) => csvOf(t, (k + 1) * CH)),
          ),
        );
        const s = performance.now();
        await pglite.query(`copy bank_statement_rows (${COLS}) from '/dev/blob' with (format csv)`, [], { blob });
        return performance.now() - s;
      },
    ],
  ];
  // BENCH_ROUNDS=0: only the home's count below
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  let n = 0;
  for (let round = 0; round < rounds; round++) {
    for (const [label, run] of variants) {
      const t = await newTarget(String(1000000 + n++));
      const ms = await run(t);
      const stored = (
        await pglite.query<{ n: number }>('select count(*)::int as n from bank_statement_rows where import_id = $1', [
          t.imp,
        ])
      ).rows[0].n;
      if (stored !== N) throw new Error(`${label}: ${stored} rows stored`);
      results[`${label} #${round + 1}`] = `${Math.round(ms)} ms = ${Math.round(N / (ms / 1000))} rows/s`;
      console.log(`${label} #${round + 1}: ${results[`${label} #${round + 1}`]} (load ${load()})`);
      await pglite.query('delete from bank_statement_rows where import_id = $1', [t.imp]);
      await pglite.exec('vacuum bank_statement_rows');
    }
  }
  // the home's count of unconfirmed rows over 100,000 stored rows: from the rows (before 0026), from the
  // rows with an index on unconfirmed rows, and from the counts each import keeps (0026, dashboard.ts)
  const t = await newTarget('9999999');
  for (let i = 0; i < rows.length; i += CH)
    await pglite.transaction(async (tx) => void (await tx.query(unnest(t, false), unnestParams(i))));
  await pglite.query(`update bank_statement_imports set status = 'imported' where id = $1`, [t.imp]);
  await pglite.exec('vacuum analyze bank_statement_rows');
  const fromRows = `select count(*)::int as n, coalesce(sum(amount), 0) as a from bank_statement_rows
    where company_id = $1 and status = 'unconfirmed'
      and import_id in (select id from bank_statement_imports where company_id = $1 and status = 'imported')`;
  const fromCounts = `select coalesce(sum(unconfirmed_rows), 0)::int as n, coalesce(sum(unconfirmed_amount), 0) as a
    from bank_statement_imports where company_id = $1 and status = 'imported'`;
  const timeDash = async (q: string) => {
    const xs: number[] = [];
    for (let i = 0; i < 21; i++) {
      const s = performance.now();
      const r = await pglite.query<{ n: number }>(q, [company.id]);
      xs.push(performance.now() - s);
      if (r.rows[0].n !== N) throw new Error(`dashboard counted ${r.rows[0].n}`);
    }
    return `${xs.sort((a, b) => a - b)[10].toFixed(2)} ms (median of 21)`;
  };
  results['home count from the rows'] = await timeDash(fromRows);
  await pglite.exec(UNCONFIRMED_IDX);
  await pglite.exec('vacuum analyze bank_statement_rows');
  results['home count from the rows, with the unconfirmed index'] = await timeDash(fromRows);
  await pglite.exec('drop index bank_statement_rows_company_unconfirmed_idx');
  results['home count from the kept counts (0026)'] = await timeDash(fromCounts);
  results.load_after = load();
  console.table(results);
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
