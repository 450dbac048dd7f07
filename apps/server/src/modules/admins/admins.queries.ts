import type { AdminListQuery, AdminUser } from '@chobo/core';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { pagedList } from '../../lib/list.js';
import { keywordFilter } from '../../lib/sql.js';

export type UserRow = typeof users.$inferSelect;

export function toAdmin(row: UserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    permissions: row.permissions,
    disabled: row.disabled_at !== null,
    last_login_at: row.last_login_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const SORT_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  last_login_at: users.last_login_at,
  created_at: users.created_at,
} as const;

const KEYWORD_COLUMNS = [users.name, users.email];

export async function listAdmins(db: DbOrTx, q: AdminListQuery) {
  const where = and(eq(users.role, 'admin'), keywordFilter(q.keyword, KEYWORD_COLUMNS));
  const order = q.sort_dir === 'desc' ? desc : asc;
  return pagedList(db, q, {
    from: users,
    where,
    rows: (limit, offset) =>
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(order(SORT_COLUMNS[q.sort_by]), order(users.id))
        .limit(limit)
        .offset(offset),
    map: (rows) => rows.map(toAdmin),
  });
}

export async function findAdmin(db: DbOrTx, id: number, opts: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'admin')))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}
