import { MAX_COMPANY_JOURNAL_TOTAL, MAX_ENTRY_LINES, MAX_LINE_AMOUNT } from '@chobo/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exactYen } from '../modules/accounting/balances.js';
import { sqlRows } from '../modules/accounting/sql-rows.js';
import { type Client, companyOwner, createTestApp, type TestContext } from '../test/harness.js';

/**
 * Money range (docs/adr/0005-money-range.md): at most MAX_LINE_AMOUNT per line and MAX_COMPANY_JOURNAL_TOTAL
 * per company, enforced by the database, so every sum is exact in JS numbers.
 */

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof companyOwner>>;
let ids: Record<string, number>;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await companyOwner(ctx);
  ids = await accountsOf(owner.api);
});
afterAll(() => ctx.close());

async function accountsOf(api: Client): Promise<Record<string, number>> {
  const res = await api.get('/api/company/accounts?include_inactive=1');
  return Object.fromEntries(res.json().data.map((a: { code: string; id: number }) => [a.code, a.id]));
}

const HALF = MAX_ENTRY_LINES / 2;
/** The largest entry there is: 100 debit lines and 100 credit lines of 999,999,999,999 yen. */
const biggestEntry = (date: string) => ({
  date,
  description: '上限の仕訳',
  lines: [
    ...Array.from({ length: HALF }, () => ({ account_id: ids['1120'], debit: MAX_LINE_AMOUNT, credit: 0 })),
    ...Array.from({ length: HALF }, () => ({ account_id: ids['4110'], debit: 0, credit: MAX_LINE_AMOUNT })),
  ],
});
const smallEntry = (date: string, amount: number) => ({
  date,
  description: '端数',
  lines: [
    { account_id: ids['1120'], debit: amount, credit: 0 },
    { account_id: ids['4110'], debit: 0, credit: amount },
  ],
});

describe('money range', () => {
  it('the bound keeps every sum exact in JS numbers', () => {
    // a balance sheet adds and subtracts at most a few such sums
    expect(4 * MAX_COMPANY_JOURNAL_TOTAL).toBeLessThan(Number.MAX_SAFE_INTEGER);
    expect(MAX_LINE_AMOUNT * MAX_ENTRY_LINES).toBeLessThan(MAX_COMPANY_JOURNAL_TOTAL);
  });

  it('posts the largest entries up to the company bound; the sums are exact; one yen more is 422', async () => {
    let expected = 0n;
    const perEntry = BigInt(MAX_LINE_AMOUNT) * BigInt(HALF);
    const entries = Number(BigInt(MAX_COMPANY_JOURNAL_TOTAL) / perEntry);
    for (let i = 0; i < entries; i++) {
      const res = await owner.api.post('/api/accountings', biggestEntry(`2026-04-${String(i + 1).padStart(2, '0')}`));
      expect(res.statusCode, res.body).toBe(201);
      expected += perEntry;
    }
    // fill up to exactly the bound
    const rest = BigInt(MAX_COMPANY_JOURNAL_TOTAL) - expected;
    expect(rest).toBeGreaterThan(0n);
    expect(rest).toBeLessThanOrEqual(BigInt(MAX_LINE_AMOUNT));
    expect((await owner.api.post('/api/accountings', smallEntry('2026-05-01', Number(rest)))).statusCode).toBe(201);
    expected += rest;
    expect(expected).toBe(BigInt(MAX_COMPANY_JOURNAL_TOTAL));

    // one more yen, or another biggest entry: refused in Japanese, nothing stored
    for (const body of [smallEntry('2026-05-02', 1), biggestEntry('2026-05-03')]) {
      const over = await owner.api.post('/api/accountings', body);
      expect(over.statusCode).toBe(422);
      expect(over.json().message).toBe('仕訳金額の累計が上限（1,000兆円）を超えるため登録できません');
    }

    // the database's exact sums (as text) …
    const [db] = await sqlRows<{ debit: string; credit: string }>(
      ctx.db,
      sql`select sum(debit)::text as debit, sum(credit)::text as credit from journal_lines where company_id = ${owner.company.id}`,
    );
    expect(BigInt(db.debit)).toBe(expected);
    expect(BigInt(db.credit)).toBe(expected);

    // … are what the trial balance answers, to the yen
    const res = await owner.api.get('/api/company/trial-balance?from=2026-04-01&to=2027-03-31&format=json');
    expect(res.statusCode).toBe(200);
    const { rows, totals } = res.json().data as {
      rows: { code: string; debit: number; credit: number; closing: number }[];
      totals: { debit: number; credit: number };
    };
    expect(BigInt(totals.debit)).toBe(expected);
    expect(BigInt(totals.credit)).toBe(expected);
    const cash = rows.find((r) => r.code === '1120');
    const sales = rows.find((r) => r.code === '4110');
    expect(BigInt(cash?.debit ?? 0)).toBe(expected);
    expect(BigInt(cash?.closing ?? 0)).toBe(expected);
    expect(BigInt(sales?.credit ?? 0)).toBe(expected);
  });

  it('deleting an entry frees its amount again', async () => {
    const list = (await owner.api.get('/api/accountings?from=2026-05-01&to=2026-05-31')).json().data;
    expect(list).toHaveLength(1);
    expect((await owner.api.delete(`/api/accountings/${list[0].id}`)).statusCode).toBe(204);
    expect((await owner.api.post('/api/accountings', smallEntry('2026-05-04', 1))).statusCode).toBe(201);
  });

  it('exactYen refuses a sum past Number.MAX_SAFE_INTEGER instead of rounding it', () => {
    expect(exactYen('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => exactYen('9007199254740993')).toThrow();
    expect(exactYen('-1200')).toBe(-1200);
  });
});
