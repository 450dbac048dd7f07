import { type AdminListQuery, type AdminUser, pageMeta } from '@chobo/core';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/sql.js';

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
  };
}

const SORT_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  last_login_at: users.last_login_at,
  created_at: users.created_at,
} as const;

function keywordFilter(keyword: string): SQL | undefined {
  const words = keyword
    .split(/[\s\u3000]+/)
    .filter(Boolean)
    .slice(0, 5);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((w) => {
      const like = `%${escapeLike(w)}%`;
      return sql`(${users.name} ilike ${like} or ${users.email} ilike ${like})`;
    }),
  );
}

export async function listAdmins(db: DbOrTx, q: AdminListQuery) {
  const where = and(eq(users.role, 'admin'), keywordFilter(q.keyword));
  const order = q.sort_dir === 'desc' ? desc : asc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(order(SORT_COLUMNS[q.sort_by]), order(users.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { data: rows.map(toAdmin), meta: pageMeta(total, q.page, q.per_page, rows.length) };
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
