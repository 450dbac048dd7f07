import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, runMigrations } from '../db/client.js';
import { audit } from '../lib/audit.js';
import { currentAuditKey, loadAuditKeyring, useAuditKeyring } from '../lib/audit-keys.js';
import { CHECKPOINT_FILE, checkpointFile, writeCheckpoint } from '../modules/audit-logs/audit-checkpoints.js';
import { createTestDatabase } from '../test/harness.js';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const KEY = 'verify-audit-cli-test-key-0123456789';

/**
 * `npm run verify-audit` against a database and a checkpoint file, as an operator runs it: with the key from
 * the environment, the checkpoint from AUDIT_CHECKPOINT_DIR. PGlite in a temporary DATA_DIR (or, with
 * TEST_DATABASE_URL, a new PostgreSQL database named by DATABASE_URL).
 */
describe('verify-audit CLI', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chobo-verify-audit-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  let server: Database | undefined;

  const open = async () => (server ? server : await openDatabase({ dataDir: dir }));
  const release = async (db: Database) => {
    if (!server) await db.close(); // the folder lock is the CLI's while it runs
  };
  const run = () =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        DATA_DIR: dir,
        AUDIT_HMAC_KEY: KEY,
        AUDIT_CHECKPOINT_DIR: dir,
      };
      if (server?.url) env.DATABASE_URL = server.url;
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'src/cli/verify-audit.ts'],
        { cwd: SERVER_DIR, env, timeout: 300_000 },
        (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
      );
    });

  beforeAll(async () => {
    useAuditKeyring(loadAuditKeyring({ NODE_ENV: 'test', DATA_DIR: dir, AUDIT_HMAC_KEY: KEY }));
    if (serverUrl) server = await createTestDatabase();
    const database = await open();
    try {
      if (!server) await runMigrations(database);
      for (const [companyId, name] of [
        [null, 'settings'],
        [7, '一'],
        [7, '二'],
        [7, '三'],
      ] as const) {
        await audit(database.db, {
          actor: { userId: null, ip: '192.0.2.1' },
          companyId,
          action: companyId === null ? 'settings.update' : 'customer.create',
          targetType: companyId === null ? 'settings' : 'customer',
          after: { name },
        });
      }
      await writeCheckpoint(database.db, checkpointFile(path.join(dir, CHECKPOINT_FILE)));
    } finally {
      await release(database);
    }
  }, 300_000);

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes an untouched log and says what it checked against', async () => {
    const result = await run();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout.split('\n')[0]);
    expect(json).toMatchObject({ ok: true, checked: 4, key_ids: [currentAuditKey().id], problems: [] });
    expect(json.checkpoint).toMatchObject({ chains: 2, rows: 4 });
    expect(result.stdout).toContain(`確認した署名鍵: ${currentAuditKey().id}（鍵の保管場所: AUDIT_HMAC_KEY）`);
    expect(result.stdout).toContain('チェックポイント: ');
    expect(result.stdout).toContain('OK: 改ざんは検出されませんでした（4件を確認）');
  }, 300_000);

  it('fails, exit code 1, when the last row is deleted with SQL', async () => {
    const database = await open();
    try {
      await database.db.execute(sql`delete from audit_logs where id = (select max(id) from audit_logs)`);
    } finally {
      await release(database);
    }
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('NG: 改ざんを検出しました');
    expect(result.stderr).toContain('企業ID 7 の操作ログがチェックポイント');
    expect(result.stderr).toContain('3件より少ない 2件です（末尾の行が削除されています）');
    expect(result.stderr).not.toContain('    at ');
  }, 300_000);
});
