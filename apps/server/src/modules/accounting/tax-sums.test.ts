/**
 * journal_tax_daily_sums (migration 0047, ADR 0059) holds, whatever writes journal_lines, what a recomputation from
 * the lines gives (checkTaxSums, plain SQL): after postings, edits, deletions and reversals through the API, bulk
 * inserts of many entries in one statement, a taxable line and its tax line written by different statements,
 * a DBA's updates (税区分, amounts, line numbers, accounts, a line moved to another entry), a change of which
 * account is 仮受消費税等, locked periods and a company's deletion. And the fill's grouped sums read from it are
 * the line scan's, row for row.
 */
import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { accounts, journalEntries, journalLines, periodLocks } from '../../db/schema/index.js';
import { systemTenant } from '../../lib/context.js';
import { companyOwner, createCompany, useTestApp } from '../../test/harness.js';
import { journalLineScan, journalSums } from '../consumption-tax/consumption-tax-fill.js';
import { seedDefaultAccounts } from './chart-of-accounts.js';
import { checkTaxSums } from './check-balances.js';
import { sqlRows } from './sql-rows.js';

const ctx = useTestApp();

type Line = { account_id: number; debit: number; credit: number; tax_category?: string };

let nextNumber = 5000;
/** Entries and their lines with raw inserts, all entries' lines in ONE statement (no API, no split). */
async function rawEntries(db: Db, companyId: number, entries: { date: string; lines: Line[] }[]) {
  return db.transaction(async (tx) => {
    const made = await tx
      .insert(journalEntries)
      .values(
        entries.map((e) => ({
          company_id: companyId,
          number: ++nextNumber,
          date: e.date,
          description: '一括',
          total: e.lines.reduce((s, l) => s + l.debit, 0),
        })),
      )
      .returning({ id: journalEntries.id });
    await tx.insert(journalLines).values(
      entries.flatMap((e, k) =>
        e.lines.map((l, i) => ({
          company_id: companyId,
          entry_id: made[k].id,
          line_no: i + 1,
          date: e.date,
          account_id: l.account_id,
          debit: l.debit,
          credit: l.credit,
          tax_category: l.tax_category ?? 'none',
        })),
      ),
    );
    return made.map((m) => m.id);
  });
}

async function dbError(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    const e = err as { message?: string; cause?: { message?: string } };
    return `${e.message ?? ''} ${e.cause?.message ?? ''}`;
  }
  throw new Error('expected the database to refuse');
}

describe('journal_tax_daily_sums equals its recomputation from the lines, whatever writes them', () => {
  let owner: Awaited<ReturnType<typeof companyOwner>>;
  let companyId: number;
  let ids: Record<string, number>;
  const kept = async () => {
    const [r] = await sqlRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from journal_tax_daily_sums where company_id = ${companyId} and n <> 0`,
    );
    return r.n;
  };

  beforeAll(async () => {
    owner = await companyOwner(ctx, { fiscal_year_end_month: 3 });
    companyId = owner.company.id;
    const res = await owner.api.get('/api/company/accounts?include_inactive=1');
    ids = Object.fromEntries(res.json().data.map((a: { code: string; id: number }) => [a.code, a.id]));
    expect((await owner.api.post('/api/company/fiscal-years', { start_date: '2026-04-01' })).statusCode).toBe(201);
  });

  it('API postings (split into net + 仮受 / 仮払消費税等), edits, deletions and reversals', async () => {
    const post = (date: string, lines: Record<string, unknown>[]) =>
      owner.api.post('/api/accountings', { date, description: '取引', lines });
    const sale = await post('2026-04-10', [
      { account_id: ids['1220'], debit: 11_000 },
      { account_id: ids['4110'], credit: 11_000, tax_category: 'sales_10' },
    ]);
    expect(sale.statusCode, sale.body).toBe(201);
    const purchase = await post('2026-04-11', [
      { account_id: ids['6160'], debit: 3_300, tax_category: 'purchase_10' },
      { account_id: ids['6150'], debit: 1_080, tax_category: 'purchase_8' },
      { account_id: ids['1110'], credit: 4_380 },
    ]);
    expect(purchase.statusCode, purchase.body).toBe(201);
    for (let i = 0; i < 5; i++)
      expect(
        (
          await post(`2026-04-1${i}`, [
            { account_id: ids['1220'], debit: 1_100 * (i + 1) },
            { account_id: ids['4110'], credit: 1_100 * (i + 1), tax_category: 'sales_10' },
          ])
        ).statusCode,
      ).toBe(201);
    expect(await kept()).toBeGreaterThan(0);
    // the split put the tax line right after the taxable one: the sums carry the tax
    const [s] = await sqlRows<{ tax: string }>(
      ctx.db,
      sql`select sum(tax)::text as tax from journal_tax_daily_sums where company_id = ${companyId} and account_id = ${ids['4110']}`,
    );
    expect(Number(s.tax)).toBe(1_000 + 100 * 15);
    expect(await checkTaxSums(ctx.db, companyId)).toEqual([]);

    // an edit (the lines deleted and written again): another date, amount and 税区分
    const e = sale.json().data;
    const upd = await owner.api.put(`/api/accountings/${e.id}`, {
      date: '2026-04-20',
      description: '修正',
      updated_at: e.updated_at,
      lines: [
        { account_id: ids['1220'], debit: 10_800 },
        { account_id: ids['4110'], credit: 10_800, tax_category: 'sales_8' },
      ],
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(await checkTaxSums(ctx.db, companyId)).toEqual([]);
    // a reversal, then a deletion
    const rev = await owner.api.post(`/api/accountings/${purchase.json().data.id}/reverse`, { date: '2026-04-25' });
    expect(rev.statusCode, rev.body).toBe(201);
    expect(await checkTaxSums(ctx.db, companyId)).toEqual([]);
    expect((await owner.api.delete(`/api/accountings/${e.id}`)).statusCode).toBe(204);
    expect(await checkTaxSums(ctx.db, companyId)).toEqual([]);
  });

  it('bulk inserts: many entries in one statement; a taxable line and its tax line in separate statements', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({
      date: `2026-05-${String((i % 28) + 1).padStart(2, '0')}`,
      lines: [
        { account_id: ids['1220'], debit: 1_100 + i * 11, credit: 0 },
        { account_id: ids['4110'], debit: 0, credit: 1_000 + i * 10, tax_category: 'sales_10' },
        { account_id: ids['2210'], debit: 0, credit: 100 + i },
      ],
    }));
    const made = await rawEntries(ctx.db, companyId, many);
    expect(await checkTaxSums(ctx.db, companyId)).toEqual([]);

    // one transaction, three statements: the net line, then the 仮払 line after it, then the payment
    await ctx.db.transaction(async (tx) => {
      const [en] = await tx
        .insert(journalEntries)
        .values({ company_id: companyId, number: ++nextNumber, date: '2026-05-30', description: '分割', total: 2_200 })
        .returning();
      const line = (line_no: number, account_id: number, debit: number, credit: number, tax_category = 'none') => ({
        company_id: companyId,
        entry_id: en.id,
        line_no,
        date: '2026-05-30',
        account_id,
        debit,
        credit,
        tax_category,
      });
      await tx.insert(journalLines).values(line(1, ids['6160'], 2_000, 0, 'purchase_10'));
      await tx.insert(journalLines).values(line(2, ids['1450'], 200, 0));
      await tx.insert(journalLines).values(line(3, ids['1110'], 0, 2_200));
    });
    expect(await checkTaxSums(ctx.db, companyId)).toEqual([]);

    // the tax line deleted and another written in its place (one transaction), then the pair deleted together
    const [first] = made;
    await ctx.db.transaction(async (tx) => {
      await tx.delete(journalLines).where(and(eq(journalLines.entry_id, first), eq(journalLines.line_no, 3)));
      await tx.execute(sql`update journal_lines set credit = 1020 where entry_id = ${first} and line_no = 2`);
      await tx.insert(journalLines).values({
        company_id: companyId,
        entry_id: first,
        line_no: 3,
        date: many[0].date,
        account_id: ids['2210'],
        debit: 0,
        credit: 80,
      });
    });
    expect(await checkTaxSums(ctx.db, companyId)).toEqual([]);
    await ctx.db.transaction(async (tx) => {
      await tx.delete(journalLines).where(and(eq(journalLines.entry_id, made[1]), sql`line_no in (2, 3)`));
      await tx.insert(journalLines).values({
        company_id: companyId,
        entry_id: made[1],
        line_no: 2,
        date: many[1].date,
        account_id: ids['4110'],
        debit: 0,
        credit: 1_111,
        tax_category: 'sales_8',
      });
    });
    expect(await checkTaxSums(ctx.db, companyId)).toEqual([]);
    // entries deleted in bulk (their lines by the cascade)
    await ctx.db.execute(
      sql`delete from journal_entries where id in (${sql.join(
        made.slice(30).map((m) => sql`${m}`),
        sql`, `,
      )})`,
    );
    expect(await checkTaxSums(ctx.db, companyId)).toEqual([]);
  });

  it("a DBA's updates: 税区分, amounts of a pair, line numbers swapped, a tax line moved or re-accounted, a line moved to another entry", async () => {
    const made = await rawEntries(
      ctx.db,
      companyId,
      Array.from({ length: 6 }, (_, i) => ({
        date: `2026-06-0${i + 1}`,
        lines: [
          { account_id: ids['6160'], debit: 5_000, credit: 0, tax_category: 'purchase_10' },
          { account_id: ids['1450'], debit: 500, credit: 0 },
          { account_id: ids['1110'], debit: 0, credit: 5_500 },
        ],
      })),
    );
    const check = async () => expect(await checkTaxSums(ctx.db, companyId)).toEqual([]);
    // every taxable line of June to 経過措置 in one statement
    await ctx.db.execute(
      sql`update journal_lines set tax_category = 'purchase_nq_10' where company_id = ${companyId} and tax_category = 'purchase_10' and date between '2026-06-01' and '2026-06-30'`,
    );
    await check();
    // the tax line no longer 対象外: the taxable line loses its tax
    await ctx.db.execute(
      sql`update journal_lines set tax_category = 'non_taxable' where entry_id = ${made[0]} and line_no = 2`,
    );
    await check();
    // amounts of the pair and of the payment changed together (one statement: still balanced)
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`update journal_lines set debit = case line_no when 1 then 6000 when 2 then 600 else 0 end,
        credit = case line_no when 3 then 6600 else 0 end where entry_id = ${made[1]}`);
      await tx.execute(sql`update journal_entries set total = 6600 where id = ${made[1]}`);
    });
    await check();
    // line numbers rotated: the tax line first, the taxable line after it, the payment last
    await ctx.db.execute(sql`update journal_lines set line_no = line_no + 10 where entry_id = ${made[2]}`);
    await ctx.db.execute(
      sql`update journal_lines set line_no = case line_no when 11 then 2 when 12 then 1 else 3 end where entry_id = ${made[2]}`,
    );
    await check();
    // the tax line on an ordinary account, then back
    await ctx.db.execute(
      sql`update journal_lines set account_id = ${ids['1110']} where entry_id = ${made[3]} and line_no = 2`,
    );
    await check();
    await ctx.db.execute(
      sql`update journal_lines set account_id = ${ids['1450']} where entry_id = ${made[3]} and line_no = 2`,
    );
    await check();
    // a pair moved to another entry (swapping the entries' dates would unbalance nothing: same amounts)
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`update journal_lines set entry_id = ${made[5]}, line_no = line_no + 10, date = '2026-06-06'
        where entry_id = ${made[4]}`);
      await tx.execute(sql`update journal_lines set entry_id = ${made[4]}, date = '2026-06-05'
        where entry_id = ${made[5]} and line_no < 10`);
      await tx.execute(sql`update journal_lines set line_no = line_no - 10 where entry_id = ${made[5]}`);
    });
    await check();
    // the dates of a whole entry (entry and lines) moved
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`update journal_entries set date = '2026-07-01' where id = ${made[1]}`);
      await tx.execute(sql`update journal_lines set date = '2026-07-01' where entry_id = ${made[1]}`);
    });
    await check();
  });

  it('a change of which account is 仮受消費税等 / 仮払消費税等 recomputes the pairing', async () => {
    const before = await checkTaxSums(ctx.db, companyId);
    expect(before).toEqual([]);
    await ctx.db.transaction(async (tx) => {
      await tx.update(accounts).set({ system_key: null }).where(eq(accounts.id, ids['1450']));
      expect(await checkTaxSums(tx, companyId)).toEqual([]);
      const [t] = await sqlRows<{ tax: string }>(
        tx,
        sql`select coalesce(sum(tax), 0)::text as tax from journal_tax_daily_sums where company_id = ${companyId} and tax_category like 'purchase%'`,
      );
      expect(Number(t.tax)).toBe(0);
      await tx.update(accounts).set({ system_key: 'prepaid_consumption_tax' }).where(eq(accounts.id, ids['1450']));
    });
    expect(await checkTaxSums(ctx.db, companyId)).toEqual([]);
  });

  it('the check sees a write the triggers missed (the update trigger off for one statement)', async () => {
    let missed: Awaited<ReturnType<typeof checkTaxSums>> = [];
    await ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`alter table journal_lines disable trigger journal_lines_tax_sums_update`);
        await tx.execute(
          sql`update journal_lines set tax_category = 'sales_8' where company_id = ${companyId} and tax_category = 'sales_10'`,
        );
        missed = await checkTaxSums(tx, companyId);
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof TransactionRollbackError)) throw e;
      });
    expect(missed.length).toBeGreaterThan(0);
    expect(missed[0]).toMatchObject({ tax_category: 'sales_10', stored: { n: expect.any(Number) }, lines: { n: 0 } });
    // and with the trigger (rolled back with the rest) the sums hold again
    expect(await checkTaxSums(ctx.db, companyId)).toEqual([]);
  });

  it('the fill reads the same groups as the line scan, for the year and odd periods', async () => {
    const tenant = systemTenant(ctx.db, companyId);
    for (const [from, to] of [
      ['2026-04-01', '2027-03-31'],
      ['2026-04-11', '2026-05-15'],
      ['2026-06-03', '2026-06-03'],
    ] as const) {
      const kept = await journalSums(tenant, from, to);
      expect(kept.length, from).toBeGreaterThan(0);
      expect(kept).toEqual(await journalLineScan(ctx.db, companyId, from, to));
    }
  });

  it('refuses lines in a locked period and keeps the sums; a company with a journal can still be deleted', async () => {
    const [en] = await rawEntries(ctx.db, companyId, [
      {
        date: '2026-08-10',
        lines: [
          { account_id: ids['1220'], debit: 2_200, credit: 0 },
          { account_id: ids['4110'], debit: 0, credit: 2_000, tax_category: 'sales_10' },
          { account_id: ids['2210'], debit: 0, credit: 200 },
        ],
      },
    ]);
    await ctx.db
      .insert(periodLocks)
      .values({ company_id: companyId, kind: 'month', start_date: '2026-08-01', end_date: '2026-08-31' });
    const sums = await sqlRows(
      ctx.db,
      sql`select * from journal_tax_daily_sums where company_id = ${companyId} order by 1, 2, 3, 4`,
    );
    expect(
      await dbError(
        rawEntries(ctx.db, companyId, [
          {
            date: '2026-08-20',
            lines: [
              { account_id: ids['1220'], debit: 1_100, credit: 0 },
              { account_id: ids['4110'], debit: 0, credit: 1_100, tax_category: 'sales_10' },
            ],
          },
        ]),
      ),
    ).toContain('締められた期間');
    expect(await dbError(ctx.db.delete(journalEntries).where(eq(journalEntries.id, en)))).toContain('締められた期間');
    expect(
      await dbError(
        ctx.db.execute(sql`update journal_lines set tax_category = 'sales_8' where entry_id = ${en} and line_no = 2`),
      ),
    ).toContain('締められた期間');
    expect(
      await sqlRows(
        ctx.db,
        sql`select * from journal_tax_daily_sums where company_id = ${companyId} order by 1, 2, 3, 4`,
      ),
    ).toEqual(sums);
    expect(await checkTaxSums(ctx.db, companyId)).toEqual([]);

    // another company with taxable lines and a lock is deleted: its sums go with it, nothing refused
    const c = await createCompany(ctx.db);
    await seedDefaultAccounts(systemTenant(ctx.db, c.id));
    const rows = await ctx.db.select().from(accounts).where(eq(accounts.company_id, c.id));
    const cid = Object.fromEntries(rows.map((r) => [r.code, r.id]));
    await rawEntries(ctx.db, c.id, [
      {
        date: '2026-04-01',
        lines: [
          { account_id: cid['1220'], debit: 1_100, credit: 0 },
          { account_id: cid['4110'], debit: 0, credit: 1_000, tax_category: 'sales_10' },
          { account_id: cid['2210'], debit: 0, credit: 100 },
        ],
      },
    ]);
    await ctx.db
      .insert(periodLocks)
      .values({ company_id: c.id, kind: 'month', start_date: '2026-04-01', end_date: '2026-04-30' });
    const [n] = await sqlRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from journal_tax_daily_sums where company_id = ${c.id}`,
    );
    expect(n.n).toBe(1);
    await ctx.db.execute(sql`delete from companies where id = ${c.id}`);
    const [left] = await sqlRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from journal_tax_daily_sums where company_id = ${c.id}`,
    );
    expect(left.n).toBe(0);
    expect(await checkTaxSums(ctx.db)).toEqual([]);
  });
});
