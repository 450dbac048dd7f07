import crypto, { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  BANK_FORMATS,
  type BankBalanceCheck,
  type BankConfirmResult,
  type BankConfirmValues,
  type BankCsvMappingValues,
  type BankDryRun,
  type BankImport,
  type BankImportDetail,
  type BankRow,
  type BankRuleOffer,
  type BankSuggestion,
  type JournalEntryValues,
  type JournalLineValues,
} from '@chobo/core';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  accountDailyBalances,
  accounts,
  bankAccounts,
  bankCsvMappings,
  bankRules,
  bankStatementImports,
  bankStatementRows,
  customers,
  journalEntries,
} from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { type ActionArgs, type CompanyCtx, systemTenant as systemTenantOf, type Tenant } from '../../lib/context.js';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors.js';
import { newStorageKey } from '../../lib/storage.js';
import { postEntry, withDbRefusals, withdrawEntry } from '../accounting/posting.js';
import { sqlRows } from '../accounting/sql-rows.js';
import { bankAccountLabel } from './bank-accounts.js';
import { bestMatch, loadOpenItems, type OpenItem } from './matching.js';
import {
  type BankParser,
  BUILTIN_PARSERS,
  decodeStatement,
  detectParser,
  mappingParser,
  nfkc,
  normalizeText,
  type ParsedRow,
  type ParseProblem,
} from './parsers.js';
import { paymentForBankRow, paymentsOfRevertedImport } from './payments-seam.js';
import { editAccountNames, rowEditOf } from './row-edits.js';
import { type CompiledRule, compileRule, firstRule, rewriteDescription, splitLines } from './rules.js';
import { NOT_IMPORTED, visibleImports } from './visibility.js';

export { visibleImports } from './visibility.js';

export const SOURCE_TYPE = 'bank_statement_row';
export const IMPORT_NOT_FOUND = '取り込み履歴が見つかりません';

/* ---------------------------------------------------------------- fingerprints (docs/adr: bank statement fingerprint) */

/** The description as compared for duplicates: NFKC (ﾌﾘｺﾐ = フリコミ), no spaces, upper case. */
export const descriptionKey = (s: string) => nfkc(s).replace(/\s+/g, '').toUpperCase();

/** One-shot SHA-256 (crypto.hash, Node ≥ 20.12) with the Hash object as the fallback; same digest either way. */
const oneShot = (crypto as unknown as { hash?: (alg: string, data: string, enc: string) => string }).hash;
const sha256url = oneShot
  ? (s: string) => oneShot('sha256', s, 'base64url')
  : (s: string) => crypto.createHash('sha256').update(s).digest('base64url');

/** What storing needs per distinct description, computed once per file (statements repeat descriptions). */
interface DescriptionForms {
  /** Compared for duplicates (descriptionKey). */
  key: string;
  /** Stored in description_search (normalizeText): half-width kana searchable in both widths. */
  search: string;
  /** `search` upper-cased, as rules compare it. */
  upper: string;
}

function descriptionForms(cache: Map<string, DescriptionForms>, description: string): DescriptionForms {
  let f = cache.get(description);
  if (!f) {
    const n = nfkc(description);
    const search = n.replace(/\s+/g, ' ').trim().slice(0, 255);
    f = { key: n.replace(/\s+/g, '').toUpperCase(), search, upper: search.toUpperCase() };
    cache.set(description, f);
  }
  return f;
}

/**
 * Stable fingerprints: date + direction + amount + normalised description + the occurrence of that same
 * combination within the file (0, 1, …). Two identical transfers on one day get #0 and #1 and are both
 * kept; the same day re-imported in an overlapping file yields the same #0 and #1 and is skipped.
 */
export function fingerprints(rows: readonly ParsedRow[], cache = new Map<string, DescriptionForms>()): string[] {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const key = `${r.date}|${r.direction}|${r.amount}|${descriptionForms(cache, r.description).key}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return sha256url(`${key}|${n}`).slice(0, 32);
  });
}

/* ---------------------------------------------------------------- rules of a company */

export async function loadCompiledRules(tenant: Tenant): Promise<CompiledRule[]> {
  const rows = await tenant.db
    .select()
    .from(bankRules)
    .where(and(eq(bankRules.company_id, tenant.companyId), eq(bankRules.is_active, true)))
    .orderBy(asc(bankRules.priority), asc(bankRules.id));
  return rows.map((r) =>
    compileRule({
      ...r,
      amount_min: r.amount_min === null ? null : Number(r.amount_min),
      amount_max: r.amount_max === null ? null : Number(r.amount_max),
      splits: r.splits as CompiledRule['rule']['splits'],
    }),
  );
}

/* ---------------------------------------------------------------- import */

export interface ImportInput {
  bytes: Buffer;
  file_name: string;
  bank_account_id: number;
  format: string;
  dry_run: boolean;
}

async function findBankAccount(tenant: Tenant, id: number) {
  const [row] = await tenant.db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.company_id, tenant.companyId), eq(bankAccounts.id, id)));
  if (!row) throw notFound('銀行口座が見つかりません');
  return row;
}

async function parserFor(tenant: Tenant, format: string, input: ReturnType<typeof decodeStatement>) {
  if (format === 'auto') {
    const p = detectParser(input);
    if (!p) {
      const message =
        'ファイルの形式を判別できませんでした。形式を選ぶか、列の対応付けを保存してから取り込んでください';
      throw new HttpError(422, message, { format: [message] });
    }
    return p;
  }
  if (format.startsWith('mapping:')) {
    const id = Number(format.slice(8));
    const [m] = await tenant.db
      .select()
      .from(bankCsvMappings)
      .where(and(eq(bankCsvMappings.company_id, tenant.companyId), eq(bankCsvMappings.id, id)));
    if (!m) throw notFound('列の対応付けが見つかりません');
    return mappingParser(m.id, m as BankCsvMappingValues);
  }
  return BUILTIN_PARSERS.find((p) => p.id === format) as BankParser;
}

const formatLabel = (format: string, parser?: BankParser) =>
  parser?.label ?? BANK_FORMATS[format as keyof typeof BANK_FORMATS] ?? format;

function refuse(problems: ParseProblem[]): never {
  const lines = [...new Set(problems.map((p) => p.line_no))];
  const shown = lines
    .slice(0, 10)
    .map((l) => `${l}行目`)
    .join('、');
  const message = `${problems.length}件の誤りがあるため、何も取り込みませんでした（${shown}${lines.length > 10 ? ' ほか' : ''}）`;
  const errors: Record<string, string[]> = { file: problems.slice(0, 50).map((p) => p.message) };
  for (const p of problems.slice(0, 200))
    errors[`rows.${p.line_no}`] = [...(errors[`rows.${p.line_no}`] ?? []), p.message];
  throw new HttpError(422, message, errors);
}

/** Parses and checks a file: the parser, the rows and their fingerprints, or 422 with the bad rows' numbers. */
export async function parseStatement(tenant: Tenant, input: ImportInput) {
  const account = await findBankAccount(tenant, input.bank_account_id);
  const decoded = decodeStatement(input.bytes);
  const parser = await parserFor(tenant, input.format, decoded);
  const result = parser.parse({ ...decoded, accountNumber: account.account_number });
  const forms = new Map<string, DescriptionForms>();
  return { account, decoded, parser, result, prints: fingerprints(result.rows, forms), forms };
}

export async function dryRun(tenant: Tenant, input: ImportInput): Promise<BankDryRun> {
  const { account, decoded, parser, result, prints } = await parseStatement(tenant, input);
  const existing = await storedFingerprints(tenant, account.id, prints);
  const skipped = prints.filter((p) => existing.has(p)).length;
  return {
    format: parser.id,
    format_label: parser.label,
    encoding: decoded.encoding,
    total_rows: result.rows.length,
    new_rows: result.rows.length - skipped,
    skipped_rows: skipped,
    rows: result.rows.slice(0, 1000).map((r, i) => ({ ...r, duplicate: existing.has(prints[i]) })),
    problems: result.problems,
  };
}

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

/** A PostgreSQL array literal of text/number values (NULL for null), passed as ONE parameter. */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += ',';
    if (v === null) out += 'NULL';
    else if (typeof v === 'number') out += String(v);
    else out += `"${v.includes('"') || v.includes('\\') ? v.replace(/["\\]/g, (c) => `\\${c}`) : v}"`;
  }
  return `${out}}`;
}

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
async function storeRows(
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
async function failImport(tenant: Tenant, importId: number, message = IMPORT_FAILED) {
  await deleteImportRows(tenant, importId);
  await tenant.db
    .update(bankStatementImports)
    .set({ status: 'failed', error: message, updated_at: new Date() })
    .where(and(eq(bankStatementImports.id, importId), eq(bankStatementImports.status, 'processing')));
}

/** Files with more rows than this are stored by a background job (progress on the import record). */
export const JOB_THRESHOLD_ROWS = 20_000;
export const IMPORT_JOB = 'bank-statements.import';
export const IMPORT_BUSY = 'この口座の明細を取り込み中です。完了してから取り込んでください';

/**
 * `POST /api/bank-statements`: all or nothing. The file is checked completely first (422 with row numbers,
 * nothing stored), then kept write-once in storage, then its rows stored — in this request, or for a large
 * file by a job whose progress the import record shows.
 */
export async function importStatement({
  ctx,
  input,
}: ActionArgs<CompanyCtx, ImportInput & { background?: boolean }>): Promise<BankImport> {
  const { account, decoded, parser, result, prints, forms } = await parseStatement(ctx, input);
  if (result.problems.length) refuse(result.problems);
  if (result.rows.length === 0) {
    throw new HttpError(422, '取り込める明細がありません', { file: ['取り込める明細がありません'] });
  }
  const key = newStorageKey(`bank-statements/${ctx.companyId}`, '.dat');
  await ctx.deps.storage.put(key, input.bytes);
  const dates = result.rows.map((r) => r.date).sort();
  const background = input.background ?? result.rows.length > JOB_THRESHOLD_ROWS;
  const importId = await ctx.db.transaction(async (tx) => {
    // one import of a bank account at a time while a large one is stored: the bank account row is locked,
    // so two uploads of one account are serialised, and a file meeting a 'processing' import of its account
    // is refused (its duplicates could not be told until that import is whole, docs/adr/0027)
    await tx.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.id, account.id)).for('update');
    const [busy] = await tx
      .select({ id: bankStatementImports.id })
      .from(bankStatementImports)
      .where(and(eq(bankStatementImports.bank_account_id, account.id), eq(bankStatementImports.status, 'processing')))
      .limit(1);
    if (busy) throw new HttpError(409, IMPORT_BUSY, { file: [IMPORT_BUSY] });
    const [imp] = await tx
      .insert(bankStatementImports)
      .values({
        company_id: ctx.companyId,
        bank_account_id: account.id,
        format: parser.id,
        encoding: decoded.encoding,
        file_name: input.file_name,
        file_size: input.bytes.length,
        sha256: createHash('sha256').update(input.bytes).digest('hex'),
        storage_key: key,
        status: background ? 'processing' : 'imported',
        total_rows: result.rows.length,
        period_from: dates[0],
        period_to: dates[dates.length - 1],
        opening_balance: result.opening_balance,
        closing_balance: result.closing_balance,
        created_by: ctx.actor.userId,
      })
      .returning({ id: bankStatementImports.id });
    if (!background) {
      const added = await storeRows({ ...ctx, db: tx }, imp.id, account.id, result.rows, prints, forms);
      await tx
        .update(bankStatementImports)
        .set({ imported_rows: added, skipped_rows: result.rows.length - added, processed_rows: result.rows.length })
        .where(eq(bankStatementImports.id, imp.id));
    }
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'bank_statement.import',
      targetType: 'bank_statement_import',
      targetId: imp.id,
      after: { file_name: input.file_name, format: parser.id, rows: result.rows.length, background },
    });
    return imp.id;
  });
  if (background) {
    const jobId = await ctx.deps.queue.send(IMPORT_JOB, { companyId: ctx.companyId, importId }, { retryLimit: 0 });
    // kept so that start-up can tell an import whose job died (recoverInterruptedImports)
    await ctx.db.update(bankStatementImports).set({ job_id: jobId }).where(eq(bankStatementImports.id, importId));
  }
  return (await loadImport(ctx, importId)) as BankImport;
}

/**
 * The job of a large file (docs/adr/0027): reads the kept file again and stores its rows in chunks, each
 * its own short transaction that also writes `processed_rows` (the screen's progress; on the embedded
 * database other requests run between chunks). While the import is 'processing' its rows show nowhere
 * (`visibleImports`); the flip to 'imported' with the counts is ONE statement. On failure the rows already
 * stored are deleted and the import is 'failed' — all or nothing as the user sees it. Rows left by an
 * earlier attempt of the same import (a crash) are deleted first.
 */
export async function runImportJob(
  tenant: Tenant,
  importId: number,
  storage: { get(key: string): Promise<Buffer | undefined> },
) {
  const [imp] = await tenant.db
    .select()
    .from(bankStatementImports)
    .where(and(eq(bankStatementImports.company_id, tenant.companyId), eq(bankStatementImports.id, importId)));
  if (imp?.status !== 'processing') return;
  try {
    await deleteImportRows(tenant, imp.id);
    const bytes = await storage.get(imp.storage_key);
    if (!bytes) throw new Error('file missing');
    const { result, prints, forms } = await parseStatement(tenant, {
      bytes,
      file_name: imp.file_name,
      bank_account_id: imp.bank_account_id,
      format: imp.format,
      dry_run: false,
    });
    if (result.problems.length || result.rows.length !== imp.total_rows) throw new Error('file changed');
    const added = await storeRows(tenant, imp.id, imp.bank_account_id, result.rows, prints, forms, {
      chunked: true,
    });
    const [flipped] = await tenant.db
      .update(bankStatementImports)
      .set({
        status: 'imported',
        imported_rows: added,
        skipped_rows: result.rows.length - added,
        processed_rows: result.rows.length,
        updated_at: new Date(),
      })
      .where(and(eq(bankStatementImports.id, imp.id), eq(bankStatementImports.status, 'processing')))
      .returning({ id: bankStatementImports.id });
    if (!flipped) throw new Error('import no longer processing');
  } catch (err) {
    await failImport(tenant, imp.id);
    throw err;
  }
}

/**
 * At start-up (main.ts): imports left 'processing' whose job will not run any more — the process storing
 * them stopped — lose their rows and become 'failed'. A job still waiting ('created', 'retry') will run and
 * start over; an 'active' one on PostgreSQL may be another process's, so only the embedded database (one
 * process) treats 'active' as dead. An import without a job id older than a minute never got its job.
 */
export async function recoverInterruptedImports(
  db: Tenant['db'],
  queue: { getJob(name: string, id: string): Promise<{ state: string } | null> },
  driver: 'pglite' | 'postgres',
): Promise<number[]> {
  const stuck = await db
    .select({
      id: bankStatementImports.id,
      company_id: bankStatementImports.company_id,
      job_id: bankStatementImports.job_id,
      created_at: bankStatementImports.created_at,
    })
    .from(bankStatementImports)
    .where(eq(bankStatementImports.status, 'processing'));
  const live = driver === 'pglite' ? ['created', 'retry'] : ['created', 'retry', 'active'];
  const failed: number[] = [];
  for (const imp of stuck) {
    const state = imp.job_id ? ((await queue.getJob(IMPORT_JOB, imp.job_id))?.state ?? null) : null;
    if (state && live.includes(state)) continue;
    if (!imp.job_id && driver === 'postgres' && Date.now() - imp.created_at.getTime() < 60_000) continue;
    await failImport(systemTenantOf(db, imp.company_id), imp.id, IMPORT_INTERRUPTED);
    failed.push(imp.id);
  }
  return failed;
}

export const IMPORT_INTERRUPTED = '取り込みが中断されました（サーバーの再起動など）。もう一度取り込んでください';

/* ---------------------------------------------------------------- reads */

const importColumns = {
  id: bankStatementImports.id,
  bank_account_id: bankStatementImports.bank_account_id,
  bank_name: bankAccounts.bank_name,
  branch_name: bankAccounts.branch_name,
  account_type: bankAccounts.account_type,
  account_number: bankAccounts.account_number,
  account_id: bankAccounts.account_id,
  format: bankStatementImports.format,
  encoding: bankStatementImports.encoding,
  file_name: bankStatementImports.file_name,
  file_size: bankStatementImports.file_size,
  status: bankStatementImports.status,
  total_rows: bankStatementImports.total_rows,
  imported_rows: bankStatementImports.imported_rows,
  skipped_rows: bankStatementImports.skipped_rows,
  processed_rows: bankStatementImports.processed_rows,
  confirmed_rows: sql<number>`(select count(*)::int from bank_statement_rows r where r.import_id = ${bankStatementImports.id} and r.status = 'confirmed')`,
  period_from: bankStatementImports.period_from,
  period_to: bankStatementImports.period_to,
  opening_balance: bankStatementImports.opening_balance,
  closing_balance: bankStatementImports.closing_balance,
  error: bankStatementImports.error,
  storage_key: bankStatementImports.storage_key,
  created_at: bankStatementImports.created_at,
  updated_at: bankStatementImports.updated_at,
};

type ImportRow = Awaited<ReturnType<typeof selectImports>>[number];
function selectImports(tenant: Tenant) {
  return tenant.db
    .select(importColumns)
    .from(bankStatementImports)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankStatementImports.bank_account_id))
    .where(eq(bankStatementImports.company_id, tenant.companyId))
    .$dynamic();
}

function toImportDto(r: ImportRow): BankImport {
  const { bank_name, branch_name, account_type, account_number, account_id: _a, storage_key: _k, ...rest } = r;
  return {
    ...rest,
    status: r.status as BankImport['status'],
    confirmed_rows: Number(r.confirmed_rows),
    bank_account_label: bankAccountLabel({ bank_name, branch_name, account_type, account_number }),
    format_label: formatLabel(r.format),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export async function listImports(tenant: Tenant): Promise<BankImport[]> {
  const rows = await selectImports(tenant).orderBy(desc(bankStatementImports.id)).limit(200);
  return rows.map(toImportDto);
}

async function findImport(tenant: Tenant, id: number) {
  const [row] = await selectImports(tenant).where(
    and(eq(bankStatementImports.company_id, tenant.companyId), eq(bankStatementImports.id, id)),
  );
  return row ?? null;
}

export async function loadImport(tenant: Tenant, id: number): Promise<BankImport | null> {
  const row = await findImport(tenant, id);
  return row ? toImportDto(row) : null;
}

/** The kept file of an import (write-once storage). */
export async function importFile(ctx: CompanyCtx, id: number) {
  const row = await findImport(ctx, id);
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  const bytes = await ctx.deps.storage.get(row.storage_key);
  if (!bytes) throw notFound('ファイルが見つかりません');
  return { bytes, file_name: row.file_name };
}

interface AccountRefs {
  byId: Map<number, string>;
  receivable: number | null;
  payable: number | null;
  fee: number | null;
}

async function accountRefs(tenant: Tenant): Promise<AccountRefs> {
  const rows = await tenant.db
    .select({ id: accounts.id, name: accounts.name, key: accounts.system_key, code: accounts.code })
    .from(accounts)
    .where(eq(accounts.company_id, tenant.companyId));
  return {
    byId: new Map(rows.map((r) => [r.id, r.name])),
    receivable: rows.find((r) => r.key === 'accounts_receivable')?.id ?? null,
    payable: rows.find((r) => r.key === 'accounts_payable')?.id ?? null,
    fee: rows.find((r) => r.name === '支払手数料')?.id ?? null,
  };
}

type StoredRow = typeof bankStatementRows.$inferSelect;

/** The suggestion of an unconfirmed row: the first matching rule, else the best explained match. */
function suggest(
  row: StoredRow,
  rules: CompiledRule[],
  open: { receivables: OpenItem[]; payables: OpenItem[] },
  refs: AccountRefs,
  customerNames: Map<number, string>,
): BankSuggestion | null {
  const amount = Number(row.amount);
  const direction = row.direction as 'in' | 'out';
  const rule = firstRule(rules, {
    direction,
    amount,
    search: row.description_search,
    counterparty_name: row.counterparty_name,
  });
  if (rule) {
    const plan = splitLines(amount, rule.rule, rule.rule.splits);
    if (plan) {
      return {
        kind: 'rule',
        rule_id: rule.rule.id,
        rule_name: rule.rule.name,
        score: 100,
        reasons: [`ルール「${rule.rule.name}」の条件に一致`],
        account_id: rule.rule.account_id,
        account_name: refs.byId.get(rule.rule.account_id) ?? null,
        tax_category: rule.rule.tax_category,
        customer_id: rule.rule.customer_id,
        customer_name: rule.rule.customer_id ? (customerNames.get(rule.rule.customer_id) ?? null) : null,
        description: rewriteDescription(rule.rule.description_template, { ...row, amount }),
        splits: plan.splits,
        fee: 0,
        matches: [],
      };
    }
  }
  const items = direction === 'in' ? open.receivables : open.payables;
  const m = bestMatch({ ...row, amount, direction }, items);
  const account = direction === 'in' ? refs.receivable : refs.payable;
  if (!m || !account) return null;
  const outFee = direction === 'out' && m.fee > 0 && refs.fee;
  return {
    kind: 'match',
    rule_id: null,
    rule_name: null,
    score: m.score,
    reasons: m.reasons,
    account_id: account,
    account_name: refs.byId.get(account) ?? null,
    tax_category: 'none',
    customer_id: m.matches[0].customer_id,
    customer_name: m.matches[0].customer_name,
    description:
      `${direction === 'in' ? '入金' : '支払'} ${m.matches[0].customer_name} ${m.matches.map((x) => x.label.split(' ')[1]).join('・')}`.slice(
        0,
        255,
      ),
    splits: outFee
      ? [{ account_id: refs.fee as number, tax_category: 'purchase_10', amount: m.fee, description: '振込手数料' }]
      : [],
    fee: direction === 'in' ? m.fee : 0,
    matches: m.matches,
  };
}

async function suggestionContext(tenant: Tenant) {
  const [rules, open, refs, custs] = await Promise.all([
    loadCompiledRules(tenant),
    loadOpenItems(tenant),
    accountRefs(tenant),
    tenant.db
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(eq(customers.company_id, tenant.companyId)),
  ]);
  return { rules, open, refs, customerNames: new Map(custs.map((c) => [c.id, c.name])) };
}

export async function balanceCheck(
  tenant: Tenant,
  imp: { account_id: number | null; period_to: string | null; closing_balance: number | null },
): Promise<BankBalanceCheck> {
  if (!imp.account_id || !imp.period_to) {
    return {
      account_id: imp.account_id,
      account_name: null,
      date: imp.period_to,
      statement_balance: imp.closing_balance,
      book_balance: null,
      difference: null,
    };
  }
  const [acc] = await tenant.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, imp.account_id));
  const [sum] = await tenant.db
    .select({ v: sql<string>`coalesce(sum(${accountDailyBalances.debit} - ${accountDailyBalances.credit}), 0)` })
    .from(accountDailyBalances)
    .where(
      and(
        eq(accountDailyBalances.company_id, tenant.companyId),
        eq(accountDailyBalances.account_id, imp.account_id),
        sql`${accountDailyBalances.date} <= ${imp.period_to}`,
      ),
    );
  const book = Number(sum.v);
  return {
    account_id: imp.account_id,
    account_name: acc?.name ?? null,
    date: imp.period_to,
    statement_balance: imp.closing_balance,
    book_balance: book,
    difference: imp.closing_balance === null ? null : imp.closing_balance - book,
  };
}

export async function loadImportDetail(
  tenant: Tenant,
  id: number,
  q: { page: number; per_page: number; status?: string | undefined; keyword?: string | undefined },
): Promise<BankImportDetail | null> {
  const imp = await findImport(tenant, id);
  if (!imp) return null;
  const filters = [eq(bankStatementRows.company_id, tenant.companyId), eq(bankStatementRows.import_id, id)];
  // a 'processing' import's rows show nowhere until the import is whole (docs/adr/0027)
  if (imp.status !== 'imported') filters.push(sql`false`);
  if (q.status) filters.push(eq(bankStatementRows.status, q.status));
  if (q.keyword) {
    const k = `%${normalizeText(q.keyword).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      sql`(${bankStatementRows.description_search} ilike ${k} or ${bankStatementRows.description} ilike ${k})`,
    );
  }
  const where = and(...filters);
  const [{ n }] = await tenant.db.select({ n: sql<number>`count(*)::int` }).from(bankStatementRows).where(where);
  const rows = await tenant.db
    .select({ row: bankStatementRows, number: journalEntries.number })
    .from(bankStatementRows)
    .leftJoin(journalEntries, eq(journalEntries.id, bankStatementRows.journal_entry_id))
    .where(where)
    .orderBy(asc(bankStatementRows.line_no))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const sctx = rows.some((r) => r.row.status === 'unconfirmed') ? await suggestionContext(tenant) : null;
  const editNames = await editAccountNames(
    tenant,
    rows.map((r) => r.row),
  );
  const dto: BankRow[] = rows.map(({ row, number }) => ({
    id: row.id,
    line_no: row.line_no,
    date: row.date,
    direction: row.direction as 'in' | 'out',
    amount: Number(row.amount),
    description: row.description,
    counterparty_name: row.counterparty_name,
    balance: row.balance === null ? null : Number(row.balance),
    status: row.status as BankRow['status'],
    journal_entry_id: row.journal_entry_id,
    journal_entry_number: number,
    suggestion:
      row.status === 'unconfirmed' && sctx ? suggest(row, sctx.rules, sctx.open, sctx.refs, sctx.customerNames) : null,
    edit: row.status === 'unconfirmed' ? rowEditOf(row, editNames) : null,
    updated_at: (row.updated_at ?? imp.created_at).toISOString(),
  }));
  return {
    ...toImportDto(imp),
    rows: dto,
    rows_meta: { total: Number(n), page: q.page, per_page: q.per_page },
    balance_check: await balanceCheck(tenant, imp),
  };
}

/* ---------------------------------------------------------------- confirm */

type ConfirmRow = BankConfirmValues['rows'][number];

/** The journal entry of a row: the bank line against the suggestion's (or the person's) lines. */
function entryOf(
  row: StoredRow,
  bankAccountId: number,
  plan: {
    account_id: number;
    tax_category: string;
    customer_id: number | null;
    description: string;
    splits: { account_id: number; tax_category: string; amount: number; description: string | null }[];
    fee: number;
    feeAccount: number | null;
    matches: { customer_id: number; amount: number }[];
  },
): JournalEntryValues {
  const amount = Number(row.amount);
  const inflow = row.direction === 'in';
  const side = (v: number, debit: boolean) => ({ debit: debit ? v : 0, credit: debit ? 0 : v });
  const line = (
    account_id: number,
    v: number,
    debit: boolean,
    tax: string,
    customer_id: number | null,
    memo: string | null,
  ): JournalLineValues => ({
    account_id,
    ...side(v, debit),
    tax_category: tax as JournalLineValues['tax_category'],
    customer_id,
    memo,
  });
  const lines: JournalLineValues[] = [line(bankAccountId, amount, inflow, 'none', null, null)];
  if (plan.fee > 0 && plan.feeAccount)
    lines.push(line(plan.feeAccount, plan.fee, true, 'purchase_10', null, '振込手数料'));
  const splitTotal = plan.splits.reduce((s, x) => s + x.amount, 0);
  if (plan.matches.length) {
    for (const m of plan.matches)
      lines.push(line(plan.account_id, m.amount, !inflow, plan.tax_category, m.customer_id, null));
  } else {
    const main = amount + (inflow ? plan.fee : 0) - splitTotal;
    if (main <= 0) throw unprocessable({ splits: ['分割の合計が明細の金額以上です'] });
    lines.push(line(plan.account_id, main, !inflow, plan.tax_category, plan.customer_id, null));
  }
  for (const s of plan.splits) lines.push(line(s.account_id, s.amount, !inflow, s.tax_category, null, s.description));
  return { date: row.date, description: plan.description.slice(0, 255) || '銀行明細', lines };
}

/**
 * Confirms rows in bulk: each row in its own transaction (one bad row does not stop the others) posts one
 * journal entry linked both ways (source_type 'bank_statement_row'), notes what it settled, and calls the
 * payments seam. Rows confirmed the same way as an earlier row are offered as a rule.
 */
export async function confirmRows({
  ctx,
  input: { importId, rows },
}: ActionArgs<CompanyCtx, { importId: number; rows: ConfirmRow[] }>): Promise<BankConfirmResult> {
  const imp = await findImport(ctx, importId);
  if (!imp) throw notFound(IMPORT_NOT_FOUND);
  if (rows.length === 0) throw unprocessable({ rows: ['確定する明細を選択してください'] });
  if (imp.status !== 'imported') throw unprocessable({ _: [NOT_IMPORTED] });
  if (!imp.account_id) {
    throw unprocessable({
      _: ['銀行口座に勘定科目（普通預金など）が設定されていません。銀行口座の設定で選択してください'],
    });
  }
  const bankAccountId = imp.account_id;
  const result: BankConfirmResult = { confirmed: [], failed: [], rule_offers: [] };
  const offered = new Set<string>();
  for (const given of rows) {
    try {
      const done = await withDbRefusals(() =>
        ctx.db.transaction(async (tx) => {
          const t = { ...ctx, db: tx };
          const [row] = await tx
            .select()
            .from(bankStatementRows)
            .where(
              and(
                eq(bankStatementRows.company_id, ctx.companyId),
                eq(bankStatementRows.import_id, importId),
                eq(bankStatementRows.id, given.id),
              ),
            )
            .for('update');
          if (!row) throw notFound('明細が見つかりません');
          if (row.status !== 'unconfirmed') throw unprocessable({ _: ['この明細はすでに確定されています'] });
          const sctx = await suggestionContext(t);
          // a change stored on the row (PUT …/rows/{row_id}) stands unless the request brings its own
          const input: ConfirmRow =
            given.account_id === undefined && row.edit_account_id !== null
              ? {
                  ...given,
                  account_id: row.edit_account_id,
                  tax_category:
                    given.tax_category ?? ((row.edit_tax_category ?? undefined) as ConfirmRow['tax_category']),
                  description: given.description ?? row.edit_description,
                }
              : given;
          const manual = input.account_id !== undefined;
          const s = manual ? null : suggest(row, sctx.rules, sctx.open, sctx.refs, sctx.customerNames);
          if (!manual && !s)
            throw unprocessable({ account_id: ['仕訳の候補がありません。勘定科目を選んで確定してください'] });
          const plan = manual
            ? {
                account_id: input.account_id as number,
                tax_category: input.tax_category ?? 'none',
                customer_id: input.customer_id ?? null,
                description: input.description ?? row.description,
                splits: (input.splits ?? []).map((x) => ({ ...x, tax_category: x.tax_category ?? 'none' })),
                fee: 0,
                feeAccount: null,
                matches: [],
              }
            : {
                account_id: (s as BankSuggestion).account_id as number,
                tax_category: (s as BankSuggestion).tax_category,
                customer_id: input.customer_id ?? (s as BankSuggestion).customer_id,
                description: input.description ?? (s as BankSuggestion).description,
                splits: (s as BankSuggestion).splits,
                fee: (s as BankSuggestion).fee,
                feeAccount: sctx.refs.fee,
                matches: (s as BankSuggestion).matches,
              };
          // a row matched to open documents becomes a payment, whose entry is the row's (payments-seam.ts)
          const viaPayment = plan.matches.length
            ? await paymentForBankRow(t, {
                row: { ...row, amount: Number(row.amount) },
                matches: plan.matches,
                fee: plan.fee,
              })
            : null;
          const entry =
            viaPayment ??
            (await postEntry(t, entryOf(row, bankAccountId, plan), {
              createdBy: ctx.actor.userId,
              source: { type: SOURCE_TYPE, id: row.id },
            }));
          const confirmedAs = `${row.direction}:${plan.account_id}:${plan.tax_category}:${plan.customer_id ?? ''}`;
          await tx
            .update(bankStatementRows)
            .set({
              status: 'confirmed',
              journal_entry_id: entry.id,
              rule_id: s?.rule_id ?? null,
              matched: plan.matches.map((m) => ({ type: m.type, id: m.id, amount: m.amount })),
              confirmed_as: confirmedAs.slice(0, 64),
              confirmed_by: ctx.actor.userId,
              confirmed_at: new Date(),
            })
            .where(eq(bankStatementRows.id, row.id));
          await audit(tx, {
            actor: ctx.actor,
            companyId: ctx.companyId,
            action: 'bank_statement_row.confirm',
            targetType: 'bank_statement_row',
            targetId: row.id,
            after: { journal_entry_id: entry.id, plan },
          });
          return { row, entry, manual: manual || s?.kind === 'match' ? confirmedAs : null, plan };
        }),
      );
      result.confirmed.push({
        id: done.row.id,
        journal_entry_id: done.entry.id,
        journal_entry_number: done.entry.number,
      });
      if (done.manual && done.plan.matches.length === 0) {
        const offer = await ruleOffer(ctx, done.row, done.manual, done.plan);
        if (offer && !offered.has(offer.description_contains)) {
          offered.add(offer.description_contains);
          result.rule_offers.push(offer);
        }
      }
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const messages = Object.values(err.errors ?? {}).flat();
      result.failed.push({ id: given.id, message: messages[0] ?? err.message });
    }
  }
  return result;
}

/** Learning: a row confirmed the same way as an earlier row with the same description offers a rule. */
async function ruleOffer(
  tenant: Tenant,
  row: StoredRow,
  confirmedAs: string,
  plan: { account_id: number; tax_category: string; customer_id: number | null },
): Promise<BankRuleOffer | null> {
  const [same] = await tenant.db
    .select({ id: bankStatementRows.id })
    .from(bankStatementRows)
    .where(
      and(
        eq(bankStatementRows.company_id, tenant.companyId),
        eq(bankStatementRows.status, 'confirmed'),
        eq(bankStatementRows.description_search, row.description_search),
        eq(bankStatementRows.confirmed_as, confirmedAs),
        sql`${bankStatementRows.id} <> ${row.id}`,
        sql`${bankStatementRows.rule_id} is null`,
      ),
    )
    .limit(1);
  if (!same) return null;
  const rules = await loadCompiledRules(tenant);
  if (
    firstRule(rules, {
      direction: row.direction as 'in',
      amount: Number(row.amount),
      search: row.description_search,
      counterparty_name: row.counterparty_name,
    })
  ) {
    return null;
  }
  return {
    name: `${row.description_search.slice(0, 80)}`,
    description_contains: row.description_search.slice(0, 100),
    direction: row.direction as 'in' | 'out',
    account_id: plan.account_id,
    tax_category: plan.tax_category,
    customer_id: plan.customer_id,
  };
}

/** Marks rows 対象外 (not to be posted) or back to 未確定. */
export async function setRowsIgnored({
  ctx,
  input: { importId, ids, ignored },
}: ActionArgs<CompanyCtx, { importId: number; ids: number[]; ignored: boolean }>) {
  return ctx.db.transaction(async (tx) => {
    const imp = await findImport({ ...ctx, db: tx }, importId);
    if (!imp) throw notFound(IMPORT_NOT_FOUND);
    if (imp.status !== 'imported') throw unprocessable({ _: [NOT_IMPORTED] });
    if (ids.length === 0) throw unprocessable({ ids: ['明細を選択してください'] });
    const updated = await tx
      .update(bankStatementRows)
      .set({ status: ignored ? 'ignored' : 'unconfirmed' })
      .where(
        and(
          eq(bankStatementRows.company_id, ctx.companyId),
          eq(bankStatementRows.import_id, importId),
          inArray(bankStatementRows.id, ids),
          eq(bankStatementRows.status, ignored ? 'unconfirmed' : 'ignored'),
        ),
      )
      .returning({ id: bankStatementRows.id });
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: ignored ? 'bank_statement_row.ignore' : 'bank_statement_row.unignore',
      targetType: 'bank_statement_import',
      targetId: importId,
      after: { ids: updated.map((u) => u.id) },
    });
    return updated.length;
  });
}

/* ---------------------------------------------------------------- revert */

/**
 * Removes an import's rows and the journal entries made from them: deleted in an open period, reversed
 * (逆仕訳 dated today) in a locked one. The import record and its file stay, marked 取り消し済.
 */
export async function revertImport({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const [imp] = await tx
        .select()
        .from(bankStatementImports)
        .where(and(eq(bankStatementImports.company_id, ctx.companyId), eq(bankStatementImports.id, id)))
        .for('update');
      if (!imp) throw notFound(IMPORT_NOT_FOUND);
      if (imp.status === 'reverted') throw unprocessable({ _: ['この取り込みはすでに取り消されています'] });
      if (imp.status === 'processing')
        throw unprocessable({ _: ['取り込み中のため取り消せません。完了してから取り消してください'] });
      // rows that became payments go with their payments (entries withdrawn, documents reopened)
      const paid = await paymentsOfRevertedImport(t, id);
      const posted = (
        await tx
          .select({ id: bankStatementRows.id, entry: bankStatementRows.journal_entry_id })
          .from(bankStatementRows)
          .where(and(eq(bankStatementRows.import_id, id), sql`${bankStatementRows.journal_entry_id} is not null`))
      ).filter((p) => !paid.has(p.id));
      for (const p of posted) await withdrawEntry(t, p.entry as number, ctx.actor.userId);
      const [{ n }] = await sqlRows<{ n: number }>(
        tx,
        sql`with d as (delete from bank_statement_rows where import_id = ${id} and company_id = ${ctx.companyId} returning 1) select count(*)::int as n from d`,
      );
      await tx
        .update(bankStatementImports)
        .set({ status: 'reverted', reverted_at: new Date(), updated_at: new Date() })
        .where(eq(bankStatementImports.id, id));
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'bank_statement.revert',
        targetType: 'bank_statement_import',
        targetId: id,
        before: { rows: Number(n), entries: posted.length + paid.size, payments: paid.size },
      });
      return { removed_rows: Number(n), withdrawn_entries: posted.length + paid.size };
    }),
  );
}
