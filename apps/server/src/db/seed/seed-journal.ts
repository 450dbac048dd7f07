/**
 * The demo seed's journal without its per-row triggers. A first start posts ≈ 900 entries (≈ 3,000 lines)
 * through the actions; each line fires journal_lines_apply (the daily and monthly balances, the period-lock
 * check) and, at commit, journal_lines_balanced (the entry's balance check), each entry
 * journal_entries_total_apply, journal_daily_counts_apply and journal_entries_balanced (migrations 0004,
 * 0007, 0009, 0020), and at commit journal_lines_version / journal_entries_version (the company's journal
 * version, migration 0031, ADR 0037), each statement journal_lines_tax_sums_insert (the taxable lines' per-day
 * sums, migration 0047, ADR 0059; its update and delete siblings too). Inside the seed's transaction those
 * triggers are disabled and their work is done set-based, for every row inserted since the last time, whenever
 * it is needed:
 *
 * - before any statement that reads account_daily_balances, account_monthly_balances, journal_daily_counts (or
 *   journal_monthly_counts, kept from it by a trigger on that table), journal_tax_daily_sums or
 *   company_journal_totals (the year-end figures, closing the year, the bank statements…);
 * - before any write to period_locks (so a line is checked against the locks as they were when it was posted);
 * - before any update or delete of journal_entries / journal_lines, which then runs with the triggers on;
 * - at the end of the seed, before the triggers are enabled again (still in the transaction: a failure
 *   anywhere rolls all of it back, the ALTER TABLEs included).
 *
 * The same checks raise the same way (journal_entry_check for every new entry, the period locks for every new
 * line) and the rebuilt rows are the triggers' rows: the seed's digests of account_daily_balances and
 * journal_daily_counts (bench/seed-time.ts) are the same with and without this.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';

type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Session = { prepareQuery: (...args: unknown[]) => Prepared };
type Prepared = Record<string, unknown>;
type Meta = { type?: string; tables?: string[] } | undefined;

const DERIVED =
  /\b(?:account_daily_balances|account_monthly_balances|journal_daily_counts|journal_monthly_counts|company_journal_totals|journal_tax_daily_sums)\b/i;
const JOURNAL_INSERT = /\binsert\s+into\s+"?journal_(?:entries|lines)\b/i;
const JOURNAL_CHANGE = /\b(?:update|delete\s+from)\s+"?journal_(?:entries|lines)\b/i;
const LOCK_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?period_locks\b/i;
const PLAIN_SELECT = /^\s*select\b/i;
const WRITE_WORD = /\b(?:insert|update|delete|truncate|alter|create|drop|do|call|copy)\b/i;

const DISABLE = [
  sql`alter table journal_lines disable trigger journal_lines_apply, disable trigger journal_lines_balanced, disable trigger journal_lines_version, disable trigger journal_lines_tax_sums_insert, disable trigger journal_lines_tax_sums_update, disable trigger journal_lines_tax_sums_delete`,
  sql`alter table journal_entries disable trigger journal_entries_total_apply, disable trigger journal_daily_counts_apply, disable trigger journal_entries_balanced, disable trigger journal_entries_version`,
];
const ENABLE = [
  sql`alter table journal_lines enable trigger journal_lines_apply, enable trigger journal_lines_balanced, enable trigger journal_lines_version, enable trigger journal_lines_tax_sums_insert, enable trigger journal_lines_tax_sums_update, enable trigger journal_lines_tax_sums_delete`,
  sql`alter table journal_entries enable trigger journal_entries_total_apply, enable trigger journal_daily_counts_apply, enable trigger journal_entries_balanced, enable trigger journal_entries_version`,
];

export interface DeferredJournal<T> {
  /** The seed's transaction with the journal triggers' work deferred (see above). */
  tx: T;
  /** Does what is left and turns the triggers on again; call it last, inside the transaction. */
  finish: () => Promise<void>;
}

export async function deferJournalTriggers<T extends SeedTx>(real: T): Promise<DeferredJournal<T>> {
  const marks = await watermarks(real);
  let pending = false;
  const flush = async () => {
    if (!pending) return;
    pending = false;
    // the watermarks are integers read from the database, inlined into the DO block
    const l = Number(marks.lines);
    const e = Number(marks.entries);
    await real.execute(
      sql.raw(`do $seed_journal$
begin
  if exists (select 1 from journal_lines j join period_locks p on p.company_id = j.company_id
             and j.date between p.start_date and p.end_date where j.id > ${l}) then
    raise exception '締められた期間には仕訳を登録できません' using errcode = 'CB001';
  end if;
  perform journal_entry_check(x.id) from journal_entries x
    where x.id > ${e} or x.id in (select entry_id from journal_lines where id > ${l});
  insert into account_daily_balances as b (company_id, account_id, date, kind, debit, credit, line_count)
    select company_id, account_id, date, kind, sum(debit), sum(credit), count(*) from journal_lines
    where id > ${l} group by 1, 2, 3, 4
  on conflict (company_id, account_id, date, kind) do update
    set debit = b.debit + excluded.debit, credit = b.credit + excluded.credit, line_count = b.line_count + excluded.line_count;
  insert into account_monthly_balances as m (company_id, account_id, month, kind, debit, credit, line_count)
    select company_id, account_id, date_trunc('month', date)::date, kind, sum(debit), sum(credit), count(*)
    from journal_lines where id > ${l} group by 1, 2, 3, 4
  on conflict (company_id, account_id, month, kind) do update
    set debit = m.debit + excluded.debit, credit = m.credit + excluded.credit, line_count = m.line_count + excluded.line_count;
  -- journal_tax_daily_sums (migration 0047): the entries with new lines, as they are less as they were (their
  -- lines up to the watermark), each line paired with its tax line at line_no + 1 as the statement triggers pair it
  insert into journal_tax_daily_sums as s (company_id, date, account_id, tax_category, amount, n, tax)
    with post as (
      select id, company_id, entry_id, line_no, date, account_id, tax_category, credit - debit as amount
      from journal_lines where entry_id in (select entry_id from journal_lines where id > ${l})
    ), states as (
      select 1 as sign, p.* from post p union all select -1, p.* from post p where p.id <= ${l}
    ), t as (
      select st.sign, st.entry_id, st.line_no, st.amount from states st
      join accounts a on a.id = st.account_id and a.system_key in ('received_consumption_tax', 'prepaid_consumption_tax')
      where st.tax_category = 'none'
    )
    select x.company_id, x.date, x.account_id, x.tax_category, sum(x.sign * x.amount), sum(x.sign),
           coalesce(sum(x.sign * t.amount), 0)
    from states x left join t on t.sign = x.sign and t.entry_id = x.entry_id and t.line_no = x.line_no + 1
    where x.tax_category <> 'none'
    group by 1, 2, 3, 4
    having sum(x.sign) <> 0 or sum(x.sign * x.amount) <> 0 or coalesce(sum(x.sign * t.amount), 0) <> 0
  on conflict (company_id, date, account_id, tax_category) do update
    set amount = s.amount + excluded.amount, n = s.n + excluded.n, tax = s.tax + excluded.tax;
  insert into journal_daily_counts as c (company_id, date, entries)
    select company_id, date, count(*) from journal_entries where id > ${e} group by 1, 2
  on conflict (company_id, date) do update set entries = c.entries + excluded.entries;
  insert into company_journal_totals as t (company_id, debit)
    select company_id, sum(total) from journal_entries where id > ${e} group by 1 having sum(total) <> 0
  on conflict (company_id) do update set debit = t.debit + excluded.debit;
  insert into journal_versions as v (company_id, version)
    select n.company_id, nextval('journal_version_seq') from (
      select company_id from journal_lines where id > ${l} union select company_id from journal_entries where id > ${e}) n
  on conflict (company_id) do update set version = excluded.version;
end $seed_journal$`),
    );
    Object.assign(marks, await watermarks(real));
  };
  for (const q of DISABLE) await real.execute(q);

  const session = (real as unknown as { session: Session }).session;
  const deferred = Object.create(session) as Session;
  deferred.prepareQuery = (...args: unknown[]) => {
    const prepared = session.prepareQuery(...args);
    const text = (args[0] as { sql: string }).sql;
    const meta = args[5] as Meta;
    const { plainSelect, inserts, journalChange, mentionsJournal, derived, lockWrite } = analyse(text);
    const tables = meta?.type === 'select' ? [] : (meta?.tables ?? []);
    const changes =
      journalChange ||
      (meta?.type !== 'insert' && tables.some((t) => t === 'journal_entries' || t === 'journal_lines')) ||
      (!meta && !plainSelect && mentionsJournal);
    const needsFlush = derived || lockWrite || tables.includes('period_locks') || changes || (!meta && !plainSelect);
    if (!needsFlush && !inserts) return prepared as never;
    const wrapped = Object.create(prepared) as Prepared;
    for (const method of ['execute', 'all', 'values'] as const) {
      const original = prepared[method] as ((...a: unknown[]) => Promise<unknown>) | undefined;
      if (typeof original !== 'function') continue;
      wrapped[method] = async (...callArgs: unknown[]) => {
        if (needsFlush) await flush();
        if (!changes) {
          const result = await original.apply(prepared, callArgs);
          if (inserts) pending = true;
          return result;
        }
        // an update or delete of the journal: with the triggers on, as anywhere else
        for (const q of ENABLE) await real.execute(q);
        try {
          return await original.apply(prepared, callArgs);
        } finally {
          // its deferred balance checks now (a table with pending trigger events cannot be altered)
          const deferredChecks = sql.raw(
            'journal_lines_balanced, journal_entries_balanced, journal_lines_version, journal_entries_version',
          );
          await real.execute(sql`set constraints ${deferredChecks} immediate`);
          await real.execute(sql`set constraints ${deferredChecks} deferred`);
          for (const q of DISABLE) await real.execute(q);
          Object.assign(marks, await watermarks(real));
        }
      };
    }
    return wrapped as never;
  };
  const tx = Object.create(real) as T;
  (tx as unknown as { session: Session }).session = deferred;
  return {
    tx,
    finish: async () => {
      await flush();
      for (const q of ENABLE) await real.execute(q);
    },
  };
}

const analysed = new Map<string, ReturnType<typeof analyseText>>();
function analyse(text: string) {
  let a = analysed.get(text);
  if (!a) {
    a = analyseText(text);
    if (analysed.size < 10_000 && text.length < 20_000) analysed.set(text, a);
  }
  return a;
}
function analyseText(text: string) {
  return {
    plainSelect: PLAIN_SELECT.test(text) && !WRITE_WORD.test(text),
    inserts: JOURNAL_INSERT.test(text),
    journalChange: JOURNAL_CHANGE.test(text),
    mentionsJournal: /\bjournal_(?:entries|lines)\b/i.test(text),
    derived: DERIVED.test(text),
    lockWrite: LOCK_WRITE.test(text),
  };
}

async function watermarks(tx: SeedTx) {
  const result = (await tx.execute(
    sql`select (select coalesce(max(id), 0) from journal_lines)::int as lines,
               (select coalesce(max(id), 0) from journal_entries)::int as entries`,
  )) as unknown as { rows: { lines: number; entries: number }[] };
  return { lines: Number(result.rows[0].lines), entries: Number(result.rows[0].entries) };
}
