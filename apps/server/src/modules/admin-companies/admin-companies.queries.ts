import type { AdminCompany, AdminCompanyListQuery } from '@chobo/core';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies, domains, users } from '../../db/schema/index.js';
import { pagedList } from '../../lib/list.js';
import { keywordFilter } from '../../lib/sql.js';

export type CompanyRow = typeof companies.$inferSelect;
type Owner = { id: number; name: string; email: string; disabled_at: Date | null };

export function toAdminCompany(row: CompanyRow, domainName: string | null, owner: Owner | null): AdminCompany {
  const { logo_data: _logo, ...rest } = row;
  return {
    ...rest,
    status: row.status as AdminCompany['status'],
    tax_display: row.tax_display as AdminCompany['tax_display'],
    tax_rounding: row.tax_rounding as AdminCompany['tax_rounding'],
    bank_accounts: row.bank_accounts as AdminCompany['bank_accounts'],
    domain_name: domainName,
    owner: owner ? { id: owner.id, name: owner.name, email: owner.email, disabled: owner.disabled_at !== null } : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const SORT_COLUMNS = {
  id: companies.id,
  name: companies.name,
  name_kana: companies.name_kana,
  status: companies.status,
  created_at: companies.created_at,
} as const;

/** Keyword over name, kana and e-mail (docs/product/PRODUCT.md §3); every word must match. */
const KEYWORD_COLUMNS = [
  companies.name,
  sql`coalesce(${companies.name_kana}, '')`,
  sql`coalesce(${companies.email}, '')`,
];

/** The first company user (the owner) of each company. */
async function owners(db: DbOrTx, companyIds: number[]): Promise<Map<number, Owner>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      disabled_at: users.disabled_at,
      company_id: users.company_id,
    })
    .from(users)
    .where(and(inArray(users.company_id, companyIds), eq(users.role, 'company')))
    .orderBy(users.id);
  const map = new Map<number, Owner>();
  for (const r of rows) if (r.company_id !== null && !map.has(r.company_id)) map.set(r.company_id, r);
  return map;
}

export async function listAdminCompanies(db: DbOrTx, q: AdminCompanyListQuery) {
  const where = and(keywordFilter(q.keyword, KEYWORD_COLUMNS), q.status ? eq(companies.status, q.status) : undefined);
  const order = q.sort_dir === 'desc' ? desc : asc;
  return pagedList(db, q, {
    from: companies,
    where,
    rows: (limit, offset) =>
      db
        .select({ company: companies, domainName: domains.name })
        .from(companies)
        .leftJoin(domains, eq(domains.id, companies.domain_id))
        .where(where)
        .orderBy(order(SORT_COLUMNS[q.sort_by]), order(companies.id))
        .limit(limit)
        .offset(offset),
    map: async (rows) => {
      const ownerMap = await owners(
        db,
        rows.map((r) => r.company.id),
      );
      return rows.map((r) => toAdminCompany(r.company, r.domainName, ownerMap.get(r.company.id) ?? null));
    },
  });
}

export async function findAdminCompany(db: DbOrTx, id: number, opts: { forUpdate?: boolean } = {}) {
  const query = db.select().from(companies).where(eq(companies.id, id)).limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function loadAdminCompany(db: DbOrTx, row: CompanyRow): Promise<AdminCompany> {
  const [d] = await db.select({ name: domains.name }).from(domains).where(eq(domains.id, row.domain_id));
  const ownerMap = await owners(db, [row.id]);
  return toAdminCompany(row, d?.name ?? null, ownerMap.get(row.id) ?? null);
}

export async function companyOwner(db: DbOrTx, companyId: number) {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.company_id, companyId), eq(users.role, 'company')))
    .orderBy(users.id)
    .limit(1);
  return u;
}
