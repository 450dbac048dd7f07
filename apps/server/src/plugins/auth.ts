import { apiErrorDto, effectivePermissions, isPermitted, type Role } from '@chobo/core';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { apiTokens, authEpoch, companies, domains, employees, users } from '../db/schema/index.js';
import { forbidden, HttpError, unauthorized } from '../lib/http-errors.js';
import { pastLeaveDate, pastLeaveDateMessage } from '../lib/leave-date.js';
import { hashToken, newToken } from '../lib/secrets.js';
import { tokenTtlSeconds } from '../lib/settings.js';
import { assertTenantRoute } from '../lib/tenant-route.js';

/** Who may call a route. Every /api route must declare one (checked when routes are registered). */
export interface RouteAccess {
  /** No sign-in needed. */
  public?: boolean;
  /** Roles allowed (default: every signed-in role). */
  roles?: Role[];
  /** The permission required (matched with isPermitted; '' or absent = none). */
  permission?: string;
  /** For admins: the admin permission that lets them READ this company-scoped route with company_id. */
  adminPermission?: string;
}

/**
 * A company resource's access: company users and employees with `permission`; platform admins read it
 * (GET with company_id) with companies.index.
 */
export function adminReadable(permission: string): RouteAccess {
  return { roles: ['company', 'employee', 'admin'], permission, adminPermission: 'companies.index' };
}

export interface AuthContext {
  userId: number;
  tokenId: number;
  role: Role;
  name: string;
  email: string;
  companyId: number | null;
  domainId: number | null;
  permissions: string[];
  domainRoles: string[];
  domainPermissions: string[];
  /**
   * The auth epoch this identity was read at (auth_epoch, ADR 0028): what is derived from it alone (the
   * profile of /api/me) may be kept in memory under the same epoch.
   */
  epoch: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every /api route as registered (method, url, access rule, schema): for the tenancy test and docs. */
    apiRoutes: RegisteredRoute[];
  }
}

/** Grace period during which a renewed (replaced) token keeps working, so parallel requests don't fail. */
const REPLACED_GRACE_SECONDS = 60;

export interface IssuedToken {
  token: string;
  token_expires: number;
}

export async function issueToken(
  db: Db,
  userId: number,
  ttlSeconds: number,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<IssuedToken> {
  const token = newToken();
  const expires = new Date(Date.now() + ttlSeconds * 1000);
  await db.insert(apiTokens).values({
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: expires,
    ip: meta.ip ?? null,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { token, token_expires: Math.floor(expires.getTime() / 1000) };
}

function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header);
  return m ? m[1] : null;
}

/**
 * The token lookup (token, user, company status, domain permissions) with the auth epoch read in the same
 * statement (one snapshot): one query, built once per database handle and run as a prepared statement.
 */
function buildTokenQuery(db: Db) {
  return db
    .select({
      tokenId: apiTokens.id,
      expiresAt: apiTokens.expires_at,
      createdAt: apiTokens.created_at,
      replacedAt: apiTokens.replaced_at,
      userId: users.id,
      role: users.role,
      name: users.name,
      email: users.email,
      adminPermissions: users.permissions,
      companyId: users.company_id,
      companyStatus: companies.status,
      leaveDate: employees.leave_date,
      domainId: domains.id,
      domainRoles: domains.roles,
      domainPermissions: domains.permissions,
      epoch: authEpoch.epoch,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.user_id))
    .innerJoin(authEpoch, eq(authEpoch.id, 1))
    .leftJoin(companies, eq(companies.id, users.company_id))
    .leftJoin(domains, eq(domains.id, companies.domain_id))
    .leftJoin(employees, and(eq(employees.user_id, users.id), isNull(employees.deleted_at)))
    .where(
      and(
        eq(apiTokens.token_hash, sql.placeholder('hash')),
        isNull(apiTokens.revoked_at),
        gt(apiTokens.expires_at, sql`now()`),
        isNull(users.disabled_at),
      ),
    )
    .limit(1)
    .prepare('chobo_auth_token');
}
type TokenRow = Awaited<ReturnType<ReturnType<typeof buildTokenQuery>['execute']>>[number];

/** The auth epoch alone: what a request whose token lookup is in memory reads. */
function buildEpochQuery(db: Db) {
  return db.select({ epoch: authEpoch.epoch }).from(authEpoch).where(eq(authEpoch.id, 1)).prepare('chobo_auth_epoch');
}

/** At most this many tokens' lookups are kept per database handle (the oldest read goes first). */
const CACHED_TOKENS = 20_000;

interface AuthLookup {
  token: ReturnType<typeof buildTokenQuery>;
  epoch: ReturnType<typeof buildEpochQuery>;
  /** token hash → its lookup, valid while the epoch read with it is the current one */
  cache: Map<string, TokenRow>;
  /** the epoch read that the requests of this turn of the event loop wait for, not sent yet */
  nextEpoch?: Promise<number | undefined>;
  /** how many epoch reads were sent (the tests and the benchmark compare it with the requests) */
  epochReads: number;
}
const lookups = new WeakMap<Db, AuthLookup>();
function authLookup(db: Db): AuthLookup {
  let l = lookups.get(db);
  if (!l) {
    l = { token: buildTokenQuery(db), epoch: buildEpochQuery(db), cache: new Map(), epochReads: 0 };
    lookups.set(db, l);
  }
  return l;
}

/**
 * The current auth epoch, for a request that has arrived: the requests that ask during one turn of the event
 * loop share ONE read, sent once they have all asked (setImmediate), so it starts after each of them arrived
 * and sees every change committed before — what a read of its own would see (ADR 0034). Under load this is one
 * round trip for many requests instead of one each; alone, a request waits one turn (microseconds).
 */
function currentEpoch(l: AuthLookup): Promise<number | undefined> {
  if (!l.nextEpoch) {
    l.nextEpoch = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      l.nextEpoch = undefined; // a request arriving from now on waits for the next read
      l.epochReads++;
      const [current] = await l.epoch.execute();
      return current?.epoch;
    });
  }
  return l.nextEpoch;
}

/** How many auth epoch reads this database handle has sent (ADR 0034; tests and benchmarks). */
export function authEpochReads(db: Db): number {
  return lookups.get(db)?.epochReads ?? 0;
}

/**
 * The caller's token row: from memory when it was read at the current auth epoch (one one-row read instead
 * of the four-table lookup), else from the database. Every change that could alter the answer increases
 * the epoch in its own transaction (migration 0025), so a change shows on the next request in every
 * server process; expiry is checked here against the row's expires_at.
 */
async function lookupToken(db: Db, hash: string): Promise<TokenRow | undefined> {
  const l = authLookup(db);
  const cached = l.cache.get(hash);
  if (cached) {
    const current = await currentEpoch(l);
    if (current === cached.epoch && cached.expiresAt.getTime() > Date.now()) return cached;
    l.cache.delete(hash);
  }
  const [row] = await l.token.execute({ hash });
  if (row) {
    if (l.cache.size >= CACHED_TOKENS) l.cache.delete(l.cache.keys().next().value as string);
    l.cache.set(hash, row);
  }
  return row;
}

async function authenticate(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<AuthContext> {
  const token = bearer(req);
  if (!token) throw unauthorized();
  const db = app.deps.db;
  const row = await lookupToken(db, hashToken(token));
  if (!row) throw unauthorized('ログインの有効期限が切れました。再度ログインしてください');
  if (row.companyStatus === 'suspended') throw unauthorized('企業のアカウントが停止されているため利用できません');
  // checked on every request (the cached row holds the date, the day changes under it): no renewal either
  if (pastLeaveDate(row.leaveDate)) throw unauthorized(pastLeaveDateMessage(row.leaveDate, '利用'));

  // Renewal: when less than half of the token's life remains, hand out a new one (once).
  const now = Date.now();
  const life = row.expiresAt.getTime() - row.createdAt.getTime();
  if (!row.replacedAt && row.expiresAt.getTime() - now < life / 2) {
    const ttl = await tokenTtlSeconds(app.deps);
    const renewed = await db.transaction(async (tx) => {
      const replaced = await tx
        .update(apiTokens)
        .set({
          replaced_at: sql`now()`,
          expires_at: sql`least(${apiTokens.expires_at}, now() + make_interval(secs => ${REPLACED_GRACE_SECONDS}))`,
        })
        .where(and(eq(apiTokens.id, row.tokenId), isNull(apiTokens.replaced_at)))
        .returning({ id: apiTokens.id });
      if (replaced.length === 0) return null;
      return issueToken(tx as unknown as Db, row.userId, ttl, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
    });
    if (renewed) {
      reply.header('X-New-Token', renewed.token);
      reply.header('X-New-Token-Expires', String(renewed.token_expires));
    }
  }

  const role = row.role as Role;
  const domainPermissions = row.domainPermissions ?? [];
  return {
    userId: row.userId,
    tokenId: row.tokenId,
    role,
    name: row.name,
    email: row.email,
    companyId: row.companyId,
    domainId: row.domainId,
    domainRoles: row.domainRoles ?? [],
    domainPermissions,
    permissions: effectivePermissions(role, { adminPermissions: row.adminPermissions, domainPermissions }),
    epoch: row.epoch,
  };
}

/** The signed-in caller (routes that are not public always have one). */
export function requireAuth(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  schema: RouteOptions['schema'];
}

/**
 * Every /api route with a schema documents (and serialises) its 4xx answers as the error body
 * `{ message, errors? }` that plugins/errors.ts sends, unless it declares its own.
 */
function withErrorResponses(route: RouteOptions): void {
  if (!route.schema || route.schema.hide) return;
  const response = (route.schema.response ?? {}) as Record<string, unknown>;
  if (Object.keys(response).some((status) => status.startsWith('4'))) return;
  route.schema = { ...route.schema, response: { ...response, '4xx': apiErrorDto } };
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  const apiRoutes: RegisteredRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`route ${route.method} ${route.url} declares no access rule`);
    }
    assertTenantRoute(route);
    if (route.url.startsWith('/api') && !route.url.startsWith('/api/docs')) {
      withErrorResponses(route);
      for (const method of [route.method].flat()) {
        apiRoutes.push({ method, url: route.url, access: route.config?.access, schema: route.schema });
      }
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    const access = req.routeOptions.config?.access;
    if (!access || access.public) {
      // Public routes still learn who is calling when a valid token is sent (e.g. logout).
      return;
    }
    const auth = await authenticate(app, req, reply);
    req.auth = auth;
    if (access.roles && !access.roles.includes(auth.role)) throw forbidden();
    const required =
      auth.role === 'admin' && access.adminPermission !== undefined
        ? access.adminPermission
        : (access.permission ?? '');
    if (!isPermitted(required, auth.permissions)) throw forbidden();
  });
});

export { HttpError };
