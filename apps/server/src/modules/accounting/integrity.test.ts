import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { accountDailyBalances, accounts, journalEntries, journalLines, periodLocks } from '../../db/schema/index.js';
import { systemTenant } from '../../lib/context.js';
import { createCompany, useTestApp } from '../../test/harness.js';
import { DEFAULT_ACCOUNTS, ensureChartsOfAccounts, seedDefaultAccounts } from './chart-of-accounts.js';
import { checkBalances } from './check-balances.js';

const ctx = useTestApp();

async function accountIds(db: Db, companyId: number) {
  const rows = await db.select().from(accounts).where(eq(accounts.company_id, companyId));
  return Object.fromEntries(rows.map((r) => [r.code, r.id])) as Record<string, number>;
}

let nextNumber = 1000;
/** Inserts an entry and its lines in ONE transaction with raw inserts (no API, no app checks). */
async function rawEntry(
  db: Db,
  companyId: number,
  date: string,
  total: number,
  lines: { account_id: number; debit: number; credit: number; date?: string }[],
) {
  return db.transaction(async (tx) => {
    const [e] = await tx
      .insert(journalEntries)
      .values({ company_id: companyId, number: ++nextNumber, date, description: 'テスト', total })
      .returning();
    if (lines.length) {
      await tx.insert(journalLines).values(
        lines.map((l, i) => ({
          company_id: companyId,
          entry_id: e.id,
          line_no: i + 1,
          date: l.date ?? date,
          account_id: l.account_id,
          debit: l.debit,
          credit: l.credit,
        })),
      );
    }
    return e;
  });
}

/** The database error message of a rejected promise (drizzle wraps it in `cause`). */
async function dbError(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    const e = err as { message?: string; cause?: { message?: string } };
    return `${e.message ?? ''} ${e.cause?.message ?? ''}`;
  }
  throw new Error('expected the database to refuse');
}

describe('chart of accounts seeding', () => {
  it('seeds the default chart once, idempotently, with roles, sides and system keys', async () => {
    const company = await createCompany(ctx.db);
    await seedDefaultAccounts(systemTenant(ctx.db, company.id));
    await seedDefaultAccounts(systemTenant(ctx.db, company.id));
    const rows = await ctx.db.select().from(accounts).where(eq(accounts.company_id, company.id));
    expect(rows).toHaveLength(DEFAULT_ACCOUNTS.length);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName.現金).toMatchObject({
      category: 'asset',
      section: 'current_assets',
      normal_side: 'debit',
      cash_flow_role: 'cash',
      system_key: 'cash',
    });
    expect(byName.買掛金).toMatchObject({
      category: 'liability',
      normal_side: 'credit',
      cash_flow_role: 'payables',
      system_key: 'accounts_payable',
    });
    expect(byName.減価償却累計額).toMatchObject({ category: 'asset', normal_side: 'credit' });
    expect(byName.繰越利益剰余金).toMatchObject({ category: 'net_assets', system_key: 'retained_earnings' });
    expect(byName.仮払消費税等.system_key).toBe('prepaid_consumption_tax');
    expect(byName.仮受消費税等.system_key).toBe('received_consumption_tax');
    expect(byName.売上高).toMatchObject({
      category: 'revenue',
      section: 'net_sales',
      default_tax_category: 'sales_10',
    });
    expect(byName.減価償却費.cash_flow_role).toBe('depreciation');
    expect(byName.ソフトウェア.kana).toBe('ソフトウェア');
    // every docs/product/FACTS.md §1 P/L section is represented
    const sections = new Set(rows.map((r) => r.section));
    for (const s of [
      'net_sales',
      'cost_of_sales',
      'sga',
      'non_operating_income',
      'non_operating_expenses',
      'extraordinary_income',
      'extraordinary_losses',
      'income_taxes',
    ]) {
      expect(sections.has(s)).toBe(true);
    }
  });

  it('keeps a renamed account on a second seeding and adds only missing ones', async () => {
    const company = await createCompany(ctx.db);
    await seedDefaultAccounts(systemTenant(ctx.db, company.id));
    await ctx.db
      .update(accounts)
      .set({ name: '現金（本社）' })
      .where(and(eq(accounts.company_id, company.id), eq(accounts.code, '1110')));
    await ctx.db.delete(accounts).where(and(eq(accounts.company_id, company.id), eq(accounts.code, '8530')));
    await seedDefaultAccounts(systemTenant(ctx.db, company.id));
    const rows = await ctx.db.select().from(accounts).where(eq(accounts.company_id, company.id));
    expect(rows).toHaveLength(DEFAULT_ACCOUNTS.length);
    expect(rows.find((r) => r.code === '1110')?.name).toBe('現金（本社）');
  });

  it('back-fills every existing company without a chart (start-up ensure), and only those', async () => {
    const a = await createCompany(ctx.db);
    const b = await createCompany(ctx.db);
    await seedDefaultAccounts(systemTenant(ctx.db, b.id));
    await ensureChartsOfAccounts(ctx.db);
    for (const c of [a, b]) {
      const [{ n }] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(accounts)
        .where(eq(accounts.company_id, c.id));
      expect(n).toBe(DEFAULT_ACCOUNTS.length);
    }
    expect(await ensureChartsOfAccounts(ctx.db)).toBe(0);
  });
});

describe('database integrity of the journal (whatever writes it)', () => {
  let companyId: number;
  let ids: Record<string, number>;
  beforeAll(async () => {
    companyId = (await createCompany(ctx.db)).id;
    await seedDefaultAccounts(systemTenant(ctx.db, companyId));
    ids = await accountIds(ctx.db, companyId);
  });

  it('accepts a balanced entry and maintains the daily balances in the same transaction', async () => {
    const e = await rawEntry(ctx.db, companyId, '2026-04-01', 1100, [
      { account_id: ids['1110'], debit: 1100, credit: 0 },
      { account_id: ids['4110'], debit: 0, credit: 1000 },
      { account_id: ids['2210'], debit: 0, credit: 100 },
    ]);
    expect(e.id).toBeGreaterThan(0);
    const bal = await ctx.db
      .select()
      .from(accountDailyBalances)
      .where(and(eq(accountDailyBalances.company_id, companyId), eq(accountDailyBalances.date, '2026-04-01')));
    const byAcc = Object.fromEntries(bal.map((b) => [b.account_id, b]));
    expect(byAcc[ids['1110']]).toMatchObject({ debit: 1100, credit: 0, line_count: 1 });
    expect(byAcc[ids['4110']]).toMatchObject({ debit: 0, credit: 1000 });
    // deleting the entry takes its amounts out again
    await ctx.db.delete(journalEntries).where(eq(journalEntries.id, e.id));
    const [after] = await ctx.db
      .select()
      .from(accountDailyBalances)
      .where(and(eq(accountDailyBalances.account_id, ids['1110']), eq(accountDailyBalances.date, '2026-04-01')));
    expect(after).toMatchObject({ debit: 0, credit: 0, line_count: 0 });
    expect(await checkBalances(ctx.db, companyId)).toEqual([]);
  });

  it('postEntry (for other features) posts inside their transaction and links the entry to its source', async () => {
    const { postEntry } = await import('./posting.js');
    const e = await ctx.db.transaction((tx) =>
      postEntry(
        systemTenant(tx, companyId),
        {
          date: '2026-04-08',
          description: '請求書 No.12',
          lines: [
            { account_id: ids['1220'], debit: 2200, credit: 0, tax_category: 'none', customer_id: null, memo: null },
            {
              account_id: ids['4110'],
              debit: 0,
              credit: 2200,
              tax_category: 'sales_10',
              customer_id: null,
              memo: null,
            },
          ],
        },
        { source: { type: 'invoice', id: 12 } },
      ),
    );
    expect(e).toMatchObject({ source_type: 'invoice', source_id: 12, total: 2200, kind: 'normal' });
    expect(e.number).toBeGreaterThan(0);
  });

  it('refuses at commit an entry whose debits ≠ credits, and keeps nothing', async () => {
    const msg = await dbError(
      rawEntry(ctx.db, companyId, '2026-04-02', 1000, [
        { account_id: ids['1110'], debit: 1000, credit: 0 },
        { account_id: ids['4110'], debit: 0, credit: 999 },
      ]),
    );
    expect(msg).toMatch(/一致していません|violates|23514/);
    const [{ n }] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(journalEntries)
      .where(and(eq(journalEntries.company_id, companyId), eq(journalEntries.date, '2026-04-02')));
    expect(n).toBe(0);
  });

  it('refuses an entry with no lines, one line, or a total different from its lines', async () => {
    await dbError(rawEntry(ctx.db, companyId, '2026-04-03', 500, []));
    await dbError(rawEntry(ctx.db, companyId, '2026-04-03', 500, [{ account_id: ids['1110'], debit: 500, credit: 0 }]));
    await dbError(
      rawEntry(ctx.db, companyId, '2026-04-03', 700, [
        { account_id: ids['1110'], debit: 500, credit: 0 },
        { account_id: ids['4110'], debit: 0, credit: 500 },
      ]),
    );
  });

  it('refuses a later UPDATE that unbalances a posted entry, and a line with both or neither side', async () => {
    const e = await rawEntry(ctx.db, companyId, '2026-04-04', 300, [
      { account_id: ids['1110'], debit: 300, credit: 0 },
      { account_id: ids['4110'], debit: 0, credit: 300 },
    ]);
    await dbError(
      ctx.db.transaction(async (tx) => {
        await tx
          .update(journalLines)
          .set({ debit: 301 })
          .where(and(eq(journalLines.entry_id, e.id), eq(journalLines.line_no, 1)));
      }),
    );
    await dbError(ctx.db.delete(journalLines).where(and(eq(journalLines.entry_id, e.id), eq(journalLines.line_no, 2))));
    await dbError(
      rawEntry(ctx.db, companyId, '2026-04-04', 300, [
        { account_id: ids['1110'], debit: 300, credit: 300 },
        { account_id: ids['4110'], debit: 0, credit: 0 },
      ]),
    );
    // a line dated differently from its entry
    await dbError(
      rawEntry(ctx.db, companyId, '2026-04-04', 300, [
        { account_id: ids['1110'], debit: 300, credit: 0, date: '2026-04-05' },
        { account_id: ids['4110'], debit: 0, credit: 300 },
      ]),
    );
    const [{ n }] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(journalLines)
      .where(eq(journalLines.entry_id, e.id));
    expect(n).toBe(2);
  });

  it("refuses a line on another company's account", async () => {
    const other = await createCompany(ctx.db);
    await seedDefaultAccounts(systemTenant(ctx.db, other.id));
    const otherIds = await accountIds(ctx.db, other.id);
    await dbError(
      rawEntry(ctx.db, companyId, '2026-04-06', 100, [
        { account_id: otherIds['1110'], debit: 100, credit: 0 },
        { account_id: ids['4110'], debit: 0, credit: 100 },
      ]),
    );
  });

  it('refuses lines inside a locked period (insert and delete), with a Japanese message', async () => {
    const e = await rawEntry(ctx.db, companyId, '2026-05-10', 200, [
      { account_id: ids['1110'], debit: 200, credit: 0 },
      { account_id: ids['4110'], debit: 0, credit: 200 },
    ]);
    await ctx.db
      .insert(periodLocks)
      .values({ company_id: companyId, kind: 'month', start_date: '2026-05-01', end_date: '2026-05-31' });
    const msg = await dbError(
      rawEntry(ctx.db, companyId, '2026-05-20', 200, [
        { account_id: ids['1110'], debit: 200, credit: 0 },
        { account_id: ids['4110'], debit: 0, credit: 200 },
      ]),
    );
    expect(msg).toContain('締められた期間');
    await dbError(ctx.db.delete(journalEntries).where(eq(journalEntries.id, e.id)));
  });

  it('refuses deleting an account that journal lines use (the entry would unbalance)', async () => {
    await rawEntry(ctx.db, companyId, '2026-04-07', 50, [
      { account_id: ids['1240'], debit: 50, credit: 0 },
      { account_id: ids['4110'], debit: 0, credit: 50 },
    ]);
    await dbError(ctx.db.delete(accounts).where(eq(accounts.id, ids['1240'])));
    const [{ n }] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accounts)
      .where(eq(accounts.id, ids['1240']));
    expect(n).toBe(1);
  });

  it('lets a company with a journal be deleted (cascade passes the triggers)', async () => {
    const c = await createCompany(ctx.db);
    await seedDefaultAccounts(systemTenant(ctx.db, c.id));
    const cid = await accountIds(ctx.db, c.id);
    await rawEntry(ctx.db, c.id, '2026-04-01', 10, [
      { account_id: cid['1110'], debit: 10, credit: 0 },
      { account_id: cid['4110'], debit: 0, credit: 10 },
    ]);
    await ctx.db
      .insert(periodLocks)
      .values({ company_id: c.id, kind: 'month', start_date: '2026-04-01', end_date: '2026-04-30' });
    await ctx.db.execute(sql`delete from companies where id = ${c.id}`);
    const [{ n }] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(journalLines)
      .where(eq(journalLines.company_id, c.id));
    expect(n).toBe(0);
  });
});
