import {
  type ContraCandidate,
  type Ledger,
  type LedgerLine,
  ledgerContra,
  type NormalSide,
  type Period,
  pageMeta,
} from '@chobo/core';
import { sql } from 'drizzle-orm';
import type { Tenant } from '../../../lib/context.js';
import { notFound } from '../../../lib/http-errors.js';
import { findCustomer } from '../../customers/customers.queries.js';
import { findAccount } from '../accounts.queries.js';
import { get, signed, sumByAccount } from '../balances.js';
import { sqlRows } from '../sql-rows.js';

/**
 * 総勘定元帳 of one account over a period, one page at a time. The page's starting balance comes from
 * the daily balances (count and sums per day) plus at most one day's lines, so any page costs about the
 * same whatever its offset.
 */
export async function ledgerPage(
  tenant: Tenant,
  accountId: number,
  period: Period,
  page: number,
  perPage: number,
  customerId?: number,
): Promise<{ data: Ledger; meta: ReturnType<typeof pageMeta> }> {
  const { db, companyId } = tenant;
  const [account, customer] = await Promise.all([
    findAccount(tenant, accountId),
    customerId === undefined ? null : findCustomer(tenant, customerId),
  ]);
  if (!account) throw notFound('勘定科目が見つかりません');
  if (customerId !== undefined && !customer) throw notFound('取引先が見つかりません');
  const side = account.normal_side as NormalSide;
  // 取引先別: the lines of that customer only, its opening = that account's balance for it before the period
  const ofCustomer = customerId === undefined ? sql`` : sql`and l.customer_id = ${customerId}`;
  const [before, daysRes] = await Promise.all([
    customerId === undefined
      ? sumByAccount(tenant, { before: period.from })
      : sqlRows<{ debit: string | number; credit: string | number }>(
          db,
          sql`select coalesce(sum(l.debit), 0) as debit, coalesce(sum(l.credit), 0) as credit from journal_lines l
              where l.company_id = ${companyId} and l.account_id = ${accountId} and l.date < ${period.from} ${ofCustomer}`,
        ).then(([s]) => new Map([[accountId, { debit: Number(s.debit), credit: Number(s.credit) }]])),
    sqlRows<{ date: string; debit: string | number; credit: string | number; n: string | number }>(
      db,
      customerId === undefined
        ? sql`select to_char(date, 'YYYY-MM-DD') as date, sum(debit) as debit, sum(credit) as credit, sum(line_count) as n
          from account_daily_balances
          where company_id = ${companyId} and account_id = ${accountId} and date >= ${period.from} and date <= ${period.to}
          group by date order by date`
        : sql`select to_char(l.date, 'YYYY-MM-DD') as date, sum(l.debit) as debit, sum(l.credit) as credit, count(*) as n
          from journal_lines l
          where l.company_id = ${companyId} and l.account_id = ${accountId} and l.date >= ${period.from} and l.date <= ${period.to} ${ofCustomer}
          group by l.date order by l.date`,
    ),
  ]);
  const opening = signed(get(before, accountId), side);
  const days = daysRes.map((r) => ({ date: r.date, debit: Number(r.debit), credit: Number(r.credit), n: Number(r.n) }));
  const total = days.reduce((s, d) => s + d.n, 0);
  const closing = opening + days.reduce((s, d) => s + (side === 'debit' ? d.debit - d.credit : d.credit - d.debit), 0);

  // find the day the page starts on, and how many of that day's lines come before it
  const offset = (page - 1) * perPage;
  let balance = opening;
  let seen = 0;
  let startDay: string | null = null;
  let skipInDay = 0;
  for (const d of days) {
    if (seen + d.n > offset) {
      startDay = d.date;
      skipInDay = offset - seen;
      break;
    }
    seen += d.n;
    balance += side === 'debit' ? d.debit - d.credit : d.credit - d.debit;
  }

  let lines: LedgerLine[] = [];
  if (startDay) {
    if (skipInDay > 0) {
      const skipped = await sqlRows<{ debit: string | number; credit: string | number }>(
        db,
        sql`select coalesce(sum(debit), 0) as debit, coalesce(sum(credit), 0) as credit from (
              select l.debit, l.credit from journal_lines l
              where l.company_id = ${companyId} and l.account_id = ${accountId} and l.date = ${startDay} ${ofCustomer}
              order by l.date, l.entry_id, l.id limit ${skipInDay}) s`,
      );
      const s = skipped[0];
      balance += side === 'debit' ? Number(s.debit) - Number(s.credit) : Number(s.credit) - Number(s.debit);
    }
    const res = await sqlRows<{
      id: number;
      entry_id: number;
      date: string;
      debit: string | number;
      credit: string | number;
      memo: string | null;
      number: number;
      description: string;
      contras: ContraCandidate[] | string | null;
      source_type: string | null;
      source_id: number | string | null;
    }>(
      db,
      sql`
      with page as (
        select l.id, l.entry_id, l.date, l.debit, l.credit, l.memo from journal_lines l
        where l.company_id = ${companyId} and l.account_id = ${accountId} and l.date >= ${startDay} and l.date <= ${period.to} ${ofCustomer}
        order by l.date, l.entry_id, l.id offset ${skipInDay} limit ${perPage}
      )
      select p.id, p.entry_id, to_char(p.date, 'YYYY-MM-DD') as date, p.debit, p.credit, p.memo, e.number, e.description,
             e.source_type, e.source_id, c.contras
      from page p
      join journal_entries e on e.id = p.entry_id
      left join lateral (
        select jsonb_agg(distinct jsonb_build_object('account_id', o.account_id, 'name', a.name,
                 'tax', coalesce(a.system_key in ('prepaid_consumption_tax', 'received_consumption_tax'), false))) as contras
        from journal_lines o join accounts a on a.id = o.account_id
        where o.entry_id = p.entry_id and o.id <> p.id and ((p.debit > 0 and o.credit > 0) or (p.credit > 0 and o.debit > 0))
      ) c on true
      order by p.date, p.entry_id, p.id`,
    );
    lines = res.map((r) => {
      const debit = Number(r.debit);
      const credit = Number(r.credit);
      balance += side === 'debit' ? debit - credit : credit - debit;
      const contra = ledgerContra(typeof r.contras === 'string' ? JSON.parse(r.contras) : (r.contras ?? []));
      return {
        line_id: Number(r.id),
        entry_id: Number(r.entry_id),
        entry_number: Number(r.number),
        date: r.date,
        description: r.description,
        memo: r.memo,
        source_type: r.source_type ?? null,
        source_id: r.source_id === null || r.source_id === undefined ? null : Number(r.source_id),
        contra_account_id: contra.account_id,
        contra_account_name: contra.name,
        debit,
        credit,
        balance,
      };
    });
  }
  const carried = lines.length
    ? lines[0].balance - (side === 'debit' ? lines[0].debit - lines[0].credit : lines[0].credit - lines[0].debit)
    : closing;
  return {
    data: {
      account: {
        id: account.id,
        code: account.code,
        name: account.name,
        normal_side: side,
        category: account.category as Ledger['account']['category'],
      },
      customer: customer ? { id: customer.id, name: customer.name } : null,
      period,
      carried_forward: page === 1 ? opening : carried,
      opening,
      closing,
      lines,
    },
    meta: pageMeta(total, page, perPage, lines.length),
  };
}

/** The ledger of the whole period in one answer (what the CSV / PDF files carry), read 500 lines a page. */
export async function wholeLedger(
  tenant: Tenant,
  accountId: number,
  period: Period,
  customerId?: number,
): Promise<Ledger> {
  const first = await ledgerPage(tenant, accountId, period, 1, 500, customerId);
  const lines = [...first.data.lines];
  for (let p = 2; p <= first.meta.last_page; p++) {
    lines.push(...(await ledgerPage(tenant, accountId, period, p, 500, customerId)).data.lines);
  }
  return { ...first.data, lines };
}
