/**
 * Other requests during a large bank import on the embedded database (docs/adr/0027): a 100,000-row file
 * uploaded through HTTP (the job runs in this process, as in the server), and meanwhile GET requests every
 * 100 ms — first while the upload request itself is pending, then until the import is whole. Prints when
 * the upload answered, how many GETs were answered during the job, their median and slowest time, and the
 * progress values they saw. Not part of `npm run bench` (a one-off check of the between-chunk yield).
 */
import { performance } from 'node:perf_hooks';
import { openDatabase, runMigrations } from '../src/db/client.js';
import { bankAccounts } from '../src/db/schema/index.js';
import { createJobQueue } from '../src/lib/queue.js';
import { MemoryFileStorage } from '../src/lib/storage.js';
import { bankCsvFile, syntheticLines } from '../src/modules/bank-statements/statement-files.js';
import { createCompany, createUser, signIn } from '../src/test/harness.js';
import { multipartForm } from '../src/test/multipart.js';
import { benchApp } from './support.js';

const database = await openDatabase({ dataDir: 'memory://' });
await runMigrations(database);
const queue = createJobQueue(database, { pollingIntervalSeconds: 0.5 });
const app = await benchApp(database, {
  storage: new MemoryFileStorage(),
  queue,
});
const company = await createCompany(database.db);
const user = await createUser(database.db, { role: 'company', companyId: company.id });
const [ba] = await database.db
  .insert(bankAccounts)
  .values({
    company_id: company.id,
    bank_code: '0009',
    bank_name: 'x',
    branch_code: '001',
    branch_name: 'x',
    account_type: '普通',
    account_number: '1234567',
    account_holder: 'x',
  })
  .returning();
const token = await signIn(app, user.email);
const headers = { authorization: `Bearer ${token}` };
const form = multipartForm(
  { bank_account_id: ba.id },
  { name: 'b.csv', bytes: bankCsvFile('smbc', syntheticLines(100_000), 10_000_000_000) },
);
const t0 = performance.now();
const post = app.inject({
  method: 'POST',
  url: '/api/bank-statements',
  payload: form.body,
  headers: { ...form.headers, ...headers },
});
let answered = 0;
post.then(() => (answered = performance.now() - t0));
const seen: string[] = [];
while (!answered) {
  const s = performance.now();
  const r = await app.inject({ method: 'GET', url: '/api/bank-statements', headers });
  const d = r.json().data?.[0];
  await new Promise((ok) => setTimeout(ok, 100));
  seen.push(
    `${Math.round(s - t0)}+${Math.round(performance.now() - s)}:${d?.status ?? '-'}/${d?.processed_rows ?? '-'}`,
  );
}
console.log('GETs while the upload was pending:', seen.join(' '));
const res = await post;
const id = res.json().data.id;
console.log('upload answered', Math.round(answered), res.json().data.status);
const lat: number[] = [];
const progress: number[] = [];
for (;;) {
  const s = performance.now();
  const r = await app.inject({ method: 'GET', url: `/api/bank-statements/${id}?per_page=1`, headers });
  lat.push(performance.now() - s);
  const d = r.json().data;
  progress.push(d.processed_rows);
  await new Promise((ok) => setTimeout(ok, 100));
  if (d.status !== 'processing') break;
}
console.log(
  'done at',
  Math.round(performance.now() - t0),
  'GETs during the job',
  lat.length,
  'max GET ms',
  Math.round(Math.max(...lat)),
  'median',
  Math.round(lat.sort((a, b) => a - b)[lat.length >> 1]),
);
console.log('distinct progress values seen', [...new Set(progress)].join(','));
await app.close();
await database.close();
process.exit(0);
