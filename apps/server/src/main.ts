import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, withStartupLock } from './db/client.js';
import { exitIfLocked } from './db/folder-lock.js';
import type { SeedResult } from './db/seed/seed.js';
import { databaseOptions, EnvError, loadEnv } from './env.js';
import { sqlRows } from './modules/accounting/sql-rows.js';

/** Set in the environment of the child process that seeds an empty embedded folder (seedInChild). */
const SEED_CHILD = 'CHOBO_SEED_CHILD';

/** No users table yet, or no user in it: a first start. */
async function isEmptyDatabase(database: Database): Promise<boolean> {
  const [{ users }] = await sqlRows<{ users: string | null }>(
    database.db,
    sql`select to_regclass('public.users')::text as users`,
  );
  if (!users) return true;
  const [{ n }] = await sqlRows<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
  return n === 0;
}

/**
 * This program again as a child (same Node flags, same environment) that migrates and seeds the folder, then
 * exits; its progress lines go to this terminal, its result comes back over the IPC channel.
 */
function seedInChild(): Promise<SeedResult> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1], process.argv.slice(2), {
      env: { ...process.env, [SEED_CHILD]: '1' },
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: SeedResult | null = null;
    child.on('message', (m) => {
      result = m as SeedResult;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0 && result) resolve(result);
      else reject(new Error(`the first start's seed stopped (${signal ?? `exit code ${code}`})`));
    });
  });
}

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // the audit log's signing key (ADR 0040): from the environment or the key file, before anything is audited
  const { loadAuditKeyring, useAuditKeyring } = await import('./lib/audit-keys.js');
  let keySource: string;
  try {
    const keyring = loadAuditKeyring(env);
    keySource = keyring.source;
    useAuditKeyring(keyring);
  } catch (err) {
    console.error('Start-up failed: audit key:', err instanceof Error ? err.message : err);
    process.exit(1);
  }

  // The database opens (PGlite: its wasm compiles off the main thread, its files are read) while the rest of
  // the server's code loads (ADR 0025).
  const opening = openDatabase(databaseOptions(env));
  opening.catch(() => {}); // awaited below; no unhandled rejection while the imports run
  const [
    { buildApp },
    { prepareDatabase, analyzeStaleTables },
    { createJobQueue },
    { checkFileStorage, createFileStorage, storageBackendOf },
    { requeueWaitingOcr },
    { recoverInterruptedImports },
    { scheduleStorageSweep },
    { recordAuditKey, scheduledCheckpoint },
  ] = await Promise.all([
    import('./app.js'),
    import('./db/startup.js'),
    import('./lib/queue.js'),
    import('./lib/storage-backends.js'),
    import('./modules/ocr-documents/ocr-document-actions.js'),
    import('./modules/bank-statements/imports.js'),
    import('./lib/storage-sweep.js'),
    import('./modules/audit-logs/audit-checkpoint-actions.js'),
  ]);
  let database = await opening.catch(exitIfLocked);

  // uploaded files: DATA_DIR/files with the embedded database, in PostgreSQL with DATABASE_URL (FILE_STORAGE,
  // ADR 0051); the demo's documents are stored there by the seed
  let storage = createFileStorage(env, database.db);
  if (env.DATABASE_URL && !env.FILE_STORAGE && existsSync(path.join(env.DATA_DIR, 'files'))) {
    console.warn(
      `${path.join(env.DATA_DIR, 'files')} にアップロード済みのファイルがあります。ファイルはデータベースに保存されるようになりました: ` +
        'npm run move-files -w @chobo/server -- --from local --to database で移してください（FILE_STORAGE=local で従来どおり）',
    );
  }
  // FILE_STORAGE=s3: the bucket must refuse a conditional put over an existing key (write-once, ADR 0052)
  await checkFileStorage(storage).catch((err: Error) => {
    console.error(`ファイルの保存先を使えません: ${err.message}`);
    process.exit(1);
  });

  const seedsDemo = env.SEED_DEMO ?? database.driver === 'pglite';
  const demoPassword = env.DEMO_PASSWORD ?? randomBytes(9).toString('base64url');
  const prepare = () =>
    prepareDatabase(database, {
      adminEmail: env.ADMIN_EMAIL,
      adminPassword: env.ADMIN_PASSWORD ?? demoPassword,
      demo: seedsDemo,
      demoPassword,
      storage,
      progress: (line) => console.log(line),
    });
  if (process.env[SEED_CHILD]) {
    // the child of a first start (below): migrations and the seed, its result to the parent, and out
    const result = await prepare();
    await database.close();
    await new Promise<void>((resolve) => (process.send ? process.send(result, () => resolve()) : resolve()));
    process.exit(0);
  }
  // An empty embedded folder is seeded by a child process, and this one opens the folder after it (ADR 0057):
  // the demo's seed leaves its code, caches and a grown WebAssembly memory (which never shrinks) behind, ~200 MB
  // a server would carry for its whole life (docs/benchmarks.md, "Memory (issue 32)").
  // Only where the child's work outlives it: a folder on disk, files not in this process's memory and an audit
  // key not made for one process (NODE_ENV=test without FILE_STORAGE / AUDIT_KEY_FILE seeds in process).
  // PostgreSQL likewise when the demo is seeded there (SEED_DEMO=1): the same residue, in a server whose idle
  // size is otherwise ~160 MB; without the demo a first start only adds an administrator, in process.
  const childCanSeed =
    (database.driver === 'pglite' ? env.DATA_DIR !== 'memory://' : seedsDemo) &&
    storageBackendOf(env) !== 'memory' &&
    keySource !== 'memory';
  let seeded: Awaited<ReturnType<typeof prepare>> | null = null;
  if (childCanSeed && (await isEmptyDatabase(database))) {
    // the embedded folder is held by one process at a time (ADR 0038): closed while the child has it
    const embedded = database.driver === 'pglite';
    if (embedded) await database.close();
    seeded = await seedInChild();
    if (embedded) {
      database = await openDatabase(databaseOptions(env)).catch(exitIfLocked);
      // only a store in the database holds the handle just closed; the others (and the seed's files in them) stay
      if (storageBackendOf(env) === 'database') storage = createFileStorage(env, database.db);
    }
  }
  // migrations and the charts of accounts at every start (and the seed of an empty PostgreSQL database)
  const prepared = await prepare();
  if (prepared.created && database.driver === 'pglite') {
    // seeded in this process: the folder is closed and opened again, as a restart would (PGlite's grown
    // WebAssembly memory never shrinks; the rest of the seed's residue stays)
    await database.close();
    database = await openDatabase(databaseOptions(env)).catch(exitIfLocked);
    if (storageBackendOf(env) === 'database') storage = createFileStorage(env, database.db);
  }
  seeded ??= prepared;

  const queue = createJobQueue(database, {
    pollingIntervalSeconds: env.QUEUE_POLLING_SECONDS,
    onError: (err) => app.log.error({ err }, 'job queue'),
    // pg-boss creates a queue as a partition of its job table, and two processes creating different queues at
    // once deadlock on PostgreSQL (the queue row of one, the job table of the other): every start — below, or
    // a request's send() that comes first — runs under the start-up lock. The second process finds the queues
    // there and only subscribes.
    startUnder: (start) => withStartupLock(database, start),
  });
  const app = await buildApp({
    env,
    db: database.db,
    driver: database.driver,
    queue,
    storage,
    serveWeb: true,
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : undefined,
    logger: { level: env.LOG_LEVEL },
  });
  app.deps.mailer.start();
  // the signing key's start or rotation is recorded in the platform chain, then every chain's head is
  // checkpointed outside the database: now, and on the schedule when a chain moved (ADR 0040)
  await recordAuditKey(database.db);
  const checkpoint = (force: boolean) =>
    scheduledCheckpoint(app.deps, { force }).then(
      ({ kept }) =>
        kept.length > 0 &&
        app.log.error({ chains: kept }, 'audit chains shorter than their checkpoint: earlier anchors kept'),
      (err) => app.log.error({ err }, 'audit checkpoint'),
    );
  await checkpoint(true);
  if (env.AUDIT_CHECKPOINT_MINUTES > 0)
    setInterval(() => void checkpoint(false), env.AUDIT_CHECKPOINT_MINUTES * 60_000).unref();

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  // After listen (ADR 0025): creates or migrates the pgboss schema, creates the queues and runs the workers the
  // modules registered in buildApp (a send() before then waits for this start). Then the OCR documents waiting
  // without a job (the demo's, or a send that failed after its upload) get one, and bank imports left
  // half-stored by a stopped process have their rows deleted and are marked failed (ADR 0027).
  const queueReady = queue.start().then(
    async () => {
      await requeueWaitingOcr(app.deps).catch((err) => app.log.error({ err }, 'ocr requeue'));
      await recoverInterruptedImports(database.db, queue, database.driver)
        .then((ids) => ids.length && app.log.warn({ ids }, 'bank imports interrupted: rows deleted, marked failed'))
        .catch((err) => app.log.error({ err }, 'bank import recovery'));
    },
    (err) => {
      // as when it ran before listen: a server without its job queue does not stay up
      console.error('Start-up failed: job queue:', err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
  // files a killed process left behind (no row names them) and stale temporary files: now and daily
  scheduleStorageSweep(database.db, storage, app.log);
  // PGlite has no autovacuum: tables whose planner statistics are missing or stale are analyzed now and every
  // six hours (ADR 0036)
  let firstAnalyze: Promise<unknown> = Promise.resolve();
  if (database.driver === 'pglite') {
    const analyze = () =>
      analyzeStaleTables(database.db).then(
        (tables) => tables.length > 0 && app.log.info({ tables }, 'planner statistics gathered'),
        (err) => app.log.error({ err }, 'analyze'),
      );
    firstAnalyze = analyze();
    setInterval(analyze, 6 * 3600_000).unref();
  }
  // the banner (and the sign-ins) last: after what the start-up still logs (the queue's start, the recoveries,
  // the first analyze), so it is the last thing on the terminal
  await Promise.allSettled([queueReady, firstAnalyze]);
  const url = `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`;
  const lines = [
    '',
    `  Chobo（帳簿） is running: ${url}   (database: ${database.driver === 'pglite' ? `embedded, ${env.DATA_DIR}` : database.poolMode === 'transaction' ? 'PostgreSQL through a transaction-mode pooler' : 'PostgreSQL'})`,
  ];
  if (seeded.created) {
    lines.push('  Sign-ins created on this empty database:');
    for (const s of seeded.signIns) lines.push(`    ${s.role.padEnd(8)} ${s.email.padEnd(24)} password: ${s.password}`);
  }
  lines.push('');
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error('Start-up failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
