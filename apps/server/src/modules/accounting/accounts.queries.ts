import type {
  Account,
  AccountCategory,
  AccountSection,
  CashFlowRole,
  JournalTaxCategory,
  NormalSide,
} from '@chobo/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import { accounts } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { seedDefaultAccounts } from './chart-of-accounts.js';
import { sqlRows } from './sql-rows.js';

export type AccountRow = typeof accounts.$inferSelect;

export function toAccount(row: AccountRow, hasEntries?: boolean): Account {
  return {
    id: row.id,
    company_id: row.company_id,
    code: row.code,
    name: row.name,
    kana: row.kana,
    category: row.category as AccountCategory,
    section: row.section as AccountSection,
    normal_side: row.normal_side as NormalSide,
    parent_id: row.parent_id,
    cash_flow_role: row.cash_flow_role as CashFlowRole,
    default_tax_category: row.default_tax_category as JournalTaxCategory,
    is_active: row.is_active,
    is_system: row.system_key !== null,
    sort_order: row.sort_order,
    updated_at: row.updated_at.toISOString(),
    ...(hasEntries === undefined ? {} : { has_entries: hasEntries }),
  };
}

/**
 * Every account of the company in chart order. A company that has no chart yet (created before this
 * feature, or by a path that did not seed it) gets the default chart first.
 */
export async function loadAccounts(tenant: Tenant): Promise<AccountRow[]> {
  const { db, companyId } = tenant;
  const read = () =>
    db
      .select()
      .from(accounts)
      .where(eq(accounts.company_id, companyId))
      .orderBy(asc(accounts.sort_order), asc(accounts.code));
  const rows = await read();
  if (rows.length > 0) return rows;
  await seedDefaultAccounts(tenant);
  return read();
}

export async function findAccount(tenant: Tenant, id: number, opts: { forUpdate?: boolean } = {}) {
  const { db, companyId } = tenant;
  const q = db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.company_id, companyId)))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

/** Ids of this company's accounts that any journal line uses (from the maintained daily balances). */
export async function usedAccountIds(tenant: Tenant): Promise<Set<number>> {
  const { db, companyId } = tenant;
  const rows = await sqlRows<{ account_id: number }>(
    db,
    sql`select distinct account_id from account_daily_balances where company_id = ${companyId} and line_count > 0`,
  );
  return new Set(rows.map((r) => Number(r.account_id)));
}

export async function accountHasLines(tenant: Tenant, accountId: number): Promise<boolean> {
  const { db, companyId } = tenant;
  const r = await sqlRows<Record<string, unknown>>(
    db,
    sql`select 1 from journal_lines where company_id = ${companyId} and account_id = ${accountId} limit 1`,
  );
  return r.length > 0;
}

/**
 * The chart for GET /api/company/accounts: active accounts (every one with `include_inactive`) whose code,
 * name or kana contain every word of `keyword` (case-insensitive), each with whether it has entries.
 */
export async function listAccounts(
  tenant: Tenant,
  query: { keyword: string; include_inactive?: boolean },
): Promise<Account[]> {
  const [rows, used] = await Promise.all([loadAccounts(tenant), usedAccountIds(tenant)]);
  const words = query.keyword.split(/[\s\u3000]+/).filter(Boolean);
  const matches = (text: string | null) => words.every((w) => (text ?? '').toLowerCase().includes(w.toLowerCase()));
  return rows
    .filter((a) => query.include_inactive || a.is_active)
    .filter((a) => words.length === 0 || matches(`${a.code} ${a.name} ${a.kana ?? ''}`))
    .map((a) => toAccount(a, used.has(a.id)));
}
