import type { InvitationKind, InvitationListQuery, InvitationRow, InvitationStatus } from '@chobo/core';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { domains, invitations } from '../../db/schema/index.js';
import { pagedList } from '../../lib/list.js';
import { keywordFilter } from '../../lib/sql.js';

export type Invitation = typeof invitations.$inferSelect;
export type { InvitationKind };

export function invitationStatus(
  row: Pick<Invitation, 'accepted_at' | 'expires_at'>,
  now = Date.now(),
): InvitationStatus {
  if (row.accepted_at) return 'accepted';
  return row.expires_at.getTime() <= now ? 'expired' : 'pending';
}

export function toInvitation(row: Invitation, domainName: string | null = null): InvitationRow {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    company_name: row.company_name,
    domain_id: row.domain_id,
    domain_name: domainName,
    permissions: row.permissions,
    status: invitationStatus(row),
    expires_at: row.expires_at.toISOString(),
    sent_at: row.sent_at.toISOString(),
    accepted_at: row.accepted_at?.toISOString() ?? null,
    company_id: row.company_id,
    created_at: row.created_at.toISOString(),
  };
}

const SORT_COLUMNS = {
  id: invitations.id,
  email: invitations.email,
  created_at: invitations.created_at,
  expires_at: invitations.expires_at,
  sent_at: invitations.sent_at,
} as const;

const KEYWORD_COLUMNS = [
  invitations.email,
  sql`coalesce(${invitations.name}, '')`,
  sql`coalesce(${invitations.company_name}, '')`,
];

export async function listInvitations(db: DbOrTx, kind: InvitationKind, q: InvitationListQuery) {
  const where = and(eq(invitations.kind, kind), keywordFilter(q.keyword, KEYWORD_COLUMNS));
  const order = q.sort_dir === 'desc' ? desc : asc;
  return pagedList(db, q, {
    from: invitations,
    where,
    rows: (limit, offset) =>
      db
        .select({ inv: invitations, domainName: domains.name })
        .from(invitations)
        .leftJoin(domains, eq(domains.id, invitations.domain_id))
        .where(where)
        .orderBy(order(SORT_COLUMNS[q.sort_by]), order(invitations.id))
        .limit(limit)
        .offset(offset),
    map: (rows) => rows.map((r) => toInvitation(r.inv, r.domainName)),
  });
}

export async function findInvitation(db: DbOrTx, kind: InvitationKind, id: number, opts: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.kind, kind)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}
