import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../lib/csv.js';
import { newCustomer } from '../../test/factories.js';
import { companyOwner, createTestApp, type TestContext } from '../../test/harness.js';
import { multipartFiles, tinyPdf } from '../../test/multipart.js';

const URL = '/api/transaction-documents';
let ctx: TestContext;
let o: Awaited<ReturnType<typeof companyOwner>>;

interface Doc {
  id: number;
  customer_id: number;
  document_type: number;
  transaction_date: string;
  amount: number;
  status: number;
  payment_method: number;
  memo: string;
  registration_number: string | null;
}
const docs: Doc[] = [];
const suppliers: number[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  o = await companyOwner(ctx);
  for (const [name, kana] of [
    ['株式会社アルファ物産', 'アルファブッサン'],
    ['ベータ工業株式会社', 'ベータコウギョウ'],
    ['有限会社ガンマ', 'ガンマ'],
  ]) {
    const res = await o.api.post('/api/company/customer', { name, name_kana: kana, honorific: '御中', used_for: 3 });
    suppliers.push(res.json().data.id);
  }
  const dates = ['2026-04-01', '2026-04-15', '2026-04-30', '2026-05-01', '2026-05-20', '2026-06-30'];
  const amounts = [1_000, 5_500, 10_000, 11_000, 55_000, 110_000];
  const types = [4, 5, 3, 1, 4, 6];
  let k = 0;
  for (let i = 0; i < dates.length; i++) {
    for (let j = 0; j < suppliers.length; j++) {
      k++;
      const amount = amounts[(i + j) % amounts.length];
      const body = {
        customer_id: suppliers[j],
        document_type: types[(i + 2 * j) % types.length],
        transaction_date: dates[i],
        amount,
        taxes: [],
        registration_number: k % 4 === 0 ? null : 'T7000012050002',
        payment_method: [1, 2, 3, 4, 9][k % 5],
        status: k % 3 === 0 ? 1 : 0,
        memo: k % 5 === 0 ? `特記事項${k}` : `メモ${k}`,
        // a search data set: documents alike on purpose
        confirm_duplicate: true,
      };
      const res = await o.api.post(URL, body);
      expect(res.statusCode, res.body).toBe(201);
      docs.push({ ...body, id: res.json().data.id, registration_number: body.registration_number });
    }
  }
  // a file name to find by keyword
  const { body, headers } = multipartFiles([{ name: '見積書_特急便.pdf', bytes: tinyPdf() }]);
  await ctx.app.inject({
    method: 'POST',
    url: `${URL}/${docs[3].id}/files`,
    payload: body,
    headers: { ...headers, authorization: `Bearer ${o.token}` },
  });
  // another company's documents never appear
  const other = await companyOwner(ctx);
  const s = (await newCustomer(other.api, { name: '株式会社アルファ物産', honorific: '御中', used_for: 2 })).id;
  await other.api.post(URL, { customer_id: s, document_type: 4, transaction_date: '2026-05-01', amount: 11_000 });
});
afterAll(async () => {
  await ctx?.close();
});

async function ids(query: string): Promise<number[]> {
  const res = await o.api.get(`${URL}?per_page=100&sort_by=id&sort_dir=asc&${query}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json().data.map((d: { id: number }) => d.id);
}

type Filter = [string, (d: Doc) => boolean];

describe('発注取引 search (電帳法: ranges inclusive, every filter combinable)', () => {
  const filters = (): Filter[] => [
    ['start_date=2026-04-15', (d) => d.transaction_date >= '2026-04-15'],
    ['end_date=2026-05-01', (d) => d.transaction_date <= '2026-05-01'],
    ['amount_min=5500', (d) => d.amount >= 5_500],
    ['amount_max=11000', (d) => d.amount <= 11_000],
    [`customer_id=${suppliers[1]}`, (d) => d.customer_id === suppliers[1]],
    ['document_type=4', (d) => d.document_type === 4],
    ['status=1', (d) => d.status === 1],
    ['payment_method=3', (d) => d.payment_method === 3],
  ];

  it('each filter alone', async () => {
    for (const [q, pred] of filters()) {
      const expected = docs.filter(pred).map((d) => d.id);
      expect(expected.length, q).toBeGreaterThan(0);
      expect(await ids(q), q).toEqual(expected);
    }
  });

  it('every pair of filters, and all of the range filters with the supplier together', async () => {
    const f = filters();
    for (let i = 0; i < f.length; i++) {
      for (let j = i + 1; j < f.length; j++) {
        const q = `${f[i][0]}&${f[j][0]}`;
        expect(await ids(q), q).toEqual(docs.filter((d) => f[i][1](d) && f[j][1](d)).map((d) => d.id));
      }
    }
    const q = `start_date=2026-04-15&end_date=2026-05-20&amount_min=5500&amount_max=55000&customer_id=${suppliers[0]}`;
    const expected = docs
      .filter(
        (d) =>
          d.transaction_date >= '2026-04-15' &&
          d.transaction_date <= '2026-05-20' &&
          d.amount >= 5_500 &&
          d.amount <= 55_000 &&
          d.customer_id === suppliers[0],
      )
      .map((d) => d.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(await ids(q)).toEqual(expected);
  });

  it('ranges include their ends: one day, one amount', async () => {
    expect(await ids('start_date=2026-04-30&end_date=2026-04-30')).toEqual(
      docs.filter((d) => d.transaction_date === '2026-04-30').map((d) => d.id),
    );
    expect(await ids('amount_min=11000&amount_max=11000')).toEqual(
      docs.filter((d) => d.amount === 11_000).map((d) => d.id),
    );
  });

  it('keyword: supplier name and kana, memo, registration number, file name; combined with ranges', async () => {
    expect(await ids(`keyword=${encodeURIComponent('ベータ工業')}`)).toEqual(
      docs.filter((d) => d.customer_id === suppliers[1]).map((d) => d.id),
    );
    expect(await ids(`keyword=${encodeURIComponent('ガンマ')}`)).toEqual(
      docs.filter((d) => d.customer_id === suppliers[2]).map((d) => d.id),
    );
    expect(await ids(`keyword=${encodeURIComponent('特記事項')}`)).toEqual(
      docs.filter((d) => d.memo.startsWith('特記事項')).map((d) => d.id),
    );
    expect(await ids('keyword=T7000012050002')).toEqual(docs.filter((d) => d.registration_number).map((d) => d.id));
    expect(await ids(`keyword=${encodeURIComponent('特急便')}`)).toEqual([docs[3].id]);
    expect(await ids(`keyword=${encodeURIComponent('アルファ')}&amount_min=10000&end_date=2026-05-01`)).toEqual(
      docs
        .filter((d) => d.customer_id === suppliers[0] && d.amount >= 10_000 && d.transaction_date <= '2026-05-01')
        .map((d) => d.id),
    );
  });

  it('sorts by amount, date and supplier name; pages are exact slices', async () => {
    const res = (await o.api.get(`${URL}?per_page=100&sort_by=amount&sort_dir=desc`)).json().data;
    const amounts = res.map((d: { amount: number }) => d.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const all = await ids('');
    const pages: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const r = (await o.api.get(`${URL}?per_page=5&page=${page}&sort_by=id&sort_dir=asc`)).json();
      pages.push(...r.data.map((d: { id: number }) => d.id));
      expect(r.meta.total).toBe(docs.length);
    }
    expect(pages).toEqual(all.slice(0, 20));
    const byName = (await o.api.get(`${URL}?per_page=100&sort_by=customer_name&sort_dir=asc`)).json().data;
    const names = byName.map((d: { customer_name: string }) => d.customer_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('refuses inverted ranges with Japanese 422', async () => {
    const r1 = await o.api.get(`${URL}?start_date=2026-05-01&end_date=2026-04-01`);
    expect(r1.statusCode).toBe(422);
    expect(r1.json().errors.end_date[0]).toContain('終了日');
    const r2 = await o.api.get(`${URL}?amount_min=100&amount_max=10`);
    expect(r2.statusCode).toBe(422);
    expect(r2.json().errors.amount_max[0]).toContain('上限');
  });

  it('the CSV 索引簿 of the same search (UTF-8 with BOM, and Shift_JIS)', async () => {
    const q = `start_date=2026-04-15&end_date=2026-05-01&customer_id=${suppliers[0]}`;
    const res = await o.api.get(`${URL}?format=csv&${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    const rows = parseCsv(res.body.replace(/^\uFEFF/, '')).filter((r) => r.length > 1);
    expect(rows[0]).toEqual([
      '取引年月日',
      '取引先',
      '書類の種類',
      '取引金額',
      '登録番号',
      '状態',
      'ファイル名',
      'SHA-256',
      '登録日時',
    ]);
    const expected = docs.filter(
      (d) => d.transaction_date >= '2026-04-15' && d.transaction_date <= '2026-05-01' && d.customer_id === suppliers[0],
    );
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3]])).toEqual(
      expected.map((d) => [d.transaction_date, '株式会社アルファ物産', String(d.amount)]),
    );
    const withFile = rows.find((r) => r[6] === '見積書_特急便.pdf');
    expect(withFile?.[7]).toMatch(/^[0-9a-f]{64}$/);
    const sjis = await o.api.get(`${URL}?format=csv&encoding=sjis&${q}`);
    expect(sjis.statusCode).toBe(200);
    expect(sjis.headers['content-type']).toContain('Shift_JIS');
  });
});
