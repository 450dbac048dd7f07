import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sqlRows } from './sql-rows.js';

export interface BalanceMismatch {
  company_id: number;
  account_id: number;
  date: string;
  kind: string;
  stored: { debit: number; credit: number; line_count: number };
  lines: { debit: number; credit: number; line_count: number };
}

/**
 * Verifies the maintained per-account daily AND monthly balances against the journal lines (one company, or all).
 * Returns every (account, day, kind) where they differ; [] means the statements can trust them.
 */
export async function checkBalances(db: DbOrTx, companyId?: number): Promise<BalanceMismatch[]> {
  const filterB = companyId === undefined ? sql`true` : sql`b.company_id = ${companyId}`;
  const filterL = companyId === undefined ? sql`true` : sql`l.company_id = ${companyId}`;
  const rows = await sqlRows<Record<string, string | number>>(
    db,
    sql`with l as (
          select company_id, account_id, date, kind, sum(debit) as debit, sum(credit) as credit, count(*) as n
          from journal_lines l where ${filterL} group by 1, 2, 3, 4
        ), b as (
          select company_id, account_id, date, kind, debit, credit, line_count as n
          from account_daily_balances b where ${filterB} and (debit <> 0 or credit <> 0 or line_count <> 0)
        )
        select coalesce(b.company_id, l.company_id) as company_id, coalesce(b.account_id, l.account_id) as account_id,
               to_char(coalesce(b.date, l.date), 'YYYY-MM-DD') as date, coalesce(b.kind, l.kind) as kind,
               coalesce(b.debit, 0) as bd, coalesce(b.credit, 0) as bc, coalesce(b.n, 0) as bn,
               coalesce(l.debit, 0) as ld, coalesce(l.credit, 0) as lc, coalesce(l.n, 0) as ln
        from b full join l using (company_id, account_id, date, kind)
        where coalesce(b.debit, 0) <> coalesce(l.debit, 0) or coalesce(b.credit, 0) <> coalesce(l.credit, 0)
           or coalesce(b.n, 0) <> coalesce(l.n, 0)
        limit 1000`,
  );
  const monthly = await sqlRows<Record<string, string | number>>(
    db,
    sql`with l as (
          select company_id, account_id, date_trunc('month', date)::date as month, kind,
                 sum(debit) as debit, sum(credit) as credit, count(*) as n
          from journal_lines l where ${filterL} group by 1, 2, 3, 4
        ), m as (
          select company_id, account_id, month, kind, debit, credit, line_count as n
          from account_monthly_balances b where ${filterB} and (debit <> 0 or credit <> 0 or line_count <> 0)
        )
        select coalesce(m.company_id, l.company_id) as company_id, coalesce(m.account_id, l.account_id) as account_id,
               'month ' || to_char(coalesce(m.month, l.month), 'YYYY-MM') as date, coalesce(m.kind, l.kind) as kind,
               coalesce(m.debit, 0) as bd, coalesce(m.credit, 0) as bc, coalesce(m.n, 0) as bn,
               coalesce(l.debit, 0) as ld, coalesce(l.credit, 0) as lc, coalesce(l.n, 0) as ln
        from m full join l using (company_id, account_id, month, kind)
        where coalesce(m.debit, 0) <> coalesce(l.debit, 0) or coalesce(m.credit, 0) <> coalesce(l.credit, 0)
           or coalesce(m.n, 0) <> coalesce(l.n, 0)
        limit 1000`,
  );
  return [...rows, ...monthly].map((r) => ({
    company_id: Number(r.company_id),
    account_id: Number(r.account_id),
    date: String(r.date),
    kind: String(r.kind),
    stored: { debit: Number(r.bd), credit: Number(r.bc), line_count: Number(r.bn) },
    lines: { debit: Number(r.ld), credit: Number(r.lc), line_count: Number(r.ln) },
  }));
}
