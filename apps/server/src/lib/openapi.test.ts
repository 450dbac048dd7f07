import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.js';

/**
 * /api/openapi.json describes what each route answers, not only what it accepts: every /api operation
 * declares a 2xx answer (a JSON object with its properties, a 204 without a body, or a file's media
 * type) and the common `{ message, errors? }` body for 4xx.
 */

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; description?: string };
type Response = { description?: string; content?: Record<string, { schema?: Schema }> };
type Operation = { responses?: Record<string, Response> };
type Doc = { paths: Record<string, Record<string, Operation>> };

let ctx: TestContext;
let doc: Doc;

beforeAll(async () => {
  ctx = await createTestApp();
  const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await ctx?.close();
});

const operations = () =>
  Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api'))
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));

const jsonOf = (r: Response | undefined) => r?.content?.['application/json']?.schema;

describe('GET /api/openapi.json', () => {
  it('lists every documented /api route', () => {
    const documented = new Set(operations().map(({ path, method }) => `${method.toUpperCase()} ${path}`));
    const registered = ctx.app.apiRoutes
      .filter((r) => r.url !== '/api/openapi.json' && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(registered.length).toBeGreaterThan(80);
    expect(registered.filter((r) => !documented.has(r))).toEqual([]);
  });

  it('every /api operation declares a 2xx answer with its shape', () => {
    const missing: string[] = [];
    for (const { path, method, op } of operations()) {
      const name = `${method.toUpperCase()} ${path}`;
      const ok = Object.entries(op.responses ?? {}).filter(([status]) => /^2/.test(status));
      if (ok.length === 0) missing.push(`${name}: no 2xx`);
      for (const [status, response] of ok) {
        if (status === '204') {
          if (response.content) missing.push(`${name}: 204 with a body`);
          continue;
        }
        const json = jsonOf(response);
        const files = Object.keys(response.content ?? {}).filter((t) => t !== 'application/json');
        if (json) {
          if (Object.keys(json.properties ?? {}).length === 0) missing.push(`${name}: ${status} has no properties`);
        } else if (files.length === 0) {
          missing.push(`${name}: ${status} has no schema`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('every /api operation declares the error body for 4xx', () => {
    const missing = operations()
      .filter(({ op }) => {
        const schema = jsonOf(op.responses?.['4XX']);
        return !schema?.properties?.message || !schema.properties.errors;
      })
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
  });

  it('describes a record, a page, a 201, a 204 and a file', () => {
    const product = doc.paths['/api/products/{id}'];
    const data = jsonOf(product.get.responses?.['200'])?.properties?.data;
    expect(Object.keys(data?.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'code', 'name', 'unit_price', 'tax_category', 'is_active', 'updated_at']),
    );
    expect(data?.properties?.unit_price.type).toBe('integer');

    const list = jsonOf(doc.paths['/api/products'].get.responses?.['200']);
    expect(list?.properties?.data.type).toBe('array');
    expect(Object.keys(list?.properties?.meta.properties ?? {})).toEqual(
      expect.arrayContaining(['current_page', 'last_page', 'per_page', 'total', 'from', 'to']),
    );
    expect(jsonOf(doc.paths['/api/products'].post.responses?.['201'])?.properties?.data.properties?.code).toBeDefined();

    const deleted = product.delete.responses?.['204'];
    expect(deleted).toBeDefined();
    expect(deleted?.content).toBeUndefined();

    expect(Object.keys(doc.paths['/api/product-download'].get.responses?.['200']?.content ?? {})).toEqual(['text/csv']);

    const trial = jsonOf(doc.paths['/api/company/trial-balance'].get.responses?.['200']);
    expect(Object.keys(trial?.properties?.data.properties ?? {})).toEqual(['period', 'rows', 'totals']);
    const me = jsonOf(doc.paths['/api/me'].get.responses?.['200']);
    expect(me?.properties?.data.properties?.permissions).toBeDefined();
    const login = jsonOf(doc.paths['/api/login'].post.responses?.['200']);
    expect(login?.properties?.data.properties?.token).toBeDefined();
  });
});
