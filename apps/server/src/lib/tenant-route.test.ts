import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import type { RegisteredRoute } from '../plugins/auth.js';
import { type CompanyFixtures, companyFixtures, routeCall } from '../test/company-fixtures.js';
import { companyOwner, createTestApp, type TestContext } from '../test/harness.js';
import { isCompanyRoute } from './tenant-route.js';

/**
 * Tenancy by construction, proven over every registered company route: company B's owner calls each
 * route with company A's ids (in the path and in id query parameters) and must get 404; every list
 * B reads must not carry A's marker. A company route with a path parameter that this test has no
 * fixture for fails the test — a new module has to say in test/company-fixtures.ts which record its :id is.
 */

const MARKER = 'ZQテナント境界A';

let ctx: TestContext;
let a: Awaited<ReturnType<typeof companyOwner>>;
let b: Awaited<ReturnType<typeof companyOwner>>;
/** Company A's records by the route prefix whose :id they fill, with the record as A reads it. */
let fixtures: CompanyFixtures['fixtures'];
let queryIds: CompanyFixtures['queryIds'];

beforeAll(async () => {
  ctx = await createTestApp();
  a = await companyOwner(ctx);
  b = await companyOwner(ctx);
  ({ fixtures, queryIds } = await companyFixtures(ctx, a, MARKER));
  // company B's owner may approve (payment-batches.approve): the approval of A's batch is a 404, not a 403
  await ctx.db
    .update(users)
    .set({ permissions: ['payment-batches.approve'] })
    .where(eq(users.id, b.user.id));
});

afterAll(async () => {
  await ctx?.close();
});

const companyRoutes = () => ctx.app.apiRoutes.filter((r: RegisteredRoute) => isCompanyRoute(r.access));

/** The id query parameters a route's querystring schema declares (other than company_id). */
function idQueryParams(r: RegisteredRoute): string[] {
  const q = (r.schema as { querystring?: { shape?: Record<string, unknown> } } | undefined)?.querystring;
  return Object.keys(q?.shape ?? {}).filter((k) => k.endsWith('_id') && k !== 'company_id');
}

describe('every company route is scoped to the caller’s company', () => {
  it('registers the company routes through companyRoute (there are some)', () => {
    expect(companyRoutes().length).toBeGreaterThan(40);
  });

  it('answers 404 to company B for each of company A’s ids in the path', async () => {
    const checked: string[] = [];
    for (const r of companyRoutes().filter((x) => x.url.includes(':'))) {
      const fixture = fixtures.get(r.url);
      expect(fixture, `no fixture for ${r.method} ${r.url}: add company A's record for it to this test`).toBeDefined();
      if (!fixture || fixture.id === 0) continue;
      const { url, body } = routeCall(r, fixture);
      const res = await ctx.app.inject({
        method: r.method as 'GET',
        url,
        headers: { authorization: `Bearer ${b.token}` },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      expect(res.statusCode, `${r.method} ${url} as company B: ${res.body}`).toBe(404);
      checked.push(`${r.method} ${r.url}`);
    }
    expect(checked.length).toBeGreaterThan(15);
    // and company A's records are all still there, unchanged
    const still = (await a.api.get(`/api/accountings/${fixtures.get('/api/accountings/:id')?.id}`)).json().data;
    expect(still.description).toBe(`${MARKER}売上`);
  });

  it('answers 404 to company B for company A’s ids in query parameters', async () => {
    const checked: string[] = [];
    for (const r of companyRoutes().filter((x) => x.method === 'GET' && !x.url.includes(':'))) {
      const params = idQueryParams(r);
      for (const param of params) {
        const id = queryIds[param];
        expect(id, `no id for query parameter ${param} of ${r.url}: add company A's to this test`).toBeDefined();
        // the route's other id parameters (e.g. the ledger's account_id beside customer_id) name A's too
        const others = params.filter((p) => p !== param).map((p) => `&${p}=${queryIds[p]}`);
        const res = await b.api.get(`${r.url}?${param}=${id}${others.join('')}`);
        // a filter by another company's id finds nothing (200, empty) or names the id as not found (404)
        expect([200, 404], `${r.url}?${param}=${id}: ${res.statusCode}`).toContain(res.statusCode);
        expect(res.body, `${r.url}?${param}=${id} leaks company A`).not.toContain(MARKER);
        checked.push(`${r.url}?${param}`);
      }
    }
    expect(checked.length).toBeGreaterThan(3);
  });

  it('never shows company A’s records in anything company B lists or downloads', async () => {
    const checked: string[] = [];
    for (const r of companyRoutes().filter((x) => x.method === 'GET' && !x.url.includes(':'))) {
      const res = await b.api.get(r.url);
      expect(res.statusCode, `${r.url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expect(res.body, `${r.url} leaks company A`).not.toContain(MARKER);
      checked.push(r.url);
    }
    // the same lists as company A do show the marker, so the check above can fail
    expect((await a.api.get('/api/company/customer')).body).toContain(MARKER);
    expect((await a.api.get('/api/accountings')).body).toContain(MARKER);
    expect(checked.length).toBeGreaterThan(15);
  });
});
