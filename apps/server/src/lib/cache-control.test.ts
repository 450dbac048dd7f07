import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadEnv } from '../env.js';
import { companyOwner, useTestApp } from '../test/harness.js';

const ctx = useTestApp();

/** The app serving a built web app from a fresh folder holding index.html (and whatever `files` the test writes). */
async function webApp(index: string, files: Record<string, string> = {}) {
  const dist = mkdtempSync(path.join(tmpdir(), 'chobo-web-'));
  writeFileSync(path.join(dist, 'index.html'), index);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), text);
  }
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test' }),
    db: ctx.db,
    driver: ctx.app.deps.driver,
    serveWeb: true,
    webDist: dist,
  });
  return { app, dist };
}

describe('Cache-Control on /api answers', () => {
  it('JSON answers, errors and 404s carry no-store', async () => {
    const owner = await companyOwner(ctx);
    const ok = await owner.api.get('/api/me');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const unauth = await ctx.app.inject({ method: 'GET', url: '/api/me' });
    expect(unauth.statusCode).toBe(401);
    expect(unauth.headers['cache-control']).toBe('no-store');
    const missing = await owner.api.get('/api/no-such-route');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const invalid = await owner.api.post('/api/company/customer', {});
    expect(invalid.statusCode).toBe(422);
    expect(invalid.headers['cache-control']).toBe('no-store');
  });

  it('the built web app keeps its own caching (immutable assets, no-cache index)', async () => {
    const { app } = await webApp('<!doctype html><title>t</title>', { 'assets/app-1234.js': 'console.log(1)' });
    try {
      const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const index = await app.inject({ method: 'GET', url: '/customers' });
      expect(index.headers['cache-control']).toBe('no-cache');
    } finally {
      await app.close();
    }
  });

  it('sends the sign-in routes their pages with the static markup when the build wrote them', async () => {
    const { app, dist } = await webApp('<!doctype html><title>index</title>');
    try {
      // not built: the plain app
      expect((await app.inject({ method: 'GET', url: '/login' })).body).toContain('index');
      writeFileSync(path.join(dist, 'login.html'), '<!doctype html><title>login</title>');
      writeFileSync(path.join(dist, 'employee-login.html'), '<!doctype html><title>employee</title>');
      for (const [url, title] of [
        ['/login', 'login'],
        ['/login?redirect=%2Fcompany', 'login'],
        ['/company/login', 'login'],
        ['/employee/login/', 'employee'],
        ['/company', 'index'],
        ['/', 'index'],
        // the links mailed for a password reset and an employee's or a company account's first password end
        // in the e-mail address: still the app, not a missing file
        ['/password-reset?token=abc123&email=owner%40example.com', 'index'],
        ['/password-reset?token=abc123&email=taro%40example.co.jp', 'index'],
        ['/register?token=abc.def', 'index'],
        ['/email/confirm?token=abc123', 'index'],
      ] as const) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(`<title>${title}</title>`);
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
    } finally {
      await app.close();
    }
  });

  it('answers a missing file (by its path, never its query) with the JSON 404', async () => {
    const { app } = await webApp('<!doctype html><title>index</title>');
    try {
      for (const url of ['/missing.png', '/assets/gone-1234.js', '/favicon.ico?v=2']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ message: 'ページが見つかりません' });
      }
    } finally {
      await app.close();
    }
  });
});
