import {
  type LapsedSupplier,
  type RegistryCheck,
  type RegistryEntry,
  type RegistryImport,
  type RegistrySummary,
  registrationStatusOn,
} from '@chobo/core';
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { registryImports, users } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { arrayLiteral } from '../../lib/sql.js';
import { sqlRows } from '../accounting/sql-rows.js';

const I = registryImports;

/** Today in Japan (the registry's dates are Japanese calendar days). */
export function todayInJapan(now = new Date()): string {
  return new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

/**
 * THE registry lookup (docs/adr/0046): the registration of `tNumber` as the offline copy holds it, and
 * whether it was valid on `date` (登録年月日 ≤ date, neither 取消 nor 失効 on or before it), or null when the
 * number is not in the registry. One primary-key read. Used by GET /api/registry/:t_number, the documents'
 * registry_check, the lapsed-supplier screen and the OCR issuer.
 */
export async function lookupRegistration(db: DbOrTx, tNumber: string, date: string): Promise<RegistryEntry | null> {
  const row = await lookupRow(db, tNumber);
  if (!row) return null;
  const status = registrationStatusOn(row, date);
  return { ...row, date, status, valid_on_date: status === 'valid' };
}

type RegistryRow = Omit<RegistryEntry, 'date' | 'status' | 'valid_on_date'>;

const LOOKUP_SQL = `select registration_number, name, name_kana, address,
    to_char(registered_on, 'YYYY-MM-DD') as registered_on, to_char(cancelled_on, 'YYYY-MM-DD') as cancelled_on,
    to_char(expired_on, 'YYYY-MM-DD') as expired_on, to_char(updated_on, 'YYYY-MM-DD') as updated_on, process_kind
  from registry_entries where registration_number = $1`;

/**
 * The one primary-key read, straight on the driver when `db` is the database itself (not a transaction):
 * drizzle's query building and its per-call result parsers were half of the lookup's time on PGlite
 * (docs/adr/0060). Inside a transaction it goes through drizzle, on the transaction's connection.
 */
async function lookupRow(db: DbOrTx, tNumber: string): Promise<RegistryRow | undefined> {
  const client = (db as unknown as { $client?: unknown }).$client as
    | { query?: (text: string, values: unknown[]) => Promise<{ rows: RegistryRow[] }> }
    | undefined;
  if (client && typeof client.query === 'function') return (await client.query(LOOKUP_SQL, [tNumber])).rows[0];
  const [row] = await sqlRows<RegistryRow>(
    db,
    sql`select registration_number, name, name_kana, address,
          to_char(registered_on, 'YYYY-MM-DD') as registered_on, to_char(cancelled_on, 'YYYY-MM-DD') as cancelled_on,
          to_char(expired_on, 'YYYY-MM-DD') as expired_on, to_char(updated_on, 'YYYY-MM-DD') as updated_on, process_kind
        from registry_entries where registration_number = ${tNumber}`,
  );
  return row;
}

/** Several numbers at once (lists): number → its row's dates and name. */
export async function lookupRegistrations(
  db: DbOrTx,
  numbers: readonly string[],
): Promise<
  Map<string, { name: string; registered_on: string | null; cancelled_on: string | null; expired_on: string | null }>
> {
  const out = new Map();
  const distinct = [...new Set(numbers)];
  if (distinct.length === 0) return out;
  const rows = await sqlRows<{
    registration_number: string;
    name: string;
    registered_on: string | null;
    cancelled_on: string | null;
    expired_on: string | null;
  }>(
    db,
    sql`select registration_number, name, to_char(registered_on, 'YYYY-MM-DD') as registered_on,
          to_char(cancelled_on, 'YYYY-MM-DD') as cancelled_on, to_char(expired_on, 'YYYY-MM-DD') as expired_on
        from registry_entries where registration_number = any(${arrayLiteral(distinct)}::text[])`,
  );
  for (const r of rows) out.set(r.registration_number, r);
  return out;
}

const importSelect = (db: DbOrTx) =>
  db.select({ i: I, created_by_name: users.name }).from(I).leftJoin(users, eq(users.id, I.created_by));

type ImportRow = { i: typeof I.$inferSelect; created_by_name: string | null };

function toImportDto({ i, created_by_name }: ImportRow): RegistryImport {
  return {
    id: i.id,
    kind: i.kind as RegistryImport['kind'],
    status: i.status as RegistryImport['status'],
    file_name: i.file_name,
    file_size: i.file_size,
    sha256: i.sha256,
    signature_verified: i.signature_verified as RegistryImport['signature_verified'],
    rows_total: i.rows_total,
    rows_done: i.rows_done,
    rows_changed: i.rows_changed,
    rows_deleted: i.rows_deleted,
    data_date: i.data_date,
    error: i.error,
    created_by_name,
    created_at: i.created_at.toISOString(),
    finished_at: i.finished_at ? i.finished_at.toISOString() : null,
  };
}

export async function loadRegistryImport(db: DbOrTx, id: number): Promise<RegistryImport | null> {
  const [row] = await importSelect(db).where(eq(I.id, id));
  return row ? toImportDto(row) : null;
}

/** The newest imports first (the admin screen's history). */
export async function listRegistryImports(db: DbOrTx, limit = 50): Promise<RegistryImport[]> {
  const rows = await importSelect(db).orderBy(desc(I.created_at), desc(I.id)).limit(limit);
  return rows.map(toImportDto);
}

export async function registrySummary(db: DbOrTx, signatureKey: boolean): Promise<RegistrySummary> {
  const [r] = await sqlRows<{ entries: number; data_date: string | null; last_full_date: string | null }>(
    db,
    sql`select (select count(*)::int from registry_entries) as entries,
          (select to_char(max(data_date), 'YYYY-MM-DD') from registry_imports where status = 'imported') as data_date,
          (select to_char(max(data_date), 'YYYY-MM-DD') from registry_imports where status = 'imported' and kind = 'full') as last_full_date`,
  );
  return { ...r, signature_key: signatureKey };
}

/**
 * A document's T-number checked on its date: the registry's name and status, or null when the document has
 * no number or no registry data has been imported yet (nothing to check against). A number the registry
 * does not hold is `unknown` (flagged 要確認, still treated as 適格: the copy may be older than the number).
 */
export async function registryCheck(db: DbOrTx, tNumber: string | null, date: string): Promise<RegistryCheck | null> {
  if (!tNumber) return null;
  const entry = await lookupRegistration(db, tNumber, date);
  if (entry) return { status: entry.status, name: entry.name, date, valid_on_date: entry.valid_on_date };
  const [{ any }] = await sqlRows<{ any: boolean }>(db, sql`select exists (select 1 from registry_entries) as any`);
  return any ? { status: 'unknown', name: null, date, valid_on_date: false } : null;
}

/** Whether a check takes the full credit away: the registry says the registration was not valid that day. */
export function lapsedOn(check: RegistryCheck | null): boolean {
  return check !== null && check.status !== 'valid' && check.status !== 'unknown';
}

/**
 * The company's suppliers whose T-number the registry shows cancelled (取消) or expired (失効) on `date`, with
 * the date of their last received document (発注取引), newest lapse first.
 */
export async function lapsedSuppliers(tenant: Tenant, date: string): Promise<LapsedSupplier[]> {
  return sqlRows<LapsedSupplier>(
    tenant.db,
    sql`select c.id as customer_id, c.name as customer_name, c.registration_number, e.name as registry_name,
          case when e.cancelled_on <= ${date}::date then 'cancelled' else 'expired' end as status,
          to_char(e.cancelled_on, 'YYYY-MM-DD') as cancelled_on, to_char(e.expired_on, 'YYYY-MM-DD') as expired_on,
          (select to_char(max(d.transaction_date), 'YYYY-MM-DD') from transaction_documents d
            where d.company_id = c.company_id and d.customer_id = c.id and d.deleted_at is null) as last_document_date
        from customers c join registry_entries e on e.registration_number = c.registration_number
        where c.company_id = ${tenant.companyId} and c.deleted_at is null
          and (e.cancelled_on <= ${date}::date or e.expired_on <= ${date}::date)
        order by least(e.cancelled_on, e.expired_on) desc nulls last, c.id`,
  );
}
