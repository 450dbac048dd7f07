import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseFileStorage } from '../lib/storage-db.js';
import { checkBalances } from '../modules/accounting/check-balances.js';
import { sqlRows } from '../modules/accounting/sql-rows.js';
import { verifyAuditChains } from '../modules/audit-logs/audit-verify.js';
import { companyOwner, createTestApp, type TestContext } from '../test/harness.js';
import { createServerDatabase } from '../test/template.js';
import type { Db } from './client.js';

/**
 * docs/OPERATIONS.md's backup and restore, tried: pg_dump of a working database, pg_restore into a new one,
 * and there the audit chains verify, the books equal the original's and the files (FILE_STORAGE=database) are
 * there byte for byte. PostgreSQL only (TEST_DATABASE_URL; `npm run test:db` in CI) with pg_dump installed.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const hasPgDump = (() => {
  try {
    execFileSync('pg_dump', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let ctx: TestContext;
let dir: string;
beforeAll(async () => {
  if (!serverUrl || !hasPgDump) return;
  ctx = await createTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'chobo-restore-'));
});
afterAll(async () => {
  await ctx?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const connectionOf = (db: Db) =>
  (db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;

const books = (db: Db) =>
  sqlRows<{ company_id: number; account_id: number; debit: string; credit: string }>(
    db,
    sql`select company_id, account_id, sum(debit)::text as debit, sum(credit)::text as credit
        from journal_lines group by 1, 2 order by 1, 2`,
  );

describe.skipIf(!serverUrl || !hasPgDump)('backup and restore (pg_dump / pg_restore)', () => {
  it('restores a database whose audit chains verify, whose books equal and whose files are whole', async () => {
    const o = await companyOwner(ctx);
    expect(
      (await o.api.post('/api/company/customer', { name: '株式会社復元テスト', honorific: '御中' })).statusCode,
    ).toBe(201);
    const accounts: { id: number; code: string }[] = (await o.api.get('/api/company/accounts')).json().data;
    const id = (c: string) => accounts.find((a) => a.code === c)?.id as number;
    await o.api.post('/api/company/fiscal-years', { start_date: '2026-04-01' });
    for (const [i, amount] of [110_000, 55_000, 3_300].entries()) {
      const res = await o.api.post('/api/accountings', {
        date: `2026-05-0${i + 1}`,
        description: '復元テスト',
        lines: [
          { account_id: id('1120'), debit: amount, credit: 0, tax_category: 'none' },
          { account_id: id('4110'), debit: 0, credit: amount, tax_category: 'none' },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const files = new DatabaseFileStorage(ctx.db);
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    await files.put('restore-test/receipt.pdf', bytes);

    const dump = path.join(dir, 'chobo.dump');
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, connectionOf(ctx.db)]);
    const restored = await createServerDatabase(serverUrl as string, { prefix: 'chobo_restore' });
    try {
      execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${connectionOf(restored.db)}`, dump]);
      const audit = await verifyAuditChains(restored.db);
      expect(audit.ok, JSON.stringify(audit.problems)).toBe(true);
      expect(audit.checked).toBe((await verifyAuditChains(ctx.db)).checked);
      expect(await books(restored.db)).toEqual(await books(ctx.db));
      expect((await books(restored.db)).length).toBeGreaterThan(0);
      expect(await checkBalances(restored.db)).toEqual([]);
      expect((await new DatabaseFileStorage(restored.db).get('restore-test/receipt.pdf'))?.equals(bytes)).toBe(true);
    } finally {
      await restored.close();
    }
  });
});
