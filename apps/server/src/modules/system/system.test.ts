import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../app.js';
import { loadEnv } from '../../env.js';
import { useTestApp } from '../../test/harness.js';

const ctx = useTestApp();

describe('reference data', () => {
  it('GET /api/prefectures lists the 47 prefectures by JIS code', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/prefectures' });
    const data = res.json().data;
    expect(Object.keys(data)).toHaveLength(47);
    expect(data['01']).toBe('北海道');
    expect(data['13']).toBe('東京都');
    expect(data['47']).toBe('沖縄県');
  });

  it('GET /api/search-zipcode finds the address offline, accepting a hyphen', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/search-zipcode?zipcode=100-0005' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toEqual({
      zipcode: '1000005',
      prefecture_code: '13',
      prefecture: '東京都',
      city: '千代田区',
      town: '丸の内',
    });
    const hokkaido = await ctx.app.inject({ method: 'GET', url: '/api/search-zipcode?zipcode=0600001' });
    expect(hokkaido.json().results[0]).toMatchObject({ prefecture_code: '01', city: '札幌市中央区' });
  });

  it('answers no results for an unknown code and 422 for a malformed one', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/search-zipcode?zipcode=0000000' })).json()).toEqual({
      results: [],
    });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/search-zipcode?zipcode=12a' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.zipcode).toEqual(['郵便番号は7桁の数字で入力してください']);
  });
});

describe('platform behaviour', () => {
  it('GET /api/health answers 200 with the database reachable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('CSP connect-src: this origin only, plus the API origins the operator allows for /api-settings', async () => {
    const connectSrc = (csp: unknown) =>
      String(csp)
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('connect-src'));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(connectSrc(res.headers['content-security-policy'])).toBe("connect-src 'self'");
    const other = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', APP_URL: 'http://chobo.test', API_ALLOWED_ORIGINS: 'https://api.example.jp' }),
      db: ctx.db,
      driver: ctx.app.deps.driver,
    });
    try {
      const page = await other.inject({ method: 'GET', url: '/login' });
      expect(connectSrc(page.headers['content-security-policy'])).toBe("connect-src 'self' https://api.example.jp");
    } finally {
      await other.close();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'ページが見つかりません' });
  });

  it('answers malformed JSON with 400 in Japanese', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'リクエストの形式が正しくありません' });
  });

  it('publishes the OpenAPI document with the customer and auth calls', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/me', '/api/company/customer', '/api/company/customer/{id}']),
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });
});

describe('guards and errors', () => {
  async function appWith(register: (app: Awaited<ReturnType<typeof buildApp>>) => void) {
    const app = await buildApp({ env: loadEnv({ NODE_ENV: 'test' }), db: ctx.db, driver: 'pglite' });
    register(app);
    return app;
  }

  it('refuses to start when an /api route declares no access rule', async () => {
    await expect(
      appWith((app) => {
        app.get('/api/forgotten', async () => ({ ok: true }));
      }),
    ).rejects.toThrow(/declares no access rule/);
  });

  it('answers an unexpected failure with a plain 500: no stack trace, no SQL', async () => {
    const app = await appWith((a) => {
      a.get('/api/boom', { config: { access: { public: true } } }, async () => {
        throw new Error('select password_hash from users -- secret');
      });
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'サーバーでエラーが発生しました。しばらくしてから再度お試しください' });
    expect(res.body).not.toMatch(/password_hash|at .*\.ts|stack/);
  });

  it('turns a zod error thrown by an action into 422 field errors', async () => {
    const app = await appWith((a) => {
      a.get('/api/zod', { config: { access: { public: true } } }, async () => {
        z.object({ amount: z.number({ error: '金額を入力してください' }) }).parse({});
      });
    });
    const res = await app.inject({ method: 'GET', url: '/api/zod' });
    await app.close();
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: '金額を入力してください', errors: { amount: ['金額を入力してください'] } });
  });
});

describe('serving the web app', () => {
  it('serves files, falls back to index.html for app routes, and 404s missing files and API paths', async () => {
    const { mkdtemp, mkdir, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dist = await mkdtemp(path.join(tmpdir(), 'chobo-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><html lang="ja"><title>Chobo</title></html>');
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const app = await buildApp({
      env: loadEnv({ NODE_ENV: 'test' }),
      db: ctx.db,
      driver: 'pglite',
      serveWeb: true,
      webDist: dist,
    });
    try {
      const page = await app.inject({ method: 'GET', url: '/company/customers?page=2' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('lang="ja"');
      expect(page.headers['cache-control']).toBe('no-cache');
      const root = await app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('lang="ja"');
      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      // precompressed files written by the build are sent as they are to clients that accept them
      const { brotliCompressSync, gzipSync, brotliDecompressSync } = await import('node:zlib');
      const big = `console.log(${JSON.stringify('帳簿'.repeat(2000))})`;
      await writeFile(path.join(dist, 'assets', 'big-aaa111.js'), big);
      await writeFile(path.join(dist, 'assets', 'big-aaa111.js.br'), brotliCompressSync(big));
      await writeFile(path.join(dist, 'assets', 'big-aaa111.js.gz'), gzipSync(big));
      const br = await app.inject({
        method: 'GET',
        url: '/assets/big-aaa111.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toContain('immutable');
      expect(br.headers['content-type']).toContain('javascript');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(big);
      const gzAnswer = await app.inject({
        method: 'GET',
        url: '/assets/big-aaa111.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzAnswer.headers['content-encoding']).toBe('gzip');
      const plain = await app.inject({ method: 'GET', url: '/assets/big-aaa111.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(big);
      // a file added after start-up (a rebuild) is served too
      await writeFile(path.join(dist, 'assets', 'late-def456.js'), 'console.log(2)');
      expect((await app.inject({ method: 'GET', url: '/assets/late-def456.js' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/assets/missing-000.js' })).statusCode).toBe(404);
      const api = await app.inject({ method: 'GET', url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ message: 'ページが見つかりません' });
    } finally {
      await app.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
