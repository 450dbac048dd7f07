import { createHash } from 'node:crypto';
import type { BankCsvMappingValues, BankDryRun, BankImport } from '@chobo/core';
import { and, eq } from 'drizzle-orm';
import { bankAccounts, bankCsvMappings, bankStatementImports } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { type ActionArgs, type CompanyCtx, systemTenant as systemTenantOf, type Tenant } from '../../lib/context.js';
import { HttpError, notFound } from '../../lib/http-errors.js';
import { newStorageKey } from '../../lib/storage.js';
import { type DescriptionForms, fingerprints } from './fingerprints.js';
import {
  type BankParser,
  BUILTIN_PARSERS,
  decodeStatement,
  detectParser,
  mappingParser,
  type ParseProblem,
} from './formats/index.js';
import { deleteImportRows, failImport, storedFingerprints, storeRows } from './import-store.js';
import { loadImport } from './review.js';

/**
 * The import step: a file parsed and checked completely (422 with row numbers, nothing stored), a dry run, the
 * import itself (in the request or, for a large file, by a job) and the start-up recovery of interrupted ones.
 */

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
