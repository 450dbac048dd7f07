import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, newSale } from '../../test/factories.js';
import { companyOwner, createTestApp, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof companyOwner>>;
let ids: Record<string, number>;
let a: number;
let b: number;
type Line = [code: string, debit: number, credit: number, customer?: number];
const post = (date: string, description: string, lines: Line[]) =>
  owner.api.post('/api/accountings', {
    date,
    description,
    lines: lines.map(([code, debit, credit, customer_id]) => ({
      account_id: ids[code],
      debit,
      credit,
      customer_id: customer_id ?? null,
    })),
  });

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await companyOwner(ctx, { fiscal_year_end_month: 3 });
  const res = await owner.api.get('/api/company/accounts');
  ids = Object.fromEntries(res.json().data.map((x: { code: string; id: number }) => [x.code, x.id]));
  a = (await newCustomer(owner.api, { name: '株式会社エー' })).id;
  b = (await newCustomer(owner.api, { name: '株式会社ビー' })).id;
  const entries: [string, string, Line[]][] = [
    // before the period (April): A owes 550,000 − 200,000, B owes 330,000
    [
      '2026-04-03',
      'A 売上',
      [
        ['1220', 550_000, 0, a],
        ['4110', 0, 500_000, a],
        ['2210', 0, 50_000, a],
      ],
    ],
    [
      '2026-04-08',
      'B 売上',
      [
        ['1220', 330_000, 0, b],
        ['4110', 0, 300_000, b],
        ['2210', 0, 30_000, b],
      ],
    ],
    [
      '2026-04-20',
      'A 入金',
      [
        ['1120', 200_000, 0],
        ['1220', 0, 200_000, a],
      ],
    ],
    // in the period (May)
    [
      '2026-05-12',
      'B 入金',
      [
        ['1120', 330_000, 0],
        ['1220', 0, 330_000, b],
      ],
    ],
    [
      '2026-05-15',
      'A 入金と手数料',
      [
        ['1120', 349_340, 0],
        ['6240', 660, 0],
        ['1220', 0, 350_000, a],
      ],
    ],
  ];
  for (const [d, desc, lines] of entries) expect((await post(d, desc, lines)).statusCode).toBe(201);
  await newSale(owner.api, { customer_id: b, transaction_date: '2026-05-20', subject: '保守', unit_price: 100_000 });
});
afterAll(() => ctx.close());

const MAY = 'from=2026-05-01&to=2026-05-31';
const ledger = async (q: string) => {
  const res = await owner.api.get(`/api/company/ledger?account_id=${ids['1220']}&${MAY}${q}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('取引先別 売掛金 ledger', () => {
  it('each customer has its own opening and running balance; together they are the account’s ledger', async () => {
    const all = await ledger('');
    const la = await ledger(`&customer_id=${a}`);
    const lb = await ledger(`&customer_id=${b}`);
    expect(la.customer).toEqual({ id: a, name: '株式会社エー' });
    expect(all.customer).toBeNull();
    expect([la.opening, la.closing]).toEqual([350_000, 0]);
    expect([lb.opening, lb.closing]).toEqual([330_000, 110_000]);
    expect(la.opening + lb.opening).toBe(all.opening);
    expect(la.closing + lb.closing).toBe(all.closing);
    expect(la.lines.length + lb.lines.length).toBe(all.lines.length);
    expect(lb.lines.map((l: { balance: number }) => l.balance)).toEqual([0, 110_000]);
    // 普通預金 + 支払手数料 on the other side: 諸口; the sale's 売上高 + 仮受消費税等: 売上高
    expect(la.lines[0]).toMatchObject({ contra_account_name: '諸口', balance: 0 });
    expect(lb.lines[1]).toMatchObject({ contra_account_name: '売上高' });
  });

  it('pages a customer’s ledger with the right carried-forward balance', async () => {
    const p2 = (
      await owner.api.get(`/api/company/ledger?account_id=${ids['1220']}&${MAY}&customer_id=${b}&per_page=1&page=2`)
    ).json();
    expect(p2.meta).toMatchObject({ total: 2, last_page: 2 });
    expect(p2.data.carried_forward).toBe(0);
    expect(p2.data.lines[0].balance).toBe(110_000);
  });

  it('files follow the filter; another company’s customer is 404, a bad id 422', async () => {
    const csv = await owner.api.get(`/api/company/ledger?account_id=${ids['1220']}&${MAY}&customer_id=${a}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('株式会社エー');
    expect(csv.body).not.toContain('B 入金');
    const other = await companyOwner(ctx, { fiscal_year_end_month: 3 });
    const foreign = (await newCustomer(other.api, { name: '他社の取引先' })).id;
    const res = await owner.api.get(`/api/company/ledger?account_id=${ids['1220']}&customer_id=${foreign}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('取引先が見つかりません');
    expect((await owner.api.get(`/api/company/ledger?account_id=${ids['1220']}&customer_id=x`)).statusCode).toBe(422);
  });
});
