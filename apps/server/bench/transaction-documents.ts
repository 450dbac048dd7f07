/**
 * Purchases benchmark (part of `npm run bench`): 100,000 発注取引 documents of 200 suppliers in one company
 * (plus 20 other companies' documents around them), then p50/p95 of the 電帳法 searches — combined date +
 * amount + supplier (first and last page), date + amount, all filters, unfiltered, keyword — each beside
 * GET /api/health and the raw SQL of the same page (count + page with the supplier's name) measured in the
 * same run; and the upload of a 1 KB and a 5 MB PDF end to end (multipart, magic bytes + %%EOF, SHA-256,
 * write + fsync + link under a temporary DATA_DIR/files, rows + history + audit in one transaction).
 * Targets (issue 10): search ≤ 50 ms a page, 5 MB upload ≤ 300 ms on the embedded database.
 * BENCH_DOCS (default 100000), BENCH_RUNS (default 60), BENCH_SKIP_POSTGRES=1.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, runMigrations } from '../src/db/client.js';
import { customers } from '../src/db/schema/index.js';
import { LocalFileStorage } from '../src/lib/storage.js';
import { createCompany, createTestDatabase, createUser, signIn } from '../src/test/harness.js';
import { multipartFiles, tinyPdf } from '../src/test/multipart.js';
import { benchApp, timed } from './support.js';

const N = Number(process.env.BENCH_DOCS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const UPLOAD_RUNS = Math.max(5, Math.round(RUNS / 3));

/** n documents in one statement (generate_series): suppliers round-robin, dates over 2,400 days from 2020. */
async function bulkDocuments(database: Database, companyId: number, supplierIds: number[], n: number) {
  const ids = sql.raw(`array[${supplierIds.join(',')}]::int[]`);
  await database.db.execute(sql`
    insert into transaction_documents
      (company_id, customer_id, document_type, transaction_date, amount, taxes, registration_number,
       payment_method, status, memo)
    select ${companyId}, (${ids})[j % ${supplierIds.length} + 1], (array[4, 5, 3, 1, 4, 6])[j % 6 + 1],
      date '2020-01-01' + (j % 2400)::int, b + b / 10,
      jsonb_build_array(jsonb_build_object('tax_category', '10', 'base', b, 'tax', b / 10)),
      case when j % 5 = 0 then null else 'T7000012050002' end, (array[1, 2, 3, 4, 9])[j % 5 + 1],
      case when j % 3 = 0 then 1 else 0 end, 'ベンチ仕入' || j
    from (select j, 1000 + ((j * 7919) % 997) * 1000 as b from generate_series(0::bigint, ${n - 1}::bigint) j) s`);
}

async function run(label: string, open: () => Promise<Database>) {
  const database = await open();
  await runMigrations(database);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chobo-bench-files-'));
  const app = await benchApp(database, {
    storage: new LocalFileStorage(path.join(dataDir, 'files')),
  });
  const company = await createCompany(database.db);
  const owner = await createUser(database.db, { role: 'company', companyId: company.id });
  const sup = await database.db
    .insert(customers)
    .values(
      Array.from({ length: 200 }, (_, i) => ({
        company_id: company.id,
        name: `株式会社仕入先${i}`,
        name_kana: `シイレサキ${i}`,
        used_for: 2,
      })),
    )
    .returning({ id: customers.id });
  const t0 = performance.now();
  await bulkDocuments(
    database,
    company.id,
    sup.map((c) => c.id),
    N,
  );
  for (let c = 0; c < 20; c++) {
    const other = await createCompany(database.db);
    const oc = await database.db
      .insert(customers)
      .values({ company_id: other.id, name: '他社の仕入先', used_for: 2 })
      .returning({ id: customers.id });
    await bulkDocuments(database, other.id, [oc[0].id], 1000);
  }
  await database.db.execute(sql`analyze`);
  const loadSeconds = ((performance.now() - t0) / 1000).toFixed(1);
  process.stderr.write(`${label}: loaded in ${loadSeconds} s, measuring…\n`);
  const token = await signIn(app, owner.email, 'correct-horse-42');
  const headers = { authorization: `Bearer ${token}` };
  const get = (url: string) => app.inject({ method: 'GET', url, headers });
  const time = (fn: () => Promise<{ statusCode: number; body: string }>, ok = 200, runs = RUNS) =>
    timed(fn, { runs, ok });
  const rows: Record<string, string>[] = [];
  const baseline = await time(() => get('/api/health'));
  const add = (name: string, s: { p50: number; p95: number }, target: string, note = '') =>
    rows.push({
      case: name,
      'p50 ms': s.p50.toFixed(2),
      'p95 ms': s.p95.toFixed(2),
      '× baseline': (s.p50 / baseline.p50).toFixed(1),
      target,
      note,
    });
  add('baseline GET /api/health', baseline, '');

  const supplier = sup[17].id;
  const combined = `start_date=2021-01-01&end_date=2024-12-31&amount_min=100000&amount_max=800000&customer_id=${supplier}`;
  const hits = (await get(`/api/transaction-documents?${combined}`)).json().meta.total as number;
  // the raw SQL of the same page: count + the page with the supplier's name
  const raw = await time(async () => {
    const where = sql`d.company_id = ${company.id} and d.deleted_at is null and d.transaction_date between '2021-01-01' and '2024-12-31' and d.amount between 100000 and 800000 and d.customer_id = ${supplier}`;
    await database.db.execute(sql`select count(*)::int from transaction_documents d where ${where}`);
    await database.db.execute(
      sql`select d.*, c.name from transaction_documents d left join customers c on c.id = d.customer_id where ${where} order by d.transaction_date desc, d.id desc limit 20`,
    );
    return { statusCode: 200, body: '' };
  });
  add('raw SQL of the combined search page (count + page)', raw, '(baseline)');
  add(
    `combined date + amount + supplier, page 1 (${hits} hits)`,
    await time(() => get(`/api/transaction-documents?${combined}`)),
    '≤ 50 ms',
  );
  add(
    'combined, last page',
    await time(() => get(`/api/transaction-documents?${combined}&page=${Math.max(1, Math.ceil(hits / 20))}`)),
    '≤ 50 ms',
  );
  add(
    'date + amount only, page 1',
    await time(() =>
      get('/api/transaction-documents?start_date=2023-04-01&end_date=2023-04-30&amount_min=100000&amount_max=500000'),
    ),
    '≤ 50 ms',
  );
  add(
    'all filters (type, status, payment, date, amount, supplier)',
    await time(() => get(`/api/transaction-documents?${combined}&document_type=4&status=0&payment_method=1`)),
    '≤ 50 ms',
  );
  add('unfiltered list, page 1', await time(() => get('/api/transaction-documents')), '≤ 50 ms');
  add(
    'keyword (supplier name)',
    await time(() => get(`/api/transaction-documents?keyword=${encodeURIComponent('仕入先17')}`), 200, 10),
    '—',
  );

  const doc = (
    await app.inject({
      method: 'POST',
      url: '/api/transaction-documents',
      headers,
      payload: { customer_id: supplier, document_type: 4, transaction_date: '2026-11-20', amount: 11000 },
    })
  ).json().data;
  const small = multipartFiles([{ name: '請求書.pdf', bytes: tinyPdf('bench') }]);
  const fiveMb = multipartFiles([
    {
      name: '請求書_5MB.pdf',
      bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5 * 1024 * 1024, 0x41), Buffer.from('\n%%EOF\n')]),
    },
  ]);
  const uploadOf = (m: ReturnType<typeof multipartFiles>) => () =>
    app.inject({
      method: 'POST',
      url: `/api/transaction-documents/${doc.id}/files`,
      headers: { ...headers, ...m.headers },
      payload: m.body,
    });
  add('upload a 1 KB PDF (same path)', await time(uploadOf(small), 201, UPLOAD_RUNS), '(baseline)');
  add('upload a 5 MB PDF end to end', await time(uploadOf(fiveMb), 201, UPLOAD_RUNS), '≤ 300 ms (embedded)');

  console.log(
    `\n${label}: ${N.toLocaleString('en-US')} documents of 200 suppliers in one company + 20 × 1,000 in others (loaded in ${loadSeconds} s), ${RUNS} sequential requests per search case, ${UPLOAD_RUNS} per upload case`,
  );
  console.table(rows);
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}

console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, load average ${os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')}`,
);
await run('embedded PGlite (in memory)', () => openDatabase({ dataDir: 'memory://' }));
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const probe = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
if (
  process.env.BENCH_SKIP_POSTGRES !== '1' &&
  (await probe.connect().then(
    () => probe.end().then(() => true),
    () => false,
  ))
) {
  process.env.TEST_DATABASE_URL = pgUrl;
  await run('PostgreSQL', async () => createTestDatabase());
} else {
  console.log('\nPostgreSQL: not reachable or skipped');
}
