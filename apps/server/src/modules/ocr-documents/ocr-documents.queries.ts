import {
  OCR_FIELD_KEYS,
  type OcrDocument,
  type OcrDocumentListQuery,
  type OcrFields,
  type OcrWordDto,
  type SuggestedAccount,
  type SupplierMatch,
  suggestExpenseAccountName,
} from '@chobo/core';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, customers, type OcrPage, ocrDocuments, transactionDocuments } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { pagedList } from '../../lib/list.js';
import { keywordFilter } from '../../lib/sql.js';

export type OcrRow = typeof ocrDocuments.$inferSelect;
const O = ocrDocuments;

export const OCR_NOT_FOUND = 'OCR書類が見つかりません';

/** The list's columns: never the words or the text (large jsonb / text read only by the detail). */
const { words: _words, text: _text, ...LIST_COLUMNS } = getTableColumns(O);

const SORT = { created_at: O.created_at, status: O.status, file_name: O.file_name, id: O.id } as const;

/**
 * The fields as the screens use them: what was read, with each of a person's corrections in its place
 * (confidence 1, `corrected`, the box it was read from kept for the highlight).
 */
export function effectiveFields(row: Pick<OcrRow, 'fields' | 'corrections'>): OcrFields | null {
  const read = row.fields as OcrFields | null;
  if (!read) return null;
  const corrections = (row.corrections ?? {}) as Record<string, unknown>;
  const out = { ...read } as Record<string, unknown>;
  for (const key of OCR_FIELD_KEYS) {
    if (!Object.hasOwn(corrections, key)) continue;
    const before = read[key];
    out[key] = { value: corrections[key] ?? null, confidence: 1, box: before?.box ?? null, corrected: true };
  }
  return out as OcrFields;
}

export function toOcrDocument(row: Omit<OcrRow, 'words' | 'text'>): OcrDocument {
  return {
    id: row.id,
    company_id: row.company_id,
    status: row.status as OcrDocument['status'],
    progress: row.progress,
    error: row.error,
    file_name: row.file_name,
    content_type: row.content_type,
    size: row.size,
    sha256: row.sha256,
    page_count: (row.pages as unknown[]).length,
    fields: effectiveFields(row),
    transaction_document_id: row.transaction_document_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listOcrDocuments(tenant: Tenant, q: OcrDocumentListQuery) {
  const where = and(
    eq(O.company_id, tenant.companyId),
    q.status !== undefined ? eq(O.status, q.status) : undefined,
    keywordFilter(q.keyword, [O.file_name, sql`${O.fields}->'issuer_name'->>'value'`, O.text]),
  );
  const dir = q.sort_dir === 'asc' ? asc : desc;
  return pagedList(tenant.db, q, {
    from: O,
    where,
    rows: (limit, offset) =>
      tenant.db
        .select(LIST_COLUMNS)
        .from(O)
        .where(where)
        .orderBy(dir(SORT[q.sort_by]), dir(O.id))
        .limit(limit)
        .offset(offset),
    map: (rows) => rows.map(toOcrDocument),
  });
}

export async function findOcrDocument(tenant: Tenant, id: number, opts: { forUpdate?: boolean } = {}) {
  const query = tenant.db
    .select()
    .from(O)
    .where(and(eq(O.id, id), eq(O.company_id, tenant.companyId)));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row as OcrRow | undefined;
}

export const wordsOf = (row: OcrRow) => row.words as OcrWordDto[];

const digits = (s: string) => s.replace(/\D/g, '');
const squeeze = (s: string) => s.normalize('NFKC').replace(/[\s　]/g, '');

/**
 * The supplier of a document among the company's live purchase customers (used_for 2 or 3): by 登録番号,
 * then by phone (tel or mobile, digits only), then by name (spaces ignored).
 */
export async function matchSupplier(tenant: Tenant, fields: OcrFields | null): Promise<SupplierMatch | null> {
  if (!fields) return null;
  const C = customers;
  const live = and(eq(C.company_id, tenant.companyId), isNull(C.deleted_at), inArray(C.used_for, [2, 3]));
  const reg = fields.registration_number.value;
  if (reg) {
    const [c] = await tenant.db
      .select({ id: C.id, name: C.name })
      .from(C)
      .where(and(live, eq(C.registration_number, reg)))
      .orderBy(asc(C.id))
      .limit(1);
    if (c) return { customer_id: c.id, customer_name: c.name, matched_by: 'registration_number' };
  }
  const phone = fields.phone.value ? digits(fields.phone.value) : '';
  if (phone.length >= 10) {
    const [c] = await tenant.db
      .select({ id: C.id, name: C.name })
      .from(C)
      .where(
        and(
          live,
          sql`(regexp_replace(coalesce(${C.tel}, ''), '[^0-9]', '', 'g') = ${phone} or regexp_replace(coalesce(${C.mobile}, ''), '[^0-9]', '', 'g') = ${phone})`,
        ),
      )
      .orderBy(asc(C.id))
      .limit(1);
    if (c) return { customer_id: c.id, customer_name: c.name, matched_by: 'phone' };
  }
  const name = fields.issuer_name.value ? squeeze(fields.issuer_name.value) : '';
  if (name) {
    const [c] = await tenant.db
      .select({ id: C.id, name: C.name })
      .from(C)
      .where(and(live, sql`regexp_replace(${C.name}, '[[:space:]　]', '', 'g') = ${name}`))
      .orderBy(asc(C.id))
      .limit(1);
    if (c) return { customer_id: c.id, customer_name: c.name, matched_by: 'name' };
  }
  return null;
}

/**
 * The expense account to offer at 確定: the supplier's latest document with an account (a person chose it
 * there), else the account the words of the document suggest (core suggestExpenseAccountName), if the
 * company has it active.
 */
export async function suggestAccount(
  tenant: Tenant,
  supplierId: number | null,
  text: string | null,
): Promise<SuggestedAccount | null> {
  if (supplierId) {
    const [last] = await tenant.db
      .select({ account_id: accounts.id, account_name: accounts.name })
      .from(transactionDocuments)
      .innerJoin(accounts, eq(accounts.id, transactionDocuments.account_id))
      .where(
        and(
          eq(transactionDocuments.company_id, tenant.companyId),
          eq(transactionDocuments.customer_id, supplierId),
          isNull(transactionDocuments.deleted_at),
          eq(accounts.is_active, true),
        ),
      )
      .orderBy(desc(transactionDocuments.transaction_date), desc(transactionDocuments.id))
      .limit(1);
    if (last) return { ...last, reason: 'supplier' };
  }
  const name = suggestExpenseAccountName(text);
  if (!name) return null;
  const [a] = await tenant.db
    .select({ account_id: accounts.id, account_name: accounts.name })
    .from(accounts)
    .where(
      and(
        eq(accounts.company_id, tenant.companyId),
        eq(accounts.name, name),
        eq(accounts.category, 'expense'),
        eq(accounts.is_active, true),
      ),
    )
    .limit(1);
  return a ? { ...a, reason: 'keyword' } : null;
}

export const ocrPagesOf = (row: Pick<OcrRow, 'pages'>) => row.pages as OcrPage[];

/**
 * The file behind an OCR signed link (lib/file-links.ts): file id = document id × 100 + page, page 0 the
 * original upload, others the page images.
 */
export async function ocrLinkedFile(db: Db, companyId: number, fileId: number) {
  const docId = Math.floor(fileId / 100);
  const page = fileId % 100;
  const [row] = await db
    .select({
      key: ocrDocuments.storage_key,
      name: ocrDocuments.file_name,
      type: ocrDocuments.content_type,
      pages: ocrDocuments.pages,
    })
    .from(ocrDocuments)
    .where(and(eq(ocrDocuments.id, docId), eq(ocrDocuments.company_id, companyId)));
  if (!row) return undefined;
  if (page === 0) return { storage_key: row.key, file_name: row.name, content_type: row.type };
  const p = ocrPagesOf(row).find((x) => x.page === page);
  return p ? { storage_key: p.image_key, file_name: `page-${page}.png`, content_type: 'image/png' } : undefined;
}
