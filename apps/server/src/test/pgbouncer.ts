import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Where Debian's pgbouncer package installs it (`.ci/run` installs it). */
export const PGBOUNCER = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';

export interface Pgbouncer {
  /** The URL of `database` through the pooler. */
  url(database: string): string;
  port: number;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts PgBouncer in front of the PostgreSQL server of `serverUrl` (every database, trust as the server's
 * user) with its own configuration, pidfile and log in a temporary folder, on a free port, in pool_mode
 * `transaction` with `poolSize` server connections per database: what managed PostgreSQL offerings put in
 * front of the database. Run as `nobody` when this process is root (PgBouncer refuses root). Resolves once it
 * answers a query; `stop()` ends it by its pid and removes the folder.
 */
export async function startPgbouncer(
  serverUrl: string,
  opts: { poolSize?: number; port?: number } = {},
): Promise<Pgbouncer> {
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const port = opts.port ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), 'chobo-pgbouncer-'));
  const ini = path.join(dir, 'pgbouncer.ini');
  writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${opts.poolSize ?? 4}`,
      'max_client_conn = 1000',
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      // drop a database (the tests' clean-up) without waiting for the pooler's idle connections to it
      'server_idle_timeout = 5',
      '',
    ].join('\n'),
  );
  const root = process.getuid?.() === 0;
  if (root) chmodSync(dir, 0o777);
  const child = spawn(PGBOUNCER, [...(root ? ['-u', 'nobody'] : []), ini], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = (database: string) => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${database}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // up when it answers: it listens a moment after its start (polled every 20 ms, for up to 10 s)
  const database = server.pathname.slice(1) || 'postgres';
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) {
      const log = existsSync(path.join(dir, 'pgbouncer.log'))
        ? readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8')
        : '';
      await stop();
      throw new Error(`pgbouncer exited (${child.exitCode}): ${stderr}${log}`);
    }
    const c = new pg.Client({ connectionString: url(database), connectionTimeoutMillis: 1000 });
    const ok = await c.connect().then(
      () => c.query('select 1').then(() => true),
      () => false,
    );
    await c.end().catch(() => {});
    if (ok) break;
    if (attempt > 500) {
      await stop();
      throw new Error(`pgbouncer did not answer on port ${port}: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { url, port, stop };
}
