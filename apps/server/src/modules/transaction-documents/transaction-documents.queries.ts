import {
  type DocumentFile,
  type DocumentHistory,
  fiscalYearContaining,
  pageMeta,
  shiftYears,
  type TaxCategory,
  type TransactionDocument,
  type TransactionDocumentListQuery,
} from '@chobo/core';
import { and, asc, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  accounts,
  companies,
  customers,
  transactionDocumentFiles,
  transactionDocumentHistory,
  transactionDocuments,
  users,
} from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { dayPageStart, fromDay } from '../../lib/day-paging.js';
import { type KeywordMatch, keywordFilter } from '../../lib/sql.js';
import { lapsedOn, registryCheck } from '../registry/registry.queries.js';

export type DocumentRow = typeof transactionDocuments.$inferSelect;
export type FileRow = typeof transactionDocumentFiles.$inferSelect;
type DocumentTax = { tax_category: TaxCategory; base: number; tax: number };

const T = transactionDocuments;
const F = transactionDocumentFiles;

const SORT_COLUMNS = {
  transaction_date: T.transaction_date,
  amount: T.amount,
  customer_name: customers.name,
  document_type: T.document_type,
  due_date: T.due_date,
  status: T.status,
  created_at: T.created_at,
  id: T.id,
} as const;

/**
 * Keyword (every word must match one): memo, registration number, supplier name/kana, any live file's name.
 * The matching suppliers and files are found once per word (uncorrelated sub-queries), not per document.
 */
const keywordColumns = (companyId: number): KeywordMatch[] => [
  T.memo,
  T.registration_number,
  (_word, like) =>
    sql`${T.customer_id} in (select ${customers.id} from ${customers} where ${customers.company_id} = ${companyId} and (${customers.name} ilike ${like} or ${customers.name_kana} ilike ${like}))`,
  (_word, like) =>
    sql`${T.id} in (select ${F.document_id} from ${F} where ${F.company_id} = ${companyId} and ${F.deleted_at} is null and ${F.file_name} ilike ${like})`,
];

/** The 電帳法 search: every filter combinable, ranges inclusive; live (not deleted) documents only. */
export function documentWhere(tenant: Tenant, q: Omit<TransactionDocumentListQuery, 'page' | 'per_page'>) {
  return and(
    eq(T.company_id, tenant.companyId),
    isNull(T.deleted_at),
    keywordFilter(q.keyword, keywordColumns(tenant.companyId)),
    q.status !== undefined ? eq(T.status, q.status) : undefined,
    q.payment_method !== undefined ? eq(T.payment_method, q.payment_method) : undefined,
    q.document_type !== undefined ? eq(T.document_type, q.document_type) : undefined,
    q.customer_id !== undefined ? eq(T.customer_id, q.customer_id) : undefined,
    q.start_date ? gte(T.transaction_date, q.start_date) : undefined,
    q.end_date ? lte(T.transaction_date, q.end_date) : undefined,
    q.amount_min !== undefined ? gte(T.amount, q.amount_min) : undefined,
    q.amount_max !== undefined ? lte(T.amount, q.amount_max) : undefined,
  );
}

/** What the retention period depends on: the company's fiscal year end and its expiration_year (7 or 10). */
export interface RetentionRule {
  fiscalYearEndMonth: number;
  years: number;
}

export async function retentionRule(tenant: Tenant): Promise<RetentionRule> {
  const [c] = await tenant.db
    .select({ m: companies.fiscal_year_end_month, y: companies.expiration_year })
    .from(companies)
    .where(eq(companies.id, tenant.companyId));
  return { fiscalYearEndMonth: c.m, years: c.y };
}

/** Last day a document must be kept: expiration_year years after the end of the fiscal year of its date. */
export function retentionUntil(transactionDate: string, rule: RetentionRule): string {
  return shiftYears(fiscalYearContaining(transactionDate, rule.fiscalYearEndMonth).to, rule.years);
}

export function toFileDto(f: FileRow, uploadedByName: string | null): DocumentFile {
  return {
    id: f.id,
    version: f.version,
    file_name: f.file_name,
    content_type: f.content_type as DocumentFile['content_type'],
    size: f.size,
    sha256: f.sha256,
    uploaded_by_name: uploadedByName,
    created_at: f.created_at.toISOString(),
    deleted_at: f.deleted_at ? f.deleted_at.toISOString() : null,
  };
}

export function toDocument(
  row: DocumentRow,
  names: { customer: string | null; account: string | null },
  files: DocumentFile[],
  rule: RetentionRule,
): TransactionDocument {
  return {
    id: row.id,
    company_id: row.company_id,
    customer_id: row.customer_id,
    customer_name: names.customer ?? '',
    document_type: row.document_type as TransactionDocument['document_type'],
    transaction_date: row.transaction_date,
    amount: row.amount,
    taxes: row.taxes as DocumentTax[],
    registration_number: row.registration_number,
    is_qualified: row.registration_number !== null,
    payment_method: row.payment_method as TransactionDocument['payment_method'],
    due_date: row.due_date,
    status: row.status as TransactionDocument['status'],
    memo: row.memo,
    account_id: row.account_id,
    account_name: names.account,
    journal_entry_id: row.journal_entry_id,
    retention_until: retentionUntil(row.transaction_date, rule),
    files,
    einvoice_findings: (row.einvoice_findings as TransactionDocument['einvoice_findings']) ?? null,
    needs_review: row.needs_review,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

type JoinedRow = { t: DocumentRow; customer_name: string | null; account_name: string | null };

const joinedSelect = (tenant: Tenant) =>
  tenant.db
    .select({ t: T, customer_name: customers.name, account_name: accounts.name })
    .from(T)
    .leftJoin(customers, eq(customers.id, T.customer_id))
    .leftJoin(accounts, eq(accounts.id, T.account_id));

/** Files of these documents: every version (detail) or the newest live version of each (lists). */
async function filesOf(tenant: Tenant, ids: number[], all: boolean): Promise<Map<number, DocumentFile[]>> {
  const out = new Map<number, DocumentFile[]>();
  if (ids.length === 0) return out;
  const base = and(eq(F.company_id, tenant.companyId), inArray(F.document_id, ids));
  const rows = all
    ? await tenant.db
        .select({ f: F, name: users.name })
        .from(F)
        .leftJoin(users, eq(users.id, F.uploaded_by))
        .where(base)
        .orderBy(asc(F.document_id), desc(F.version))
    : await tenant.db
        .selectDistinctOn([F.document_id], { f: F, name: users.name })
        .from(F)
        .leftJoin(users, eq(users.id, F.uploaded_by))
        .where(and(base, isNull(F.deleted_at)))
        .orderBy(asc(F.document_id), desc(F.version));
  for (const r of rows) out.set(r.f.document_id, [...(out.get(r.f.document_id) ?? []), toFileDto(r.f, r.name)]);
  return out;
}

async function withDetails(tenant: Tenant, rows: JoinedRow[], allFiles: boolean, rule?: RetentionRule) {
  if (rows.length === 0) return [];
  const r = rule ?? (await retentionRule(tenant));
  const files = await filesOf(
    tenant,
    rows.map((x) => x.t.id),
    allFiles,
  );
  return rows.map((x) =>
    toDocument(x.t, { customer: x.customer_name, account: x.account_name }, files.get(x.t.id) ?? [], r),
  );
}

export async function listDocuments(tenant: Tenant, q: TransactionDocumentListQuery) {
  const where = documentWhere(tenant, q);
  const column = SORT_COLUMNS[q.sort_by];
  const offset = (q.page - 1) * q.per_page;
  // the unfiltered list by date (the usual one): total and first day from the kept per-day counts (ADR 0032)
  const unfiltered =
    !q.keyword?.trim() &&
    q.status === undefined &&
    q.payment_method === undefined &&
    q.document_type === undefined &&
    q.customer_id === undefined &&
    q.amount_min === undefined &&
    q.amount_max === undefined;
  if (unfiltered && q.sort_by === 'transaction_date') {
    const start = await dayPageStart(tenant.db, {
      list: 'documents',
      companyId: tenant.companyId,
      from: q.start_date,
      to: q.end_date,
      dir: q.sort_dir,
      offset,
    });
    const order = q.sort_dir === 'asc' ? asc : desc;
    const rows = start.day
      ? await joinedSelect(tenant)
          .where(and(where, fromDay(T.transaction_date, start.day, q.sort_dir)))
          .orderBy(order(column), order(T.id))
          .limit(q.per_page)
          .offset(offset - start.before)
      : [];
    return {
      data: await withDetails(tenant, rows, false),
      meta: pageMeta(start.total, q.page, q.per_page, rows.length),
    };
  }
  // unfiltered but sorted otherwise: the total from the kept counts, the page by OFFSET
  const total = unfiltered
    ? (
        await dayPageStart(tenant.db, {
          list: 'documents',
          companyId: tenant.companyId,
          from: q.start_date,
          to: q.end_date,
          dir: 'desc',
          offset: 0,
        })
      ).total
    : (await tenant.db.select({ total: sql<number>`count(*)::int` }).from(T).where(where))[0].total;
  // a page past the middle is read from the other end (a short offset), then put back in order
  const fromEnd = offset > total / 2;
  const ascending = (q.sort_dir === 'asc') !== fromEnd;
  const order = ascending ? asc : desc;
  const limit = fromEnd ? Math.max(0, Math.min(q.per_page, total - offset)) : q.per_page;
  const rows = await joinedSelect(tenant)
    .where(where)
    .orderBy(order(column), order(T.id))
    .limit(limit)
    .offset(fromEnd ? Math.max(0, total - offset - limit) : offset);
  if (fromEnd) rows.reverse();
  return { data: await withDetails(tenant, rows, false), meta: pageMeta(total, q.page, q.per_page, rows.length) };
}

/** This company's live document row (another company's or a deleted one is not found). */
export async function findDocument(
  tenant: Tenant,
  id: number,
  opts: { forUpdate?: boolean; withDeleted?: boolean } = {},
) {
  const query = tenant.db
    .select()
    .from(T)
    .where(and(eq(T.id, id), eq(T.company_id, tenant.companyId), opts.withDeleted ? undefined : isNull(T.deleted_at)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The API record with every file version. */
export async function loadDocument(tenant: Tenant, id: number): Promise<TransactionDocument | undefined> {
  const rows = await joinedSelect(tenant)
    .where(and(eq(T.id, id), eq(T.company_id, tenant.companyId), isNull(T.deleted_at)))
    .limit(1);
  const [dto] = await withDetails(tenant, rows, true);
  if (!dto) return dto;
  const check = await registryCheck(tenant.db, dto.registration_number, dto.transaction_date);
  return { ...dto, registry_check: check, is_qualified: dto.is_qualified && !lapsedOn(check) };
}

export async function findFile(tenant: Tenant, documentId: number, fileId: number, opts: { forUpdate?: boolean } = {}) {
  const query = tenant.db
    .select()
    .from(F)
    .where(and(eq(F.id, fileId), eq(F.document_id, documentId), eq(F.company_id, tenant.companyId)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

/** History of a document (newest first), kept after its logical deletion too. */
export async function documentHistory(tenant: Tenant, documentId: number): Promise<DocumentHistory[]> {
  const H = transactionDocumentHistory;
  const rows = await tenant.db
    .select({ h: H, name: users.name })
    .from(H)
    .leftJoin(users, eq(users.id, H.actor_id))
    .where(and(eq(H.company_id, tenant.companyId), eq(H.document_id, documentId)))
    .orderBy(desc(H.id));
  return rows.map(({ h, name }) => ({
    id: h.id,
    action: h.action as DocumentHistory['action'],
    actor_name: name,
    created_at: h.created_at.toISOString(),
    before: (h.before as Record<string, unknown> | null) ?? null,
    after: (h.after as Record<string, unknown> | null) ?? null,
  }));
}

/** For the CSV 索引簿: matching documents in keyset batches (date, id), newest file version of each. */
export async function* documentBatches(tenant: Tenant, q: TransactionDocumentListQuery, size = 1000) {
  const where = documentWhere(tenant, q);
  const rule = await retentionRule(tenant);
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? sql`(${T.transaction_date}, ${T.id}) > (${after.date}, ${after.id})`
      : undefined;
    const rows: JoinedRow[] = await joinedSelect(tenant)
      .where(and(where, cursor))
      .orderBy(asc(T.transaction_date), asc(T.id))
      .limit(size);
    if (rows.length === 0) return;
    yield await withDetails(tenant, rows, false, rule);
    const last: DocumentRow = rows[rows.length - 1].t;
    after = { date: last.transaction_date, id: last.id };
    if (rows.length < size) return;
  }
}

/** The file behind a signed link (lib/file-links.ts): a live version of a live document of the company. */
export async function linkedDocumentFile(db: Db, companyId: number, fileId: number) {
  const F = transactionDocumentFiles;
  const [f] = await db
    .select({
      storage_key: F.storage_key,
      file_name: F.file_name,
      content_type: F.content_type,
      document_id: F.document_id,
    })
    .from(F)
    .where(and(eq(F.id, fileId), eq(F.company_id, companyId), isNull(F.deleted_at)))
    .limit(1);
  return f;
}
