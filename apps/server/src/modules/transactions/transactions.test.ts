import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, salesTransactions } from '../../db/schema/index.js';
import { type Client, client, companyOwner, createUser, signIn, useTestApp } from '../../test/harness.js';

const URL = '/api/transactions';
const ctx = useTestApp();

async function customerOf(api: Client, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await api.post('/api/company/customer', {
    name: '株式会社テスト商事',
    honorific: '御中',
    used_for: 1,
    ...overrides,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

const body = (customerId: number, lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  transaction_date: '2026-05-10',
  due_date: '2026-06-30',
  subject: '5月分 納品',
  payment_method: 1,
  status: 0,
  memo: '',
  lines,
  ...extra,
});
const line = (unit_price: number, quantity = 1, tax_category = '10', description = 'コピー用紙') => ({
  description,
  quantity,
  unit: '箱',
  unit_price,
  tax_category,
});

async function trialBalanceRows(api: Client) {
  const res = await api.get('/api/company/trial-balance?from=2026-04-01&to=2027-03-31&format=json');
  expect(res.statusCode).toBe(200);
  const rows: { code: string; debit: number; credit: number; closing: number }[] = res.json().data.rows;
  return Object.fromEntries(rows.map((r) => [r.code, r]));
}

describe('受注取引', () => {
  let o: Awaited<ReturnType<typeof companyOwner>>;
  let customerId: number;
  beforeAll(async () => {
    o = await companyOwner(ctx);
    customerId = await customerOf(o.api);
  });

  it('computes the tax once per document per rate: three 105-yen lines at 10% → 31 (切り捨て)', async () => {
    const res = await o.api.post(URL, body(customerId, [line(105), line(105), line(105)]));
    expect(res.statusCode).toBe(201);
    const t = res.json().data;
    expect(t.number).toBeGreaterThan(0);
    expect(t.customer_name).toBe('株式会社テスト商事');
    expect(t.totals).toEqual({
      by_rate: [{ tax_category: '10', base: 315, tax: 31 }],
      subtotal: 315,
      tax: 31,
      total: 346,
    });
    expect(t.lines.map((l: { amount: number }) => l.amount)).toEqual([105, 105, 105]);
  });

  it('税込 prices: 1,100 yen at 10% → tax 100; mixed 10% and 8% → two taxes each rounded once', async () => {
    const inc = (await o.api.post(URL, body(customerId, [line(1100)], { tax_mode: 'inclusive' }))).json().data;
    expect(inc.totals).toEqual({
      by_rate: [{ tax_category: '10', base: 1000, tax: 100 }],
      subtotal: 1000,
      tax: 100,
      total: 1100,
    });
    const mixed = (await o.api.post(URL, body(customerId, [line(105, 3), line(333, 3, '8', '弁当')]))).json().data;
    expect(mixed.totals.by_rate).toEqual([
      { tax_category: '10', base: 315, tax: 31 },
      { tax_category: '8', base: 999, tax: 79 },
    ]);
    expect(mixed.totals.total).toBe(315 + 31 + 999 + 79);
  });

  it('posts the sale (売掛金 / 売上高 / 仮受消費税等), linked both ways, and the trial balance balances', async () => {
    const t = (await o.api.post(URL, body(customerId, [line(10000, 2), line(5000, 1, '8', '菓子')]))).json().data;
    expect(t.journal_entry_id).toBeTruthy();
    const entry = (await o.api.get(`/api/accountings/${t.journal_entry_id}`)).json().data;
    expect(entry).toMatchObject({
      source_type: 'transaction',
      source_id: t.id,
      date: '2026-05-10',
      total: t.totals.total,
    });
    const byAccount = (code: string) => entry.lines.filter((l: { account_code: string }) => l.account_code === code);
    expect(byAccount('1220').map((l: { debit: number }) => l.debit)).toEqual([t.totals.total]);
    expect(
      byAccount('4110')
        .map((l: { credit: number }) => l.credit)
        .sort(),
    ).toEqual([20000, 5000].sort());
    expect(
      byAccount('2210')
        .map((l: { credit: number }) => l.credit)
        .sort(),
    ).toEqual([2000, 400].sort());
    const tb = await trialBalanceRows(o.api);
    const all = Object.values(tb);
    expect(all.reduce((s, r) => s + r.debit, 0)).toBe(all.reduce((s, r) => s + r.credit, 0));
  });

  it('the trial balance’s 売上高 and 仮受消費税等 equal the sums of the transactions', async () => {
    const fresh = await companyOwner(ctx);
    const c = await customerOf(fresh.api);
    const made = [];
    for (const [i, ls] of [
      [line(105), line(105), line(105)],
      [line(1980, 3, '8', '食品'), line(500, 2)],
      [line(123456, 1.5), line(-1000, 1, '10', '値引')],
      [line(50000, 1, 'exempt', '土地賃料')],
    ].entries()) {
      const res = await fresh.api.post(URL, body(c, ls, { transaction_date: `2026-0${5 + i}-15`, due_date: null }));
      expect(res.statusCode).toBe(201);
      made.push(res.json().data);
    }
    const tb = await trialBalanceRows(fresh.api);
    const sales = made.reduce((s, t) => s + t.totals.subtotal, 0);
    const tax = made.reduce((s, t) => s + t.totals.tax, 0);
    expect(tb['4110'].credit - tb['4110'].debit).toBe(sales);
    expect(tb['2210'].credit - tb['2210'].debit).toBe(tax);
    expect(tb['1220'].debit - tb['1220'].credit).toBe(sales + tax);
  });

  it('editing replaces the posting; 回収不能 posts the write-off; an invoiced sale cannot be deleted', async () => {
    const t = (await o.api.post(URL, body(customerId, [line(20000)]))).json().data;
    const edited = await o.api.put(`${URL}/${t.id}`, { ...body(customerId, [line(30000)]), updated_at: t.updated_at });
    expect(edited.statusCode).toBe(200);
    const e = edited.json().data;
    expect(e.totals.total).toBe(33000);
    expect(e.journal_entry_id).not.toBe(t.journal_entry_id);
    expect((await o.api.get(`/api/accountings/${t.journal_entry_id}`)).statusCode).toBe(404);
    expect((await o.api.get(`/api/accountings/${e.journal_entry_id}`)).json().data.total).toBe(33000);

    const stale = await o.api.put(`${URL}/${t.id}`, { ...body(customerId, [line(1)]), updated_at: t.updated_at });
    expect(stale.statusCode).toBe(409);

    const bad = await o.api.put(`${URL}/${t.id}`, {
      ...body(customerId, [line(30000)], { status: 3 }),
      updated_at: e.updated_at,
    });
    expect(bad.statusCode).toBe(200);
    const w = bad.json().data;
    expect(w.write_off_entry_id).toBeTruthy();
    const wo = (await o.api.get(`/api/accountings/${w.write_off_entry_id}`)).json().data;
    expect(
      wo.lines.map((l: { account_code: string; debit: number; credit: number }) => [l.account_code, l.debit, l.credit]),
    ).toEqual([
      // 貸倒損失 net + the sale's 仮受消費税等 reversed (課税売上の貸倒れ, 税抜経理)
      ['6295', 30000, 0],
      ['2210', 3000, 0],
      ['1220', 0, 33000],
    ]);
    // the sale itself was not posted again
    expect(w.journal_entry_id).toBe(e.journal_entry_id);

    const invoiced = await o.api.put(`${URL}/${t.id}`, {
      ...body(customerId, [line(30000)], { status: 1 }),
      updated_at: w.updated_at,
    });
    expect(invoiced.statusCode).toBe(200);
    expect((await o.api.get(`/api/accountings/${w.write_off_entry_id}`)).statusCode).toBe(404);
    const del = await o.api.delete(`${URL}/${t.id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toContain('請求済の受注取引は削除できません');
  });

  it('deleting an uninvoiced sale removes its posting; in a locked month it is reversed instead', async () => {
    const t = (await o.api.post(URL, body(customerId, [line(7000)]))).json().data;
    expect((await o.api.delete(`${URL}/${t.id}`)).statusCode).toBe(204);
    expect((await o.api.get(`/api/accountings/${t.journal_entry_id}`)).statusCode).toBe(404);

    const locked = await companyOwner(ctx);
    const c = await customerOf(locked.api);
    const s = (
      await locked.api.post(URL, body(c, [line(8000)], { transaction_date: '2026-04-20', due_date: null }))
    ).json().data;
    expect((await locked.api.post('/api/company/period-locks', { kind: 'month', date: '2026-04-01' })).statusCode).toBe(
      201,
    );
    // a new sale in the locked month is refused, nothing stored
    const refused = await locked.api.post(URL, body(c, [line(1)], { transaction_date: '2026-04-21', due_date: null }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.transaction_date[0]).toContain('締められた');
    expect((await locked.api.get(URL)).json().meta.total).toBe(1);
    // deleting the locked sale reverses its entry today
    expect((await locked.api.delete(`${URL}/${s.id}`)).statusCode).toBe(204);
    const kept = (await locked.api.get(`/api/accountings/${s.journal_entry_id}`)).json().data;
    expect(kept.reversed_by_id).toBeTruthy();
    const tb = await trialBalanceRows(locked.api);
    expect(tb['4110']?.credit - tb['4110']?.debit).toBe(0);
  });

  it('refuses bad input in Japanese and stores nothing', async () => {
    const before = (await o.api.get(URL)).json().meta.total;
    const cases: [Record<string, unknown>, string][] = [
      [body(customerId, []), 'lines'],
      [body(customerId, [line(100, 1.2345)]), 'lines.0.quantity'],
      [body(customerId, [line(100.5)]), 'lines.0.unit_price'],
      [body(customerId, [{ ...line(100), tax_category: '5' }]), 'lines.0.tax_category'],
      [body(customerId, [line(100)], { transaction_date: '2026-02-31' }), 'transaction_date'],
      [body(customerId, [line(100)], { due_date: '2026-05-01' }), 'due_date'],
      [body(customerId, [line(100)], { payment_method: 5 }), 'payment_method'],
      [body(customerId, [line(100)], { subject: '' }), 'subject'],
      [body(customerId, [line(-100)]), 'lines'],
      [body(999999, [line(100)]), 'customer_id'],
    ];
    for (const [b, field] of cases) {
      const res = await o.api.post(URL, b);
      expect(res.statusCode, JSON.stringify(b)).toBe(422);
      expect(res.json().errors[field], `${field}: ${res.body}`).toBeDefined();
      expect(res.json().message).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
    const supplier = await customerOf(o.api, { name: '仕入先株式会社', used_for: 2 });
    expect((await o.api.post(URL, body(supplier, [line(100)]))).statusCode).toBe(422);
    expect((await o.api.get(URL)).json().meta.total).toBe(before);
  });

  it('another company’s transaction answers 404, its customer 422; employees need transactions.index', async () => {
    const t = (await o.api.post(URL, body(customerId, [line(100)]))).json().data;
    const other = await companyOwner(ctx);
    expect((await other.api.get(`${URL}/${t.id}`)).statusCode).toBe(404);
    expect(
      (await other.api.put(`${URL}/${t.id}`, { ...body(customerId, [line(1)]), updated_at: t.updated_at })).statusCode,
    ).toBe(404);
    expect((await other.api.delete(`${URL}/${t.id}`)).statusCode).toBe(404);
    expect((await other.api.post(URL, body(customerId, [line(100)]))).statusCode).toBe(422);
    const emp = await createUser(ctx.db, { role: 'employee', companyId: o.company.id });
    const empApi = client(ctx.app, await signIn(ctx.app, emp.email));
    expect((await empApi.get(URL)).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(salesTransactions).where(eq(salesTransactions.id, t.id));
    expect(row.company_id).toBe(o.company.id);
  });

  it('lists with filters, keyword over number / subject / customer / line text, sorting and CSV', async () => {
    const c2 = await customerOf(o.api, { name: '有限会社さくら食品', name_kana: 'サクラショクヒン' });
    const t = (
      await o.api.post(URL, body(c2, [line(500, 1, '8', '特製プリン')], { subject: '催事', payment_method: 2 }))
    ).json().data;
    const ids = async (qs: string) => (await o.api.get(`${URL}?${qs}`)).json().data.map((x: { id: number }) => x.id);
    expect(await ids('keyword=プリン')).toEqual([t.id]);
    expect(await ids('keyword=サクラ')).toEqual([t.id]);
    expect(await ids(`keyword=${t.number}`)).toContain(t.id);
    expect(await ids(`customer_id=${c2}`)).toEqual([t.id]);
    expect(await ids('payment_method=2')).toEqual([t.id]);
    expect((await ids('status=3')).length).toBeGreaterThanOrEqual(0);
    expect((await o.api.get(`${URL}?sort_by=password`)).statusCode).toBe(422);
    const sorted = (await o.api.get(`${URL}?sort_by=total&sort_dir=asc&per_page=100`))
      .json()
      .data.map((x: { totals: { total: number } }) => x.totals.total);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    const csv = await o.api.get(`${URL}?format=csv&keyword=プリン`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.charCodeAt(0)).toBe(0xfeff);
    expect(csv.body).toContain('特製プリン');
    expect(csv.body.split('\r\n')[0]).toContain('取引番号');
  });

  it('every page is the right slice, also the pages read from the end', async () => {
    const p = await companyOwner(ctx);
    const c = await customerOf(p.api);
    for (let i = 1; i <= 7; i++) {
      await p.api.post(URL, body(c, [line(100 * i)], { transaction_date: `2026-05-0${i}`, due_date: null }));
    }
    for (const dir of ['asc', 'desc']) {
      const all = (await p.api.get(`${URL}?sort_by=transaction_date&sort_dir=${dir}&per_page=100`))
        .json()
        .data.map((t: { id: number }) => t.id);
      const paged: number[] = [];
      for (let page = 1; page <= 4; page++) {
        const res = (await p.api.get(`${URL}?sort_by=transaction_date&sort_dir=${dir}&per_page=2&page=${page}`)).json();
        expect(res.meta.total).toBe(7);
        paged.push(...res.data.map((t: { id: number }) => t.id));
      }
      expect(paged).toEqual(all);
      expect((await p.api.get(`${URL}?per_page=2&page=9`)).json().data).toEqual([]);
    }
  });

  it('a journal entry made from a sale is changed through the sale, not in the journal', async () => {
    const t = (await o.api.post(URL, body(customerId, [line(4000)]))).json().data;
    const [entry] = await ctx.db.select().from(journalEntries).where(eq(journalEntries.id, t.journal_entry_id));
    const del = await o.api.delete(`/api/accountings/${entry.id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toContain('受注取引');
  });
});
