import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AUDIT_ACTION_LABELS, type AuditAction } from '@chobo/core';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/client.js';
import { auditLogs } from '../../db/schema/index.js';
import { audit, GENESIS_HASH, storedRowHash, withBufferedAudit } from '../../lib/audit.js';
import {
  client,
  companyOwner,
  createTestApp,
  createUser,
  signedInAdmin,
  signIn,
  type TestContext,
  useTestApp,
} from '../../test/harness.js';
import { verifyAuditChains } from './audit-verify.js';

const CUSTOMERS = '/api/company/customer';
const COMPANY_LIST = '/api/company/audit-logs';
const ADMIN_LIST = '/api/admin/audit-logs';
const VERIFY = '/api/admin/audit-logs/verify';

type Owner = Awaited<ReturnType<typeof companyOwner>>;

async function createCustomers(owner: Owner, names: string[]) {
  const ids: number[] = [];
  for (const name of names) {
    const res = await owner.api.post(CUSTOMERS, { name });
    expect(res.statusCode).toBe(201);
    ids.push(res.json().data.id);
  }
  return ids;
}

async function chainRows(ctx: TestContext, companyId: number | null) {
  return ctx.db
    .select()
    .from(auditLogs)
    .where(companyId === null ? isNull(auditLogs.company_id) : eq(auditLogs.company_id, companyId))
    .orderBy(asc(auditLogs.id));
}

function expectLinked(rows: { prev_hash: string; hash: string }[]) {
  expect(rows.length).toBeGreaterThan(0);
  expect(rows[0].prev_hash).toBe(GENESIS_HASH);
  for (let i = 0; i < rows.length; i++) {
    expect(rows[i].hash).toMatch(/^[0-9a-f]{64}$/);
    if (i > 0) expect(rows[i].prev_hash).toBe(rows[i - 1].hash);
  }
}

describe('hash chain', () => {
  const ctx = useTestApp();

  it('links every write of a company into its own chain, separate from other companies and the platform', async () => {
    const a = await companyOwner(ctx);
    const b = await companyOwner(ctx);
    await createCustomers(a, ['株式会社あ', '株式会社い']);
    await createCustomers(b, ['株式会社う']);
    await createCustomers(a, ['株式会社え']);
    const admin = await signedInAdmin(ctx);
    expect((await admin.api.put('/api/admin/settings', await settingsBody(admin))).statusCode).toBe(200);

    const rowsA = await chainRows(ctx, a.company.id);
    const rowsB = await chainRows(ctx, b.company.id);
    // sign-in + 3 customers; sign-in + 1 customer
    expect(rowsA.map((r) => r.action)).toEqual(['auth.login', 'customer.create', 'customer.create', 'customer.create']);
    expect(rowsB.map((r) => r.action)).toEqual(['auth.login', 'customer.create']);
    expectLinked(rowsA);
    expectLinked(rowsB);
    expectLinked(await chainRows(ctx, null));

    const stored = await ctx.db
      .select({ id: auditLogs.id, hash: auditLogs.hash, computed: storedRowHash() })
      .from(auditLogs);
    for (const r of stored) expect(r.computed).toBe(r.hash);

    const all = await admin.api.get(VERIFY);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ data: { ok: true, checked: stored.length, first_bad_id: null } });
    const one = await admin.api.get(`${VERIFY}?company_id=${a.company.id}`);
    expect(one.json()).toMatchObject({ data: { ok: true, checked: rowsA.length, first_bad_id: null } });
    const platform = await admin.api.get(`${VERIFY}?company_id=0`);
    expect(platform.json().data).toMatchObject({ ok: true, checked: (await chainRows(ctx, null)).length });
  });

  it('verifies in batches: a batch size of 1 and of 2 give the same answer as one big batch', async () => {
    const whole = await verifyAuditChains(ctx.db);
    expect(whole.ok).toBe(true);
    expect(await verifyAuditChains(ctx.db, undefined, 1)).toEqual(whole);
    expect(await verifyAuditChains(ctx.db, undefined, 2)).toEqual(whole);
  });

  it('keeps the chain linear under 10 concurrent customer creations', async () => {
    const owner = await companyOwner(ctx);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => owner.api.post(CUSTOMERS, { name: `並行株式会社${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const rows = await chainRows(ctx, owner.company.id);
    expect(rows.filter((r) => r.action === 'customer.create')).toHaveLength(10);
    expectLinked(rows);
    expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(rows.length);
    expect((await verifyAuditChains(ctx.db)).ok).toBe(true);
  });

  it('chains a row written with a plain database handle (audit() opens its own transaction)', async () => {
    const owner = await companyOwner(ctx);
    await audit(ctx.db, {
      actor: { userId: owner.user.id, ip: '192.0.2.1' },
      companyId: owner.company.id,
      action: 'customer.update',
      targetType: 'customer',
      targetId: 1,
      before: { name: '旧' },
      after: { name: '新', note: 'バックスラッシュ\\と"引用符"' },
    });
    expectLinked(await chainRows(ctx, owner.company.id));
    expect((await verifyAuditChains(ctx.db, owner.company.id)).ok).toBe(true);
  });

  it('writes buffered rows (withBufferedAudit) in call order, linked to the existing chain, with the same hashes', async () => {
    const owner = await companyOwner(ctx);
    const before = await chainRows(ctx, owner.company.id);
    const entry = (i: number, companyId: number | null) => ({
      actor: { userId: i % 2 ? owner.user.id : null, ip: i % 3 ? '192.0.2.7' : null },
      companyId,
      action: 'customer.update' as const,
      targetType: 'customer',
      targetId: i % 4 ? i : null,
      before: i % 2 ? { name: `旧${i}`, $audit_rows$: 'x', skipped: undefined } : undefined,
      after: { name: `新${i}`, note: 'バックスラッシュ\\と"引用符"\'', at: new Date('2026-01-02T03:04:05Z') },
    });
    const platformBefore = (await chainRows(ctx, null)).length;
    await ctx.db.transaction((tx) =>
      withBufferedAudit(tx, async () => {
        for (let i = 1; i <= 7; i++) await audit(tx, entry(i, i === 4 ? null : owner.company.id));
        // nothing is written until the end
        const now = await tx
          .select({ id: auditLogs.id })
          .from(auditLogs)
          .where(eq(auditLogs.company_id, owner.company.id));
        expect(now.length).toBe(before.length);
      }),
    );
    const rows = await chainRows(ctx, owner.company.id);
    expect(rows.length).toBe(before.length + 6);
    expectLinked(rows);
    const added = rows.slice(before.length);
    expect(added.map((r) => r.after)).toEqual(
      [1, 2, 3, 5, 6, 7].map((i) => JSON.parse(JSON.stringify(entry(i, owner.company.id).after))),
    );
    expect(added.map((r) => r.before)).toEqual(
      [1, 2, 3, 5, 6, 7].map((i) => (i % 2 ? { name: `旧${i}`, $audit_rows$: 'x' } : null)),
    );
    expect(added.map((r) => r.target_id)).toEqual(['1', '2', '3', '5', '6', '7']);
    expect(added.map((r) => r.ip)).toEqual(['192.0.2.7', '192.0.2.7', null, '192.0.2.7', null, '192.0.2.7']);
    expect((await chainRows(ctx, null)).length).toBe(platformBefore + 1);
    // the stored hash is the one the row's content gives (as audit() computes it)
    const check = await ctx.db
      .select({ hash: auditLogs.hash, computed: storedRowHash() })
      .from(auditLogs)
      .where(eq(auditLogs.company_id, owner.company.id));
    for (const r of check) expect(r.computed).toBe(r.hash);
    expect((await verifyAuditChains(ctx.db)).ok).toBe(true);
  });

  it("keeps a deleted company's chain (no foreign key rewrites its rows)", async () => {
    const admin = await signedInAdmin(ctx);
    const owner = await companyOwner(ctx);
    await createCustomers(owner, ['削除予定株式会社']);
    await ctx.db.execute(sql`delete from customers where company_id = ${owner.company.id}`);
    expect((await admin.api.delete(`/api/admin/companies/${owner.company.id}`)).statusCode).toBe(204);
    const rows = await chainRows(ctx, owner.company.id);
    expect(rows.length).toBe(2);
    expect(rows[0].actor_user_id).toBe(owner.user.id);
    expect(await verifyAuditChains(ctx.db)).toMatchObject({ ok: true, first_bad_id: null });
  });

  it('back-fills existing rows in the migration with exactly the hashes audit() computes', async () => {
    const file = readdirSync(MIGRATIONS_FOLDER).find((f) => f.endsWith('_audit_chain.sql'));
    expect(file).toBeDefined();
    const statements = readFileSync(path.join(MIGRATIONS_FOLDER, file as string), 'utf8').split(
      '--> statement-breakpoint',
    );
    const backfill = statements.find((s) => s.includes('audit-chain-backfill'));
    expect(backfill).toBeDefined();
    const before = await ctx.db
      .select({ id: auditLogs.id, prev_hash: auditLogs.prev_hash, hash: auditLogs.hash })
      .from(auditLogs)
      .orderBy(asc(auditLogs.id));
    expect(before.length).toBeGreaterThan(10);
    await ctx.db.execute(sql`update audit_logs set prev_hash = '', hash = ''`);
    await ctx.db.execute(sql.raw(backfill as string));
    const after = await ctx.db
      .select({ id: auditLogs.id, prev_hash: auditLogs.prev_hash, hash: auditLogs.hash })
      .from(auditLogs)
      .orderBy(asc(auditLogs.id));
    expect(after).toEqual(before);
  });
});

async function settingsBody(admin: Awaited<ReturnType<typeof signedInAdmin>>) {
  const current = (await admin.api.get('/api/admin/settings')).json().data;
  return { ...current, service_name: 'チェーン確認' };
}

describe('tamper detection', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signedInAdmin(ctx);
  });
  afterAll(() => ctx.close());

  it('an UPDATE of a row is reported at that row; rehashing it moves the report to the next row', async () => {
    const owner = await companyOwner(ctx);
    const other = await companyOwner(ctx);
    await createCustomers(owner, ['一', '二', '三', '四']);
    await createCustomers(other, ['五']);
    const rows = await chainRows(ctx, owner.company.id);
    const target = rows[2];
    expect((await admin.api.get(VERIFY)).json().data.ok).toBe(true);

    await ctx.db.execute(
      sql`update audit_logs set after = ${JSON.stringify({ name: '改ざん' })}::jsonb where id = ${target.id}`,
    );
    expect((await admin.api.get(VERIFY)).json()).toMatchObject({
      data: { ok: false, checked: expect.any(Number), first_bad_id: target.id },
    });
    expect((await admin.api.get(`${VERIFY}?company_id=${owner.company.id}`)).json().data).toMatchObject({
      ok: false,
      checked: rows.length,
      first_bad_id: target.id,
    });
    // the other company's chain is untouched
    expect((await admin.api.get(`${VERIFY}?company_id=${other.company.id}`)).json().data.ok).toBe(true);

    // A tamperer who also recomputes the row's hash fails its signature (ADR 0040) and breaks the link of the
    // row after it.
    await ctx.db.execute(sql`update audit_logs set hash = ${storedRowHash()} where id = ${target.id}`);
    const rehashed = (await admin.api.get(`${VERIFY}?company_id=${owner.company.id}`)).json().data;
    expect(rehashed).toMatchObject({ ok: false, first_bad_id: target.id });
    expect(rehashed.problems.map((p: { id: number }) => p.id)).toEqual([target.id, rows[3].id]);
  });

  it('a DELETE of a middle row is reported at the row after it; of the first row, at the new first row', async () => {
    const owner = await companyOwner(ctx);
    await createCustomers(owner, ['甲', '乙', '丙']);
    const rows = await chainRows(ctx, owner.company.id);
    expect(rows).toHaveLength(4);
    await ctx.db.execute(sql`delete from audit_logs where id = ${rows[2].id}`);
    expect((await admin.api.get(`${VERIFY}?company_id=${owner.company.id}`)).json()).toMatchObject({
      data: { ok: false, checked: 3, first_bad_id: rows[3].id },
    });

    const second = await companyOwner(ctx);
    await createCustomers(second, ['丁']);
    const rows2 = await chainRows(ctx, second.company.id);
    await ctx.db.execute(sql`delete from audit_logs where id = ${rows2[0].id}`);
    expect((await admin.api.get(`${VERIFY}?company_id=${second.company.id}`)).json().data).toMatchObject({
      ok: false,
      checked: 1,
      first_bad_id: rows2[1].id,
    });
  });

  it('a row moved to another chain is reported', async () => {
    const owner = await companyOwner(ctx);
    await createCustomers(owner, ['移動']);
    const rows = await chainRows(ctx, owner.company.id);
    await ctx.db.execute(sql`update audit_logs set company_id = null where id = ${rows[1].id}`);
    const res = (await admin.api.get(`${VERIFY}?company_id=0`)).json().data;
    expect(res).toMatchObject({ ok: false, first_bad_id: rows[1].id });
  });
});

describe('GET /api/company/audit-logs and /api/admin/audit-logs', () => {
  let ctx: TestContext;
  let a: Owner;
  let b: Owner;
  beforeAll(async () => {
    ctx = await createTestApp();
    a = await companyOwner(ctx);
    b = await companyOwner(ctx);
    await createCustomers(a, ['株式会社アルファ', '株式会社ベータ']);
    await createCustomers(b, ['株式会社ガンマ']);
  });
  afterAll(() => ctx.close());

  it("lists only the owner's company, newest first, with the actor's name and e-mail", async () => {
    const res = await a.api.get(COMPANY_LIST);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 20, total: 3 });
    expect(body.data.map((r: { action: string }) => r.action)).toEqual([
      'customer.create',
      'customer.create',
      'auth.login',
    ]);
    for (const row of body.data) {
      expect(row).toMatchObject({
        company_id: a.company.id,
        actor_user_id: a.user.id,
        actor_name: a.user.name,
        actor_email: a.user.email,
      });
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(JSON.stringify(body)).not.toContain('ガンマ');
    expect(body.data[0].after).toMatchObject({ name: '株式会社ベータ' });
  });

  it('filters by action, target type, actor, keyword (also the Japanese action label) and Tokyo dates', async () => {
    const ids = async (query: string) =>
      (await a.api.get(`${COMPANY_LIST}?${query}`)).json().data.map((r: { action: string }) => r.action);
    expect(await ids('action=customer.create')).toEqual(['customer.create', 'customer.create']);
    expect(await ids('target_type=user')).toEqual(['auth.login']);
    expect(await ids(`actor=${a.user.id}`)).toHaveLength(3);
    expect(await ids(`actor=${b.user.id}`)).toEqual([]);
    expect(await ids(`keyword=${encodeURIComponent('アルファ')}`)).toEqual(['customer.create']);
    expect(await ids(`keyword=${encodeURIComponent('ログイン')}`)).toEqual(['auth.login']);
    expect(await ids(`keyword=${encodeURIComponent(a.user.email)}`)).toHaveLength(3);
    expect(await ids(`keyword=${encodeURIComponent('ガンマ')}`)).toEqual([]);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
    expect(await ids(`from=${today}&to=${today}`)).toHaveLength(3);
    expect(await ids('to=2000-01-01')).toEqual([]);
    expect(await ids('from=2999-01-01')).toEqual([]);
    expect(await ids('sort_by=action&sort_dir=asc&per_page=1')).toEqual(['auth.login']);
  });

  it('answers each row with the Japanese label of its action beside the code, on both lists', async () => {
    const rows = (await a.api.get(COMPANY_LIST)).json().data as { action: string; action_label: string }[];
    expect(rows.map((r) => [r.action, r.action_label])).toEqual([
      ['customer.create', '顧客の登録'],
      ['customer.create', '顧客の登録'],
      ['auth.login', 'ログイン'],
    ]);
    const admin = await signedInAdmin(ctx, ['settings.index']);
    const all = (await admin.api.get(`${ADMIN_LIST}?per_page=100`)).json().data as {
      action: string;
      action_label: string;
    }[];
    expect(all.length).toBeGreaterThan(3);
    for (const r of all) expect(r.action_label, r.action).toBe(AUDIT_ACTION_LABELS[r.action as AuditAction]);
    // a code no longer written (a row of an older release) is answered as it is
    await audit(ctx.db, {
      actor: { userId: null, ip: null },
      companyId: null,
      action: 'legacy.removed_action' as AuditAction,
      targetType: 'settings',
    });
    const legacy = (await admin.api.get(`${ADMIN_LIST}?company_id=0&action=legacy.removed_action`)).json();
    expect(legacy.data).toMatchObject([{ action: 'legacy.removed_action', action_label: 'legacy.removed_action' }]);
  });

  it('answers 422 in Japanese for bad query parameters', async () => {
    for (const query of [
      'per_page=1000',
      'page=0',
      'sort_by=hash',
      'actor=abc',
      'from=2026-13-01',
      'from=2026-05-02&to=2026-05-01',
      `action=${'x'.repeat(65)}`,
    ]) {
      const res = await a.api.get(`${COMPANY_LIST}?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
      expect(res.json().errors).toBeDefined();
    }
    const admin = await signedInAdmin(ctx);
    expect((await admin.api.get(`${VERIFY}?company_id=-1`)).statusCode).toBe(422);
    expect((await admin.api.get(`${VERIFY}?company_id=abc`)).statusCode).toBe(422);
    expect((await admin.api.get(`${ADMIN_LIST}?company_id=x`)).statusCode).toBe(422);
  });

  it('refuses employees and admins on the company list (403)', async () => {
    const employee = await createUser(ctx.db, { role: 'employee', companyId: a.company.id });
    const emp = client(ctx.app, await signIn(ctx.app, employee.email));
    expect((await emp.get(COMPANY_LIST)).statusCode).toBe(403);
    const admin = await signedInAdmin(ctx);
    expect((await admin.api.get(COMPANY_LIST)).statusCode).toBe(403);
    expect((await admin.api.get(`${COMPANY_LIST}?company_id=${a.company.id}`)).statusCode).toBe(403);
    expect((await client(ctx.app, null).get(COMPANY_LIST)).statusCode).toBe(401);
  });

  it('lets admins with settings.index list every chain (company_id filter, 0 = platform); others get 403', async () => {
    const admin = await signedInAdmin(ctx, ['settings.index']);
    const all = (await admin.api.get(`${ADMIN_LIST}?per_page=100`)).json();
    const companiesSeen = new Set(all.data.map((r: { company_id: number | null }) => r.company_id));
    expect(companiesSeen).toEqual(new Set([a.company.id, b.company.id, null]));
    const onlyB = (await admin.api.get(`${ADMIN_LIST}?company_id=${b.company.id}`)).json();
    expect(onlyB.meta.total).toBe(2);
    expect(onlyB.data[0]).toMatchObject({ company_id: b.company.id, company_name: b.company.name });
    const platform = (await admin.api.get(`${ADMIN_LIST}?company_id=0`)).json();
    expect(platform.data.every((r: { company_id: number | null }) => r.company_id === null)).toBe(true);
    expect(platform.data.some((r: { actor_user_id: number }) => r.actor_user_id === admin.user.id)).toBe(true);

    const without = await signedInAdmin(ctx, ['companies.index', 'admin.index', 'infos.index', 'domains.index']);
    expect((await without.api.get(ADMIN_LIST)).statusCode).toBe(403);
    expect((await without.api.get(VERIFY)).statusCode).toBe(403);
    expect((await a.api.get(ADMIN_LIST)).statusCode).toBe(403);
    expect((await a.api.get(VERIFY)).statusCode).toBe(403);
  });
});
