import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { customers, journalEntries, products } from '../db/schema/index.js';
import { loadEnv } from '../env.js';
import { countRows } from '../test/factories.js';
import { type Client, companyOwner, createTestApp, type TestContext } from '../test/harness.js';

/** A NUL (U+0000) in any JSON text field is refused with 422 by the shared text builders, never a 500. */

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof companyOwner>>;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await companyOwner(ctx);
});
afterAll(() => ctx.close());

const MESSAGE = /使用できない文字（制御文字）が含まれています/;

const count = (table: typeof customers | typeof products | typeof journalEntries) => countRows(ctx.db, table);

async function accountsOf(api: Client): Promise<Record<string, number>> {
  const res = await api.get('/api/company/accounts?include_inactive=1');
  return Object.fromEntries(res.json().data.map((a: { code: string; id: number }) => [a.code, a.id]));
}

describe('NUL in text fields', () => {
  it('customer name → 422, nothing stored', async () => {
    const res = await owner.api.post('/api/company/customer', { name: '株式会社\u0000テスト', used_for: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name[0]).toMatch(MESSAGE);
    expect(await count(customers)).toBe(0);
  });

  it('customer memo (optional text) → 422', async () => {
    const res = await owner.api.post('/api/company/customer', { name: '株式会社テスト', used_for: 1, memo: 'a\u0000' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.memo[0]).toMatch(MESSAGE);
    expect(await count(customers)).toBe(0);
  });

  it('product name → 422, nothing stored', async () => {
    const res = await owner.api.post('/api/products', {
      code: 'P-NUL',
      name: 'コピー用紙\u0000',
      unit: '箱',
      unit_price: 100,
      tax_category: '10',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name[0]).toMatch(MESSAGE);
    expect(await count(products)).toBe(0);
  });

  it('journal line memo → 422, nothing stored', async () => {
    const ids = await accountsOf(owner.api);
    const res = await owner.api.post('/api/accountings', {
      date: '2026-04-10',
      description: '売上',
      lines: [
        { account_id: ids['1120'], debit: 1000, credit: 0, memo: 'メモ\u0000' },
        { account_id: ids['4110'], debit: 0, credit: 1000 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().errors)).toMatch(MESSAGE);
    expect(await count(journalEntries)).toBe(0);
  });

  it('tabs and newlines stay allowed in free text', async () => {
    const res = await owner.api.post('/api/company/customer', {
      name: '株式会社テスト',
      used_for: 1,
      memo: '一行目\r\n二行目\t続き',
    });
    expect(res.statusCode).toBe(201);
  });

  it('a NUL in a list keyword → 422, not a database error', async () => {
    const res = await owner.api.get('/api/products?keyword=a%00b');
    expect(res.statusCode).toBe(422);
  });
});

describe('other text inputs', () => {
  it('a NUL in a sign-in e-mail → 422', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a\u0000b@example.jp', password: 'x' },
    });
    expect(res.statusCode).toBe(422);
  });

  it('a NUL in an invitation token → 4xx', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/invitations/${'a'.repeat(30)}%00` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('errors plugin safety net', () => {
  it('maps PostgreSQL refusing a NUL in text to 422', async () => {
    const app = await buildApp({ env: loadEnv({ NODE_ENV: 'test' }), db: ctx.db, driver: ctx.app.deps.driver });
    app.post('/api/test-nul', { config: { access: { public: true } } }, async () => {
      await ctx.db.execute(sql`select ${'a\u0000b'}::text`);
      return { ok: true };
    });
    const res = await app.inject({ method: 'POST', url: '/api/test-nul' });
    await app.close();
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(MESSAGE);
  });
});
