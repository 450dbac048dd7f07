import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.js';
import { companies, domains } from './schema/index.js';
import { DEMO_COMPANY_NAME, DEMO_SEED_STEPS } from './seed/seed.js';
import { prepareDatabase } from './startup.js';

const url = process.env.TEST_DATABASE_URL;
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe.runIf(url)('start-up on PostgreSQL', () => {
  const created: string[] = [];
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  /** A new empty database on the test server; its URL. */
  const freshDatabase = async () => {
    const name = `chobo_startup_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${name}`);
    created.push(name);
    const u = new URL(url!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const expectSeededOnce = async (dbUrl: string) => {
    const database = await openDatabase({ databaseUrl: dbUrl });
    try {
      expect(await database.db.select().from(domains).where(eq(domains.is_default, true))).toHaveLength(1);
      expect(await database.db.select().from(companies).where(eq(companies.name, DEMO_COMPANY_NAME))).toHaveLength(1);
    } finally {
      await database.close();
    }
  };

  afterAll(async () => {
    for (const name of created) await admin(`drop database if exists ${name} with (force)`);
  });

  // The demo seed runs here: minutes on a loaded 2-core machine, seconds on a quiet one.
  it('two start-ups together on an empty database: one migrates and seeds, the other waits and skips', {
    timeout: 360_000,
  }, async () => {
    const dbUrl = await freshDatabase();
    // Two handles with their own pools, as two server processes would have.
    const handles: Database[] = [
      await openDatabase({ databaseUrl: dbUrl }),
      await openDatabase({ databaseUrl: dbUrl }),
    ];
    try {
      const seed = {
        adminEmail: 'admin@example.com',
        adminPassword: 'admin-pass-123',
        demo: true,
        demoPassword: 'demo-pass-123',
      };
      const results = await Promise.all(handles.map((h) => prepareDatabase(h, seed)));
      expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    } finally {
      for (const h of handles) await h.close();
    }
    await expectSeededOnce(dbUrl);
  });

  it('two real server processes started together with SEED_DEMO=1 both come up', { timeout: 420_000 }, async () => {
    const dbUrl = await freshDatabase();
    const servers: { child: ChildProcess; port: number; output: string }[] = [];
    try {
      for (const port of [await freePort(), await freePort()]) {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
          cwd: SERVER_DIR,
          env: {
            PATH: process.env.PATH,
            DATABASE_URL: dbUrl,
            PORT: String(port),
            HOST: '127.0.0.1',
            SEED_DEMO: '1',
            DEMO_PASSWORD: 'demo-pass-123',
            LOG_LEVEL: 'warn',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const server = { child, port, output: '' };
        child.stdout?.on('data', (d) => {
          server.output += d;
        });
        child.stderr?.on('data', (d) => {
          server.output += d;
        });
        servers.push(server);
      }
      await Promise.all(servers.map((s) => listening(s, 360_000)));
      for (const s of servers) {
        const res = await fetch(`http://127.0.0.1:${s.port}/api/health`);
        expect(res.status).toBe(200);
      }
      // Exactly one of them found the database empty and printed the sign-ins it created.
      expect(servers.filter((s) => s.output.includes('Sign-ins created')).length).toBe(1);
      await expectSeededOnce(dbUrl);
    } finally {
      await Promise.all(servers.map((s) => stop(s.child)));
    }
  });
});

// What `npm start` prints on a first start (embedded database, demo data): the seed's steps as they start, then
// the banner with the sign-ins last — no asset sizes, no silent half minute, nothing after the banner.
describe('a first start on the embedded database', () => {
  let dataDir = '';
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('prints one progress line per seed step with its number and the time so far, the sign-ins banner last', {
    timeout: 420_000,
  }, async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'chobo-start-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      // the default log level (info), as `npm start` runs it
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_PASSWORD: 'demo-pass-123',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = { child, output: '' };
    child.stdout?.on('data', (d) => {
      server.output += d;
    });
    child.stderr?.on('data', (d) => {
      server.output += d;
    });
    try {
      await listening(server, 400_000);
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(res.status).toBe(200);
      const lines = server.output.split('\n');
      const banner = lines.findIndex((l) => l.includes('is running'));
      const before = lines.slice(0, banner).filter((l) => l.trim() !== '');
      const steps = before.filter((l) => /デモデータ: .+を作成中 \(\d+\/\d+\)… 経過 \d+\.\d 秒$/.test(l));
      expect(
        steps.map((l) =>
          l
            .match(/\((\d+)\/(\d+)\)/)
            ?.slice(1)
            .join('/'),
        ),
      ).toEqual(Array.from({ length: DEMO_SEED_STEPS }, (_, i) => `${i + 1}/${DEMO_SEED_STEPS}`));
      expect(
        before.some((l) => /デモデータ: 作成しました（仕訳 [\d,]+件・仕訳行 [\d,]+行） 累計 \d+\.\d 秒$/.test(l)),
      ).toBe(true);
      // the announcement, the steps, the summary and fastify's one "listening" line: nothing else
      expect(before.length).toBeLessThanOrEqual(DEMO_SEED_STEPS + 3);
      // the sign-ins are the banner's and the last lines printed
      expect(server.output.trimEnd().split('\n').at(-1)).toMatch(/employee .+ password: demo-pass-123$/);
    } finally {
      await stop(child);
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resolves when the server printed its start-up banner; rejects when it exits first or takes too long. */
function listening(s: { child: ChildProcess; output: string }, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`no start within ${timeoutMs} ms:\n${s.output}`)), timeoutMs);
    const check = () => {
      if (s.output.includes('is running')) done();
    };
    const onExit = (code: number | null) => done(new Error(`exited with ${code}:\n${s.output}`));
    const done = (err?: Error) => {
      clearTimeout(timer);
      s.child.stdout?.off('data', check);
      s.child.off('exit', onExit);
      if (err) reject(err);
      else resolve();
    };
    s.child.stdout?.on('data', check);
    s.child.once('exit', onExit);
    check();
  });
}

/** SIGTERM (the server's graceful shutdown), then SIGKILL if it is still there after 10 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
