import { COMPANY_PERMISSIONS } from '@chobo/core';
import { and, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { auditLogs, products } from '../../db/schema/index.js';
import { countRows } from '../../test/factories.js';
import { client, companyOwner, createDomain, createUser, signIn, useTestApp } from '../../test/harness.js';
import { uploadFile } from '../../test/multipart.js';

const ctx = useTestApp();

const URL = '/api/products';
const valid = {
  code: 'P-001',
  name: 'コピー用紙 A4',
  unit: '箱',
  unit_price: 3200,
  tax_category: '10',
  description: '500枚×5冊',
  is_active: true,
};

const count = (companyId: number) => countRows(ctx.db, products, eq(products.company_id, companyId));

async function listAll(api: ReturnType<typeof client>) {
  const res = await api.get(`${URL}?per_page=100&sort_by=code`);
  return res.json().data.map((p: Record<string, unknown>) => {
    const { id: _i, company_id: _c, created_at: _a, updated_at: _u, ...rest } = p;
    return rest;
  });
}

describe('products CRUD', () => {
  it('creates (201, audited), shows, updates and deletes (204)', async () => {
    const owner = await companyOwner(ctx);
    const created = await owner.api.post(URL, valid);
    expect(created.statusCode).toBe(201);
    const p = created.json().data;
    expect(p).toMatchObject({ ...valid, company_id: owner.company.id });
    const [row] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'product.create'), eq(auditLogs.target_id, String(p.id))));
    expect(row.company_id).toBe(owner.company.id);

    expect((await owner.api.get(`${URL}/${p.id}`)).json().data.name).toBe('コピー用紙 A4');
    const updated = await owner.api.put(`${URL}/${p.id}`, {
      ...valid,
      unit_price: 3500,
      tax_category: '8',
      updated_at: p.updated_at,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ unit_price: 3500, tax_category: '8' });
    expect((await owner.api.delete(`${URL}/${p.id}`)).statusCode).toBe(204);
    expect(await count(owner.company.id)).toBe(0);
  });

  it('refuses invalid input with Japanese field errors and writes nothing', async () => {
    const owner = await companyOwner(ctx);
    const res = await owner.api.post(URL, { ...valid, code: '', unit_price: 1.5, tax_category: '5' });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.code[0]).toBe('商品コードを入力してください');
    expect(errors.unit_price[0]).toContain('整数');
    expect(errors.tax_category[0]).toBe('税区分を選択してください');
    expect(await count(owner.company.id)).toBe(0);
  });

  it('keeps codes unique within a company, not across companies', async () => {
    const a = await companyOwner(ctx);
    const b = await companyOwner(ctx);
    expect((await a.api.post(URL, valid)).statusCode).toBe(201);
    const dup = await a.api.post(URL, { ...valid, name: '別商品' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.code[0]).toBe('この商品コードはすでに使われています');
    expect((await b.api.post(URL, valid)).statusCode).toBe(201);
  });

  it("answers 404 for another company's product on show, update and delete", async () => {
    const a = await companyOwner(ctx);
    const b = await companyOwner(ctx);
    const { id, updated_at } = (await a.api.post(URL, valid)).json().data;
    expect((await b.api.get(`${URL}/${id}`)).statusCode).toBe(404);
    expect((await b.api.put(`${URL}/${id}`, { ...valid, updated_at })).statusCode).toBe(404);
    expect((await b.api.delete(`${URL}/${id}`)).statusCode).toBe(404);
    expect((await a.api.get(`${URL}/${id}`)).json().data.unit_price).toBe(3200);
  });

  it('lists with keyword, sort and paging; an unknown sort column is 422', async () => {
    const owner = await companyOwner(ctx);
    for (let i = 1; i <= 25; i++) {
      await owner.api.post(URL, {
        ...valid,
        code: `C${String(i).padStart(3, '0')}`,
        name: i % 2 ? '鉛筆' : 'ノート',
        unit_price: i * 10,
      });
    }
    const page2 = (await owner.api.get(`${URL}?page=2&sort_by=unit_price&sort_dir=desc`)).json();
    expect(page2.meta).toMatchObject({ total: 25, current_page: 2, last_page: 2, per_page: 20 });
    expect(page2.data.map((p: { unit_price: number }) => p.unit_price)).toEqual([50, 40, 30, 20, 10]);
    const pencils = (await owner.api.get(`${URL}?keyword=${encodeURIComponent('鉛筆')}`)).json();
    expect(pencils.meta.total).toBe(13);
    expect((await owner.api.get(`${URL}?sort_by=company_id`)).statusCode).toBe(422);
  });
});

describe('permissions', () => {
  it('an employee cannot reach products', async () => {
    const owner = await companyOwner(ctx);
    const emp = await createUser(ctx.db, { role: 'employee', companyId: owner.company.id });
    const api = client(ctx.app, await signIn(ctx.app, emp.email));
    expect((await api.get(URL)).statusCode).toBe(403);
    expect((await api.post(URL, valid)).statusCode).toBe(403);
    expect((await api.get('/api/product-download')).statusCode).toBe(403);
  });

  it('a company whose domain lacks products.* is refused; products.* alone grants every call', async () => {
    const without = await createDomain(ctx.db, { permissions: COMPANY_PERMISSIONS.filter((p) => p !== 'products.*') });
    const a = await companyOwner(ctx, { domain_id: without.id });
    expect((await a.api.get(URL)).statusCode).toBe(403);
    expect((await a.api.post(URL, valid)).statusCode).toBe(403);

    const only = await createDomain(ctx.db, { permissions: ['products.*'] });
    const b = await companyOwner(ctx, { domain_id: only.id });
    const created = await b.api.post(URL, valid);
    expect(created.statusCode).toBe(201);
    const { id, updated_at } = created.json().data;
    expect((await b.api.put(`${URL}/${id}`, { ...valid, updated_at })).statusCode).toBe(200);
    expect((await b.api.get('/api/product-download')).statusCode).toBe(200);
    const csv = Buffer.from(`商品コード,商品名,単位,単価,税区分,説明,有効\nX1,テスト,個,100,10%,,有効\n`);
    expect((await uploadFile(ctx.app, b.token, '/api/product-upload', 'p.csv', csv)).statusCode).toBe(200);
    expect((await b.api.delete(`${URL}/${id}`)).statusCode).toBe(204);
  });

  it('is not signed in → 401', async () => {
    expect((await client(ctx.app, null).get(URL)).statusCode).toBe(401);
  });
});

const TRICKY = [
  {
    ...valid,
    code: 'A-001',
    name: '①㈱髙﨑～商店 特製ノート',
    unit: '冊',
    unit_price: 480,
    tax_category: '10',
    description: 'カンマ, と "引用符" と\n改行',
    is_active: true,
  },
  {
    ...valid,
    code: 'A-002',
    name: 'お茶（軽減税率）',
    unit: '本',
    unit_price: 150,
    tax_category: '8',
    description: null,
    is_active: true,
  },
  {
    ...valid,
    code: 'A-003',
    name: '収入印紙',
    unit: null,
    unit_price: 200,
    tax_category: 'exempt',
    description: null,
    is_active: false,
  },
  {
    ...valid,
    code: 'A-004',
    name: '立替金',
    unit: '式',
    unit_price: 0,
    tax_category: 'out_of_scope',
    description: '先頭,途中""',
    is_active: true,
  },
];

describe('CSV download and upload', () => {
  it.each(['utf8', 'sjis'] as const)('round-trips every field in %s, including ①㈱髙﨑～', async (encoding) => {
    const a = await companyOwner(ctx);
    for (const p of TRICKY) expect((await a.api.post(URL, p)).statusCode).toBe(201);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/product-download?encoding=${encoding}`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="products.csv"');
    const bytes = res.rawPayload;
    if (encoding === 'utf8') {
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.toString('utf8')).toContain('①㈱髙﨑～商店');
    } else {
      expect(bytes.includes(Buffer.from('①㈱髙﨑～', 'utf8'))).toBe(false);
      expect(bytes.includes(iconv.encode('①㈱髙﨑～', 'cp932'))).toBe(true);
      expect(new TextDecoder('shift_jis').decode(bytes).split('\r\n')[0]).toBe(
        '商品コード,商品名,単位,単価,税区分,説明,有効',
      );
    }

    // upload into another company: the same products
    const b = await companyOwner(ctx);
    const preview = await uploadFile(ctx.app, b.token, '/api/product-upload?dry_run=1', 'products.csv', bytes);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({
      dry_run: true,
      total: 4,
      added: 4,
      updated: 0,
      errors: [],
      encoding: encoding === 'utf8' ? 'utf-8' : 'shift_jis',
    });
    expect(await count(b.company.id)).toBe(0);
    const imported = await uploadFile(ctx.app, b.token, '/api/product-upload', 'products.csv', bytes);
    expect(imported.json().data).toMatchObject({ dry_run: false, added: 4, updated: 0 });
    expect(await listAll(b.api)).toEqual(await listAll(a.api));
    expect(await listAll(b.api)).toEqual(TRICKY);

    // uploading the same file again updates by code
    const again = await uploadFile(ctx.app, b.token, '/api/product-upload', 'products.csv', bytes);
    expect(again.json().data).toMatchObject({ added: 0, updated: 4 });
    expect(await count(b.company.id)).toBe(4);
  });

  it('downloads every matching row (not one page), filtered by keyword', async () => {
    const a = await companyOwner(ctx);
    const header = '商品コード,商品名,単位,単価,税区分,説明,有効\n';
    const lines = Array.from(
      { length: 45 },
      (_, i) => `K${String(i).padStart(3, '0')},${i % 3 ? '赤ペン' : '青ペン'},本,${100 + i},10%,,有効`,
    );
    expect(
      (
        await uploadFile(ctx.app, a.token, '/api/product-upload', 'p.csv', Buffer.from(header + lines.join('\n')))
      ).json().data.added,
    ).toBe(45);
    const all = await ctx.app.inject({
      method: 'GET',
      url: '/api/product-download',
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(all.body.trim().split('\r\n')).toHaveLength(46);
    const blue = await ctx.app.inject({
      method: 'GET',
      url: `/api/product-download?keyword=${encodeURIComponent('青ペン')}`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(blue.body.trim().split('\r\n')).toHaveLength(16);
  });

  it('a file with any bad row imports nothing and reports each bad row', async () => {
    const a = await companyOwner(ctx);
    await a.api.post(URL, { ...valid, code: 'EXIST', unit_price: 1 });
    const csv = [
      '商品コード,商品名,単位,単価,税区分,説明,有効',
      'EXIST,既存の更新,個,999,10%,,有効',
      'N1,新しい商品,個,100,8%,,有効',
      'N2,,個,abc,5%,,たぶん',
      'N1,重複,個,100,10%,,有効',
    ].join('\r\n');
    const sjis = iconv.encode(csv, 'cp932');
    const preview = (await uploadFile(ctx.app, a.token, '/api/product-upload?dry_run=1', 'p.csv', sjis)).json().data;
    expect(preview.encoding).toBe('shift_jis');
    expect(preview.errors.map((e: { line: number }) => e.line)).toEqual([4, 5]);
    const line4 = preview.errors[0].messages.join(' ');
    expect(line4).toContain('商品名を入力してください');
    expect(line4).toContain('単価');
    expect(line4).toContain('税区分');
    expect(line4).toContain('有効');
    expect(preview.errors[1].messages[0]).toBe('商品コード「N1」が3行目と重複しています');

    const res = await uploadFile(ctx.app, a.token, '/api/product-upload', 'p.csv', sjis);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('2行に誤りがあるため、取り込みませんでした');
    expect(res.json().errors.line_4.length).toBeGreaterThan(0);
    expect(await count(a.company.id)).toBe(1);
    expect((await a.api.get(`${URL}?keyword=EXIST`)).json().data[0].unit_price).toBe(1);
  });

  it('refuses a wrong header, a binary file and a file over 20 MB', async () => {
    const a = await companyOwner(ctx);
    const wrong = await uploadFile(ctx.app, a.token, '/api/product-upload', 'p.csv', Buffer.from('code,name\nA,B\n'));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toContain('見出し');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await uploadFile(ctx.app, a.token, '/api/product-upload', 'p.csv', png)).statusCode).toBe(415);
    const huge = Buffer.alloc(20 * 1024 * 1024 + 10, 0x41);
    const tooBig = await uploadFile(ctx.app, a.token, '/api/product-upload', 'p.csv', huge);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('ファイルサイズは20MB以下にしてください');
  });
});

describe('tenancy of the CSV', () => {
  it("never downloads another company's products", async () => {
    const a = await companyOwner(ctx);
    const b = await companyOwner(ctx);
    expect((await a.api.post(URL, { ...valid, code: 'SECRET-A' })).statusCode).toBe(201);
    expect((await b.api.post(URL, { ...valid, code: 'OWN-B' })).statusCode).toBe(201);
    const download = (token: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/product-download', headers: { authorization: `Bearer ${token}` } });
    const mine = await download(a.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('SECRET-A');
    const theirs = await download(b.token);
    expect(theirs.statusCode).toBe(200);
    // b gets a real file with its own product, and only that: not a's
    expect(theirs.body.trim().split('\r\n').slice(1)).toEqual([expect.stringMatching(/^OWN-B,/)]);
    expect(theirs.body).not.toContain('SECRET-A');
  });
});
