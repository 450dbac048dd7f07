import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../db/schema/index.js';
import { EnvError, loadEnv } from '../env.js';
import { createTestApp, type TestContext } from '../test/harness.js';

/**
 * TRUST_PROXY (ADR 0058): behind a load balancer the client is the one its X-Forwarded-For names — only when
 * the connection comes from an address TRUST_PROXY lists; anyone else's header is ignored. Seen here through
 * the per-IP sign-in record (login_attempts.ip), what the per-IP limit counts.
 */
const apps: TestContext[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

async function signInFrom(env: Record<string, string>, remoteAddress: string, forwarded: string) {
  const ctx = await createTestApp({ env });
  apps.push(ctx);
  const email = `nobody-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    headers: { 'x-forwarded-for': forwarded },
    payload: { email, password: 'wrong-password-1' },
  });
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  const [row] = await ctx.db
    .select({ ip: loginAttempts.ip })
    .from(loginAttempts)
    .where(eq(loginAttempts.email, email))
    .orderBy(desc(loginAttempts.id));
  return row?.ip;
}

describe('TRUST_PROXY', () => {
  it('unset: the connection is the client, a forwarded header is ignored', async () => {
    expect(await signInFrom({}, '10.0.0.5', '203.0.113.7')).toBe('10.0.0.5');
  });

  it('from a listed balancer: the client its X-Forwarded-For names', async () => {
    expect(await signInFrom({ TRUST_PROXY: '10.0.0.0/24' }, '10.0.0.5', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('from an address not listed: the header is not believed', async () => {
    expect(await signInFrom({ TRUST_PROXY: '10.0.0.1' }, '198.51.100.9', '203.0.113.7')).toBe('198.51.100.9');
  });

  it('refuses a value that is not addresses or ranges', () => {
    expect(loadEnv({ TRUST_PROXY: '10.0.0.1, ::1, 10.1.0.0/16' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '::1',
      '10.1.0.0/16',
    ]);
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(EnvError);
    expect(() => loadEnv({ TRUST_PROXY: 'balancer.example.jp' })).toThrow(EnvError);
  });
});
