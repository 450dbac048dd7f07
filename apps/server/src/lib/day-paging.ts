import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { listDayCounts } from '../db/schema/index.js';
import { sqlRows } from '../modules/accounting/sql-rows.js';

/** The lists whose rows per company and day are kept in list_day_counts (migration 0027, ADR 0032). */
export type DayCountedList = 'sales' | 'documents' | 'payments';

/**
 * Where a page of a date-ordered list starts, from the maintained per-day counts instead of count(*) and a
 * long OFFSET (the journal does the same from journal_daily_counts, ADR 0018): the list's total within
 * [from, to], and — for a page sorted by the date — the day holding the page's first row with the number
 * of rows on the days before it. The page is then `date <= day` (desc) or `date >= day` (asc), in the
 * list's own order, offset by `offset − before`: at most one day's rows are skipped, so the first, middle
 * and last page cost the same however large the list. Only for the list's unfiltered rows (the rows the
 * triggers count): a list with any other filter counts and offsets its matching rows as before.
 */
export async function dayPageStart(
  db: DbOrTx,
  opts: { list: DayCountedList; companyId: number; from?: string; to?: string; dir: 'asc' | 'desc'; offset: number },
): Promise<{ total: number; day: string | null; before: number }> {
  const c = listDayCounts;
  const dir = sql.raw(opts.dir === 'desc' ? 'desc' : 'asc');
  const [found] = await sqlRows<{ total: number; day: string | null; before: number | null }>(
    db,
    sql`with d as (
          select ${c.date} as date, ${c.rows} as n, sum(${c.rows}) over (order by ${c.date} ${dir}) as upto
          from ${c}
          where ${c.company_id} = ${opts.companyId} and ${c.list} = ${opts.list} and ${c.rows} > 0
            ${opts.from ? sql`and ${c.date} >= ${opts.from}` : sql``}
            ${opts.to ? sql`and ${c.date} <= ${opts.to}` : sql``})
        select (select coalesce(sum(n), 0)::int from d) as total, s.date::text as day, (s.upto - s.n)::int as before
        from (select 1) one
        left join lateral (select date, n, upto from d where upto > ${opts.offset} order by date ${dir} limit 1) s on true`,
  );
  return { total: Number(found.total), day: found.day, before: Number(found.before ?? 0) };
}

/** The page's rows start on `day`: `column <= day` when newest first, `column >= day` when oldest first. */
export function fromDay(column: PgColumn, day: string, dir: 'asc' | 'desc'): SQL {
  return dir === 'desc' ? sql`${column} <= ${day}` : sql`${column} >= ${day}`;
}
