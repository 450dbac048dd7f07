import type { AdminDashboard } from '@chobo/core';
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies, domains, infos, invitations, users } from '../../db/schema/index.js';

/** The counts of docs/product/PRODUCT.md §3 and the latest sign-ups (GET /api/admin/dashboard). */
export async function adminDashboard(db: DbOrTx): Promise<AdminDashboard> {
  const [[c], [a], [i], [n], latest] = await Promise.all([
    db
      .select({
        active: sql<number>`count(*) filter (where ${companies.status} = 'active')::int`,
        suspended: sql<number>`count(*) filter (where ${companies.status} = 'suspended')::int`,
      })
      .from(companies),
    db
      .select({ n: sql<number>`count(*) filter (where ${users.disabled_at} is null)::int` })
      .from(users)
      .where(eq(users.role, 'admin')),
    db
      .select({
        admin: sql<number>`count(*) filter (where ${invitations.kind} = 'admin')::int`,
        company: sql<number>`count(*) filter (where ${invitations.kind} = 'company')::int`,
      })
      .from(invitations)
      .where(sql`${invitations.accepted_at} is null and ${invitations.expires_at} > now()`),
    db
      .select({
        total: sql<number>`count(*)::int`,
        current: sql<number>`count(*) filter (where ${infos.published_at} <= now() and (${infos.ends_at} is null or ${infos.ends_at} > now()))::int`,
      })
      .from(infos),
    db
      .select({
        id: companies.id,
        name: companies.name,
        status: companies.status,
        domain_name: domains.name,
        created_at: companies.created_at,
      })
      .from(companies)
      .leftJoin(domains, eq(domains.id, companies.domain_id))
      .orderBy(desc(companies.created_at), desc(companies.id))
      .limit(5),
  ]);
  return {
    companies: { active: c.active, suspended: c.suspended },
    admins: a.n,
    pending_invitations: { admin: i.admin, company: i.company },
    infos: { total: n.total, current: n.current },
    latest_companies: latest.map((l) => ({ ...l, created_at: l.created_at.toISOString() })),
  } as AdminDashboard;
}
