import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOwner, createTestApp, signedInAdmin, signIn, type TestContext } from '../test/harness.js';
import { mulberry32 } from './prng.js';

/**
 * Hostile input over every operation of /api/openapi.json (issue 31): the caller is a company owner (company
 * routes) or a platform admin (/api/admin), in-process (app.inject, no socket), with a fixed seed and a
 * bounded number of requests (≤ 1,500). Per operation: path parameters out of range or not numbers, every
 * query parameter hostile, dates 0000-01-01 / 10000-01-01 in every query parameter, an empty body, every
 * body field hostile (huge / negative / fractional ids, wrong types, control characters, long strings,
 * impossible dates), every field 2,147,483,648, and a body of the wrong type. Nothing may answer 5xx.
 */

interface Param {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
}
interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  default?: unknown;
}
interface Operation {
  parameters?: Param[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const MAX_REQUESTS = 1500;
/** Operations skipped: signing out would end the session the walk uses (it is re-signed on a 401 anyway). */
const SKIP = new Set(['POST /api/logout', 'GET /api/logout']);

const HOSTILE_TEXT = [
  '2147483648',
  '-1',
  '0',
  '1.5',
  'abc',
  '0000-01-01',
  '10000-01-01',
  '9999-12-31',
  'x'.repeat(5000),
  '\u0000',
  '\u0001ab',
  '',
  '１２３',
  '1e400',
  'null',
  '[]',
  '%00',
  "'; drop table users; --",
  '😀'.repeat(300),
];
const HOSTILE_JSON: unknown[] = [
  2_147_483_648,
  -1,
  0,
  1.5,
  1e308,
  -9_007_199_254_740_992,
  true,
  null,
  [],
  {},
  'x'.repeat(5000),
  '\u0000',
  '0000-01-01',
  '10000-01-01',
  '9999-12-31',
  '2026-02-30',
  '2147483648',
  ['\u0000'],
  [2_147_483_648],
];

let ctx: TestContext;
let ownerEmail: string;
let adminEmail: string;
const tokens = { owner: '', admin: '' };

beforeAll(async () => {
  ctx = await createTestApp();
  const owner = await companyOwner(ctx);
  const admin = await signedInAdmin(ctx);
  ownerEmail = owner.user.email;
  adminEmail = admin.user.email;
  tokens.owner = owner.token;
  tokens.admin = admin.token;
});
afterAll(async () => {
  await ctx.close();
});

function bodySchema(op: Operation): Schema | null {
  const json = op.requestBody?.content?.['application/json']?.schema;
  return json ?? null;
}

/** Every property of an object schema (arrays of objects: one item with its properties) set by `value`. */
function fill(schema: Schema, value: (name: string) => unknown, depth = 0): unknown {
  const obj = schema.properties ? schema : schema.anyOf?.find((s) => s.properties);
  if (!obj?.properties || depth > 3) return value('');
  const out: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(obj.properties)) {
    const items = prop.items ?? prop.anyOf?.find((s) => s.items)?.items;
    out[name] = items?.properties ? [fill(items, value, depth + 1)] : value(name);
  }
  return out;
}

/** A value the schema would accept as far as its shape goes (so a hostile field next to it is what is checked). */
function plausible(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum.find((v) => v !== '') ?? schema.enum[0];
  if (schema.anyOf?.length)
    return plausible(schema.anyOf.find((s) => s.type !== 'null' && !s.enum) ?? schema.anyOf[0], depth + 1);
  if (schema.properties)
    return Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, plausible(v, depth + 1)]));
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [plausible(schema.items, depth + 1)] : [];
    case 'string':
      if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}') || schema.format === 'date') return '2026-06-01';
      if (schema.format === 'date-time') return '2026-06-01T09:00:00+09:00';
      if (schema.format === 'email') return 'fuzz@example.com';
      return 'テスト';
    default:
      return 'テスト';
  }
}

const isIdName = (name: string) => name === 'id' || /_ids?$/.test(name);

describe('fuzz: hostile values on every OpenAPI operation', () => {
  it('never answers 5xx (bounded, fixed seed, in-process)', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const rand = mulberry32(20261202);
    const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
    const failures: string[] = [];
    let sent = 0;
    let operations = 0;

    const send = async (method: string, path: string, query: Record<string, string>, payload?: unknown) => {
      if (sent >= MAX_REQUESTS) return;
      const who = path.startsWith('/api/admin') ? 'admin' : 'owner';
      const qs = new URLSearchParams(query).toString();
      const url = qs ? `${path}?${qs}` : path;
      const request = () =>
        ctx.app.inject({
          method: method as 'GET',
          url,
          headers: {
            authorization: `Bearer ${tokens[who]}`,
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(payload === undefined
            ? {}
            : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
        });
      sent++;
      let res = await request();
      if (res.statusCode === 401) {
        // an operation ended the session (password change, sign-out elsewhere): sign in again and retry once
        tokens[who] = await signIn(ctx.app, who === 'admin' ? adminEmail : ownerEmail);
        sent++;
        res = await request();
      }
      if (res.statusCode >= 500)
        failures.push(`${method} ${url.slice(0, 160)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    };

    for (const [template, ops] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(ops)) {
        const method = m.toUpperCase();
        if (!template.startsWith('/api') || SKIP.has(`${method} ${template}`)) continue;
        operations++;
        const params = op.parameters ?? [];
        const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
        const queryParams = params.filter((p) => p.in === 'query').map((p) => p.name);
        const withPath = (value: () => string) =>
          pathParams.reduce((u, name) => u.replace(`{${name}}`, encodeURIComponent(value())), template);
        const body = bodySchema(op);
        const hasBody = body !== null && method !== 'GET' && method !== 'DELETE';

        // 1. path ids beyond int4 / not numbers, no query, an empty body
        if (pathParams.length)
          await send(
            method,
            withPath(() => pick(['2147483648', '-1', '0', 'abc', '1.5'])),
            {},
            hasBody ? {} : undefined,
          );
        // 2. every query parameter hostile (path ids a plausible 1)
        if (queryParams.length) {
          await send(
            method,
            withPath(() => '1'),
            Object.fromEntries(queryParams.map((q) => [q, pick(HOSTILE_TEXT)])),
          );
        }
        // 4. one query parameter at a time hostile, the others absent; dates out of range in each
        for (const q of queryParams) {
          await send(
            method,
            withPath(() => '1'),
            { [q]: isIdName(q) ? '2147483648' : pick(HOSTILE_TEXT) },
          );
          if (/date|from|to|month|day|since|until/.test(q))
            await send(
              method,
              withPath(() => '1'),
              { [q]: pick(['0000-01-01', '10000-01-01', '9999-12-31']) },
            );
        }
        if (!hasBody) {
          if (!pathParams.length && !queryParams.length) await send(method, template, {});
          continue;
        }
        const base = withPath(() => '1');
        // 5. an empty body, every field hostile, every field beyond int4, a body of the wrong type
        await send(method, base, {}, {});
        await send(
          method,
          base,
          {},
          fill(body, () => pick(HOSTILE_JSON)),
        );
        await send(
          method,
          base,
          {},
          fill(body, () => 2_147_483_648),
        );
        await send(method, base, {}, pick(['[]', '"text"', '{"a":', 'null', '1']));
        // 6. a plausible body with ONE field hostile: every id field (top level and in the first item of an
        // array of objects) beyond int4, and two other fields with a hostile value
        const valid = plausible(body) as Record<string, unknown>;
        const props = Object.entries(body.properties ?? {});
        for (const [name, prop] of props) {
          const items = prop.items ?? prop.anyOf?.find((x) => x.items)?.items;
          if (isIdName(name))
            await send(method, base, {}, { ...valid, [name]: prop.type === 'array' ? [2_147_483_648] : 2_147_483_648 });
          for (const inner of Object.keys(items?.properties ?? {}).filter(isIdName)) {
            const item = plausible(items) as Record<string, unknown>;
            await send(method, base, {}, { ...valid, [name]: [{ ...item, [inner]: 2_147_483_648 }] });
          }
        }
        for (const [name] of props.filter(([n]) => !isIdName(n)).slice(0, 2)) {
          await send(method, base, {}, { ...valid, [name]: pick(HOSTILE_JSON) });
        }
      }
    }
    expect(operations).toBeGreaterThan(150);
    expect(sent).toBeLessThanOrEqual(MAX_REQUESTS);
    expect(failures).toEqual([]);
  }, 600_000);
});
