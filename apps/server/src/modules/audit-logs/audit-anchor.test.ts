import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUDIT_ACTION_LABELS } from '@chobo/core';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../db/schema/index.js';
import { storedRowHash } from '../../lib/audit.js';
import {
  currentAuditKey,
  keyFileKeyring,
  loadAuditKeyring,
  rotateKeyFile,
  useAuditKeyring,
} from '../../lib/audit-keys.js';
import { companyOwner, createTestApp, signedInAdmin, type TestContext } from '../../test/harness.js';
import { sqlRows } from '../accounting/sql-rows.js';
import { recordAuditKey } from './audit-checkpoint-actions.js';
import { CHECKPOINT_FILE, createCheckpointStore, writeCheckpoint } from './audit-checkpoints.js';
import { verifyAuditChains } from './audit-verify.js';

const VERIFY = '/api/admin/audit-logs/verify';
const CHECKPOINTS = '/api/admin/audit-logs/checkpoints';

type Owner = Awaited<ReturnType<typeof companyOwner>>;
type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
interface Problem {
  company_id: number | null;
  id: number | null;
  reason: string;
}

async function createCustomers(owner: Owner, count: number) {
  for (let i = 0; i < count; i++) {
    expect((await owner.api.post('/api/company/customer', { name: `株式会社チェーン${i}` })).statusCode).toBe(201);
  }
}

async function rowCount(ctx: TestContext) {
  const [{ n }] = await sqlRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from audit_logs`);
  return n;
}

async function chainIds(ctx: TestContext, companyId: number) {
  const rows = await ctx.db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(eq(auditLogs.company_id, companyId))
    .orderBy(asc(auditLogs.id));
  return rows.map((r) => r.id);
}

/** The tamperer's tool: recomputes prev_hash and hash of every row of a chain from `fromId` on, in order. */
async function rehashChain(ctx: TestContext, companyId: number, fromId: number) {
  for (const id of await chainIds(ctx, companyId)) {
    if (id < fromId) continue;
    await ctx.db.execute(sql`
      update audit_logs set prev_hash = coalesce((select p.hash from audit_logs p
        where p.company_id = ${companyId} and p.id < ${id} order by p.id desc limit 1), ${'0'.repeat(64)})
      where id = ${id}`);
    await ctx.db.execute(sql`update audit_logs set hash = ${storedRowHash()} where id = ${id}`);
  }
}

async function verifyOf(admin: Admin, companyId?: number) {
  const res = await admin.api.get(companyId === undefined ? VERIFY : `${VERIFY}?company_id=${companyId}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    ok: boolean;
    checked: number;
    first_bad_id: number | null;
    problems: Problem[];
    key_ids: string[];
    unsigned: number;
    checkpoint: { at: string; chains: number; rows: number; key_id: string } | null;
  };
}

describe('the four attacks of an insider with database access (raw SQL)', () => {
  let ctx: TestContext;
  let admin: Admin;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signedInAdmin(ctx);
  });
  afterAll(() => ctx.close());

  async function anchoredCompany() {
    const owner = await companyOwner(ctx);
    await createCustomers(owner, 4);
    expect((await admin.api.post(CHECKPOINTS, {})).statusCode).toBe(201);
    const before = await verifyOf(admin, owner.company.id);
    expect(before).toMatchObject({ ok: true, problems: [], unsigned: 0, key_ids: [currentAuditKey().id] });
    expect(before.checkpoint).not.toBeNull();
    return { owner, ids: await chainIds(ctx, owner.company.id) };
  }

  it('untouched: every row signed, checked against the key and the checkpoint', async () => {
    const owner = await companyOwner(ctx);
    await createCustomers(owner, 2);
    const written = await admin.api.post(CHECKPOINTS, {});
    expect(written.statusCode).toBe(201);
    const result = await verifyOf(admin);
    expect(result).toMatchObject({ ok: true, first_bad_id: null, problems: [], unsigned: 0 });
    expect(result.key_ids).toEqual([currentAuditKey().id]);
    const n = await rowCount(ctx);
    expect(result.checkpoint).toMatchObject({ at: written.json().data.at, rows: n, key_id: currentAuditKey().id });
    const latest = await admin.api.get(`${CHECKPOINTS}/latest`);
    expect(latest.json().data).toEqual(written.json().data);
    const file = await admin.api.get(`${CHECKPOINTS}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('audit-checkpoints.jsonl');
    const lines = file.body.trim().split('\n');
    expect(JSON.parse(lines.at(-1) as string)).toMatchObject({ v: 1, mac: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('1. an edit with the whole chain recomputed after it: the edited row fails its signature', async () => {
    const { owner, ids } = await anchoredCompany();
    await ctx.db.execute(sql`update audit_logs set after = '{"name":"改ざん"}'::jsonb where id = ${ids[2]}`);
    await rehashChain(ctx, owner.company.id, ids[2]);
    const result = await verifyOf(admin, owner.company.id);
    expect(result.ok).toBe(false);
    expect(result.first_bad_id).toBe(ids[2]);
    expect(result.problems[0]).toMatchObject({ id: ids[2], reason: expect.stringContaining('署名が一致しません') });
    // the checkpointed head was rehashed too
    expect(result.problems.at(-1)?.reason).toContain('書き換えられています');
  });

  it('2. the last rows deleted: fewer rows than the checkpoint counted; a later checkpoint keeps the anchor', async () => {
    const { owner, ids } = await anchoredCompany();
    await ctx.db.execute(
      sql`delete from audit_logs where company_id = ${owner.company.id} and id >= ${ids[ids.length - 2]}`,
    );
    const result = await verifyOf(admin, owner.company.id);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      {
        company_id: owner.company.id,
        id: null,
        reason: expect.stringMatching(
          new RegExp(
            `企業ID ${owner.company.id} の操作ログがチェックポイント .+ の ${ids.length}件より少ない ${ids.length - 2}件です（末尾の行が削除されています）`,
          ),
        ),
      },
    ]);
    // the schedule's next checkpoint does not lower the anchor of the shortened chain
    const next = await writeCheckpoint(ctx.db, ctx.app.deps.auditCheckpoints, { force: true });
    expect(next.kept).toContain(owner.company.id);
    expect((await verifyOf(admin, owner.company.id)).ok).toBe(false);
  });

  it("3. a company's whole chain deleted: reported from the checkpoint", async () => {
    const { owner, ids } = await anchoredCompany();
    await ctx.db.execute(sql`delete from audit_logs where company_id = ${owner.company.id}`);
    const result = await verifyOf(admin, owner.company.id);
    expect(result).toMatchObject({ ok: false, checked: 0 });
    expect(result.problems).toEqual([
      {
        company_id: owner.company.id,
        id: null,
        reason: expect.stringContaining(`企業ID ${owner.company.id} の操作ログがすべて削除されています`),
      },
    ]);
    expect(result.problems[0].reason).toContain(`${ids.length}件`);
    // and on the check of every chain
    const all = await verifyOf(admin);
    expect(all.problems.some((p) => p.company_id === owner.company.id && p.reason.includes('すべて削除'))).toBe(true);
  });

  it('4. a forged row appended with a correctly recomputed hash: no signature, or a wrong one', async () => {
    const { owner, ids } = await anchoredCompany();
    const forge = (keyId: string | null, mac: string | null) =>
      ctx.db.execute(sql`
        insert into audit_logs (company_id, actor_user_id, action, target_type, target_id, after, created_at, prev_hash, hash, key_id, mac)
        select ${owner.company.id}, ${owner.user.id}, 'customer.delete', 'customer', '1', '{"name":"偽"}'::jsonb, now(),
               (select hash from audit_logs where company_id = ${owner.company.id} order by id desc limit 1), '', ${keyId}, ${mac}
        returning id`);
    const forged = ((await forge(null, null)) as unknown as { rows: { id: number }[] }).rows[0].id;
    await ctx.db.execute(sql`update audit_logs set hash = ${storedRowHash()} where id = ${forged}`);
    const result = await verifyOf(admin, owner.company.id);
    expect(result.ok).toBe(false);
    expect(result.checked).toBe(ids.length + 1);
    expect(result.problems).toEqual([
      { company_id: owner.company.id, id: forged, reason: expect.stringContaining('署名がありません') },
    ]);

    // the same with a made-up signature under the real key id
    await ctx.db.execute(sql`delete from audit_logs where id = ${forged}`);
    const second = ((await forge(currentAuditKey().id, 'f'.repeat(64))) as unknown as { rows: { id: number }[] })
      .rows[0].id;
    await ctx.db.execute(sql`update audit_logs set hash = ${storedRowHash()} where id = ${second}`);
    expect((await verifyOf(admin, owner.company.id)).problems).toEqual([
      { company_id: owner.company.id, id: second, reason: expect.stringContaining('署名が一致しません') },
    ]);
  });
});

describe('unsigned rows from before the upgrade, and key rotation', () => {
  let ctx: TestContext;
  let admin: Admin;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { AUDIT_HMAC_KEY: 'a'.repeat(40) } });
    admin = await signedInAdmin(ctx);
  });
  afterAll(() => ctx.close());

  it('rows without a signature (written before migration 0032) still verify by their hash chain', async () => {
    const owner = await companyOwner(ctx);
    await createCustomers(owner, 3);
    // what the migration leaves: every row stored so far unsigned
    await ctx.db.execute(sql`update audit_logs set key_id = null, mac = null`);
    const n = await rowCount(ctx);
    expect(await verifyOf(admin)).toMatchObject({ ok: true, unsigned: n, key_ids: [], problems: [] });
    // the first start after the upgrade marks where signed rows start
    await recordAuditKey(ctx.db);
    const [marker] = await ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'audit.key_started'));
    expect(marker).toMatchObject({ company_id: null, target_type: 'audit_key', key_id: currentAuditKey().id });
    await createCustomers(owner, 1);
    expect((await admin.api.post(CHECKPOINTS, {})).statusCode).toBe(201);
    const result = await verifyOf(admin);
    expect(result).toMatchObject({ ok: true, unsigned: n, key_ids: [currentAuditKey().id] });
    expect(result.checkpoint).toMatchObject({ key_id: currentAuditKey().id });

    // an unsigned row added after signing started is refused as unsigned, not taken for an old one
    await ctx.db.execute(
      sql`update audit_logs set key_id = null, mac = null where id = (select max(id) from audit_logs where company_id = ${owner.company.id})`,
    );
    const bad = await verifyOf(admin, owner.company.id);
    expect(bad.ok).toBe(false);
    expect(bad.problems[0].reason).toContain('署名がありません');
    // and stripping every signature to pass them all off as old rows is caught by the checkpoint's keyed_from
    await ctx.db.execute(sql`update audit_logs set key_id = null, mac = null`);
    const stripped = await verifyOf(admin);
    expect(stripped.ok).toBe(false);
    expect(stripped.problems.some((p) => p.reason.includes('署名がありません'))).toBe(true);
  });

  it('a rotated key: old rows verify with the old key, new ones with the new, and the rotation is recorded', async () => {
    const fresh = await createTestApp({ env: { AUDIT_HMAC_KEY: 'b'.repeat(40) } });
    try {
      const freshAdmin = await signedInAdmin(fresh);
      const owner = await companyOwner(fresh);
      await createCustomers(owner, 2);
      const oldKey = currentAuditKey().id;
      useAuditKeyring(
        loadAuditKeyring({
          NODE_ENV: 'test',
          DATA_DIR: tmpdir(),
          AUDIT_HMAC_KEY: 'c'.repeat(40),
          AUDIT_HMAC_OLD_KEYS: ['b'.repeat(40)],
        }),
      );
      const newKey = currentAuditKey().id;
      expect(newKey).not.toBe(oldKey);
      await recordAuditKey(fresh.db);
      await createCustomers(owner, 2);
      const rotation = await fresh.db.select().from(auditLogs).where(eq(auditLogs.action, 'audit.key_rotated'));
      expect(rotation).toMatchObject([{ before: { key_id: oldKey }, after: { key_id: newKey }, key_id: newKey }]);
      expect(AUDIT_ACTION_LABELS['audit.key_rotated']).toBe('操作ログの署名鍵の切り替え');
      const result = await verifyOf(freshAdmin);
      expect(result).toMatchObject({ ok: true, problems: [] });
      expect(result.key_ids).toEqual([oldKey, newKey].sort());
    } finally {
      await fresh.close();
    }
  });
});

describe('the key file and the checkpoint file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chobo-auditchain-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the key file 0600 under DATA_DIR on first start, reads the same key after, rotates keeping the old', () => {
    const env = { NODE_ENV: 'production', DATA_DIR: dir };
    const first = loadAuditKeyring(env);
    const file = path.join(dir, 'audit-keys.json');
    expect(first.source).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadAuditKeyring(env).current.id).toBe(first.current.id);
    const rotated = rotateKeyFile(file);
    expect(rotated.keys.map((k) => k.id)).toEqual([first.current.id, rotated.current.id]);
    expect(keyFileKeyring(file).current.id).toBe(rotated.current.id);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('appends signed checkpoint lines to AUDIT_CHECKPOINT_DIR; a line edited by hand is reported', async () => {
    const ctx = await createTestApp({ env: { AUDIT_CHECKPOINT_DIR: dir } });
    try {
      const admin = await signedInAdmin(ctx);
      expect((await admin.api.post(CHECKPOINTS, {})).statusCode).toBe(201);
      const file = path.join(dir, CHECKPOINT_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const ok = await verifyOf(admin);
      expect(ok).toMatchObject({ ok: true });
      expect(ok.checkpoint).toMatchObject({ chains: 1 });
      expect((await admin.api.get(`${CHECKPOINTS}/latest`)).json().data.location).toBe(file);
      // nothing moved: the schedule writes no new line
      const lines = readFileSync(file, 'utf8').trim().split('\n').length;
      expect(
        (
          await writeCheckpoint(
            ctx.db,
            createCheckpointStore({ NODE_ENV: 'test', DATA_DIR: dir, AUDIT_CHECKPOINT_DIR: dir }),
          )
        ).written,
      ).toBe(false);
      expect(readFileSync(file, 'utf8').trim().split('\n').length).toBe(lines);

      const text = readFileSync(file, 'utf8').trim();
      writeFileSync(file, `${text.replace(/"rows":(\d+)/, (_m, n) => `"rows":${Number(n) - 1}`)}\n`);
      const bad = await verifyOf(admin);
      expect(bad.ok).toBe(false);
      expect(bad.problems).toEqual([
        { company_id: null, id: null, reason: expect.stringContaining('チェックポイントの署名が一致しません') },
      ]);
    } finally {
      await ctx.close();
    }
  });
});

describe("the platform admin's reads of a company's data, in the company's own 操作ログ", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('audits a list and a CSV export with Japanese labels; a refused read is not audited', async () => {
    const owner = await companyOwner(ctx);
    const admin = await signedInAdmin(ctx);
    expect((await admin.api.get(`/api/transactions?company_id=${owner.company.id}&keyword=abc`)).statusCode).toBe(200);
    const csv = await admin.api.get(`/api/transactions?company_id=${owner.company.id}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect((await admin.api.get(`/api/transactions/999999?company_id=${owner.company.id}`)).statusCode).toBe(404);

    const list = (await owner.api.get('/api/company/audit-logs?per_page=100')).json().data as {
      action: string;
      action_label: string;
      actor_user_id: number;
      after: unknown;
    }[];
    const reads = list.filter((r) => r.action.startsWith('admin.company_'));
    expect(reads.map((r) => [r.action, r.action_label])).toEqual([
      ['admin.company_export', '運営者がダウンロード'],
      ['admin.company_view', '運営者が閲覧'],
    ]);
    expect(reads[1]).toMatchObject({
      actor_user_id: admin.user.id,
      after: { route: 'GET /api/transactions', query: { keyword: 'abc' } },
    });
    expect(JSON.stringify(reads.map((r) => r.after))).not.toContain('company_id');
    expect((await verifyAuditChains(ctx.db, owner.company.id)).ok).toBe(true);
  });
});
