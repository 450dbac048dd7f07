import type { Me } from '@chobo/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, domains, users } from '../../db/schema/index.js';
import type { AuthContext } from '../../plugins/auth.js';

/** The query of `GET /api/me`, built once per database handle (a prepared statement). */
function buildMeQuery(db: Db) {
  return db
    .select({
      user: { id: users.id, name: users.name, email: users.email, role: users.role },
      company: {
        id: companies.id,
        name: companies.name,
        expiration_year: companies.expiration_year,
        max_employee: companies.max_employee,
        logo_data: companies.logo_data,
      },
      domain: {
        id: domains.id,
        name: domains.name,
        logo_data: domains.logo_data,
        roles: domains.roles,
        permissions: domains.permissions,
      },
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.company_id))
    .leftJoin(domains, eq(domains.id, companies.domain_id))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('chobo_me');
}
const meQueries = new WeakMap<Db, ReturnType<typeof buildMeQuery>>();

/** The profile of `GET /api/me` (docs/product/PRODUCT.md §2). */
export async function loadMe(db: Db, auth: AuthContext): Promise<Me> {
  let query = meQueries.get(db);
  if (!query) {
    query = buildMeQuery(db);
    meQueries.set(db, query);
  }
  const [row] = await query.execute({ userId: auth.userId });
  const company = row.company?.id ? row.company : null;
  const domain = row.domain?.id ? row.domain : null;
  return {
    user_id: row.user.id,
    name: row.user.name,
    email: row.user.email,
    roles: [row.user.role],
    permissions: auth.permissions,
    expiration_year: company?.expiration_year ?? null,
    max_employee: company?.max_employee ?? null,
    logo_data: company?.logo_data ?? null,
    company: company ? { id: company.id, name: company.name } : null,
    domain: domain
      ? {
          id: domain.id,
          name: domain.name,
          logo_url: domain.logo_data ?? null,
          roles: domain.roles,
          permissions: domain.permissions,
        }
      : null,
  };
}
