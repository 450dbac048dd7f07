/**
 * `npx tsx bench/product-download.ts`: GET /api/product-download of 100,000 products over real HTTP,
 * both encodings, measuring wall time, bytes and the process's peak RSS / heap while streaming.
 * Embedded database by default; BENCH_DATABASE_URL=postgres://… uses a fresh database on that server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.js';
import { products } from '../src/db/schema/index.js';
import { loadEnv } from '../src/env.js';
import { createCompany, createTestDatabase, createUser, signIn } from '../src/test/harness.js';

const N = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const TAX = ['10', '8', 'exempt', 'out_of_scope'] as const;

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const database = await createTestDatabase();
const app = await buildApp({
  env: loadEnv({ NODE_ENV: 'test' }),
  db: database.db,
  driver: database.driver,
  rateLimits: false,
});
const company = await createCompany(database.db);
const owner = await createUser(database.db, { role: 'company', companyId: company.id });
const token = await signIn(app, owner.email);

const t0 = performance.now();
for (let i = 0; i < N; i += 5000) {
  await database.db.insert(products).values(
    Array.from({ length: Math.min(5000, N - i) }, (_, k) => {
      const n = i + k;
      return {
        company_id: company.id,
        code: `P${String(n).padStart(7, '0')}`,
        name: `①㈱髙﨑～商品 ${n} 「テスト」, "引用"`,
        unit: '個',
        unit_price: (n * 37) % 100000,
        tax_category: TAX[n % 4],
        description: n % 10 === 0 ? `説明 ${n}` : null,
        is_active: n % 7 !== 0,
      };
    }),
  );
}
console.log(`driver ${database.driver}: inserted ${N} products in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;

async function measure(encoding: 'utf8' | 'sjis') {
  global.gc?.();
  const baseRss = process.memoryUsage().rss;
  const baseHeap = process.memoryUsage().heapUsed;
  let peakRss = baseRss;
  let peakHeap = baseHeap;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const start = performance.now();
  let firstByte = 0;
  const bytes = await new Promise<number>((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port,
          path: `/api/product-download?encoding=${encoding}`,
          headers: { authorization: `Bearer ${token}` },
        },
        (res) => {
          let total = 0;
          res.on('data', (chunk: Buffer) => {
            if (!firstByte) firstByte = performance.now() - start;
            total += chunk.length; // counted, never kept
          });
          res.on('end', () => resolve(total));
          res.on('error', reject);
        },
      )
      .on('error', reject);
  });
  const ms = performance.now() - start;
  clearInterval(timer);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(
    `${encoding}: ${N} rows, ${mb(bytes)} MB in ${(ms / 1000).toFixed(2)} s (first byte ${firstByte.toFixed(0)} ms); ` +
      `RSS ${mb(baseRss)} → peak ${mb(peakRss)} MB (+${mb(peakRss - baseRss)}), heap ${mb(baseHeap)} → peak ${mb(peakHeap)} MB (+${mb(peakHeap - baseHeap)})`,
  );
}

await measure('utf8');
await measure('sjis');
await measure('utf8');
await app.close();
await database.close();
