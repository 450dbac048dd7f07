import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { HttpError } from '../lib/http-errors.js';
import { sqlRows } from '../modules/accounting/sql-rows.js';

/** Per-client (IP address) request limits of /api, shared through the database. 0 = no limit of that kind. */
export interface RateLimits {
  /** Requests per window to signed-in routes. */
  max: number;
  /** Requests per window to public routes (sign-in, invitations, zip code search …). */
  publicMax: number;
  windowSeconds: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { max: 300, publicMax: 60, windowSeconds: 60 };

export const RATE_LIMIT_MESSAGE = 'リクエストが多すぎます。しばらくしてから再度お試しください';

/**
 * A client's count is kept in the process while it stays at or below this share of its limit; past it,
 * every request goes to the database (exact). See ADR 0019.
 */
export const LOCAL_SHARE = 0.5;
/** Keys counted in the database on every request (the public bucket: a low limit that must be exact). */
const isExactKey = (key: string) => key.startsWith('public:');
/** The counts kept in the process are written to the database (one statement for every key) this often. */
export const FLUSH_EVERY_MS = 1000;
/** Delete expired counters once per this many flushes (per process). */
const SWEEP_EVERY = 60;

interface StoreResult {
  current: number;
  ttl: number;
}
type Callback = (err: Error | null, res?: StoreResult) => void;

interface Slot {
  /** The database's count as last seen (every process's flushed requests). */
  base: number;
  /** This process's requests not yet written. */
  pending: number;
  /** The window's end (this process's clock). */
  resetAt: number;
  windowMs: number;
}

/**
 * A @fastify/rate-limit store on the table rate_limit_counters, shared by every server process on the
 * database, without a database round trip on most requests (ADR 0019):
 * - each process counts a client's requests in memory and writes what it counted to the database once a
 *   second, every client in one upsert, reading back the shared totals;
 * - a client whose known total passes LOCAL_SHARE of its limit is counted in the database on each request
 *   (its pending requests with it), so the 429 decision near the limit is the database's exact count.
 * A signed-in client can therefore exceed its limit by what the OTHER processes counted in their last second
 * below half the limit; it is never refused early. The public bucket (a low limit guarding sign-in and the
 * other unauthenticated routes) is counted exactly: each request is one atomic upsert whose returned total
 * decides. Fixed window: the first request after reset_at starts a new one.
 */
export function databaseStore(db: Db, log: FastifyInstance['log']) {
  const slots = new Map<string, Slot>();
  let flushes = 0;

  /** Adds `counts` to the database and returns each key's total and remaining window. */
  const write = async (counts: { key: string; n: number; windowMs: number }[]) => {
    const sorted = [...counts].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)); // no deadlocks
    const values = sql.join(
      sorted.map(
        (c) =>
          sql`(${c.key}::varchar, ${c.n}::integer, now() + make_interval(secs => ${Math.max(1, Math.ceil(c.windowMs / 1000))}::integer))`,
      ),
      sql`, `,
    );
    const rows = await sqlRows<{ key: string; count: number; ttl_ms: string | number }>(
      db,
      sql`insert into rate_limit_counters as c (key, count, reset_at)
          values ${values}
          on conflict (key) do update set
            count = case when c.reset_at <= now() then excluded.count else c.count + excluded.count end,
            reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
          returning c.key, c.count, ceil(extract(epoch from (c.reset_at - now())) * 1000) as ttl_ms`,
    );
    if (++flushes % SWEEP_EVERY === 0) {
      db.execute(sql`delete from rate_limit_counters where reset_at < now() - interval '1 minute'`).catch((err) =>
        log.warn({ err }, 'rate limit sweep failed'),
      );
    }
    const now = Date.now();
    const totals = new Map<string, StoreResult>();
    for (const row of rows) {
      const res = { current: Number(row.count), ttl: Math.max(0, Number(row.ttl_ms)) };
      totals.set(row.key, res);
      const slot = slots.get(row.key);
      if (slot) {
        slot.base = res.current;
        slot.resetAt = now + res.ttl;
      }
    }
    return totals;
  };

  /**
   * Writes what `keys` (default: every key with something pending) counted since the last write; a key given
   * by name is written even with nothing pending (adds 0: reads the shared total).
   */
  const flush = async (keys?: string[]) => {
    const taken: { key: string; n: number; windowMs: number }[] = [];
    for (const key of keys ?? slots.keys()) {
      const slot = slots.get(key);
      if (!slot || (slot.pending === 0 && !keys)) continue;
      taken.push({ key, n: slot.pending, windowMs: slot.windowMs });
      slot.pending = 0;
    }
    if (taken.length === 0) return new Map<string, StoreResult>();
    try {
      return await write(taken);
    } catch (err) {
      // not written: counted again with the next write
      for (const t of taken) {
        const slot = slots.get(t.key);
        if (slot) slot.pending += t.n;
      }
      throw err;
    }
  };

  const flushAll = () => {
    const now = Date.now();
    for (const [key, slot] of slots) if (slot.pending === 0 && slot.resetAt <= now) slots.delete(key);
    return flush().then(
      () => undefined,
      (err) => log.warn({ err }, 'rate limit flush failed'),
    );
  };
  const timer = setInterval(flushAll, FLUSH_EVERY_MS);
  timer.unref();

  const incr = async (key: string, windowMs: number, max: number): Promise<StoreResult> => {
    const now = Date.now();
    let slot = slots.get(key);
    if (!slot || (slot.resetAt <= now && slot.pending === 0)) {
      slot = { base: 0, pending: 0, resetAt: now + windowMs, windowMs };
      slots.set(key, slot);
    } else if (slot.resetAt <= now) {
      // the window ended locally: what is still pending belongs to the old one
      slot.base = 0;
      slot.pending = 0;
      slot.resetAt = now + windowMs;
    }
    slot.pending++;
    const estimate = slot.base + slot.pending;
    if (!isExactKey(key) && estimate <= max * LOCAL_SHARE) return { current: estimate, ttl: slot.resetAt - now };
    const totals = await flush([key]);
    const res = totals.get(key);
    return res ?? { current: slot.base + slot.pending, ttl: Math.max(0, slot.resetAt - Date.now()) };
  };

  return {
    /** Writes every pending count and stops the timer (app close). */
    async close() {
      clearInterval(timer);
      await flushAll();
    },
    Store: class DatabaseStore {
      incr(key: string, cb: Callback, timeWindow: number, max: number) {
        incr(key, timeWindow, max).then(
          (res) => cb(null, res),
          (err: Error) => cb(err),
        );
      }
      child() {
        return new DatabaseStore();
      }
    },
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
  const store = databaseStore(opts.db, app.log);
  app.addHook('onClose', () => store.close());
  await app.register(rateLimit, {
    global: true,
    timeWindow: limits.windowSeconds * 1000,
    max: (req) => (isPublic(req) ? limits.publicMax : limits.max),
    keyGenerator: (req) => `${isPublic(req) ? 'public' : 'api'}:${req.ip}`,
    allowList: (req) =>
      !isApi(req) || req.url.startsWith('/api/health') || (isPublic(req) ? limits.publicMax : limits.max) <= 0,
    store: store.Store,
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
