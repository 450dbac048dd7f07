import {
  type EntryKind,
  type JournalEntry,
  type JournalListQuery,
  type JournalTaxCategory,
  pageMeta,
} from '@chobo/core';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  accounts,
  customers,
  journalDailyCounts,
  journalEntries,
  journalLines,
  periodLocks,
} from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { pagedList } from '../../lib/list.js';
import { type KeywordMatch, keywordFilter } from '../../lib/sql.js';
import { sqlRows } from './sql-rows.js';

export type EntryRow = typeof journalEntries.$inferSelect;

export async function findEntry(tenant: Tenant, id: number, opts: { forUpdate?: boolean } = {}) {
  const { db, companyId } = tenant;
  const q = db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.id, id), eq(journalEntries.company_id, companyId)))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

/** The lock (month or year) covering `date`, if any. */
export async function lockCovering(tenant: Tenant, date: string) {
  const { db, companyId } = tenant;
  const [row] = await db
    .select()
    .from(periodLocks)
    .where(
      and(
        eq(periodLocks.company_id, companyId),
        sql`${date}::date between ${periodLocks.start_date} and ${periodLocks.end_date}`,
      ),
    )
    .limit(1);
  return row;
}

/** Entries (with their lines, account and customer names) in the given order of ids. */
export async function loadEntries(tenant: Tenant, rows: EntryRow[]): Promise<JournalEntry[]> {
  const { db, companyId } = tenant;
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // sequential on purpose: inside a transaction the queries share one connection
  const lines = await db
    .select({
      line: journalLines,
      account_code: accounts.code,
      account_name: accounts.name,
      customer_name: customers.name,
    })
    .from(journalLines)
    .innerJoin(accounts, eq(accounts.id, journalLines.account_id))
    .leftJoin(customers, eq(customers.id, journalLines.customer_id))
    .where(and(eq(journalLines.company_id, companyId), inArray(journalLines.entry_id, ids)))
    .orderBy(asc(journalLines.entry_id), asc(journalLines.line_no));
  // the entries reversing these and the company's period locks, in one round trip
  const extra = await sqlRows<{
    id: number | null;
    of: number | null;
    start_date: string | null;
    end_date: string | null;
  }>(
    db,
    sql`select r.id, r.reversal_of_id as of, null::text as start_date, null::text as end_date
          from ${journalEntries} r where r.company_id = ${companyId} and r.reversal_of_id in ${ids}
        union all
        select null, null, l.start_date::text, l.end_date::text from ${periodLocks} l where l.company_id = ${companyId}`,
  );
  const reversedBy = extra.filter((r) => r.id !== null).map((r) => ({ id: Number(r.id), of: Number(r.of) }));
  const locks = extra
    .filter((r) => r.start_date !== null)
    .map((r) => ({ start_date: r.start_date as string, end_date: r.end_date as string }));
  const byEntry = new Map<number, JournalEntry['lines']>();
  for (const l of lines) {
    const list = byEntry.get(l.line.entry_id) ?? [];
    list.push({
      id: l.line.id,
      line_no: l.line.line_no,
      account_id: l.line.account_id,
      account_code: l.account_code,
      account_name: l.account_name,
      debit: Number(l.line.debit),
      credit: Number(l.line.credit),
      tax_category: l.line.tax_category as JournalTaxCategory,
      customer_id: l.line.customer_id,
      customer_name: l.customer_name,
      memo: l.line.memo,
    });
    byEntry.set(l.line.entry_id, list);
  }
  const reversal = new Map(reversedBy.map((r) => [r.of as number, r.id]));
  return rows.map((r) => ({
    id: r.id,
    company_id: r.company_id,
    number: r.number,
    date: r.date,
    description: r.description,
    kind: r.kind as EntryKind,
    reversal_of_id: r.reversal_of_id,
    reversed_by_id: reversal.get(r.id) ?? null,
    total: Number(r.total),
    source_type: r.source_type,
    source_id: r.source_id,
    locked: locks.some((l) => r.date >= l.start_date && r.date <= l.end_date),
    lines: byEntry.get(r.id) ?? [],
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }));
}

export async function loadEntry(tenant: Tenant, id: number) {
  const row = await findEntry(tenant, id);
  if (!row) return undefined;
  return (await loadEntries(tenant, [row]))[0];
}

const SORT = {
  date: [journalEntries.date, journalEntries.number],
  number: [journalEntries.number],
  id: [journalEntries.id],
  created_at: [journalEntries.created_at, journalEntries.id],
  total: [journalEntries.total, journalEntries.id],
} as const;

/** Keyword: every word must match the 摘要, a line's account (code, name, kana) or memo, or an amount. */
function keywordColumns(companyId: number): KeywordMatch[] {
  return [
    journalEntries.description,
    (word, like) => sql`exists (
        select 1 from journal_lines lk join accounts ak on ak.id = lk.account_id
        where lk.entry_id = ${journalEntries.id} and lk.company_id = ${companyId}
          and (ak.name ilike ${like} or ak.kana ilike ${like} or ak.code = ${word} or lk.memo ilike ${like})
      )`,
    (word) => {
      const amount = /^[¥￥]?[\d,]+円?$/.test(word) ? Number(word.replace(/[¥￥,円]/g, '')) : null;
      return amount !== null && Number.isSafeInteger(amount)
        ? sql`${journalEntries.total} = ${amount} or exists (select 1 from journal_lines la where la.entry_id = ${journalEntries.id} and (la.debit = ${amount} or la.credit = ${amount}))`
        : undefined;
    },
  ];
}

/**
 * One page of the journal. Without a keyword or account filter (the usual list) the total and the day the
 * page starts on come from the maintained per-day entry counts (journal_daily_counts, ADR 0018): no count(*)
 * over the company's entries, and a page sorted by date is read from its first day on (keyset paging behind
 * page numbers), so the first, middle and last page cost the same. With a keyword or account filter:
 * count(*) and OFFSET over the matching entries.
 */
export async function listEntries(tenant: Tenant, q: JournalListQuery) {
  const { db, companyId } = tenant;
  const keyword = keywordFilter(q.keyword, keywordColumns(companyId));
  const where = and(
    eq(journalEntries.company_id, companyId),
    keyword,
    q.from ? sql`${journalEntries.date} >= ${q.from}` : undefined,
    q.to ? sql`${journalEntries.date} <= ${q.to}` : undefined,
    q.account_id
      ? sql`exists (select 1 from journal_lines lf where lf.entry_id = ${journalEntries.id} and lf.account_id = ${q.account_id})`
      : undefined,
  );
  const order = q.sort_dir === 'desc' ? desc : asc;
  const orderBy = SORT[q.sort_by].map((c) => order(c));
  if (keyword || q.account_id) {
    return pagedList(db, q, {
      from: journalEntries,
      where,
      rows: (limit, offset) =>
        db
          .select()
          .from(journalEntries)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      map: (rows) => loadEntries(tenant, rows),
    });
  }
  const offset = (q.page - 1) * q.per_page;
  const byDate = q.sort_by === 'date';
  const dir = sql.raw(q.sort_dir === 'desc' ? 'desc' : 'asc');
  const days = and(
    eq(journalDailyCounts.company_id, companyId),
    sql`${journalDailyCounts.entries} > 0`,
    q.from ? sql`${journalDailyCounts.date} >= ${q.from}` : undefined,
    q.to ? sql`${journalDailyCounts.date} <= ${q.to}` : undefined,
  );
  // the total, and (sorted by date) the day holding the page's first entry with the entries before that day
  const [found] = await sqlRows<{ total: number; day: string | null; before: number | null }>(
    db,
    sql`with d as (
          select ${journalDailyCounts.date} as date, ${journalDailyCounts.entries} as entries,
                 sum(${journalDailyCounts.entries}) over (order by ${journalDailyCounts.date} ${dir}) as upto
          from ${journalDailyCounts} where ${days})
        select (select coalesce(sum(entries), 0)::int from d) as total, s.date::text as day, (s.upto - s.entries)::int as before
        from (select 1) one
        left join lateral (select date, entries, upto from d where upto > ${offset} order by date ${dir} limit 1) s on true`,
  );
  const total = Number(found.total);
  let rows: EntryRow[] = [];
  if (!byDate) {
    rows = await db
      .select()
      .from(journalEntries)
      .where(where)
      .orderBy(...orderBy)
      .limit(q.per_page)
      .offset(offset);
  } else if (found.day) {
    const from =
      q.sort_dir === 'desc' ? sql`${journalEntries.date} <= ${found.day}` : sql`${journalEntries.date} >= ${found.day}`;
    rows = await db
      .select()
      .from(journalEntries)
      .where(and(where, from))
      .orderBy(...orderBy)
      .limit(q.per_page)
      .offset(offset - Number(found.before));
  }
  return { data: await loadEntries(tenant, rows), meta: pageMeta(total, q.page, q.per_page, rows.length) };
}
