/**
 * Two server processes on ONE PostgreSQL database share the OCR jobs without doing one twice
 * (`npx tsx bench/ocr-two-processes.ts`; NOT part of `npm run bench`: it runs real OCR).
 *
 * Creates the database `ocr_two_processes` on TEST_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432),
 * starts two `src/main.ts` processes on it (PORT 4661 and 4662, one shared DATA_DIR for the files), uploads
 * OCR_TWO_DOCS (default 10) images half through each, waits until every document is 完了, then checks from
 * pg-boss's own tables that each document had exactly ONE job, completed on its first attempt, and which
 * process ran it. Both processes are stopped by their pid and the database is dropped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { ocrDocuments } from '../src/db/schema/index.js';
import { fixtureSpecs, renderFixture } from '../src/modules/ocr-documents/ocr-fixtures.js';
import { createCompany, createUser, TEST_PASSWORD } from '../src/test/harness.js';
import { multipartFiles } from '../src/test/multipart.js';

const DOCS = Number(process.env.OCR_TWO_DOCS ?? 10);
const SERVER = (process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test').replace(/\/[^/]*$/, '');
const NAME = 'ocr_two_processes';
const URL_ = `${SERVER}/${NAME}`;
const PORTS = [4661, 4662];
const here = path.dirname(fileURLToPath(import.meta.url));

const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${NAME}`);
await admin.query(`CREATE DATABASE ${NAME}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'ocr-two-'));
const children: ChildProcess[] = [];

function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../src/main.ts')], {
    cwd: path.join(here, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: URL_,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      ADMIN_PASSWORD: 'bench-admin-password',
      RATE_LIMIT_MAX: '0',
      QUEUE_POLLING_SECONDS: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`server on ${port} exited ${child.exitCode}`));
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (performance.now() - t0 > 600_000) return reject(new Error(`server on ${port} did not start`));
      setTimeout(poll, 500);
    };
    void poll();
  });
}

try {
  // one after the other: the first applies the migrations (under the advisory lock), the second finds them done
  const t0 = performance.now();
  await start(PORTS[0]);
  await start(PORTS[1]);
  console.log(
    `two servers up in ${((performance.now() - t0) / 1000).toFixed(0)} s (pids ${children.map((c) => c.pid).join(', ')})`,
  );

  const database = await openDatabase({ databaseUrl: URL_ });
  const company = await createCompany(database.db);
  const user = await createUser(database.db, { role: 'company', companyId: company.id });
  const login = await fetch(`http://127.0.0.1:${PORTS[0]}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;

  // small documents (receipts and invoices as PNG/JPEG), half uploaded through each process
  const specs = fixtureSpecs(Math.max(DOCS, 8));
  const files = [];
  for (const [i, s] of specs.entries()) {
    if (files.length === DOCS) break;
    if (s.format === 'pdf') continue;
    const f = await renderFixture(s, i + 1);
    files.push({ name: `${s.name}.${f.mime === 'image/png' ? 'png' : 'jpg'}`, bytes: f.bytes });
  }
  const t1 = performance.now();
  for (const [k, port] of PORTS.entries()) {
    const { body, headers } = multipartFiles(files.filter((_, i) => i % 2 === k));
    const res = await fetch(`http://127.0.0.1:${port}/api/ocr-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...headers },
      body,
    });
    if (res.status !== 201) throw new Error(`upload through ${port}: ${res.status} ${await res.text()}`);
  }
  for (;;) {
    const [{ open }] = await database.db
      .select({ open: sql<number>`count(*) filter (where ${ocrDocuments.status} in (0, 1))::int` })
      .from(ocrDocuments);
    if (open === 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const seconds = (performance.now() - t1) / 1000;
  const docs = await database.db.select({ id: ocrDocuments.id, status: ocrDocuments.status }).from(ocrDocuments);
  // every job of the queue, live or archived (pg-boss 10 moves completed jobs to pgboss.archive later)
  const jobs = await database.pool!.query(
    `select data->>'id' as doc, state, retry_count, output->>'pid' as pid from pgboss.job where name = 'ocr-document'
     union all
     select data->>'id', state, retry_count, output->>'pid' from pgboss.archive where name = 'ocr-document'`,
  );
  const byDoc = new Map<string, { state: string; retry_count: number; pid: string }[]>();
  for (const j of jobs.rows) byDoc.set(j.doc, [...(byDoc.get(j.doc) ?? []), j]);
  const once = docs.filter((d) => {
    const js = byDoc.get(String(d.id)) ?? [];
    return d.status === 2 && js.length === 1 && js[0].state === 'completed' && js[0].retry_count === 0;
  }).length;
  const perPid = new Map<string, number>();
  for (const j of jobs.rows) perPid.set(j.pid, (perPid.get(j.pid) ?? 0) + 1);
  console.log('\n### Two server processes on one PostgreSQL database\n');
  console.log(
    `${docs.length} documents uploaded (half through each process), all read in ${seconds.toFixed(0)} s; ` +
      `${once}/${docs.length} 完了 with exactly one job that completed on its first attempt; jobs per process: ` +
      [...perPid.entries()].map(([pid, n]) => `pid ${pid} ${n}`).join(', '),
  );
  await database.close();
  if (once !== docs.length) process.exitCode = 1;
} finally {
  for (const c of children) if (c.pid && c.exitCode === null) process.kill(c.pid, 'SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  await admin.query(`DROP DATABASE IF EXISTS ${NAME}`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
