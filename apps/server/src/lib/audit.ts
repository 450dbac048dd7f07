import { desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { auditLogs } from '../db/schema/index.js';

export interface Actor {
  userId: number | null;
  ip: string | null;
}

export interface AuditEntry {
  actor: Actor;
  companyId: number | null;
  action: string;
  targetType: string;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** prev_hash of a chain's first row. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * First key of the two-key advisory lock that serialises writers of one chain (second key: the company id,
 * 0 for the platform chain). The one-key lock 727274 of runMigrations lives in a different key space.
 */
export const AUDIT_LOCK_NAMESPACE = 727275;

/** The fields a row's hash covers, as SQL (columns of audit_logs, or the values about to be inserted). */
export interface AuditHashFields {
  company_id: unknown;
  actor_user_id: unknown;
  action: unknown;
  target_type: unknown;
  target_id: unknown;
  before: unknown;
  after: unknown;
  ip: unknown;
  created_at: unknown;
  prev_hash: unknown;
}

/**
 * The hash of one audit row, computed by PostgreSQL so that it covers exactly what is stored (jsonb as
 * PostgreSQL prints it, created_at with its microseconds):
 *
 *   hex(sha256(utf8(jsonb_build_array(company_id, actor_user_id, action, target_type, target_id, before,
 *                                      after, ip, created_at as 'YYYY-MM-DDTHH:MI:SS.ffffffZ' (UTC), prev_hash)::text)))
 *
 * The id is not covered (ids are not part of the content); the chain order is. The migration that
 * back-filled existing rows (…_audit_chain.sql) spells out the same formula.
 */
export function auditHashSql(f: AuditHashFields): SQL<string> {
  return sql<string>`encode(sha256(convert_to(jsonb_build_array(${f.company_id}, ${f.actor_user_id}, ${f.action}, ${f.target_type}, ${f.target_id}, ${f.before}, ${f.after}, ${f.ip}, to_char(${f.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), ${f.prev_hash})::text, 'UTF8')), 'hex')`;
}

/** The hash recomputed from a stored row's columns (verification). */
export const storedRowHash = () =>
  auditHashSql({
    company_id: auditLogs.company_id,
    actor_user_id: auditLogs.actor_user_id,
    action: auditLogs.action,
    target_type: auditLogs.target_type,
    target_id: auditLogs.target_id,
    before: auditLogs.before,
    after: auditLogs.after,
    ip: auditLogs.ip,
    created_at: auditLogs.created_at,
    prev_hash: auditLogs.prev_hash,
  });

/**
 * Writes one audit row, appended to its chain; call it inside the transaction that makes the change.
 * Holds a transaction-scoped advisory lock on the chain until that transaction ends, so concurrent writers
 * (other transactions, other server processes) append one after the other. Given a plain database handle,
 * it opens a transaction of its own.
 */
export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  const inTransaction = db instanceof PgTransaction;
  if (inTransaction) await appendAuditRow(db, entry);
  else await db.transaction((tx) => appendAuditRow(tx, entry));
}

async function appendAuditRow(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_NAMESPACE}::int, ${entry.companyId ?? 0}::int)`);
  // A new statement after the lock: in READ COMMITTED it sees the previous writer's committed row.
  const [last] = await tx
    .select({ hash: auditLogs.hash })
    .from(auditLogs)
    .where(entry.companyId === null ? isNull(auditLogs.company_id) : eq(auditLogs.company_id, entry.companyId))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  const targetId = entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId);
  const json = (value: unknown): string | null =>
    value === undefined || value === null ? null : (JSON.stringify(value) ?? null);
  const v = (column: string) => sql.raw(`v.${column}`);
  await tx.execute(sql`
    with v as (
      select ${entry.companyId}::integer as company_id,
             ${entry.actor.userId}::integer as actor_user_id,
             ${entry.action}::varchar as action,
             ${entry.targetType}::varchar as target_type,
             ${targetId}::varchar as target_id,
             ${json(entry.before)}::jsonb as before,
             ${json(entry.after)}::jsonb as after,
             ${entry.actor.ip}::varchar as ip,
             now() as created_at,
             ${last?.hash ?? GENESIS_HASH}::varchar as prev_hash
    )
    insert into ${auditLogs} (company_id, actor_user_id, action, target_type, target_id, before, after, ip, created_at, prev_hash, hash)
    select company_id, actor_user_id, action, target_type, target_id, before, after, ip, created_at, prev_hash,
           ${auditHashSql({
             company_id: v('company_id'),
             actor_user_id: v('actor_user_id'),
             action: v('action'),
             target_type: v('target_type'),
             target_id: v('target_id'),
             before: v('before'),
             after: v('after'),
             ip: v('ip'),
             created_at: v('created_at'),
             prev_hash: v('prev_hash'),
           })}
    from v`);
}
