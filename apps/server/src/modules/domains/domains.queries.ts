import type { Domain, DomainListQuery } from '@chobo/core';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { domains } from '../../db/schema/index.js';
import { pagedList } from '../../lib/list.js';
import { keywordFilter } from '../../lib/sql.js';

export type DomainRow = typeof domains.$inferSelect;

export function toDomain(row: DomainRow, companiesCount = 0): Domain {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    logo_url: row.logo_data,
    roles: row.roles as Domain['roles'],
    permissions: row.permissions as Domain['permissions'],
    is_default: row.is_default,
    companies_count: companiesCount,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const SORT_COLUMNS = {
  id: domains.id,
  name: domains.name,
  host: domains.host,
  created_at: domains.created_at,
} as const;

const KEYWORD_COLUMNS = [domains.name, domains.host];

// qualified by hand: drizzle may render a lone table's columns unqualified, which inside the subquery
// would resolve to companies.id
const companiesCount = sql<number>`(select count(*)::int from companies c where c.domain_id = "domains"."id")`;

export async function listDomains(db: DbOrTx, q: DomainListQuery) {
  const where = keywordFilter(q.keyword, KEYWORD_COLUMNS);
  const order = q.sort_dir === 'desc' ? desc : asc;
  return pagedList(db, q, {
    from: domains,
    where,
    rows: (limit, offset) =>
      db
        .select({ domain: domains, n: companiesCount })
        .from(domains)
        .where(where)
        .orderBy(order(SORT_COLUMNS[q.sort_by]), order(domains.id))
        .limit(limit)
        .offset(offset),
    map: (rows) => rows.map((r) => toDomain(r.domain, r.n)),
  });
}

export async function findDomain(db: DbOrTx, id: number, opts: { forUpdate?: boolean } = {}) {
  const query = db.select({ domain: domains, n: companiesCount }).from(domains).where(eq(domains.id, id)).limit(1);
  const [row] = opts.forUpdate ? await query.for('update', { of: domains }) : await query;
  return row;
}
