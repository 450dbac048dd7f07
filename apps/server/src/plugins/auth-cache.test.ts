import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTokens, authEpoch, companies, domains, users } from '../db/schema/index.js';
import { client, createCompany, createDomain, createUser, secondServer, signIn, useTestApp } from '../test/harness.js';
import { authEpochReads } from './auth.js';

/**
 * The token lookup and the /api/me profile are kept in memory under the auth epoch (ADR 0028). Every change
 * below is made with plain SQL behind the server's back, as another server process (or a person at psql)
 * would: the next request must see it, because the database's triggers increase the epoch.
 */
const ctx = useTestApp();

const epoch = async () => (await ctx.db.select().from(authEpoch))[0].epoch;

async function signedInOwner() {
  const domain = await createDomain(ctx.db, { permissions: ['customer.index', 'products.index'] });
  const company = await createCompany(ctx.db, { domain_id: domain.id });
  const user = await createUser(ctx.db, { role: 'company', companyId: company.id });
  const token = await signIn(ctx.app, user.email);
  const api = client(ctx.app, token);
  // read twice: the second answer comes from memory
  expect((await api.get('/api/me')).statusCode).toBe(200);
  expect((await api.get('/api/me')).statusCode).toBe(200);
  return { domain, company, user, token, api };
}

describe('auth lookup kept in memory under the auth epoch', () => {
  it('a change to the domain, the user or the company shows on the next request', async () => {
    const { domain, company, user, api } = await signedInOwner();
    expect((await api.get('/api/company/customer')).statusCode).toBe(200);

    await ctx.db
      .update(domains)
      .set({ permissions: ['products.index'] })
      .where(eq(domains.id, domain.id));
    const me = (await api.get('/api/me')).json().data;
    expect(me.domain.permissions).toEqual(['products.index']);
    expect((await api.get('/api/company/customer')).statusCode).toBe(403);

    await ctx.db.update(users).set({ name: '改名 太郎' }).where(eq(users.id, user.id));
    expect((await api.get('/api/me')).json().data.name).toBe('改名 太郎');

    await ctx.db.update(companies).set({ name: '新社名株式会社' }).where(eq(companies.id, company.id));
    expect((await api.get('/api/me')).json().data.company.name).toBe('新社名株式会社');

    await ctx.db.update(companies).set({ status: 'suspended' }).where(eq(companies.id, company.id));
    expect((await api.get('/api/me')).statusCode).toBe(401);
  });

  it('a token revoked, re-dated or its user disabled is refused on the next request', async () => {
    const a = await signedInOwner();
    await ctx.db.update(apiTokens).set({ revoked_at: sql`now()` }).where(eq(apiTokens.user_id, a.user.id));
    expect((await a.api.get('/api/me')).statusCode).toBe(401);

    const b = await signedInOwner();
    await ctx.db
      .update(apiTokens)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.user_id, b.user.id));
    expect((await b.api.get('/api/me')).statusCode).toBe(401);

    const c = await signedInOwner();
    await ctx.db.update(users).set({ disabled_at: sql`now()` }).where(eq(users.id, c.user.id));
    expect((await c.api.get('/api/me')).statusCode).toBe(401);

    const d = await signedInOwner();
    await ctx.db.delete(users).where(eq(users.id, d.user.id));
    expect((await d.api.get('/api/me')).statusCode).toBe(401);
  });

  it('requests that arrive together share one epoch read, and each still sees what was committed before it arrived', async () => {
    const a = await signedInOwner();
    const b = await signedInOwner();
    const reads = authEpochReads(ctx.app.deps.db);
    const answers = await Promise.all(Array.from({ length: 8 }, () => a.api.get('/api/me')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(authEpochReads(ctx.app.deps.db) - reads).toBeLessThan(8);

    // the revocation is committed before the requests arrive: every one of them is refused
    await ctx.db.update(apiTokens).set({ revoked_at: sql`now()` }).where(eq(apiTokens.user_id, b.user.id));
    const refused = await Promise.all(Array.from({ length: 8 }, () => b.api.get('/api/me')));
    expect(refused.map((r) => r.statusCode)).toEqual(Array(8).fill(401));
  });

  it('columns that alter no caller leave the epoch alone (the cache stays useful)', async () => {
    const { company, user } = await signedInOwner();
    const before = await epoch();
    await ctx.db.update(users).set({ last_login_at: sql`now()`, updated_at: sql`now()` }).where(eq(users.id, user.id));
    await ctx.db.update(apiTokens).set({ last_used_at: sql`now()` }).where(eq(apiTokens.user_id, user.id));
    await ctx.db.update(companies).set({ tel: '03-1234-5678' }).where(eq(companies.id, company.id));
    expect(await epoch()).toBe(before);
    await ctx.db.update(users).set({ role: 'employee' }).where(eq(users.id, user.id));
    expect(await epoch()).toBe(before + 1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  it('a sign-out and a permission change made through one process show on the next request to the other', async () => {
    const { api, token, domain } = await signedInOwner();
    // a second server on the same database: its own pool, its own memory
    const second = await secondServer(ctx);
    const app2 = second.app;
    try {
      const api2 = client(app2, token);
      expect((await api2.get('/api/company/customer')).statusCode).toBe(200);
      expect((await api2.get('/api/company/customer')).statusCode).toBe(200);

      await ctx.db
        .update(domains)
        .set({ permissions: ['products.index'] })
        .where(eq(domains.id, domain.id));
      expect((await api2.get('/api/company/customer')).statusCode).toBe(403);

      expect((await api.post('/api/logout')).statusCode).toBeLessThan(300);
      expect((await api2.get('/api/me')).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });
});
