import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import { rateLimitCounters } from '../db/schema/index.js';
import { loadEnv } from '../env.js';
import { companyOwner, createTestApp, type TestContext } from '../test/harness.js';

/**
 * The global per-IP limit of /api (plugins/rate-limit.ts) counts in the database: two app instances on the
 * same database (two server processes) share the count. Below half its limit a client is counted in the
 * process and written in batches (ADR 0019); past it, on every request.
 */

const LIMITS = { max: 5, publicMax: 3, windowSeconds: 60 };
const MESSAGE = 'リクエストが多すぎます。しばらくしてから再度お試しください';

let ctx: TestContext;
let second: App;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: LIMITS });
  second = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', APP_URL: 'http://chobo.test' }),
    db: ctx.db,
    driver: ctx.app.deps.driver,
    rateLimits: LIMITS,
  });
  // signing in is a public call: counted in the public bucket
  token = (await companyOwner(ctx)).token;
  await ctx.db.delete(rateLimitCounters);
});
afterAll(async () => {
  await second.close();
  await ctx.close();
});

const me = (app: App) => app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
const prefectures = (app: App) => app.inject({ method: 'GET', url: '/api/prefectures' });

describe('global rate limit', () => {
  it('signed-in routes: max requests per window across two app instances, then 429 with Retry-After', async () => {
    const apps = [ctx.app, second, ctx.app, second, ctx.app];
    for (const app of apps) expect((await me(app)).statusCode).toBe(200);
    for (const app of [second, ctx.app]) {
      const res = await me(app);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: MESSAGE });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it('public routes have their own, lower limit', async () => {
    for (const app of [ctx.app, second, ctx.app]) expect((await prefectures(app)).statusCode).toBe(200);
    const res = await prefectures(second);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MESSAGE);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('the health check and unknown non-API paths are not limited', async () => {
    for (let i = 0; i < 8; i++) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
  });

  it('a new window starts once the old one has ended', async () => {
    expect((await me(ctx.app)).statusCode).toBe(429);
    // end the window in the database instead of waiting for it
    await ctx.db.update(rateLimitCounters).set({ reset_at: sql`now() - interval '1 second'` });
    expect((await me(second)).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(rateLimitCounters).where(sql`${rateLimitCounters.key} like 'api:%'`);
    expect(row.count).toBe(1);
  });

  it('below half the limit the counts are written in batches, and all of them reach the database', async () => {
    const roomy = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', APP_URL: 'http://chobo.test' }),
      db: ctx.db,
      driver: ctx.app.deps.driver,
      rateLimits: { max: 1000, publicMax: 1000, windowSeconds: 60 },
    });
    try {
      await ctx.db.delete(rateLimitCounters);
      for (let i = 0; i < 10; i++) expect((await me(roomy)).statusCode).toBe(200);
      await expect
        .poll(async () => (await ctx.db.select().from(rateLimitCounters)).map((r) => r.count), { timeout: 30_000 })
        .toEqual([10]);
    } finally {
      await roomy.close();
    }
  });

  it('the public limit is exact across two app instances: of 100 concurrent requests exactly 60 pass', async () => {
    const limits = { max: 1000, publicMax: 60, windowSeconds: 60 };
    const env = loadEnv({ NODE_ENV: 'test', APP_URL: 'http://chobo.test' });
    const [a, b] = await Promise.all(
      [0, 1].map(() => buildApp({ env, db: ctx.db, driver: ctx.app.deps.driver, rateLimits: limits })),
    );
    try {
      await ctx.db.delete(rateLimitCounters);
      const results = await Promise.all(Array.from({ length: 100 }, (_, i) => prefectures(i % 2 ? a : b)));
      const passed = results.filter((r) => r.statusCode === 200).length;
      expect(results.filter((r) => r.statusCode === 429)).toHaveLength(100 - passed);
      expect(passed).toBe(60);
      const [row] = await ctx.db.select().from(rateLimitCounters);
      expect(row.count).toBe(100);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 120_000);

  it('the test harness has no limit by default', async () => {
    const plain = await createTestApp();
    try {
      for (let i = 0; i < 12; i++) {
        expect((await plain.app.inject({ method: 'GET', url: '/api/prefectures' })).statusCode).toBe(200);
      }
    } finally {
      await plain.close();
    }
  });
});
