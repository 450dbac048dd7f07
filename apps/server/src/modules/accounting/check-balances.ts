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

export interface TaxSumMismatch {
  company_id: number;
  date: string;
  account_id: number;
  tax_category: string;
  stored: { amount: number; n: number; tax: number };
  lines: { amount: number; n: number; tax: number };
}

/**
 * Verifies journal_tax_daily_sums (the taxable lines per day, account and 税区分 with their paired tax lines,
 * migration 0047, ADR 0059) against a recomputation from the journal lines in plain SQL (one company, or all):
 * each line of a 税区分 other than 対象外 counted once, its tax the credit − debit of the line at line_no + 1 of its
 * entry when that one is 対象外 on a 仮受 / 仮払消費税等 account. [] means the consumption-tax fill can trust them.
 */
export async function checkTaxSums(db: DbOrTx, companyId?: number): Promise<TaxSumMismatch[]> {
  const filterS = companyId === undefined ? sql`true` : sql`s.company_id = ${companyId}`;
  const filterL = companyId === undefined ? sql`true` : sql`l.company_id = ${companyId}`;
  const rows = await sqlRows<Record<string, string | number>>(
    db,
    sql`with t as (
          select t.entry_id, t.line_no, t.credit - t.debit as amount from journal_lines t
          join accounts a on a.id = t.account_id
          where t.tax_category = 'none' and a.system_key in ('received_consumption_tax', 'prepaid_consumption_tax')
        ), l as (
          select l.company_id, l.date, l.account_id, l.tax_category, sum(l.credit - l.debit) as amount, count(*) as n,
                 coalesce(sum(t.amount), 0) as tax
          from journal_lines l left join t on t.entry_id = l.entry_id and t.line_no = l.line_no + 1
          where ${filterL} and l.tax_category <> 'none' group by 1, 2, 3, 4
        ), s as (
          select company_id, date, account_id, tax_category, amount, n, tax from journal_tax_daily_sums s
          where ${filterS} and (amount <> 0 or n <> 0 or tax <> 0)
        )
        select coalesce(s.company_id, l.company_id) as company_id, to_char(coalesce(s.date, l.date), 'YYYY-MM-DD') as date,
               coalesce(s.account_id, l.account_id) as account_id, coalesce(s.tax_category, l.tax_category) as tax_category,
               coalesce(s.amount, 0) as sa, coalesce(s.n, 0) as sn, coalesce(s.tax, 0) as st,
               coalesce(l.amount, 0) as la, coalesce(l.n, 0) as ln, coalesce(l.tax, 0) as lt
        from s full join l using (company_id, date, account_id, tax_category)
        where coalesce(s.amount, 0) <> coalesce(l.amount, 0) or coalesce(s.n, 0) <> coalesce(l.n, 0)
           or coalesce(s.tax, 0) <> coalesce(l.tax, 0)
        order by 1, 2, 3, 4
        limit 1000`,
  );
  return rows.map((r) => ({
    company_id: Number(r.company_id),
    date: String(r.date),
    account_id: Number(r.account_id),
    tax_category: String(r.tax_category),
    stored: { amount: Number(r.sa), n: Number(r.sn), tax: Number(r.st) },
    lines: { amount: Number(r.la), n: Number(r.ln), tax: Number(r.lt) },
  }));
}
