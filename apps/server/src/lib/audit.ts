import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditAction } from '@chobo/core';
import { desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { auditLogs } from '../db/schema/index.js';
import { sqlRows } from '../modules/accounting/sql-rows.js';
import { currentAuditKey, rowMac } from './audit-keys.js';

export interface Actor {
  userId: number | null;
  ip: string | null;
}

export interface AuditEntry {
  actor: Actor;
  companyId: number | null;
  /** One of @chobo/core's AUDIT_ACTIONS: each has its Japanese label there (操作ログ). */
  action: AuditAction;
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
  const buffer = auditBuffer.getStore();
  if (buffer) {
    buffer.push(entry);
    return;
  }
  const inTransaction = db instanceof PgTransaction;
  if (inTransaction) await appendAuditRow(db, entry);
  else await db.transaction((tx) => appendAuditRow(tx, entry));
}

async function appendAuditRow(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_NAMESPACE}::int, ${entry.companyId ?? 0}::int)`);
  // The previous hash is read by a new statement after the lock, so in READ COMMITTED it sees the previous
  // writer's committed row. PostgreSQL computes the row's hash from the values about to be stored; the server
  // signs it with the key it keeps outside the database (ADR 0040); then the row is inserted with both (three
  // round trips per audit row: lock, hash, insert). now() is the transaction's start in both statements.
  const last = tx
    .select({ hash: auditLogs.hash })
    .from(auditLogs)
    .where(entry.companyId === null ? isNull(auditLogs.company_id) : eq(auditLogs.company_id, entry.companyId))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  const targetId = entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId);
  const json = (value: unknown): string | null =>
    value === undefined || value === null ? null : (JSON.stringify(value) ?? null);
  const values = sql`${entry.companyId}::integer, ${entry.actor.userId}::integer, ${entry.action}::varchar,
    ${entry.targetType}::varchar, ${targetId}::varchar, ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb,
    ${entry.actor.ip}::varchar, now()`;
  const v = (column: string) => sql.raw(`v.${column}`);
  const [row] = await sqlRows<{ prev_hash: string; hash: string }>(
    tx,
    sql`
    with v (company_id, actor_user_id, action, target_type, target_id, before, after, ip, created_at, prev_hash) as (
      select ${values}, coalesce((${last}), ${GENESIS_HASH})::varchar
    )
    select v.prev_hash, ${auditHashSql({
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
    })} as hash from v`,
  );
  const key = currentAuditKey();
  await tx.execute(sql`
    insert into ${auditLogs} (company_id, actor_user_id, action, target_type, target_id, before, after, ip, created_at,
                              prev_hash, hash, key_id, mac)
    values (${values}, ${row.prev_hash}, ${row.hash}, ${key.id}, ${rowMac(key, row.hash)})`);
}

const auditBuffer = new AsyncLocalStorage<AuditEntry[]>();

/**
 * Runs `fn` (inside the open transaction `tx`) with every audit() call of it collected instead of written,
 * then appends them all to their chains in ONE statement, in call order: the same rows, hashes and order
 * as one call at a time (created_at is now(), the transaction's start, either way). For bulk work that
 * makes many audited changes in one transaction (the demo data of a first start: ~1,000 rows, 5
 * statements each otherwise). Nothing inside `fn` may read audit_logs.
 */
export async function withBufferedAudit<T>(tx: DbOrTx, fn: () => Promise<T>): Promise<T> {
  const entries: AuditEntry[] = [];
  const result = await auditBuffer.run(entries, fn);
  await auditBuffer.exit(() => flushAuditRows(tx, entries));
  return result;
}

async function flushAuditRows(tx: DbOrTx, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((e, i) => {
    const row: Record<string, unknown> = {
      n: i + 1,
      chain: e.companyId ?? 0,
      action: e.action,
      target_type: e.targetType,
    };
    if (e.companyId !== null) row.company_id = e.companyId;
    if (e.actor.userId !== null) row.actor_user_id = e.actor.userId;
    if (e.targetId !== undefined && e.targetId !== null) row.target_id = String(e.targetId);
    // as audit() stores them: JSON.stringify's text (undefined members dropped, dates as ISO strings)
    const before = e.before === undefined || e.before === null ? undefined : JSON.stringify(e.before);
    const after = e.after === undefined || e.after === null ? undefined : JSON.stringify(e.after);
    if (before !== undefined) row.before = JSON.parse(before);
    if (after !== undefined) row.after = JSON.parse(after);
    if (e.actor.ip !== null) row.ip = e.actor.ip;
    return row;
  });
  const chains = [...new Set(rows.map((r) => r.chain as number))];
  // one chain after the other, as appendAuditRow would lock them
  for (const chain of chains)
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_NAMESPACE}::int, ${chain}::int)`);
  // a DO block appends them one by one inside the database (no parameters there: the rows are one
  // dollar-quoted literal), each row hashed by the same SQL as appendAuditRow's
  const data = JSON.stringify(rows);
  let tag = 'audit_rows';
  while (data.includes(`$${tag}$`)) tag += '_';
  if (data.includes('$audit_do$')) throw new Error('audit rows contain $audit_do$');
  const r = (column: string) => sql.raw(`v.${column}`);
  const hash = new PgDialect().sqlToQuery(
    auditHashSql({
      company_id: r('company_id'),
      actor_user_id: r('actor_user_id'),
      action: r('action'),
      target_type: r('target_type'),
      target_id: r('target_id'),
      before: r('before'),
      after: r('after'),
      ip: r('ip'),
      created_at: r('created_at'),
      prev_hash: r('prev_hash'),
    }),
  ).sql;
  const [{ after }] = await sqlRows<{ after: number }>(
    tx,
    sql`select coalesce(max(id), 0)::int as after from audit_logs`,
  );
  await tx.execute(
    sql.raw(`do $audit_do$
declare
  r record;
  prevs jsonb := '{}';
  prev varchar;
begin
  for r in select * from jsonb_to_recordset($${tag}$${data}$${tag}$::jsonb) as t(n integer, chain integer,
      company_id integer, actor_user_id integer, action varchar, target_type varchar, target_id varchar, before jsonb,
      after jsonb, ip varchar) order by n loop
    prev := prevs ->> r.chain::text;
    if prev is null then
      if r.company_id is null then
        select hash into prev from audit_logs where company_id is null order by id desc limit 1;
      else
        select hash into prev from audit_logs where company_id = r.company_id order by id desc limit 1;
      end if;
      prev := coalesce(prev, '${GENESIS_HASH}');
    end if;
    insert into audit_logs (company_id, actor_user_id, action, target_type, target_id, before, after, ip, created_at, prev_hash, hash)
    select v.company_id, v.actor_user_id, v.action, v.target_type, v.target_id, v.before, v.after, v.ip, v.created_at, v.prev_hash, ${hash}
      from (select r.company_id, r.actor_user_id, r.action, r.target_type, r.target_id, r.before, r.after, r.ip,
                   now() as created_at, prev as prev_hash) v
    returning hash into prev;
    prevs := prevs || jsonb_build_object(r.chain::text, prev);
  end loop;
end
$audit_do$`),
  );
  // then signed (the key never enters the database): this transaction's rows are the unsigned ones after `after`
  // (other writers' rows are signed when they insert; an unsigned row of theirs is not committed yet)
  const written = await sqlRows<{ id: number; hash: string }>(
    tx,
    sql`select id, hash from audit_logs where id > ${after} and key_id is null order by id`,
  );
  const key = currentAuditKey();
  await tx.execute(sql`
    update audit_logs set key_id = ${key.id}, mac = s.mac
    from unnest(${`{${written.map((w) => w.id).join(',')}}`}::int[], ${`{${written.map((w) => rowMac(key, w.hash)).join(',')}}`}::varchar[])
           as s(id, mac)
    where audit_logs.id = s.id`);
}
