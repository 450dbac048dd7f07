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
type MeRow = Awaited<ReturnType<ReturnType<typeof buildMeQuery>['execute']>>[number];
interface MeLookup {
  query: ReturnType<typeof buildMeQuery>;
  /** user id → the row read at `epoch`: every column here increases the auth epoch when it changes */
  cache: Map<number, { epoch: number; row: MeRow }>;
}
const meLookups = new WeakMap<Db, MeLookup>();
const CACHED_PROFILES = 20_000;

/**
 * The profile row: from memory when it was read at the caller's auth epoch (the epoch the auth plugin
 * checked on this request; ADR 0028), else from the database.
 */
async function meRow(db: Db, auth: AuthContext): Promise<MeRow | undefined> {
  let l = meLookups.get(db);
  if (!l) {
    l = { query: buildMeQuery(db), cache: new Map() };
    meLookups.set(db, l);
  }
  const cached = l.cache.get(auth.userId);
  if (cached && cached.epoch === auth.epoch) return cached.row;
  const [row] = await l.query.execute({ userId: auth.userId });
  if (row) {
    if (l.cache.size >= CACHED_PROFILES) l.cache.delete(l.cache.keys().next().value as number);
    l.cache.set(auth.userId, { epoch: auth.epoch, row });
  }
  return row;
}

/** The profile of `GET /api/me` (docs/product/PRODUCT.md §2). */
export async function loadMe(db: Db, auth: AuthContext): Promise<Me> {
  const row = await meRow(db, auth);
  if (!row) throw new Error('the signed-in user has no row');
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
