import type { CompanyInfo, Info, InfoListQuery } from '@chobo/core';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { infoReads, infos } from '../../db/schema/index.js';
import { pagedList } from '../../lib/list.js';
import { keywordFilter } from '../../lib/sql.js';

export type InfoRow = typeof infos.$inferSelect;

export function toInfo(row: InfoRow): Info {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    published_at: row.published_at.toISOString(),
    ends_at: row.ends_at?.toISOString() ?? null,
    audience: row.audience as Info['audience'],
    domain_id: row.domain_id,
    company_id: row.company_id,
    is_important: row.is_important,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const SORT_COLUMNS = {
  id: infos.id,
  title: infos.title,
  published_at: infos.published_at,
  created_at: infos.created_at,
} as const;

const KEYWORD_COLUMNS = [infos.title, infos.body];

export async function listInfos(db: DbOrTx, q: InfoListQuery) {
  const where = keywordFilter(q.keyword, KEYWORD_COLUMNS);
  const order = q.sort_dir === 'desc' ? desc : asc;
  return pagedList(db, q, {
    from: infos,
    where,
    rows: (limit, offset) =>
      db
        .select()
        .from(infos)
        .where(where)
        .orderBy(order(SORT_COLUMNS[q.sort_by]), order(infos.id))
        .limit(limit)
        .offset(offset),
    map: (rows) => rows.map(toInfo),
  });
}

export async function findInfo(db: DbOrTx, id: number, opts: { forUpdate?: boolean } = {}) {
  const query = db.select().from(infos).where(eq(infos.id, id)).limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Notices a company's users see now: published, not ended, addressed to all, their domain or their company. */
function visibleTo(companyId: number, domainId: number | null): SQL {
  return sql`${infos.published_at} <= now() and (${infos.ends_at} is null or ${infos.ends_at} > now()) and (
    ${infos.audience} = 'all'
    or (${infos.audience} = 'domain' and ${infos.domain_id} = ${domainId ?? -1})
    or (${infos.audience} = 'company' and ${infos.company_id} = ${companyId}))`;
}

function toCompanyInfo(row: InfoRow, readAt: Date | null): CompanyInfo {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    published_at: row.published_at.toISOString(),
    ends_at: row.ends_at?.toISOString() ?? null,
    is_important: row.is_important,
    read: readAt !== null,
  };
}

export async function listCompanyInfos(
  db: DbOrTx,
  who: { companyId: number; domainId: number | null; userId: number },
) {
  const rows = await db
    .select({ info: infos, readAt: infoReads.read_at })
    .from(infos)
    .leftJoin(infoReads, and(eq(infoReads.info_id, infos.id), eq(infoReads.user_id, who.userId)))
    .where(visibleTo(who.companyId, who.domainId))
    .orderBy(desc(infos.is_important), desc(infos.published_at), desc(infos.id))
    .limit(50);
  const data = rows.map((r) => toCompanyInfo(r.info, r.readAt));
  return { data, meta: { unread: data.filter((d) => !d.read).length, total: data.length } };
}

/** One visible notice; reading it marks it read for this user. Not visible → undefined (404). */
export async function readCompanyInfo(
  db: DbOrTx,
  who: { companyId: number; domainId: number | null; userId: number },
  id: number,
) {
  const [row] = await db
    .select()
    .from(infos)
    .where(and(eq(infos.id, id), visibleTo(who.companyId, who.domainId)))
    .limit(1);
  if (!row) return undefined;
  await db.insert(infoReads).values({ info_id: id, user_id: who.userId }).onConflictDoNothing();
  return toCompanyInfo(row, new Date());
}
