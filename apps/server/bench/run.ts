/**
 * `npm run bench`: API latency of the foundation's calls, on the embedded database and (when one answers
 * on 127.0.0.1:5432 or BENCH_DATABASE_URL) on PostgreSQL, each with /api/health measured in the same run as
 * the baseline. Requests go through app.inject() (no network), sequentially, after a warm-up.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { openDatabase, runMigrations } from '../src/db/client.js';
import { customers } from '../src/db/schema/index.js';
import { seedDemoAccounting } from '../src/db/seed/demo-accounting.js';
import { loadEnv } from '../src/env.js';
import { systemTenant } from '../src/lib/context.js';
import { seedDefaultAccounts } from '../src/modules/accounting/chart-of-accounts.js';
import { createCompany, createTestDatabase, createUser, signIn } from '../src/test/harness.js';
import { stats } from './support.js';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

async function bench(label: string, open: () => ReturnType<typeof openDatabase>) {
  const database = await open();
  await runMigrations(database);
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test' }),
    db: database.db,
    driver: database.driver,
    rateLimits: false,
  });
  const company = await createCompany(database.db);
  const owner = await createUser(database.db, { role: 'company', companyId: company.id });
  for (let i = 0; i < CUSTOMERS; i += 5000) {
    await database.db.insert(customers).values(
      Array.from({ length: Math.min(5000, CUSTOMERS - i) }, (_, k) => ({
        company_id: company.id,
        name: `株式会社ベンチ${String(i + k).padStart(6, '0')}`,
        name_kana: `ベンチ${i + k}`,
        tel: `03-${String(1000 + ((i + k) % 9000))}-${String(1000 + ((i + k) % 8999))}`,
      })),
    );
  }
  await database.db.execute(sql`analyze`);
  const token = await signIn(app, owner.email, 'correct-horse-42');
  const headers = { authorization: `Bearer ${token}` };
  const cases: [string, string][] = [
    ['baseline GET /api/health', '/api/health'],
    ['GET /api/me', '/api/me'],
    ['customers page 1 (id desc)', '/api/company/customer'],
    ['customers last page by name', `/api/company/customer?sort_by=name&page=${Math.ceil(CUSTOMERS / 20)}`],
    ['customers keyword search', `/api/company/customer?keyword=${encodeURIComponent('ベンチ1234')}`],
  ];
  const rows: Record<string, string | number>[] = [];
  let baseline = 0;
  for (const [name, url] of cases) {
    for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url, headers });
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      samples.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    }
    const s = stats(samples);
    if (!baseline) baseline = s.p50;
    rows.push({
      case: name,
      'p50 ms': s.p50.toFixed(2),
      'p95 ms': s.p95.toFixed(2),
      '× baseline p50': (s.p50 / baseline).toFixed(1),
    });
  }
  // sign-in (argon2id verify dominates)
  const logins: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await signIn(app, owner.email, 'correct-horse-42');
    logins.push(performance.now() - t);
  }
  const l = stats(logins);
  rows.push({
    case: 'POST /api/login',
    'p50 ms': l.p50.toFixed(2),
    'p95 ms': l.p95.toFixed(2),
    '× baseline p50': (l.p50 / baseline).toFixed(1),
  });
  console.log(`\n${label}: ${CUSTOMERS} customers in one company, ${RUNS} sequential requests per case`);
  console.table(rows);
  // the demo's two fiscal years of journal (`npm run seed`/demo start-up); goal: well under a minute
  const demo = await createCompany(database.db, { fiscal_year_end_month: 3 });
  await seedDefaultAccounts(systemTenant(database.db, demo.id));
  const t = performance.now();
  await database.db.transaction((tx) => seedDemoAccounting(systemTenant(tx, demo.id), { today: '2026-11-21' }));
  console.log(
    `demo accounting seed (two fiscal years): ${((performance.now() - t) / 1000).toFixed(1)} s (goal < 60 s)`,
  );
  await app.close();
  await database.close();
}

console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
await bench('embedded PGlite (in memory)', () => openDatabase({ dataDir: 'memory://' }));
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const probe = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
const reachable = await probe.connect().then(
  () => probe.end().then(() => true),
  () => false,
);
if (reachable) {
  process.env.TEST_DATABASE_URL = pgUrl;
  await bench('PostgreSQL', async () => createTestDatabase());
} else {
  console.log('\nPostgreSQL: not reachable, skipped');
}
