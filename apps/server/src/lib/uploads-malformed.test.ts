import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOwner, createTestApp, type TestContext } from '../test/harness.js';
import { multipartBody } from '../test/multipart.js';
import { makePng } from './png.js';
import { mulberry32 } from './prng.js';

/** Truncated or corrupted multipart bodies answer 4xx with a Japanese message on every upload route, never 5xx. */

const CSV = Buffer.from('コード,商品名,単価\r\nA-1,テスト商品,1200\r\n', 'utf8');
const PNG = makePng(8, 8, (x, y) => [x * 30, y * 30, 90]);
const ROUTES = [
  { url: '/api/product-upload', content: CSV, name: 'products.csv' },
  { url: '/api/accountings/import', content: CSV, name: 'journal.csv' },
  { url: '/api/company/logo', content: PNG, name: 'logo.png' },
];

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  token = (await companyOwner(ctx)).token;
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, payload: Buffer, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });

const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe.each(ROUTES)('malformed multipart on $url', ({ url, content, name }) => {
  const { body, headers } = multipartBody(name, content);

  it.each([
    ['cut inside the part headers', 60],
    ['cut inside the file content', body.length - 30],
    ['cut before the closing boundary', body.length - 8],
    ['only the opening boundary', 20],
  ])('%s → 400/422 with a Japanese message', async (_label, cut) => {
    const res = await post(url, body.subarray(0, cut), headers);
    expect([400, 422]).toContain(res.statusCode);
    expect(res.json().message).toMatch(japanese);
  });

  it('a boundary that never appears in the body → 400/422', async () => {
    const res = await post(url, body, { 'content-type': 'multipart/form-data; boundary=nothing-like-this' });
    expect([400, 422]).toContain(res.statusCode);
    expect(res.json().message).toMatch(japanese);
  });

  it('no boundary parameter at all → 4xx', async () => {
    const res = await post(url, body, { 'content-type': 'multipart/form-data' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toMatch(japanese);
  });
});

describe('fuzz: truncations and corruptions of a valid body', () => {
  it('200 mutated bodies over the three routes never answer 5xx', async () => {
    const rand = mulberry32(20260201);
    const failures: string[] = [];
    for (let i = 0; i < 200; i++) {
      const route = ROUTES[i % ROUTES.length];
      const { body, headers } = multipartBody(route.name, route.content);
      let mutated: Buffer;
      const mode = Math.floor(rand() * 3);
      if (mode === 0) {
        mutated = body.subarray(0, Math.floor(rand() * body.length));
      } else {
        mutated = Buffer.from(body);
        const flips = 1 + Math.floor(rand() * 8);
        for (let f = 0; f < flips; f++) mutated[Math.floor(rand() * mutated.length)] = Math.floor(rand() * 256);
        if (mode === 2) mutated = mutated.subarray(0, Math.floor(rand() * mutated.length));
      }
      const res = await post(route.url, mutated, headers);
      if (res.statusCode >= 500) failures.push(`#${i} ${route.url} mode=${mode} → ${res.statusCode} ${res.body}`);
      else if (res.statusCode >= 400) expect(res.json().message).toMatch(japanese);
    }
    expect(failures).toEqual([]);
  });
});
