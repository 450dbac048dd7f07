import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { HttpError } from '../lib/http-errors.js';
import { sqlRows } from '../modules/accounting/sql-rows.js';

/** Per-client (IP address) request limits of /api, counted in the database. 0 = no limit of that kind. */
export interface RateLimits {
  /** Requests per window to signed-in routes. */
  max: number;
  /** Requests per window to public routes (sign-in, invitations, zip code search …). */
  publicMax: number;
  windowSeconds: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { max: 300, publicMax: 60, windowSeconds: 60 };

export const RATE_LIMIT_MESSAGE = 'リクエストが多すぎます。しばらくしてから再度お試しください';

/** Sweep expired counters once per this many increments (per process). */
const SWEEP_EVERY = 500;

interface StoreResult {
  current: number;
  ttl: number;
}
type Callback = (err: Error | null, res?: StoreResult) => void;

/**
 * A @fastify/rate-limit store on the table rate_limit_counters: one atomic upsert per request, so every
 * server process sharing the database shares the count. Fixed window: the first request after reset_at
 * starts a new window.
 */
export function databaseStore(db: Db, log: FastifyInstance['log']) {
  let calls = 0;
  const incr = async (key: string, windowMs: number): Promise<StoreResult> => {
    const seconds = Math.max(1, Math.ceil(windowMs / 1000));
    const [row] = await sqlRows<{ count: number; ttl_ms: string | number }>(
      db,
      sql`insert into rate_limit_counters as c (key, count, reset_at)
          values (${key}, 1, now() + make_interval(secs => ${seconds}))
          on conflict (key) do update set
            count = case when c.reset_at <= now() then 1 else c.count + 1 end,
            reset_at = case when c.reset_at <= now() then now() + make_interval(secs => ${seconds}) else c.reset_at end
          returning c.count, ceil(extract(epoch from (c.reset_at - now())) * 1000) as ttl_ms`,
    );
    if (++calls % SWEEP_EVERY === 0) {
      db.execute(sql`delete from rate_limit_counters where reset_at < now() - interval '1 minute'`).catch((err) =>
        log.warn({ err }, 'rate limit sweep failed'),
      );
    }
    return { current: Number(row.count), ttl: Math.max(0, Number(row.ttl_ms)) };
  };
  return class DatabaseStore {
    incr(key: string, cb: Callback, timeWindow: number) {
      incr(key, timeWindow).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }
    child() {
      return new DatabaseStore();
    }
  };
}

const isPublic = (req: FastifyRequest) => req.routeOptions.config?.access?.public === true;
const isApi = (req: FastifyRequest) => req.url.startsWith('/api/');

/**
 * The global limit of /api (not the web app's files, not /api/health): `max` per window and IP address for
 * signed-in routes, `publicMax` for public ones (counted separately). Over it: 429 with Retry-After and
 * the Japanese message. Sign-in and invitations keep their own, stricter, per-IP limits.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { limits: RateLimits; db: Db }) => {
  const { limits } = opts;
  await app.register(rateLimit, {
    global: true,
    timeWindow: limits.windowSeconds * 1000,
    max: (req) => (isPublic(req) ? limits.publicMax : limits.max),
    keyGenerator: (req) => `${isPublic(req) ? 'public' : 'api'}:${req.ip}`,
    allowList: (req) =>
      !isApi(req) || req.url.startsWith('/api/health') || (isPublic(req) ? limits.publicMax : limits.max) <= 0,
    store: databaseStore(opts.db, app.log),
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: () => new HttpError(429, RATE_LIMIT_MESSAGE),
  });
});
