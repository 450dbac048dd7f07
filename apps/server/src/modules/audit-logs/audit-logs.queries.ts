import { AUDIT_ACTION_LABELS, type AuditLogRow, auditActionLabel, type CompanyAuditLogListQuery } from '@chobo/core';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLogs, companies, users } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { pagedList } from '../../lib/list.js';
import { type KeywordMatch, keywordFilter } from '../../lib/sql.js';

const SORT_COLUMNS = {
  id: auditLogs.id,
  created_at: auditLogs.created_at,
  action: auditLogs.action,
  target_type: auditLogs.target_type,
} as const;

/**
 * Keyword: every word must match the action (code or Japanese label), the target, the IP, the before/after
 * JSON or the acting user's name or e-mail.
 */
const KEYWORD_COLUMNS: KeywordMatch[] = [
  auditLogs.action,
  auditLogs.target_type,
  auditLogs.target_id,
  auditLogs.ip,
  sql`${auditLogs.before}::text`,
  sql`${auditLogs.after}::text`,
  (_word, like) =>
    sql`${auditLogs.actor_user_id} in (select ${users.id} from ${users} where ${users.name} ilike ${like} or ${users.email} ilike ${like})`,
  (word) => {
    const codes = Object.entries(AUDIT_ACTION_LABELS)
      .filter(([, label]) => label.includes(word))
      .map(([code]) => code);
    return codes.length ? inArray(auditLogs.action, codes) : undefined;
  },
];

/** Which rows: one company's chain (number), the platform chain (null) or every chain (undefined). */
export type AuditChainFilter = number | null | undefined;

function whereOf(chain: AuditChainFilter, q: CompanyAuditLogListQuery): SQL | undefined {
  return and(
    chain === undefined ? undefined : chain === null ? isNull(auditLogs.company_id) : eq(auditLogs.company_id, chain),
    q.action ? eq(auditLogs.action, q.action) : undefined,
    q.target_type ? eq(auditLogs.target_type, q.target_type) : undefined,
    q.actor ? eq(auditLogs.actor_user_id, q.actor) : undefined,
    // Whole days in Asia/Tokyo.
    q.from ? sql`${auditLogs.created_at} >= (${q.from}::date::timestamp at time zone 'Asia/Tokyo')` : undefined,
    q.to ? sql`${auditLogs.created_at} < ((${q.to}::date + 1)::timestamp at time zone 'Asia/Tokyo')` : undefined,
    keywordFilter(q.keyword, KEYWORD_COLUMNS),
  );
}

/** A page of audit rows with the acting user's name/e-mail and the company's name. */
export async function listAuditLogs(db: DbOrTx, chain: AuditChainFilter, q: CompanyAuditLogListQuery) {
  const where = whereOf(chain, q);
  const order = q.sort_dir === 'desc' ? desc : asc;
  return pagedList(db, q, {
    from: auditLogs,
    where,
    rows: (limit, offset) =>
      db
        .select({
          log: auditLogs,
          actor_name: users.name,
          actor_email: users.email,
          company_name: companies.name,
        })
        .from(auditLogs)
        .leftJoin(users, eq(users.id, auditLogs.actor_user_id))
        .leftJoin(companies, eq(companies.id, auditLogs.company_id))
        .where(where)
        .orderBy(order(SORT_COLUMNS[q.sort_by]), order(auditLogs.id))
        .limit(limit)
        .offset(offset),
    map: (rows) =>
      rows.map(
        ({ log, actor_name, actor_email, company_name }): AuditLogRow => ({
          id: log.id,
          company_id: log.company_id,
          company_name,
          actor_user_id: log.actor_user_id,
          actor_name,
          actor_email,
          action: log.action,
          action_label: auditActionLabel(log.action),
          target_type: log.target_type,
          target_id: log.target_id,
          before: log.before,
          after: log.after,
          ip: log.ip,
          created_at: log.created_at.toISOString(),
          prev_hash: log.prev_hash,
          hash: log.hash,
        }),
      ),
  });
}

/** `GET /api/company/audit-logs`: the company's own chain only. */
export function listCompanyAuditLogs(tenant: Tenant, q: CompanyAuditLogListQuery) {
  return listAuditLogs(tenant.db, tenant.companyId, q);
}
