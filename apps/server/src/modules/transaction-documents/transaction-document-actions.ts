import { createHash } from 'node:crypto';
import {
  type DocumentFileUpload,
  dueDateFromTerms,
  type EInvoiceFinding,
  formatDateJa,
  type TransactionDocument,
  type TransactionDocumentValues,
  todayInTokyo,
} from '@chobo/core';
import { and, eq, isNull, max, sql } from 'drizzle-orm';
import {
  accounts,
  customers,
  transactionDocumentFiles,
  transactionDocumentHistory,
  transactionDocuments,
} from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Tenant, Versioned } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { newStorageKey } from '../../lib/storage.js';
import type { Upload } from '../../lib/uploads.js';
import { withDbRefusals } from '../accounting/posting.js';
import { assertNotDuplicate } from './transaction-document-duplicates.js';
import { postingChanged, syncPurchasePosting, withdrawPurchasePosting } from './transaction-document-posting.js';
import {
  type DocumentRow,
  findDocument,
  findFile,
  loadDocument,
  retentionRule,
  retentionUntil,
  toFileDto,
} from './transaction-documents.queries.js';

export const DOCUMENT_NOT_FOUND = '発注取引が見つかりません';
export const FILE_NOT_FOUND = 'ファイルが見つかりません';

/** The supplier must be one of this company's live customers used for purchases (used_for 2 or 3). */
async function supplier(tenant: Tenant, id: number) {
  const [c] = await tenant.db
    .select({
      id: customers.id,
      name: customers.name,
      used_for: customers.used_for,
      closing_day: customers.closing_day,
      payment_month_offset: customers.payment_month_offset,
      payment_day: customers.payment_day,
    })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.company_id, tenant.companyId), isNull(customers.deleted_at)));
  if (!c) throw unprocessable({ customer_id: ['取引先が見つかりません'] });
  if (c.used_for !== 2 && c.used_for !== 3) {
    throw unprocessable({
      customer_id: ['この取引先は売上先として登録されています。仕入先（または両方）の取引先を選択してください'],
    });
  }
  return c;
}

/** The expense account must be an active 費用 account of this company (仕入高 included; not 棚卸高 or 法人税等). */
async function checkAccount(tenant: Tenant, id: number | null): Promise<void> {
  if (id === null) return;
  const [a] = await tenant.db
    .select({
      category: accounts.category,
      section: accounts.section,
      key: accounts.system_key,
      active: accounts.is_active,
      name: accounts.name,
    })
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.company_id, tenant.companyId)));
  if (!a) throw unprocessable({ account_id: ['勘定科目が見つかりません'] });
  if (!a.active) throw unprocessable({ account_id: [`勘定科目「${a.name}」は無効になっているため使用できません`] });
  if (
    a.category !== 'expense' ||
    a.section === 'income_taxes' ||
    a.key === 'opening_inventory' ||
    a.key === 'closing_inventory'
  ) {
    throw unprocessable({ account_id: ['費用の勘定科目（仕入高・経費）を選択してください'] });
  }
}

function columns(input: TransactionDocumentValues) {
  return {
    customer_id: input.customer_id,
    document_type: input.document_type,
    transaction_date: input.transaction_date,
    amount: input.amount,
    taxes: input.taxes,
    registration_number: input.registration_number,
    payment_method: input.payment_method,
    due_date: input.due_date,
    status: input.status,
    memo: input.memo ?? null,
    account_id: input.account_id,
  };
}

/** The record as kept in the history (without its files: those have their own rows). */
function snapshot(d: TransactionDocument): Record<string, unknown> {
  const { files: _files, created_at: _c, ...rest } = d;
  return rest;
}

async function history(
  ctx: CompanyCtx,
  tx: Tenant['db'],
  row: { documentId: number; fileId?: number; action: string; before?: unknown; after?: unknown },
) {
  await tx.insert(transactionDocumentHistory).values({
    company_id: ctx.companyId,
    document_id: row.documentId,
    file_id: row.fileId ?? null,
    action: row.action,
    actor_id: ctx.actor.userId,
    before: row.before ?? null,
    after: row.after ?? null,
  });
}

async function post(t: Tenant, row: DocumentRow, supplierName: string, userId: number | null) {
  const entryId = await syncPurchasePosting(t, row, supplierName, userId);
  if (entryId !== row.journal_entry_id) {
    await t.db
      .update(transactionDocuments)
      .set({ journal_entry_id: entryId })
      .where(eq(transactionDocuments.id, row.id));
  }
}

const loaded = async (t: Tenant, id: number) => (await loadDocument(t, id)) as TransactionDocument;

/**
 * Registers a document (its purchase posted when it is a 請求書 or 領収書), with history and audit. A received
 * e-invoice (einvoice-import.ts) comes with its checker's findings, kept on the row (要確認 when any).
 */
export async function createDocument({
  ctx,
  input,
}: ActionArgs<CompanyCtx, TransactionDocumentValues & { einvoice_findings?: EInvoiceFinding[] }>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const s = await supplier(t, input.customer_id);
      await checkAccount(t, input.account_id);
      await assertNotDuplicate(t, input);
      // no 支払期日 given: the supplier's 支払条件 give it (a given date always wins)
      const dueDate = input.due_date ?? dueDateFromTerms(input.transaction_date, s);
      const [row] = await tx
        .insert(transactionDocuments)
        .values({
          ...columns({ ...input, due_date: dueDate }),
          ...(input.einvoice_findings
            ? { einvoice_findings: input.einvoice_findings, needs_review: input.einvoice_findings.length > 0 }
            : {}),
          company_id: ctx.companyId,
          created_by: ctx.actor.userId,
        })
        .returning();
      await post(t, row, s.name, ctx.actor.userId);
      const dto = await loaded(t, row.id);
      await history(ctx, tx, { documentId: row.id, action: 'created', after: snapshot(dto) });
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'transaction_document.create',
        targetType: 'transaction_document',
        targetId: row.id,
        after: dto,
      });
      return dto;
    }),
  );
}

/** Edits a document (409 when stale); its purchase entry is replaced when what it posts changed. */
export async function updateDocument({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<CompanyCtx, TransactionDocumentValues & Versioned>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const before = await findDocument(t, id, { forUpdate: true });
      if (!before) throw notFound(DOCUMENT_NOT_FOUND);
      assertFresh(before.updated_at, updated_at, '発注取引');
      const beforeDto = await loaded(t, id);
      const s = await supplier(t, input.customer_id);
      await checkAccount(t, input.account_id);
      const [row] = await tx
        .update(transactionDocuments)
        .set({ ...columns(input), updated_at: sql`now()` })
        .where(and(eq(transactionDocuments.id, id), eq(transactionDocuments.company_id, ctx.companyId)))
        .returning();
      if (postingChanged(before, row)) {
        await post(t, row, s.name, ctx.actor.userId);
      }
      const dto = await loaded(t, id);
      await history(ctx, tx, { documentId: id, action: 'updated', before: snapshot(beforeDto), after: snapshot(dto) });
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'transaction_document.update',
        targetType: 'transaction_document',
        targetId: id,
        before: beforeDto,
        after: dto,
      });
      return dto;
    }),
  );
}

/** 422 while the document must still be kept (電帳法 retention). */
async function assertRetentionOver(t: Tenant, transactionDate: string, what: 'document' | 'file') {
  const until = retentionUntil(transactionDate, await retentionRule(t));
  if (todayInTokyo() <= until) {
    const message = `保存期間（${formatDateJa(until)}まで）が終了していないため削除できません`;
    throw unprocessable({ [what === 'file' ? 'file' : '_']: [message] }, message);
  }
}

/**
 * Deletes a document logically (deleted_at; kept in the history with its files) once its retention period
 * has ended; its purchase entry is withdrawn (deleted, or reversed when its period is locked).
 */
export async function deleteDocument({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  await withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const before = await findDocument(t, id, { forUpdate: true });
      if (!before) throw notFound(DOCUMENT_NOT_FOUND);
      await assertRetentionOver(t, before.transaction_date, 'document');
      const beforeDto = await loaded(t, id);
      await withdrawPurchasePosting(t, before, ctx.actor.userId);
      await tx
        .update(transactionDocuments)
        .set({ deleted_at: sql`now()`, deleted_by: ctx.actor.userId, journal_entry_id: null, updated_at: sql`now()` })
        .where(and(eq(transactionDocuments.id, id), eq(transactionDocuments.company_id, ctx.companyId)));
      await history(ctx, tx, { documentId: id, action: 'deleted', before: snapshot(beforeDto) });
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'transaction_document.delete',
        targetType: 'transaction_document',
        targetId: id,
        before: beforeDto,
      });
    }),
  );
}

export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Adds uploaded files as NEW versions (max + 1 each; nothing is ever overwritten). The bytes are written to
 * the write-once storage first (under fresh keys), then the rows, history and audit in one transaction:
 * the uploads were all checked before this call, so either every file is kept or none is referenced.
 */
export async function addDocumentFiles({
  ctx,
  input: { id, uploads },
}: ActionArgs<CompanyCtx, { id: number; uploads: Upload[] }>): Promise<DocumentFileUpload[]> {
  const existing = await findDocument(ctx, id);
  if (!existing) throw notFound(DOCUMENT_NOT_FOUND);
  const stored: { upload: Upload; key: string; sha256: string }[] = [];
  for (const u of uploads) {
    const key = newStorageKey(`transaction-documents/${ctx.companyId}/${id}`);
    await ctx.deps.storage.put(key, u.buffer);
    stored.push({ upload: u, key, sha256: sha256Hex(u.buffer) });
  }
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const doc = await findDocument(t, id, { forUpdate: true });
    if (!doc) throw notFound(DOCUMENT_NOT_FOUND);
    const [{ last }] = await tx
      .select({ last: max(transactionDocumentFiles.version) })
      .from(transactionDocumentFiles)
      .where(eq(transactionDocumentFiles.document_id, id));
    let version = last ?? 0;
    const out: DocumentFileUpload[] = [];
    for (const s of stored) {
      const [f] = await tx
        .insert(transactionDocumentFiles)
        .values({
          company_id: ctx.companyId,
          document_id: id,
          version: ++version,
          file_name: s.upload.filename,
          content_type: s.upload.mime,
          size: s.upload.buffer.length,
          sha256: s.sha256,
          storage_key: s.key,
          uploaded_by: ctx.actor.userId,
        })
        .returning();
      const fileDto = toFileDto(f, null);
      await history(ctx, tx, { documentId: id, fileId: f.id, action: 'file_added', after: { ...fileDto } });
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'transaction_document.file_add',
        targetType: 'transaction_document',
        targetId: id,
        after: fileDto,
      });
      out.push({ id: f.id, version: f.version, file_name: f.file_name, size: f.size, sha256: f.sha256 });
    }
    return out;
  });
}

/** Deletes a file version logically (kept in storage and history), refused inside the retention period. */
export async function deleteDocumentFile({
  ctx,
  input: { id, fileId },
}: ActionArgs<CompanyCtx, { id: number; fileId: number }>) {
  await ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const doc = await findDocument(t, id, { forUpdate: true });
    if (!doc) throw notFound(DOCUMENT_NOT_FOUND);
    const file = await findFile(t, id, fileId, { forUpdate: true });
    if (!file || file.deleted_at) throw notFound(FILE_NOT_FOUND);
    await assertRetentionOver(t, doc.transaction_date, 'file');
    const [after] = await tx
      .update(transactionDocumentFiles)
      .set({ deleted_at: sql`now()`, deleted_by: ctx.actor.userId })
      .where(and(eq(transactionDocumentFiles.id, fileId), eq(transactionDocumentFiles.company_id, ctx.companyId)))
      .returning();
    await history(ctx, tx, {
      documentId: id,
      fileId,
      action: 'file_deleted',
      before: { ...toFileDto(file, null) },
      after: { ...toFileDto(after, null) },
    });
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'transaction_document.file_delete',
      targetType: 'transaction_document',
      targetId: id,
      before: toFileDto(file, null),
    });
  });
}
