import { createHash } from 'node:crypto';
import type { RegistryImport } from '@chobo/core';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { registryImports } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { AdminCtx } from '../../lib/context.js';
import type { AppDeps } from '../../lib/deps.js';
import { HttpError } from '../../lib/http-errors.js';
import { newStorageKey } from '../../lib/storage.js';
import { loadRegistryImport } from './registry.queries.js';
import {
  checkRegistryPart,
  dateOfNumber,
  lineCount,
  RegistryFileError,
  type RegistryPartCheck,
  type RegistryRowsCheck,
  registryCsv,
  registryKey,
  verifyRegistrySignature,
} from './registry-file.js';
import {
  clearStaging,
  copyChunk,
  createNextTable,
  type LoadTable,
  mergeDiff,
  NEXT_TABLE,
  pgliteOf,
  replaceAll,
  timed,
} from './registry-store.js';

/**
 * A registry import (docs/adr/0046): the upload is stored and recorded (`queued`), a pg-boss job copies it
 * chunk by chunk into the staging table (`rows_done` is what is staged so far) and merges it in one
 * transaction; any refusal (a broken ZIP, a wrong column count, a bad signature, a bad value) marks the
 * import `failed` with its reason and leaves registry_entries as they were.
 */

export const REGISTRY_IMPORT_JOB = 'registry-import';
/** Bytes of CSV per COPY (about 100,000 rows of the published layout). */
export const CHUNK_BYTES = 16 * 1024 * 1024;
/** The largest upload: a 全件データ ZIP of the 法人 file is a few hundred MB. */
export const MAX_REGISTRY_UPLOAD = 1024 * 1024 * 1024;

export interface RegistryUploadInput {
  kind: 'full' | 'diff';
  file: { buffer: Buffer; filename: string };
  signature: { buffer: Buffer; filename: string } | null;
}

/** Stores the upload, records the import and sends its job (after the commit). */
export async function createRegistryImport({
  ctx,
  input,
}: {
  ctx: AdminCtx;
  input: RegistryUploadInput;
}): Promise<RegistryImport> {
  const { file, signature } = input;
  if (file.buffer.length === 0) throw new HttpError(422, 'ファイルが空です', { file: ['ファイルが空です'] });
  if (ctx.deps.env.REGISTRY_PGP_KEY && !signature) {
    const message = '署名ファイル（.asc / .sig）も選択してください';
    throw new HttpError(422, message, { signature: [message] });
  }
  const key = newStorageKey('registry');
  await ctx.deps.storage.put(key, file.buffer);
  let signatureKey: string | null = null;
  if (signature) {
    signatureKey = newStorageKey('registry', '.sig');
    await ctx.deps.storage.put(signatureKey, signature.buffer);
  }
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(registryImports)
      .values({
        kind: input.kind,
        file_name: file.filename || 'registry.csv',
        file_size: file.buffer.length,
        sha256: createHash('sha256').update(file.buffer).digest('hex'),
        storage_key: key,
        signature_key: signatureKey,
        created_by: ctx.actor.userId,
      })
      .returning({ id: registryImports.id });
    await audit(tx, {
      actor: ctx.actor,
      companyId: null,
      action: 'registry.import',
      targetType: 'registry_import',
      targetId: row.id,
      after: { kind: input.kind, file_name: file.filename, file_size: file.buffer.length },
    });
    return row.id;
  });
  const jobId = await ctx.deps.queue.send(
    REGISTRY_IMPORT_JOB,
    { importId: id },
    { retryLimit: 0, expireInSeconds: 60 * 60, singletonKey: `registry-${id}` },
  );
  await ctx.db.update(registryImports).set({ job_id: jobId }).where(eq(registryImports.id, id));
  return (await loadRegistryImport(ctx.db, id)) as RegistryImport;
}

/**
 * Hooks for tests and the bench: called after each copied chunk; `chunkBytes` replaces CHUNK_BYTES (tests cut a
 * small file into many chunks to reach the pipeline's later chunks).
 */
export const registryImportHooks: {
  afterChunk: null | ((rowsDone: number, rowsTotal: number) => Promise<void>);
  chunkBytes: number | null;
} = { afterChunk: null, chunkBytes: null };

/**
 * The job: claims the import (one at a time: the staging table is shared), verifies, stages and merges.
 * Never throws for a bad file (the import ends `failed` with its reason); answers the final import.
 */
export async function runRegistryImport(
  deps: Pick<AppDeps, 'db' | 'storage' | 'env'>,
  importId: number,
  bytesOverride?: Buffer,
): Promise<RegistryImport | null> {
  const db = deps.db;
  const claimed = await db
    .update(registryImports)
    .set({ status: 'processing', rows_done: 0, error: null })
    .where(
      and(
        eq(registryImports.id, importId),
        sql`${registryImports.status} in ('queued', 'processing')`,
        sql`not exists (select 1 from registry_imports o where o.status = 'processing' and o.id <> ${importId})`,
      ),
    )
    .returning();
  const imp = claimed[0];
  if (!imp) {
    const current = await loadRegistryImport(db, importId);
    if (current?.status === 'queued') throw new Error('another registry import is processing'); // retried by the queue
    return current;
  }
  try {
    const bytes = bytesOverride ?? (imp.storage_key ? await deps.storage.get(imp.storage_key) : undefined);
    if (!bytes) throw new RegistryFileError('取り込むファイルが見つかりません');
    if (deps.env.REGISTRY_PGP_KEY) {
      const signature = imp.signature_key ? await deps.storage.get(imp.signature_key) : undefined;
      await verifyRegistrySignature(bytes, signature ?? null, await registryKey(deps.env.REGISTRY_PGP_KEY));
      await db.update(registryImports).set({ signature_verified: 'verified' }).where(eq(registryImports.id, importId));
    }
    const csv = registryCsv(bytes);
    const file = await loadFile(db, importId, imp.kind === 'full' ? NEXT_TABLE : 'registry_staging', csv);
    const driver = pgliteOf(db) ? 'pglite' : 'postgres';
    const result = await db.transaction(async (tx) => {
      const r = imp.kind === 'full' ? await replaceAll(tx, file, driver) : await mergeDiff(tx, file);
      await tx
        .update(registryImports)
        .set({
          status: 'imported',
          rows_changed: r.changed,
          rows_deleted: r.deleted,
          data_date: r.dataDate,
          finished_at: new Date(),
        })
        .where(eq(registryImports.id, importId));
      return r;
    });
    void result;
  } catch (err) {
    const message =
      err instanceof RegistryFileError
        ? err.message
        : '取り込み中にエラーが発生しました。ファイルを確認して、もう一度取り込んでください';
    if (!(err instanceof RegistryFileError)) console.error('registry import failed', err);
    await db
      .update(registryImports)
      .set({ status: 'failed', error: message, finished_at: new Date() })
      .where(eq(registryImports.id, importId));
  } finally {
    await clearStaging(db).catch(() => {});
  }
  return loadRegistryImport(db, importId);
}

/** Bytes checked between two turns of the event loop (the COPY's socket is written meanwhile). */
const CHECK_SLICE = 1024 * 1024;

/** checkRegistryPart over one chunk, in slices of CHECK_SLICE with a turn of the event loop between. */
async function checkChunk(csv: Buffer, start: number, line: number): Promise<RegistryPartCheck> {
  const target = Math.min(csv.length, start + (registryImportHooks.chunkBytes ?? CHUNK_BYTES));
  const sum: RegistryPartCheck = { end: start, line, rows: 0, skipped: 0, maxDate: 0 };
  while (sum.end < target) {
    const part = checkRegistryPart(csv, sum.end, Math.min(target, sum.end + CHECK_SLICE), sum.line);
    if (part.end === sum.end) break; // only when the file ends
    sum.end = part.end;
    sum.line = part.line;
    sum.rows += part.rows;
    sum.skipped += part.skipped;
    if (part.maxDate > sum.maxDate) sum.maxDate = part.maxDate;
    if (sum.end < target) await new Promise((ok) => setImmediate(ok));
  }
  return sum;
}

/**
 * Checks the CSV and COPYs it into `table` (a fresh NEXT_TABLE for 全件, the emptied staging table for 差分) as
 * one pipeline (docs/adr/0060): chunk N+1 (CHUNK_BYTES, cut at a line end by the check itself) is checked
 * while chunk N is being copied by the database, so on PostgreSQL the JS check and the server's COPY run on
 * the two cores at once. The first bad line refuses the file (a fault the database finds in an earlier chunk
 * is reported first); what was copied until then is only in the fresh or staging table, dropped or emptied
 * by the caller, so the registry is untouched. `rows_total` is the file's line count until the check has seen
 * every row, then the rows; `rows_done` the rows copied, after each chunk.
 */
export async function loadFile(
  db: DbOrTx,
  importId: number,
  table: LoadTable,
  csv: Buffer,
): Promise<RegistryRowsCheck> {
  await clearStaging(db);
  const estimate = lineCount(csv);
  if (estimate === 0) throw new RegistryFileError('ファイルにデータの行がありません');
  await db.update(registryImports).set({ rows_total: estimate }).where(eq(registryImports.id, importId));
  if (table === NEXT_TABLE) await createNextTable(db);
  let rows = 0;
  let skipped = 0;
  let maxDate = 0;
  let done = 0;
  let pending: Promise<number> | null = null;
  const progress = async (copied: number) => {
    done += copied;
    await db
      .update(registryImports)
      .set({ rows_done: Math.min(done, estimate) })
      .where(eq(registryImports.id, importId));
    await registryImportHooks.afterChunk?.(Math.min(done, estimate), estimate);
  };
  const pglite = pgliteOf(db) !== null;
  let start = 0;
  let line = 1;
  try {
    while (start < csv.length) {
      const part = await timed('check', () => checkChunk(csv, start, line));
      rows += part.rows;
      skipped += part.skipped;
      if (part.maxDate > maxDate) maxDate = part.maxDate;
      if (pending) {
        const copying = pending;
        await progress(await timed('wait for the copy', () => copying));
        pending = null;
      }
      if (part.rows > 0) {
        const chunk = { bytes: csv.subarray(start, part.end), firstLine: line, lines: part.line - line };
        const copied = part.rows;
        pending = timed('copy', () => copyChunk(db, table, chunk)).then(() => copied);
        // handled when awaited below; until then a refusal must not count as an unhandled rejection
        pending.catch(() => {});
        if (pglite) {
          // one thread: nothing to overlap; let the requests waiting on the one embedded connection through
          // between chunks (ADR 0027)
          await progress(await pending);
          pending = null;
          await new Promise((ok) => setImmediate(ok));
        }
      }
      start = part.end;
      line = part.line;
    }
    if (pending) await progress(await pending);
    pending = null;
  } catch (err) {
    // a refusal while a chunk is still being copied: the COPY ends first, and its own refusal (an earlier
    // line) is the one reported
    if (pending) {
      const earlier = await (pending as Promise<number>).then(
        () => null,
        (e: unknown) => e,
      );
      if (earlier) throw earlier;
    }
    throw err;
  }
  if (rows === 0) throw new RegistryFileError('ファイルにデータの行がありません');
  await db.update(registryImports).set({ rows_total: rows, rows_done: rows }).where(eq(registryImports.id, importId));
  return { rows, skipped, dataDate: dateOfNumber(maxDate) };
}
