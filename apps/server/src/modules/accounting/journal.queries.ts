import type { EntryKind, JournalEntry, JournalListQuery, JournalTaxCategory } from '@chobo/core';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { accounts, customers, journalEntries, journalLines, periodLocks } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { pageCache } from '../../lib/page-cache.js';
import { type KeywordMatch, keywordFilter } from '../../lib/sql.js';
import {
  isPreparedSize,
  jsonObjectSql,
  type PageStatement,
  type PageText,
  type Param,
  pageJson,
  readVersion,
  runPage,
  runVersionedPage,
} from '../../lib/sql-json.js';
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

/** The sort columns of the list (journal_entries columns), the last one breaking ties. */
const SORT = {
  date: ['date', 'number'],
  number: ['number'],
  id: ['id'],
  created_at: ['created_at', 'id'],
  total: ['total', 'id'],
} as const satisfies Record<JournalListQuery['sort_by'], readonly string[]>;

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

/* ------------------------------------------------------------------ entries as JSON text, built by PostgreSQL */

/** One journal line (`l`, its account `a`) as journalLineDto's JSON, keys in the schema's order. */
const LINE_JSON = jsonObjectSql([
  ['id', sql`l.id`, 'number'],
  ['line_no', sql`l.line_no`, 'number'],
  ['account_id', sql`l.account_id`, 'number'],
  ['account_code', sql`a.code`, 'string'],
  ['account_name', sql`a.name`, 'string'],
  ['debit', sql`l.debit`, 'number'],
  ['credit', sql`l.credit`, 'number'],
  ['tax_category', sql`l.tax_category`, 'string'],
  ['customer_id', sql`l.customer_id`, 'number?'],
  ['customer_name', sql`(select cu.name from customers cu where cu.id = l.customer_id)`, 'string?'],
  ['memo', sql`l.memo`, 'string?'],
]);

/** One entry (`p`, a journal_entries row; `ls.lines` its lines' JSON) as journalEntryDto's JSON. */
function entryJson(company: SQL): SQL {
  return jsonObjectSql([
    ['id', sql`p.id`, 'number'],
    ['company_id', sql`p.company_id`, 'number'],
    ['number', sql`p.number`, 'number'],
    ['date', sql`p.date`, 'date'],
    ['description', sql`p.description`, 'string'],
    ['kind', sql`p.kind`, 'string'],
    ['reversal_of_id', sql`p.reversal_of_id`, 'number?'],
    [
      'reversed_by_id',
      sql`(select r.id from journal_entries r where r.reversal_of_id = p.id and r.company_id = ${company})`,
      'number?',
    ],
    ['source_type', sql`p.source_type`, 'string?'],
    ['source_id', sql`p.source_id`, 'number?'],
    ['total', sql`p.total`, 'number'],
    [
      'locked',
      sql`exists (select 1 from period_locks k where k.company_id = ${company} and p.date between k.start_date and k.end_date)`,
      'boolean',
    ],
    ['lines', sql`'[' || coalesce(ls.lines, '') || ']'`, 'json'],
    ['created_at', sql`p.created_at`, 'timestamp'],
    ['updated_at', sql`p.updated_at`, 'timestamp'],
  ]);
}

interface EntriesStatement {
  /** CTEs the page's rows read (`name as (…), …`), if any. */
  with?: SQL;
  /** The page: journal_entries rows of the company, sorted and limited (the body of CTE `p`). */
  rows: SQL;
  /** The list's total (a scalar query). */
  total: SQL;
  /** p's order (columns of p). */
  order: SQL;
}

/**
 * ONE statement for a page of entries: the total, the number of rows and the page as the JSON text of its
 * entries (with their lines, account and customer names, the entry reversing each, and whether its date is
 * locked) — what loadEntries builds in JS, byte for byte as the route's serialiser writes it (ADR 0030).
 */
function entriesStatement(company: SQL, s: EntriesStatement): SQL {
  return sql`with ${s.with ? sql`${s.with}, ` : sql``}p as (${s.rows}),
    ls as (select l.entry_id, string_agg(${LINE_JSON}, ',' order by l.line_no) as lines
           from journal_lines l join accounts a on a.id = l.account_id and a.company_id = ${company}
           where l.company_id = ${company} and l.entry_id in (select p.id from p) group by l.entry_id)
    select (${s.total}) as total, (select count(*)::int from p) as n,
      (select string_agg(${entryJson(company)}, ',' order by ${s.order}) from p left join ls on ls.entry_id = p.id) as body`;
}

/**
 * The company's journal version (journal_versions, ADR 0037): what every page depends on changes it at commit.
 */
const journalVersion = (param: Param) =>
  sql`coalesce((select jv.version from journal_versions jv where jv.company_id = ${param('company', 'int')}), 0)`;

/** The entries with a line of `account_id` and / or of 税区分 `tax_category` (the list's and the CSV's filter). */
export function lineFilter(q: Pick<JournalListQuery, 'account_id' | 'tax_category'>) {
  if (!q.account_id && !q.tax_category) return undefined;
  const account = q.account_id ? sql` and lf.account_id = ${q.account_id}` : sql``;
  const tax = q.tax_category ? sql` and lf.tax_category = ${q.tax_category}` : sql``;
  return sql`exists (select 1 from journal_lines lf where lf.entry_id = ${journalEntries.id}${account}${tax})`;
}

/**
 * One page of the journal as the answer's JSON text (`{ data, meta }`), in ONE statement (ADR 0030).
 * Without a keyword or account filter (the usual list) the total and the day the page starts on come from
 * the maintained entry counts (journal_monthly_counts and journal_daily_counts, ADR 0018 and 0030; the days
 * of the range when a date range is given): no count(*) over the company's entries, and a page sorted by
 * date is read from its first day on (keyset paging behind page numbers), so the first, middle and last
 * page cost the same; these statements are prepared. With a keyword or account filter: count(*) and OFFSET
 * over the matching entries.
 */
export async function listEntriesJson(tenant: Tenant, q: JournalListQuery): Promise<string> {
  const { db, companyId } = tenant;
  const statement = journalPageStatement(companyId, q);
  if (statement) {
    const cache = isPreparedSize(q.per_page) ? pageCache(db, 'journal') : undefined;
    if (!cache) return pageJson(await runPage(db, statement, q.per_page), q);
    const key = `${statement.name}:${companyId}:${statement.values.offset}:${q.from ?? ''}:${q.to ?? ''}`;
    const kept = cache.peek(key);
    // a page in memory: still the database's while the journal's version is the one it was read under
    if (kept && (await readVersion(db, 'chobo_journal_version', journalVersion, statement.values)) === kept.version) {
      cache.hit(key);
      return kept.text;
    }
    const row = await runVersionedPage(db, statement, journalVersion);
    const text = pageJson(row, q);
    cache.keep(key, row.version, text);
    return text;
  }
  const keyword = keywordFilter(q.keyword, keywordColumns(companyId));
  const where = and(
    eq(journalEntries.company_id, companyId),
    keyword,
    q.from ? sql`${journalEntries.date} >= ${q.from}` : undefined,
    q.to ? sql`${journalEntries.date} <= ${q.to}` : undefined,
    lineFilter(q),
  );
  const { order, orderRows, limit } = sortOf(q);
  const [result] = await sqlRows<PageText>(
    db,
    entriesStatement(sql`${companyId}::int`, {
      rows: sql`select * from ${journalEntries} where ${where} order by ${orderRows('')} limit ${limit} offset ${(q.page - 1) * q.per_page}`,
      total: sql`select count(*)::int from ${journalEntries} where ${where}`,
      order,
    }),
  );
  return pageJson(result, q);
}

function sortOf(q: JournalListQuery) {
  const dir = q.sort_dir === 'desc' ? 'desc' : 'asc';
  return {
    dir,
    order: sql.raw(SORT[q.sort_by].map((c) => `p.${c} ${dir}`).join(', ')),
    orderRows: (prefix: string) => sql.raw(SORT[q.sort_by].map((c) => `${prefix}${c} ${dir}`).join(', ')),
    limit: sql.raw(String(q.per_page)),
  };
}

/**
 * The prepared statement of a journal page without a keyword or account filter (its name, SQL and values),
 * or undefined for a filtered list. Exported for the benchmark's baseline (bench/http-server.ts).
 */
export function journalPageStatement(companyId: number, q: JournalListQuery): PageStatement | undefined {
  if (q.account_id || q.tax_category || keywordFilter(q.keyword, [])) return undefined;
  const { dir, order, orderRows, limit } = sortOf(q);
  const ranged = Boolean(q.from || q.to);
  const D = sql.raw(dir);
  const build = (param: Param) => {
    const company = param('company', 'int');
    const offsetParam = param('offset', 'int');
    const range = (column: string) =>
      sql.join(
        [
          q.from ? sql` and ${sql.raw(column)} >= ${param('from', 'date')}` : undefined,
          q.to ? sql` and ${sql.raw(column)} <= ${param('to', 'date')}` : undefined,
        ].filter((x): x is SQL => x !== undefined),
      );
    // the total: a few rows a year (the monthly counts) for the whole journal, the days of a date range
    const total = ranged
      ? sql`select coalesce(sum(c.entries), 0)::int from journal_daily_counts c where c.company_id = ${company}${range('c.date')}`
      : sql`select coalesce(sum(k.entries), 0)::int from journal_monthly_counts k where k.company_id = ${company}`;
    if (q.sort_by !== 'date') {
      return entriesStatement(company, {
        rows: sql`select * from journal_entries e where e.company_id = ${company}${range('e.date')}
            order by ${orderRows('e.')} limit ${limit} offset ${offsetParam}`,
        total,
        order,
      });
    }
    // the day holding the page's first entry and the entries before that day: a running sum over the
    // company's days in the list's order, read until it passes the offset; for the whole journal first over
    // its months, then over the days of the month found
    const firstDay = ranged
      ? sql`s as (
          select w.date, (w.upto - w.entries)::int as before from (
            select c.date, c.entries, sum(c.entries) over (order by c.date ${D}) as upto
            from journal_daily_counts c where c.company_id = ${company} and c.entries > 0${range('c.date')}
            order by c.date ${D}) w
          where w.upto > ${offsetParam} limit 1)`
      : sql`m as (
          select w.month, (w.upto - w.entries)::int as before from (
            select k.month, k.entries, sum(k.entries) over (order by k.month ${D}) as upto
            from journal_monthly_counts k where k.company_id = ${company} and k.entries > 0
            order by k.month ${D}) w
          where w.upto > ${offsetParam} limit 1),
        s as (
          select w.date, (m.before + w.upto - w.entries)::int as before from m, lateral (
            select c.date, c.entries, sum(c.entries) over (order by c.date ${D}) as upto
            from journal_daily_counts c where c.company_id = ${company} and c.entries > 0
              and c.date >= m.month and c.date < (m.month + interval '1 month')::date
            order by c.date ${D}) w
          where m.before + w.upto > ${offsetParam} limit 1)`;
    return entriesStatement(company, {
      with: firstDay,
      rows: sql`select e.* from s, lateral (
          select * from journal_entries e where e.company_id = ${company}
            and e.date ${sql.raw(dir === 'desc' ? '<=' : '>=')} s.date${range('e.date')}
          order by ${orderRows('e.')} limit ${limit} offset (${offsetParam} - s.before)) e`,
      total,
      order,
    });
  };
  return {
    name: `chobo_journal_page_${q.sort_by}_${dir}_${q.from ? 'f' : ''}${q.to ? 't' : ''}_${q.per_page}`,
    sql: build,
    values: { company: companyId, offset: (q.page - 1) * q.per_page, from: q.from, to: q.to },
  };
}

/** The prepared statement of one entry (`body` its JSON, null when the company has no such entry). */
export function journalEntryStatement(companyId: number, id: number): PageStatement {
  return {
    name: 'chobo_journal_entry',
    sql: (param) =>
      entriesStatement(param('company', 'int'), {
        rows: sql`select * from journal_entries e where e.id = ${param('id', 'int')} and e.company_id = ${param('company', 'int')}`,
        total: sql`0`,
        order: sql`p.id`,
      }),
    values: { company: companyId, id },
  };
}

/** One entry as the answer's JSON text (`{ data }`), in one statement; undefined when the company has no such entry. */
export async function loadEntryJson(tenant: Tenant, id: number): Promise<string | undefined> {
  const result = await runPage(tenant.db, journalEntryStatement(tenant.companyId, id), 20);
  return result?.body ? `{"data":${result.body}}` : undefined;
}
