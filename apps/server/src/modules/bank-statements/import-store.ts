import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { bankStatementImports } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { arrayLiteral } from '../../lib/sql.js';
import { sqlRows } from '../accounting/sql-rows.js';
import { type DescriptionForms, descriptionForms } from './fingerprints.js';
import type { ParsedRow } from './formats/index.js';
import { firstRule } from './rules.js';
import { loadCompiledRules } from './suggestions.js';
import { visibleImports } from './visibility.js';

/**
 * Storing a checked file's rows (docs/adr/0027): duplicates left out, the rest in chunks of one INSERT each; the
 * chunked path of a background job; what a failed store leaves deleted.
 */

/**
 * Rows per INSERT (and, for a job, per transaction): large enough that per-statement costs vanish, small
 * enough that on the embedded database (one connection) other requests wait at most one chunk's store.
 */
const CHUNK = 5_000;

/**
 * Which of a file's fingerprints a bank account already holds: one query per 10,000 (one array parameter,
 * the unique index). Rows of an import still 'processing' do not count (they may yet be deleted).
 */
export async function storedFingerprints(tenant: Tenant, bankAccountId: number, prints: readonly string[]) {
  const existing = new Set<string>();
  for (let i = 0; i < prints.length; i += 10_000) {
    const rows = await sqlRows<{ f: string }>(
      tenant.db,
      sql`select fingerprint as f from bank_statement_rows where bank_account_id = ${bankAccountId}
        and fingerprint = any(${arrayLiteral(prints.slice(i, i + 10_000))}::text[])
        and import_id in ${visibleImports(tenant.companyId)}`,
    );
    for (const r of rows) existing.add(r.f);
  }
  return existing;
}

/** Test seam: awaited by a job between two chunks (after one's transaction committed, before the next). */
export const importHooks: { betweenChunks: ((importId: number, processed: number) => Promise<void>) | null } = {
  betweenChunks: null,
};

/** Moved to lib/sql.ts (the registry import uses it too). */
export { arrayLiteral };

/**
 * Rows as COPY … WITH (FORMAT csv) text: numbers bare, strings always quoted ("" inside), null as an empty
 * unquoted field (so an empty string stays an empty string).
 */
export function copyCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  let out = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (i) out += ',';
      if (v === null) continue;
      if (typeof v === 'number') out += String(v);
      else out += `"${v.includes('"') ? v.replace(/"/g, '""') : v}"`;
    }
    out += '\n';
  }
  return out;
}

/**
 * Stores a checked file's rows: the fingerprints the bank account already holds fetched once and those rows
 * left out in JS (so a re-import writes nothing), the rest in chunks of ONE plain
 * `INSERT … SELECT FROM unnest($1::int[], $2::date[], …)` each (one array parameter per column, the same
 * statement on PGlite and PostgreSQL; the unique index still refuses a duplicate that slipped through, which
 * fails the import), the first matching rule noted on each row, the NFKC forms of each distinct description
 * computed once (`forms`). Without `chunked` every chunk runs on `tenant.db` (the caller's transaction);
 * with it (the job of a large file, docs/adr/0027) each chunk is its own short transaction that also writes
 * the import's `processed_rows`, and `importHooks.betweenChunks` runs between them. Answers how many rows
 * were added.
 */
export async function storeRows(
  tenant: Tenant,
  importId: number,
  bankAccountId: number,
  rows: ParsedRow[],
  prints: string[],
  forms: Map<string, DescriptionForms>,
  opts: { chunked?: boolean } = {},
): Promise<number> {
  const rules = await loadCompiledRules(tenant);
  const existing = await storedFingerprints(tenant, bankAccountId, prints);
  let added = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const end = Math.min(rows.length, i + CHUNK);
    const cols = {
      l: [] as number[],
      d: [] as string[],
      r: [] as string[],
      a: [] as number[],
      s: [] as string[],
      n: [] as string[],
      p: [] as (string | null)[],
      b: [] as (number | null)[],
      f: [] as string[],
      u: [] as (number | null)[],
    };
    for (let k = i; k < end; k++) {
      if (existing.has(prints[k])) continue;
      const r = rows[k];
      const { search, upper } = descriptionForms(forms, r.description);
      const rule = rules.length ? firstRule(rules, { ...r, search, searchUpper: upper }) : null;
      cols.l.push(r.line_no);
      cols.d.push(r.date);
      cols.r.push(r.direction);
      cols.a.push(r.amount);
      cols.s.push(r.description);
      cols.n.push(search);
      cols.p.push(r.counterparty_name);
      cols.b.push(r.balance);
      cols.f.push(prints[k]);
      cols.u.push(rule?.rule.id ?? null);
    }
    const insert = sql`insert into bank_statement_rows (company_id, import_id, bank_account_id, line_no, date,
        direction, amount, description, description_search, counterparty_name, balance, fingerprint, rule_id)
      select ${tenant.companyId}, ${importId}, ${bankAccountId}, x.*
      from unnest(${arrayLiteral(cols.l)}::int[], ${arrayLiteral(cols.d)}::date[], ${arrayLiteral(cols.r)}::text[],
        ${arrayLiteral(cols.a)}::bigint[], ${arrayLiteral(cols.s)}::text[], ${arrayLiteral(cols.n)}::text[],
        ${arrayLiteral(cols.p)}::text[], ${arrayLiteral(cols.b)}::bigint[], ${arrayLiteral(cols.f)}::text[],
        ${arrayLiteral(cols.u)}::int[]) as x`;
    const write = async (db: Tenant['db']) => {
      if (cols.l.length) await db.execute(insert);
    };
    added += cols.l.length;
    if (!opts.chunked) {
      await write(tenant.db);
      continue;
    }
    await tenant.db.transaction(async (tx) => {
      await write(tx);
      await tx
        .update(bankStatementImports)
        .set({ processed_rows: end })
        .where(and(eq(bankStatementImports.id, importId), eq(bankStatementImports.status, 'processing')));
    });
    if (importHooks.betweenChunks) await importHooks.betweenChunks(importId, end);
    await letOthersRun(tenant);
  }
  return added;
}

/**
 * Between two chunks: lets the requests that arrived meanwhile run. PGlite answers in promise callbacks
 * without returning to the event loop, so a loop of transactions would keep every request (even its HTTP
 * parsing) waiting until the store ends: each pass yields to the event loop (setImmediate), then queues a
 * `select 1` behind the statements waiting for the one connection (FIFO). Passes repeat while they find
 * others' work (the pass took more than a few ms), so a request of several queries goes through (at most 20).
 */
async function letOthersRun(tenant: Tenant) {
  for (let pass = 0; pass < 20; pass++) {
    await new Promise((ok) => setImmediate(ok));
    const t = performance.now();
    await tenant.db.execute(sql`select 1`);
    if (performance.now() - t < 2 && pass > 0) return;
  }
}

/**
 * Deletes an import's rows, 5,000 per statement (each its own short transaction on the embedded database):
 * what a failed or interrupted chunked store left. Answers how many were deleted.
 */
export async function deleteImportRows(tenant: Tenant, importId: number): Promise<number> {
  let total = 0;
  for (;;) {
    const [{ n }] = await sqlRows<{ n: number }>(
      tenant.db,
      sql`with d as (delete from bank_statement_rows where id in (select id from bank_statement_rows
        where import_id = ${importId} and company_id = ${tenant.companyId} limit ${CHUNK}) returning 1)
      select count(*)::int as n from d`,
    );
    total += Number(n);
    if (Number(n) === 0) return total;
  }
}

export const IMPORT_FAILED = '取り込み中にエラーが発生しました。もう一度取り込んでください';

/** A chunked store that failed or was interrupted: its rows deleted, then the record marked 'failed'. */
export async function failImport(tenant: Tenant, importId: number, message = IMPORT_FAILED) {
  await deleteImportRows(tenant, importId);
  await tenant.db
    .update(bankStatementImports)
    .set({ status: 'failed', error: message, updated_at: new Date() })
    .where(and(eq(bankStatementImports.id, importId), eq(bankStatementImports.status, 'processing')));
}
