/**
 * The one place that reads balances: every statement sums the per-account daily balances that the
 * journal_lines trigger maintains (never the lines), so its cost depends on accounts × days, not on the
 * number of lines.
 */
import {
  addDays,
  type EntryKind,
  fiscalYearContaining,
  isMonthEnd,
  type NormalSide,
  nextMonthStart,
  type Period,
  todayInTokyo,
} from '@chobo/core';
import { eq, type SQL, sql } from 'drizzle-orm';
import { companies, fiscalYears } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { sqlRows } from './sql-rows.js';

export interface Sums {
  debit: number;
  credit: number;
}
export type SumsByAccount = Map<number, Sums>;

export const ZERO: Sums = { debit: 0, credit: 0 };

/**
 * Σ debit/credit per account of the lines dated in [from, to] (`before` = to the day before; bounds
 * optional) of the given kinds. Whole months come from the monthly sums, the days at either ragged end
 * from the daily sums, so the cost is about accounts × (months + 62), whatever the number of lines.
 */
export async function sumByAccount(
  tenant: Tenant,
  opts: { from?: string; to?: string; before?: string; kinds?: EntryKind[] },
): Promise<SumsByAccount> {
  const { db, companyId } = tenant;
  const lo = opts.from ?? null;
  const hi = opts.before ? addDays(opts.before, -1) : (opts.to ?? null);
  const out: SumsByAccount = new Map();
  if (lo && hi && lo > hi) return out;
  // whole months inside [lo, hi]
  const firstMonth = lo === null ? null : lo.endsWith('-01') ? lo : nextMonthStart(lo);
  const lastMonthEnd = hi === null ? null : isMonthEnd(hi) ? hi : addDays(`${hi.slice(0, 7)}-01`, -1);
  const kinds = opts.kinds
    ? sql` and kind in (${sql.join(
        opts.kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql``;
  const parts: SQL[] = [];
  const hasMonths = firstMonth === null || lastMonthEnd === null || firstMonth <= lastMonthEnd;
  if (hasMonths) {
    const conds = [sql`company_id = ${companyId}`];
    if (firstMonth) conds.push(sql`month >= ${firstMonth}`);
    if (lastMonthEnd) conds.push(sql`month <= ${lastMonthEnd}`);
    parts.push(
      sql`select account_id, debit, credit from account_monthly_balances where ${sql.join(conds, sql` and `)}${kinds}`,
    );
    // ragged days before the first and after the last whole month
    if (lo && firstMonth && lo < firstMonth) parts.push(dailyPart(companyId, lo, addDays(firstMonth, -1), kinds));
    if (hi && lastMonthEnd && hi > lastMonthEnd) parts.push(dailyPart(companyId, addDays(lastMonthEnd, 1), hi, kinds));
  } else {
    parts.push(dailyPart(companyId, lo as string, hi as string, kinds));
  }
  const rows = await sqlRows<{ account_id: number; debit: string | number; credit: string | number }>(
    db,
    sql`select account_id, sum(debit) as debit, sum(credit) as credit from (${sql.join(parts, sql` union all `)}) s group by account_id`,
  );
  for (const r of rows) out.set(Number(r.account_id), { debit: exactYen(r.debit), credit: exactYen(r.credit) });
  return out;
}

function dailyPart(companyId: number, from: string, to: string, kinds: SQL): SQL {
  return sql`select account_id, debit, credit from account_daily_balances where company_id = ${companyId} and date >= ${from} and date <= ${to}${kinds}`;
}

/**
 * A database sum of yen as a JS number, refusing (instead of silently rounding) one past
 * Number.MAX_SAFE_INTEGER. The per-company bound MAX_COMPANY_JOURNAL_TOTAL keeps every sum far below it
 * (docs/adr/0005-money-range.md); this is the tripwire should that ever change.
 */
export function exactYen(v: string | number | bigint): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || (typeof v !== 'number' && BigInt(v) !== BigInt(n))) {
    throw new Error(`sum of yen out of the exact range: ${String(v)}`);
  }
  return n;
}

export const get = (m: SumsByAccount, id: number): Sums => m.get(id) ?? ZERO;
export const add = (a: Sums, b: Sums): Sums => ({ debit: a.debit + b.debit, credit: a.credit + b.credit });
/** Net debit (debit − credit). */
export const net = (s: Sums) => s.debit - s.credit;
/** A balance signed by the normal side: positive when on the account's normal side. */
export const signed = (s: Sums, side: NormalSide) => (side === 'debit' ? s.debit - s.credit : s.credit - s.debit);

/** Kinds that are ordinary movements of a period (the opening-balance and closing entries are not). */
export const MOVEMENT_KINDS: EntryKind[] = ['normal', 'reversal'];

export async function companyYearEndMonth(tenant: Tenant): Promise<number> {
  const { db, companyId } = tenant;
  const [row] = await db
    .select({ m: companies.fiscal_year_end_month })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw notFound('企業が見つかりません');
  return row.m;
}

/**
 * The period a statement covers: `from`/`to` as given (a missing bound is filled from the fiscal year
 * of the other), a fiscal year by id, or the current fiscal year.
 */
export async function resolvePeriod(
  tenant: Tenant,
  q: { from?: string; to?: string; fiscal_year_id?: number },
): Promise<Period> {
  const { db, companyId } = tenant;
  if (q.fiscal_year_id) {
    const [fy] = await db.select().from(fiscalYears).where(eq(fiscalYears.id, q.fiscal_year_id));
    if (!fy || fy.company_id !== companyId) throw notFound('会計年度が見つかりません');
    return { from: fy.start_date, to: fy.end_date };
  }
  if (q.from && q.to) return { from: q.from, to: q.to };
  const endMonth = await companyYearEndMonth(tenant);
  const fy = fiscalYearContaining(q.from ?? q.to ?? todayInTokyo(), endMonth);
  const period = { from: q.from ?? fy.from, to: q.to ?? fy.to };
  if (period.from > period.to) throw unprocessable({ to: ['終了日は開始日以降の日付を指定してください'] });
  return period;
}

/** Like sumByAccount, grouped by month ('YYYY-MM') as well. */
export async function sumByAccountMonth(
  tenant: Tenant,
  p: Period,
  kinds: EntryKind[],
): Promise<Map<string, SumsByAccount>> {
  const { db, companyId } = tenant;
  // whole months from the monthly sums, the ragged first/last month from the daily sums
  const first = p.from.endsWith('-01') ? p.from : nextMonthStart(p.from);
  const lastEnd = isMonthEnd(p.to) ? p.to : addDays(`${p.to.slice(0, 7)}-01`, -1);
  const k = sql.join(
    kinds.map((x) => sql`${x}`),
    sql`, `,
  );
  const parts: SQL[] = [];
  if (first <= lastEnd) {
    parts.push(sql`select month as date, account_id, debit, credit from account_monthly_balances
      where company_id = ${companyId} and month >= ${first} and month <= ${lastEnd} and kind in (${k})`);
  }
  const ragged: [string, string][] = first <= lastEnd ? [] : [[p.from, p.to]];
  if (first <= lastEnd && p.from < first) ragged.push([p.from, addDays(first, -1)]);
  if (first <= lastEnd && p.to > lastEnd) ragged.push([addDays(lastEnd, 1), p.to]);
  for (const [from, to] of ragged) {
    parts.push(sql`select date, account_id, debit, credit from account_daily_balances
      where company_id = ${companyId} and date >= ${from} and date <= ${to} and kind in (${k})`);
  }
  const res = await sqlRows<{ month: string; account_id: number; debit: string | number; credit: string | number }>(
    db,
    sql`select to_char(date, 'YYYY-MM') as month, account_id, sum(debit) as debit, sum(credit) as credit
        from (${sql.join(parts, sql` union all `)}) s group by 1, 2`,
  );
  const out = new Map<string, SumsByAccount>();
  for (const r of res) {
    const m = out.get(r.month) ?? new Map();
    m.set(Number(r.account_id), { debit: exactYen(r.debit), credit: exactYen(r.credit) });
    out.set(r.month, m);
  }
  return out;
}
