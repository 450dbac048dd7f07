import { journalListQuery } from '@chobo/core';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accounts,
  customers,
  journalEntries,
  journalLines,
  journalVersions,
  periodLocks,
} from '../../db/schema/index.js';
import { systemTenant } from '../../lib/context.js';
import { pageCache } from '../../lib/page-cache.js';
import { versionReads } from '../../lib/sql-json.js';
import { type Client, client, companyOwner, secondServer, useTestApp } from '../../test/harness.js';
import { listEntriesJson } from './journal.queries.js';

/**
 * Journal pages kept in memory under the company's journal version (ADR 0037). Every change below is made
 * with plain SQL behind the server's back, as another server process (or a person at psql) would: the next
 * page must be exactly what the database says now, because the deferred triggers set a new version at commit.
 */
const ctx = useTestApp();

const LIST = '/api/accountings?page=1&per_page=20';
const QUERY = journalListQuery.parse({ page: 1, per_page: 20 });

async function accountsOf(api: Client): Promise<Record<string, number>> {
  const res = await api.get('/api/company/accounts?include_inactive=1');
  return Object.fromEntries(res.json().data.map((a: { code: string; id: number }) => [a.code, a.id]));
}

async function owner() {
  const o = await companyOwner(ctx);
  const ids = await accountsOf(o.api);
  const [cu] = await ctx.db.insert(customers).values({ company_id: o.company.id, name: '株式会社まえ' }).returning();
  const post = async (date: string, amount: number) => {
    const res = await o.api.post('/api/accountings', {
      date,
      description: '売上',
      lines: [
        { account_id: ids['1220'], debit: amount, credit: 0, customer_id: cu.id },
        { account_id: ids['4110'], debit: 0, credit: amount, tax_category: 'sales_10' },
      ],
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number };
  };
  await post('2026-05-01', 1000);
  await post('2026-05-02', 2000);
  return { ...o, ids, customer: cu, post };
}

const cache = () => pageCache(ctx.app.deps.db, 'journal');
const counts = () => ({ hits: cache()?.hits ?? 0, misses: cache()?.misses ?? 0 });

/** The page as the database says it now: read inside a transaction, where nothing is kept or taken. */
async function fresh(companyId: number) {
  return ctx.db.transaction((tx) => listEntriesJson(systemTenant(tx, companyId), QUERY));
}

/** GET the first page: it must equal the database's page now; `from` says whether memory answered it. */
async function expectPage(o: { api: Client; company: { id: number } }, from: 'memory' | 'database') {
  const before = counts();
  const res = await o.api.get(LIST);
  expect(res.statusCode).toBe(200);
  expect(res.body).toBe(await fresh(o.company.id));
  const after = counts();
  expect(after.hits - before.hits).toBe(from === 'memory' ? 1 : 0);
  expect(after.misses - before.misses).toBe(from === 'database' ? 1 : 0);
  return res.json();
}

describe('journal pages kept in memory under the journal version', () => {
  it('the same page twice: the second from memory, byte for byte', async () => {
    const o = await owner();
    await expectPage(o, 'database');
    await expectPage(o, 'memory');
    await expectPage(o, 'memory');
  });

  it('every change a page shows makes the next request read it again, whoever made it', async () => {
    const o = await owner();
    await expectPage(o, 'database');
    const [line] = await ctx.db.select().from(journalLines).where(eq(journalLines.company_id, o.company.id));

    const changes: [string, () => Promise<unknown>][] = [
      ['entry posted through the API', () => o.post('2026-05-03', 3000)],
      [
        'entry description (SQL)',
        () =>
          ctx.db
            .update(journalEntries)
            .set({ description: '売上（訂正）' })
            .where(eq(journalEntries.company_id, o.company.id)),
      ],
      ['line memo (SQL)', () => ctx.db.update(journalLines).set({ memo: 'メモ' }).where(eq(journalLines.id, line.id))],
      [
        'account renamed',
        () => ctx.db.update(accounts).set({ name: '売掛金（改）' }).where(eq(accounts.id, o.ids['1220'])),
      ],
      ['account code', () => ctx.db.update(accounts).set({ code: '1229' }).where(eq(accounts.id, o.ids['1220']))],
      [
        'customer renamed',
        () => ctx.db.update(customers).set({ name: '株式会社あと' }).where(eq(customers.id, o.customer.id)),
      ],
      [
        'period locked',
        () =>
          ctx.db
            .insert(periodLocks)
            .values({ company_id: o.company.id, kind: 'month', start_date: '2026-05-01', end_date: '2026-05-31' }),
      ],
      ['period unlocked', () => ctx.db.delete(periodLocks).where(eq(periodLocks.company_id, o.company.id))],
    ];
    for (const [what, change] of changes) {
      await change();
      const page = await expectPage(o, 'database');
      expect(page.data.length, what).toBeGreaterThan(0);
      await expectPage(o, 'memory');
    }
    const last = (await o.api.get(LIST)).json().data[0];
    expect(last.lines[0]).toMatchObject({
      account_code: '1229',
      account_name: '売掛金（改）',
      customer_name: '株式会社あと',
    });
  });

  it('the requests that check a kept page together share one version read, and it sees what was committed before', async () => {
    const o = await owner();
    const b = await owner();
    await expectPage(o, 'database');
    await expectPage(b, 'database');
    const db = ctx.app.deps.db;
    const before = versionReads(db, 'chobo_journal_version');
    const together = () =>
      Promise.all([o, o, o, o, o, b, b, b].map((x) => listEntriesJson(systemTenant(db, x.company.id), QUERY)));
    const pages = await together();
    // one read per company for the eight requests of one turn of the event loop
    expect(versionReads(db, 'chobo_journal_version') - before).toBe(2);
    expect(pages.slice(0, 5).every((p) => p === pages[0])).toBe(true);
    // a change committed before the requests ask is what their shared read sees
    await o.post('2026-05-04', 4000);
    const after = await together();
    expect(after[0]).toBe(await fresh(o.company.id));
    expect(after[0]).not.toBe(pages[0]);
    expect(after.slice(0, 5).every((p) => p === after[0])).toBe(true);
    expect(after[5]).toBe(pages[5]);
  });

  it("a change that shows on no page (an account's kana, a customer's address) keeps the pages", async () => {
    const o = await owner();
    await expectPage(o, 'database');
    await ctx.db.update(accounts).set({ kana: 'うりかけきん' }).where(eq(accounts.id, o.ids['1220']));
    await ctx.db.update(customers).set({ address1: '東京都千代田区' }).where(eq(customers.id, o.customer.id));
    await expectPage(o, 'memory');
  });

  it("another company's postings leave this company's pages in memory", async () => {
    const a = await owner();
    const b = await owner();
    await expectPage(a, 'database');
    await b.post('2026-06-01', 5000);
    await expectPage(a, 'memory');
  });

  it('a rolled-back change never leaves a version a later change could repeat', async () => {
    const o = await owner();
    await expectPage(o, 'database');
    const versionBefore = await version(o.company.id);
    await ctx.db
      .transaction(async (tx) => {
        await tx.update(journalEntries).set({ description: '取消' }).where(eq(journalEntries.company_id, o.company.id));
        // the page read inside the transaction shows its own change and keeps nothing
        const inside = JSON.parse(await listEntriesJson(systemTenant(tx, o.company.id), QUERY));
        expect(inside.data[0].description).toBe('取消');
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await version(o.company.id)).toBe(versionBefore);
    await expectPage(o, 'memory');
    await ctx.db
      .update(journalEntries)
      .set({ description: '後の変更' })
      .where(eq(journalEntries.company_id, o.company.id));
    const after = await version(o.company.id);
    expect(after).toBeGreaterThan(versionBefore);
    const page = await expectPage(o, 'database');
    expect(page.data[0].description).toBe('後の変更');
  });

  it('one transaction writing many lines sets the version once', async () => {
    const o = await owner();
    const before = await version(o.company.id);
    await ctx.db
      .update(journalLines)
      .set({ memo: sql`coalesce(${journalLines.memo}, '') || '!'` })
      .where(eq(journalLines.company_id, o.company.id));
    const after = await version(o.company.id);
    expect(after).toBeGreaterThan(before);
    const { rows } = (await ctx.db.execute(
      sql`select last_value::text as last from journal_version_seq`,
    )) as unknown as {
      rows: { last: string }[];
    };
    const [{ last }] = rows;
    expect(Number(last)).toBe(after);
  });
});

async function version(companyId: number) {
  const [row] = await ctx.db.select().from(journalVersions).where(eq(journalVersions.company_id, companyId));
  return row?.version ?? 0;
}

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  it('a posting through one process shows on the next page the other serves', async () => {
    const o = await owner();
    const second = await secondServer(ctx);
    try {
      const api2 = client(second.app, o.token);
      const first = (await api2.get(LIST)).json();
      expect((await api2.get(LIST)).json()).toEqual(first);
      expect(pageCache(second.db, 'journal')?.hits).toBe(1);
      await o.post('2026-05-09', 9000);
      const next = (await api2.get(LIST)).json();
      expect(next.meta.total).toBe(first.meta.total + 1);
      expect(next.data[0].date).toBe('2026-05-09');
    } finally {
      await second.close();
    }
  });
});
