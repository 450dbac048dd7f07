import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/client.js';
import { loadEnv } from '../src/env.js';

/** What the benches share: percentiles of samples, and the app as every bench builds it. */

/** The median, the 95th percentile and the mean of a run's samples (milliseconds). */
export function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const pick = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { p50: pick(0.5), p95: pick(0.95), mean: s.reduce((a, b) => a + b, 0) / s.length };
}

type AppOptions = Parameters<typeof buildApp>[0];

/** The app over `database` with a silent log and no rate limits (the benches send thousands of requests). */
export function benchApp(database: Database, more: Partial<AppOptions> = {}) {
  return buildApp({
    env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    db: database.db,
    driver: database.driver,
    rateLimits: false,
    ...more,
  });
}

type Answer = { statusCode?: number; body?: string };

/**
 * Times `fn` `runs` times after `warmup` untimed calls; an answer whose status is not `ok` stops the bench
 * (a bench never times errors). Returns the stats of the timed calls.
 */
export async function timed(
  fn: () => Promise<unknown>,
  { runs, warmup = 5, ok = 200 }: { runs: number; warmup?: number; ok?: number },
) {
  for (let i = 0; i < warmup; i++) await fn();
  const s: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = (await fn()) as Answer | undefined;
    s.push(performance.now() - t);
    if (res?.statusCode !== undefined && res.statusCode !== ok) {
      throw new Error(`${res.statusCode} ${res.body?.slice(0, 300)}`);
    }
  }
  return stats(s);
}
