import { AUDIT_ACTIONS } from '@chobo/core';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemTenant } from '../../lib/context.js';
import { MOVEMENT_KINDS } from '../../modules/accounting/balances.js';
import { checkBalances, checkTaxSums } from '../../modules/accounting/check-balances.js';
import { sqlRows } from '../../modules/accounting/sql-rows.js';
import { trialBalance } from '../../modules/accounting/statements/trial-balance.js';
import { verifyAuditChains } from '../../modules/audit-logs/audit-verify.js';
import { loadConsumptionTaxReturn } from '../../modules/consumption-tax/consumption-tax-actions.js';
import { createTestDatabase } from '../../test/harness.js';
import type { Database } from '../client.js';
import { seedIfEmpty } from './seed.js';

/**
 * After the whole demo seed — which writes the journal with its row triggers off and does their work set-based
 * (seed-journal.ts), sends its statements its own way on PGlite (seed-fast-queries.ts) and buffers its audit rows
 * (ADR 0024, 0031, 0037) — the books balance and every maintained table holds what the triggers would have made of
 * the base rows: each is recomputed here from those rows with plain SQL and compared.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  const seeded = await seedIfEmpty(database.db, {
    adminEmail: 'boss@example.com',
    adminPassword: 'admin-pass-123',
    demo: true,
    demoPassword: 'demo-pass-123',
  });
  expect(seeded.created).toBe(true);
}, 600_000);
afterAll(() => database.close());

const rows = <T = Record<string, unknown>>(q: SQL) => sqlRows<T>(database.db, q);

/**
 * The rows of `kept` (a maintained table, its all-zero rows left out: the triggers leave them behind) and of
 * `want` (the same columns computed from the base rows) that are not in the other, at most 20 of each side.
 */
async function differences(kept: SQL, want: SQL) {
  return rows(sql`select * from (
      (select 'kept' as side, * from ((${kept}) except (${want})) k limit 20)
      union all
      (select 'want' as side, * from ((${want}) except (${kept})) w limit 20)) d`);
}

describe('the demo seed’s books', { timeout: 120_000 }, () => {
  it('has journal entries to speak of', async () => {
    const [n] = await rows<{ entries: number; lines: number }>(
      sql`select (select count(*) from journal_entries)::int as entries, (select count(*) from journal_lines)::int as lines`,
    );
    expect(n.entries).toBeGreaterThan(500);
    expect(n.lines).toBeGreaterThan(n.entries * 2 - 1);
  });

  it('every entry balances: two lines or more, Σ借方 = Σ貸方 = its total, its lines on its date, kind and company', async () => {
    const bad = await rows(sql`
      select e.id, e.number, e.total, count(l.id)::int as n, coalesce(sum(l.debit), 0)::bigint as debit,
             coalesce(sum(l.credit), 0)::bigint as credit,
             count(*) filter (where l.date <> e.date or l.kind <> e.kind or l.company_id <> e.company_id)::int as off
      from journal_entries e left join journal_lines l on l.entry_id = e.id
      group by e.id
      having count(l.id) < 2 or coalesce(sum(l.debit), 0) <> coalesce(sum(l.credit), 0)
          or coalesce(sum(l.debit), 0) <> e.total
          or count(*) filter (where l.date <> e.date or l.kind <> e.kind or l.company_id <> e.company_id) > 0
      limit 20`);
    expect(bad).toEqual([]);
    // and the database's own check (the deferred constraint triggers' function) agrees, entry by entry
    await database.db.execute(sql`select journal_entry_check(id) from journal_entries`);
    // no line without its entry, nor on a line number twice
    expect(
      await rows(sql`select entry_id, line_no from journal_lines group by 1, 2 having count(*) > 1 limit 5`),
    ).toEqual([]);
  });

  it('the trial balance of every fiscal year balances, and its totals are the lines’', async () => {
    const years = await rows<{ company_id: number; start_date: string; end_date: string }>(
      sql`select company_id, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date
          from fiscal_years order by company_id, start_date`,
    );
    expect(years.length).toBeGreaterThanOrEqual(2);
    const kinds = [...MOVEMENT_KINDS, 'opening'];
    for (const y of years) {
      const tb = await trialBalance(systemTenant(database.db, y.company_id), { from: y.start_date, to: y.end_date });
      expect(tb.totals.debit, y.start_date).toBe(tb.totals.credit);
      const [lines] = await rows<{ debit: string; credit: string }>(sql`
        select coalesce(sum(debit), 0)::text as debit, coalesce(sum(credit), 0)::text as credit from journal_lines
        where company_id = ${y.company_id} and date between ${y.start_date} and ${y.end_date}
          and kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})`);
      expect([tb.totals.debit, tb.totals.credit], y.start_date).toEqual([Number(lines.debit), Number(lines.credit)]);
    }
    // over all time and every kind, per company: Σ借方 = Σ貸方
    expect(await rows(sql`select company_id from journal_lines group by 1 having sum(debit) <> sum(credit)`)).toEqual(
      [],
    );
  });

  it('the daily and monthly balances are the sums of the lines (check-balances.ts, as npm run check-accounting)', async () => {
    expect(await checkBalances(database.db)).toEqual([]);
  });

  it('the taxable lines’ per-day sums by 税区分 with their tax lines are the lines’ (checkTaxSums, ADR 0059)', async () => {
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from journal_tax_daily_sums where n <> 0`);
    expect(n.n).toBeGreaterThan(0);
    expect(await checkTaxSums(database.db)).toEqual([]);
  });

  it('the journal’s day and month counts, company totals and entry numbers are what the triggers and postEntry make', async () => {
    expect(
      await differences(
        sql`select company_id, date, entries::bigint as n from journal_daily_counts where entries <> 0`,
        sql`select company_id, date, count(*)::bigint as n from journal_entries group by 1, 2`,
      ),
    ).toEqual([]);
    expect(
      await differences(
        sql`select company_id, month, entries::bigint as n from journal_monthly_counts where entries <> 0`,
        sql`select company_id, date_trunc('month', date)::date as month, count(*)::bigint as n from journal_entries group by 1, 2`,
      ),
    ).toEqual([]);
    expect(
      await differences(
        sql`select company_id, debit::bigint as debit from company_journal_totals where debit <> 0`,
        sql`select company_id, sum(total)::bigint as debit from journal_entries group by 1 having sum(total) <> 0`,
      ),
    ).toEqual([]);
    // numbers: one each, in the order the entries were written (as one postEntry after the other gives them), none
    // above the company's counter
    expect(
      await rows(sql`select company_id, number from journal_entries group by 1, 2 having count(*) > 1 limit 5`),
    ).toEqual([]);
    expect(
      await rows(sql`select id from (
          select id, number, lag(number) over (partition by company_id order by id) as before from journal_entries) x
        where number <= before limit 5`),
    ).toEqual([]);
    expect(
      await rows(sql`select e.company_id, max(e.number) as top, c.last_number from journal_entries e
          left join journal_counters c using (company_id) group by e.company_id, c.last_number
          having c.last_number is null or max(e.number) > c.last_number`),
    ).toEqual([]);
  });

  it('every company whose journal the seed wrote has a journal version, each its own, from the sequence', async () => {
    const missing = await rows(sql`
      select company_id from (select company_id from journal_entries union select company_id from journal_lines
                              union select company_id from period_locks) c
      where not exists (select 1 from journal_versions v where v.company_id = c.company_id)`);
    expect(missing).toEqual([]);
    const [v] = await rows<{ n: number; distinct_n: number; low: number; above: number }>(sql`
      select count(*)::int as n, count(distinct version)::int as distinct_n,
             count(*) filter (where version <= 0)::int as low,
             count(*) filter (where version > (select last_value from journal_version_seq))::int as above
      from journal_versions`);
    expect(v.n).toBeGreaterThan(0);
    expect(v).toEqual({ n: v.n, distinct_n: v.n, low: 0, above: 0 });
  });

  it('the other maintained tables and columns: list day counts, customer counts, open invoice sums, paid amounts', async () => {
    expect(
      await differences(
        sql`select company_id, list, date, rows::bigint as n from list_day_counts where rows <> 0`,
        sql`select company_id, 'sales'::text as list, transaction_date as date, count(*)::bigint as n from sales_transactions group by 1, 3
            union all
            select company_id, 'documents', transaction_date, count(*) from transaction_documents where deleted_at is null group by 1, 3
            union all
            select company_id, 'payments', date, count(*) from payments group by 1, 3`,
      ),
    ).toEqual([]);
    expect(
      await differences(
        sql`select company_id, used_1::bigint as u1, used_2::bigint as u2, used_3::bigint as u3 from customer_counts
            where used_1 <> 0 or used_2 <> 0 or used_3 <> 0`,
        sql`select company_id, count(*) filter (where used_for = 1) as u1, count(*) filter (where used_for = 2) as u2,
                   count(*) filter (where used_for = 3) as u3
            from customers where deleted_at is null group by 1`,
      ),
    ).toEqual([]);
    expect(
      await differences(
        sql`select company_id, customer_id, due_date, amount::bigint as amount, n::bigint as n from invoice_open_sums where n <> 0`,
        sql`select company_id, customer_id, coalesce(due_date, issue_date) as due_date, sum(total - paid_amount)::bigint as amount,
                   count(*)::bigint as n
            from invoices where status in ('issued', 'sent') and total > paid_amount group by 1, 2, 3`,
      ),
    ).toEqual([]);
    for (const [table, column] of [
      ['invoices', 'invoice_id'],
      ['sales_transactions', 'transaction_id'],
      ['transaction_documents', 'transaction_document_id'],
    ]) {
      const bad = await rows(
        sql.raw(`select d.id, d.paid_amount, coalesce(a.amount, 0) as allocated from ${table} d
          left join (select ${column} as id, sum(amount) as amount from payment_allocations group by 1) a on a.id = d.id
          where d.paid_amount <> coalesce(a.amount, 0) limit 5`),
      );
      expect(bad, table).toEqual([]);
    }
    const [allocated] = await rows<{ n: number }>(sql`select count(*)::int as n from payment_allocations`);
    expect(allocated.n).toBeGreaterThan(0);
  });

  it('the closed year has its consumption-tax return, explained by its 仮受・仮払消費税等 up to the rounding, settled', async () => {
    const [fy] = await rows<{ id: number; company_id: number; end_date: string }>(
      sql`select id, company_id, to_char(end_date, 'YYYY-MM-DD') as end_date from fiscal_years where status = 'closed'
          order by end_date desc limit 1`,
    );
    const ret = await loadConsumptionTaxReturn(systemTenant(database.db, fy.company_id), fy.id);
    expect(ret.refusal).toBeNull();
    expect(ret.result?.method).toBe('general');
    expect(ret.entry_id).toBeTruthy();
    // 基準期間の課税売上高 over 1,000万円: the 2割特例 refused with its reason, this year and the next (carried)
    const twoTenths = (r: typeof ret) => r.comparison.find((c) => c.method === 'two_tenths');
    expect(ret.inputs.base_period_taxable_sales).toBeGreaterThan(10_000_000);
    expect(twoTenths(ret)).toMatchObject({ allowed: false, cheapest: false });
    expect(twoTenths(ret)?.reason).toContain('1,000万円を超える');
    const [next] = await rows<{ id: number }>(
      sql`select id from fiscal_years where company_id = ${fy.company_id} and start_date > ${fy.end_date}
          order by start_date limit 1`,
    );
    if (next) {
      const open = await loadConsumptionTaxReturn(systemTenant(database.db, fy.company_id), next.id);
      expect(open.inputs.base_period_taxable_sales).toBe(ret.inputs.base_period_taxable_sales);
      expect(twoTenths(open)?.reason).toContain('1,000万円を超える');
    }
    const s = ret.settlement as NonNullable<typeof ret.settlement>;
    expect(s.output_balance).toBeGreaterThan(0);
    // ② and ④ from the balances: 仮受 × 78/100 against ② (割戻し), 仮払 × 78/100 = ④ (積上げ)
    expect(Math.abs(Math.floor((s.output_balance * 78) / 100) - (ret.result?.output_tax ?? 0))).toBeLessThan(
      s.output_balance / 100,
    );
    // ④ is cut per rate (10% and 8%): at most one yen a rate below the whole balance × 78/100
    const whole = Math.floor((s.input_balance * 78) / 100);
    expect(whole - (ret.result?.deductible_input_tax ?? 0)).toBeGreaterThanOrEqual(0);
    expect(whole - (ret.result?.deductible_input_tax ?? 0)).toBeLessThanOrEqual(2);
    expect(Math.abs(s.rounding)).toBeLessThan(s.output_balance / 100);
    // after the settlement both accounts are 0 at the year end
    const [left] = await rows<{ n: string }>(
      sql`select coalesce(sum(abs(b.debit - b.credit)), 0)::text as n from (
            select l.account_id, sum(l.debit) as debit, sum(l.credit) as credit from journal_lines l
            join accounts a on a.id = l.account_id
            where l.company_id = ${fy.company_id} and l.date <= ${fy.end_date}
              and a.system_key in ('received_consumption_tax', 'prepaid_consumption_tax') group by 1) b`,
    );
    expect(Number(left.n)).toBe(0);
  });

  it('left every trigger it switched off on again', async () => {
    const off = await rows(sql`
      select c.relname as "table", t.tgname as name, t.tgenabled as enabled from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = 'public'::regnamespace and t.tgenabled <> 'O'`);
    expect(off).toEqual([]);
    // the ten seed-journal.ts turns off are there (and so, on)
    const journal = await rows<{ name: string }>(sql`
      select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relname in ('journal_entries', 'journal_lines') and not t.tgisinternal order by 1`);
    expect(journal.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'journal_daily_counts_apply',
        'journal_entries_balanced',
        'journal_entries_total_apply',
        'journal_entries_version',
        'journal_lines_apply',
        'journal_lines_balanced',
        'journal_lines_tax_sums_delete',
        'journal_lines_tax_sums_insert',
        'journal_lines_tax_sums_update',
        'journal_lines_version',
      ]),
    );
  });

  it('wrote its audit rows (buffered) in unbroken chains, each action one with a label', async () => {
    const actions = await rows<{ action: string; n: number }>(
      sql`select action, count(*)::int as n from audit_logs group by 1 order by 1`,
    );
    expect(actions.length).toBeGreaterThan(10);
    expect(actions.map((a) => a.action).filter((a) => !(AUDIT_ACTIONS as string[]).includes(a))).toEqual([]);
    const verified = await verifyAuditChains(database.db, undefined);
    expect(verified).toMatchObject({ ok: true, first_bad_id: null });
    expect(verified.checked).toBe(actions.reduce((s, a) => s + a.n, 0));
  });
});
