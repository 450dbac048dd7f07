import { randomBytes } from 'node:crypto';
import { buildApp } from './app.js';
import { openDatabase, withStartupLock } from './db/client.js';
import { prepareDatabase } from './db/startup.js';
import { EnvError, loadEnv } from './env.js';
import { createJobQueue } from './lib/queue.js';
import { createFileStorage } from './lib/storage.js';
import { recoverInterruptedImports } from './modules/bank-statements/imports.js';
import { requeueWaitingOcr } from './modules/ocr-documents/ocr-document-actions.js';

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

  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });

  // uploaded files: DATA_DIR/files (the demo's documents are stored there by the seed)
  const storage = createFileStorage(env);

  const demoPassword = env.DEMO_PASSWORD ?? randomBytes(9).toString('base64url');
  const seeded = await prepareDatabase(database, {
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD ?? demoPassword,
    demo: env.SEED_DEMO ?? database.driver === 'pglite',
    demoPassword,
    storage,
    progress: (line) => console.log(line),
  });

  const queue = createJobQueue(database, {
    pollingIntervalSeconds: env.QUEUE_POLLING_SECONDS,
    onError: (err) => app.log.error({ err }, 'job queue'),
  });
  const app = await buildApp({
    env,
    db: database.db,
    driver: database.driver,
    queue,
    storage,
    serveWeb: true,
    logger: { level: env.LOG_LEVEL },
  });
  app.deps.mailer.start();
  // Creates or migrates the pgboss schema, creates the queues and runs the workers the modules registered in
  // buildApp — under the start-up lock: pg-boss creates a queue as a partition of its job table, and two
  // processes creating different queues at once deadlock on PostgreSQL (the queue row of one, the job table
  // of the other). The second process finds the queues there and only subscribes.
  await withStartupLock(database, () => queue.start());
  // OCR documents waiting without a job (the demo's, or a send that failed after its upload) get one now
  await requeueWaitingOcr(app.deps).catch((err) => app.log.error({ err }, 'ocr requeue'));
  // bank imports left half-stored by a stopped process: their rows deleted, marked failed (docs/adr/0027)
  await recoverInterruptedImports(database.db, queue, database.driver)
    .then((ids) => ids.length && app.log.warn({ ids }, 'bank imports interrupted: rows deleted, marked failed'))
    .catch((err) => app.log.error({ err }, 'bank import recovery'));

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const url = `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`;
  const lines = [
    '',
    `  Chobo（帳簿） is running: ${url}   (database: ${database.driver === 'pglite' ? `embedded, ${env.DATA_DIR}` : 'PostgreSQL'})`,
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
