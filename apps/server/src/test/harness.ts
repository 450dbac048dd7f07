import type { Role } from '@chobo/core';
import { ADMIN_PERMISSIONS, COMPANY_PERMISSIONS } from '@chobo/core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp, type LoginLimits } from '../app.js';
import { type Database, type Db, openDatabase, type PoolMode, runMigrations } from '../db/client.js';
import { companies, domains, users } from '../db/schema/index.js';
import { loadEnv } from '../env.js';
import { createJobQueue } from '../lib/queue.js';
import { hashPassword } from '../lib/secrets.js';
import type { OcrServices } from '../modules/ocr-documents/ocr-job.js';
import type { RateLimits } from '../plugins/rate-limit.js';
import { clonePglite, createServerDatabase, TEMPLATE_ENV } from './template.js';

/**
 * A fresh database holding exactly what the real migrations produce: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 *
 * Under vitest it is a copy of the template the server project's globalSetup built once with runMigrations()
 * (see template.ts). Outside vitest (benchmarks), or with `fromScratch` (for a test about the migrations or
 * start-up themselves), the migrations run on an empty database.
 */
export async function createTestDatabase(
  opts: {
    fromScratch?: boolean;
    /** PostgreSQL only: opened through a pooler in front of TEST_DATABASE_URL's server (test/pgbouncer.ts). */
    via?: { url: string; poolMode: PoolMode | 'auto' };
  } = {},
): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const template = process.env[TEMPLATE_ENV];
  if (opts.via && !url) throw new Error('createTestDatabase: `via` needs TEST_DATABASE_URL');
  if (template && !opts.fromScratch) {
    return url ? createServerDatabase(url, { template, via: opts.via }) : clonePglite(template);
  }
  const database = url
    ? await createServerDatabase(url, { via: opts.via })
    : await openDatabase({ dataDir: 'memory://' });
  await runMigrations(database);
  return database;
}

export interface TestContext {
  app: App;
  db: Db;
  close(): Promise<void>;
}

export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    loginLimits?: Partial<LoginLimits>;
    /** The global rate limit is off in tests unless given (every test request comes from one address). */
    rateLimits?: Partial<RateLimits>;
    /** OCR engine / rasteriser (default: the real tesseract.js + mupdf, started on first use). */
    ocr?: OcrServices;
    /** The test database opened through a pooler (createTestDatabase's `via`). */
    via?: { url: string; poolMode: PoolMode | 'auto' };
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase({ via: opts.via });
  const env = loadEnv({ NODE_ENV: 'test', APP_URL: 'http://chobo.test', ...opts.env });
  const app = await buildApp({
    env,
    db: database.db,
    driver: database.driver,
    loginLimits: opts.loginLimits,
    rateLimits: opts.rateLimits ?? false,
    printMail: false,
    // Started only by a test that sends a job (the first send() creates the pgboss schema).
    queue: createJobQueue(database, { pollingIntervalSeconds: 0.5 }),
    ocr: opts.ocr,
  });
  return {
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The test app of a file (or of a describe block): created before its tests (`createTestApp(opts)`), closed
 * after them. The object returned is filled in by the beforeAll hook, so read its fields in tests and hooks.
 */
export function useTestApp(opts: Parameters<typeof createTestApp>[0] = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(opts));
  });
  afterAll(async () => {
    await ctx.close?.();
  });
  return ctx;
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

export async function createDomain(db: Db, overrides: Partial<typeof domains.$inferInsert> = {}) {
  const [row] = await db
    .insert(domains)
    .values({
      name: `テストドメイン${unique()}`,
      host: `d${unique()}.example.jp`,
      permissions: [...COMPANY_PERMISSIONS],
      ...overrides,
    })
    .returning();
  return row;
}

export async function createCompany(db: Db, overrides: Partial<typeof companies.$inferInsert> = {}) {
  const domainId = overrides.domain_id ?? (await createDomain(db)).id;
  const [row] = await db
    .insert(companies)
    .values({ name: `テスト株式会社${unique()}`, ...overrides, domain_id: domainId })
    .returning();
  return row;
}

export const TEST_PASSWORD = 'correct-horse-42';

export async function createUser(
  db: Db,
  opts: { role: Role; companyId?: number; email?: string; password?: string; permissions?: string[] } & Partial<
    typeof users.$inferInsert
  >,
) {
  const { role, companyId, password = TEST_PASSWORD, ...rest } = opts;
  const [row] = await db
    .insert(users)
    .values({
      name: 'テスト ユーザー',
      email: `u${unique()}@example.jp`,
      password_hash: await hashPassword(password),
      company_id: role === 'admin' ? null : (companyId ?? (await createCompany(db)).id),
      permissions: role === 'admin' ? [...ADMIN_PERMISSIONS] : [],
      ...rest,
      role,
    })
    .returning();
  return { ...row, password };
}

export async function signIn(app: App, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token;
}

/** A company with an owner who is signed in. */
export async function companyOwner(ctx: TestContext, companyOverrides: Partial<typeof companies.$inferInsert> = {}) {
  const company = await createCompany(ctx.db, companyOverrides);
  const user = await createUser(ctx.db, { role: 'company', companyId: company.id });
  const token = await signIn(ctx.app, user.email);
  return { company, user, token, api: client(ctx.app, token) };
}

export async function signedInAdmin(ctx: TestContext, permissions: string[] = [...ADMIN_PERMISSIONS]) {
  const user = await createUser(ctx.db, { role: 'admin', permissions });
  const token = await signIn(ctx.app, user.email);
  return { user, token, api: client(ctx.app, token) };
}

export type Client = ReturnType<typeof client>;

/** Small request helper carrying a bearer token. */
export function client(app: App, token: string | null) {
  const send = (method: InjectOptions['method'], url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, body?: unknown) => send('POST', url, body ?? {}),
    put: (url: string, body?: unknown) => send('PUT', url, body ?? {}),
    patch: (url: string, body?: unknown) => send('PATCH', url, body ?? {}),
    delete: (url: string) => send('DELETE', url),
  };
}

/**
 * A second server on the PostgreSQL database of `ctx` — its own pool, its own memory — as another server process
 * behind the load balancer would be (tests of what is kept in memory across processes).
 */
export async function secondServer(ctx: TestContext) {
  const url = (ctx.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;
  const database = await openDatabase({ databaseUrl: url });
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', APP_URL: 'http://chobo.test' }),
    db: database.db,
    driver: database.driver,
    rateLimits: false,
    printMail: false,
  });
  return {
    app,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
