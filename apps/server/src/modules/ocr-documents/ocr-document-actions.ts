import {
  fieldErrors,
  type OcrConfirmValues,
  type OcrCorrectionValues,
  type OcrDocument,
  transactionDocumentInput,
} from '@chobo/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { customers, ocrDocuments } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Versioned } from '../../lib/context.js';
import type { AppDeps } from '../../lib/deps.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { newStorageKey } from '../../lib/storage.js';
import type { FileKind, Upload } from '../../lib/uploads.js';
import { addDocumentFiles, createDocument, sha256Hex } from '../transaction-documents/transaction-document-actions.js';
import {
  effectiveFields,
  findOcrDocument,
  matchSupplier,
  OCR_NOT_FOUND,
  type OcrRow,
  toOcrDocument,
} from './ocr-documents.queries.js';
import { OCR_QUEUE, type OcrJobData, ocrJobOptions } from './ocr-job.js';

const O = ocrDocuments;

async function enqueue(ctx: CompanyCtx, row: OcrRow): Promise<OcrRow> {
  const jobId = await ctx.deps.queue.send<OcrJobData>(
    OCR_QUEUE,
    { id: row.id, company_id: row.company_id },
    ocrJobOptions(row),
  );
  // only while no job owns the document: the job may already have claimed it (it sets its own id), and
  // only the owning job ever reads it (runOcrJob), so a second job can never process it too
  const [updated] = await ctx.db
    .update(O)
    .set({ job_id: jobId })
    .where(and(eq(O.id, row.id), eq(O.company_id, ctx.companyId), isNull(O.job_id)))
    .returning();
  return updated ?? (await findOcrDocument(ctx, row.id)) ?? row;
}

/**
 * Stores each uploaded file (write-once storage, SHA-256) as an OCR document 0 待機中 — all in one transaction,
 * audited — then sends one job per document (after the commit, as lib/queue.ts requires). Answers at once.
 */
export async function uploadOcrDocuments({
  ctx,
  input: { uploads },
}: ActionArgs<CompanyCtx, { uploads: Upload[] }>): Promise<OcrDocument[]> {
  const stored: { u: Upload; key: string; sha256: string }[] = [];
  for (const u of uploads) {
    const key = newStorageKey(`ocr-documents/${ctx.companyId}`, `.${u.kind === 'jpeg' ? 'jpg' : u.kind}`);
    await ctx.deps.storage.put(key, u.buffer);
    stored.push({ u, key, sha256: sha256Hex(u.buffer) });
  }
  const rows = await ctx.db.transaction(async (tx) => {
    const out: OcrRow[] = [];
    for (const s of stored) {
      const [row] = await tx
        .insert(O)
        .values({
          company_id: ctx.companyId,
          file_name: s.u.filename,
          content_type: s.u.mime,
          size: s.u.buffer.length,
          sha256: s.sha256,
          storage_key: s.key,
          created_by: ctx.actor.userId,
        })
        .returning();
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'ocr_document.create',
        targetType: 'ocr_document',
        targetId: row.id,
        after: { file_name: row.file_name, size: row.size, sha256: row.sha256 },
      });
      out.push(row);
    }
    return out;
  });
  const sent: OcrRow[] = [];
  for (const row of rows) sent.push(await enqueue(ctx, row));
  return sent.map(toOcrDocument);
}

/** Saves a person's corrections (only once read: 2 完了); 409 when stale. */
export async function correctOcrDocument({
  ctx,
  input: { id, updated_at, fields },
}: ActionArgs<CompanyCtx, OcrCorrectionValues & Versioned>): Promise<OcrDocument> {
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const before = await findOcrDocument(t, id, { forUpdate: true });
    if (!before) throw notFound(OCR_NOT_FOUND);
    assertFresh(before.updated_at, updated_at, 'OCR書類');
    if (before.status !== 2) {
      const message =
        before.status === 4 ? '登録済みのOCR書類は修正できません' : '読み取りが完了してから修正してください';
      throw unprocessable({ _: [message] }, message);
    }
    const corrections = { ...(before.corrections as Record<string, unknown>), ...fields };
    const [row] = await tx
      .update(O)
      .set({ corrections, updated_at: sql`now()` })
      .where(and(eq(O.id, id), eq(O.company_id, ctx.companyId)))
      .returning();
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'ocr_document.update',
      targetType: 'ocr_document',
      targetId: id,
      before: { corrections: before.corrections },
      after: { corrections },
    });
    return toOcrDocument(row);
  });
}

/** 失敗 → 待機中 with a new job. */
export async function retryOcrDocument({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  const row = await ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const before = await findOcrDocument(t, id, { forUpdate: true });
    if (!before) throw notFound(OCR_NOT_FOUND);
    if (before.status !== 3) {
      const message = '再実行できるのは失敗したOCR書類だけです';
      throw unprocessable({ status: [message] }, message);
    }
    const [r] = await tx
      .update(O)
      .set({ status: 0, progress: 0, error: null, finished_at: null, job_id: null, updated_at: sql`now()` })
      .where(and(eq(O.id, id), eq(O.company_id, ctx.companyId)))
      .returning();
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'ocr_document.retry',
      targetType: 'ocr_document',
      targetId: id,
    });
    return r;
  });
  return toOcrDocument(await enqueue(ctx, row));
}

const KIND_OF: Record<string, FileKind> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'application/pdf': 'pdf' };
/** The 発注取引 field names the OCR fields are checked as (errors are answered under the OCR names). */
const FIELD_NAME: Record<string, string> = { amount: 'total', 'taxes.0': 'taxes', customer_id: 'customer_id' };

/**
 * 確定: the (corrected) fields become a 発注取引 through the purchases actions — the supplier (`customer_id`, a
 * `new_customer` created now, or the matched customer), the original file as its first version, its journal
 * entry — and the OCR document is 4 登録済, linked to it. One transaction: all or nothing.
 */
export async function confirmOcrDocument({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<CompanyCtx, OcrConfirmValues & { id: number; updated_at: string }>): Promise<OcrDocument> {
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const before = await findOcrDocument(t, id, { forUpdate: true });
    if (!before) throw notFound(OCR_NOT_FOUND);
    assertFresh(before.updated_at, updated_at, 'OCR書類');
    if (before.status !== 2) {
      const message = before.status === 4 ? 'このOCR書類は登録済みです' : '読み取りが完了してから確定してください';
      throw unprocessable({ _: [message] }, message);
    }
    const fields = effectiveFields(before);
    let customerId = input.customer_id;
    if (!customerId && input.new_customer) {
      const [c] = await tx
        .insert(customers)
        .values({
          company_id: ctx.companyId,
          name: input.new_customer.name,
          used_for: 2,
          registration_number: input.new_customer.registration_number,
          tel: input.new_customer.tel,
        })
        .returning({ id: customers.id });
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'customer.create',
        targetType: 'customer',
        targetId: c.id,
        after: { ...input.new_customer, used_for: 2, source: 'ocr_document', ocr_document_id: id },
      });
      customerId = c.id;
    }
    customerId ??= (await matchSupplier(t, fields))?.customer_id ?? null;
    if (!customerId) {
      const message = '取引先を選択するか、新しい取引先として登録してください';
      throw unprocessable({ customer_id: [message] }, message);
    }
    const parsed = transactionDocumentInput.safeParse({
      customer_id: customerId,
      document_type: fields?.document_type.value && fields.document_type.value !== 9 ? fields.document_type.value : 4,
      transaction_date: fields?.transaction_date.value ?? '',
      amount: fields?.total.value ?? '',
      taxes: fields?.taxes.value ?? [],
      registration_number: fields?.registration_number.value ?? null,
      payment_method: input.payment_method,
      due_date: input.due_date,
      status: input.status,
      memo: input.memo ?? `OCR読取: ${before.file_name}`,
      account_id: input.account_id,
      confirm_duplicate: input.confirm_duplicate,
    });
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const [k, v] of Object.entries(fieldErrors(parsed.error.issues))) {
        const key = FIELD_NAME[k] ?? k.split('.')[0];
        errors[key] = [...(errors[key] ?? []), ...v];
      }
      throw unprocessable(errors);
    }
    const doc = await createDocument({ ctx: t, input: parsed.data });
    const bytes = await ctx.deps.storage.get(before.storage_key);
    if (!bytes) throw unprocessable({ _: ['元のファイルが見つかりません'] }, '元のファイルが見つかりません');
    const kind = KIND_OF[before.content_type] ?? 'pdf';
    await addDocumentFiles({
      ctx: t,
      input: { id: doc.id, uploads: [{ buffer: bytes, filename: before.file_name, kind, mime: before.content_type }] },
    });
    const [row] = await tx
      .update(O)
      .set({ status: 4, transaction_document_id: doc.id, updated_at: sql`now()` })
      .where(and(eq(O.id, id), eq(O.company_id, ctx.companyId)))
      .returning();
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'ocr_document.confirm',
      targetType: 'ocr_document',
      targetId: id,
      after: { transaction_document_id: doc.id, fields },
    });
    return toOcrDocument(row);
  });
}

/**
 * Sends a job for every document 0 待機中 that has none (the demo's, or one whose send failed after its
 * upload committed). Called once the queue has started (main.ts); jobs already queued resume on their own.
 */
export async function requeueWaitingOcr(deps: AppDeps): Promise<number> {
  const rows = await deps.db
    .select({ id: O.id, company_id: O.company_id, size: O.size, content_type: O.content_type })
    .from(O)
    .where(and(eq(O.status, 0), isNull(O.job_id)));
  for (const r of rows) {
    const jobId = await deps.queue.send<OcrJobData>(
      OCR_QUEUE,
      { id: r.id, company_id: r.company_id },
      ocrJobOptions(r),
    );
    // another process starting at the same moment may have sent one too: the first to set job_id owns it
    await deps.db
      .update(O)
      .set({ job_id: jobId })
      .where(and(eq(O.id, r.id), isNull(O.job_id)));
  }
  return rows.length;
}
