import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, users } from '../../db/schema/index.js';
import { client, createTestApp, createUser, signedInAdmin, useTestApp } from '../../test/harness.js';

describe('admins API', () => {
  const ctx = useTestApp();

  it('edits name, e-mail and permissions; the change reaches /api/me; audited', async () => {
    const { api } = await signedInAdmin(ctx);
    const other = await signedInAdmin(ctx);
    const res = await api.put(`/api/admin/admin/${other.user.id}`, {
      name: '編集 済子',
      email: 'edited.admin@example.jp',
      permissions: ['infos.index'],
      updated_at: other.user.updated_at.toISOString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: '編集 済子',
      email: 'edited.admin@example.jp',
      permissions: ['infos.index'],
    });
    const me = (await other.api.get('/api/me')).json().data;
    expect(me.permissions).toContain('infos.index');
    expect(me.permissions).not.toContain('admin.index');
    expect((await other.api.get('/api/admin/admin')).statusCode).toBe(403);
    const [a] = await ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'admin.update'));
    expect(a.before).toMatchObject({ permissions: expect.arrayContaining(['admin.index']) });
  });

  it('disabling ends the admin sessions; deleting removes the account', async () => {
    const { api } = await signedInAdmin(ctx);
    const other = await signedInAdmin(ctx);
    const res = await api.put(`/api/admin/admin/${other.user.id}`, {
      name: other.user.name,
      email: other.user.email,
      permissions: other.user.permissions,
      disabled: true,
      updated_at: other.user.updated_at.toISOString(),
    });
    expect(res.json().data.disabled).toBe(true);
    expect((await other.api.get('/api/me')).statusCode).toBe(401);
    expect((await api.delete(`/api/admin/admin/${other.user.id}`)).statusCode).toBe(204);
    expect((await api.get(`/api/admin/admin/${other.user.id}`)).statusCode).toBe(404);
  });

  it('the last enabled holder of admin.index cannot be stripped, disabled or deleted', async () => {
    const solo = await createTestApp();
    try {
      const me = await signedInAdmin(solo);
      const helper = await signedInAdmin(solo, ['infos.index']);
      const strip = await me.api.put(`/api/admin/admin/${me.user.id}`, {
        name: 'x',
        email: me.user.email,
        permissions: ['companies.index'],
        updated_at: me.user.updated_at.toISOString(),
      });
      expect(strip.statusCode).toBe(422);
      expect(strip.json().errors.permissions[0]).toContain('最後の管理者');
      const disable = await me.api.put(`/api/admin/admin/${me.user.id}`, {
        name: 'x',
        email: me.user.email,
        permissions: ['admin.index'],
        disabled: true,
        updated_at: me.user.updated_at.toISOString(),
      });
      expect(disable.statusCode).toBe(422);
      expect((await me.api.delete(`/api/admin/admin/${me.user.id}`)).statusCode).toBe(409);
      const [row] = await solo.db.select().from(users).where(eq(users.id, me.user.id));
      expect(row.permissions).toContain('admin.index');
      // the holder without admin.index can be deleted freely
      expect((await me.api.delete(`/api/admin/admin/${helper.user.id}`)).statusCode).toBe(204);
      // with a second holder, stripping the first is allowed
      const second = await createUser(solo.db, { role: 'admin', permissions: ['admin.index'] });
      const ok = await me.api.put(`/api/admin/admin/${second.id}`, {
        name: 'second',
        email: second.email,
        permissions: ['admin.index', 'infos.index'],
        updated_at: second.updated_at.toISOString(),
      });
      expect(ok.statusCode).toBe(200);
      // nobody deletes themselves; the other holder may delete the first one now
      expect((await me.api.delete(`/api/admin/admin/${me.user.id}`)).statusCode).toBe(409);
      const secondToken = (
        await solo.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: second.email, password: second.password },
        })
      ).json().data.token;
      expect((await client(solo.app, secondToken).delete(`/api/admin/admin/${me.user.id}`)).statusCode).toBe(204);
    } finally {
      await solo.close();
    }
  });

  it('validates e-mail, permissions and duplicates (422); lists only admins with paging and sort whitelist', async () => {
    const { api, user } = await signedInAdmin(ctx);
    const other = await createUser(ctx.db, { role: 'company' });
    const dup = await api.put(`/api/admin/admin/${user.id}`, {
      name: 'a',
      email: other.email,
      permissions: ['admin.index'],
      updated_at: user.updated_at.toISOString(),
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.email).toEqual(['このメールアドレスはすでに登録されています']);
    const bad = await api.put(`/api/admin/admin/${user.id}`, {
      name: '',
      email: 'x',
      permissions: ['root'],
      updated_at: user.updated_at.toISOString(),
    });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name', 'permissions.0']);
    const list = await api.get('/api/admin/admin?sort_by=email&sort_dir=desc&per_page=2');
    expect(list.json().meta.per_page).toBe(2);
    const emails = list.json().data.map((a: { email: string }) => a.email);
    expect([...emails].sort().reverse()).toEqual(emails);
    expect((await api.get(`/api/admin/admin/${other.id}`)).statusCode).toBe(404);
    expect((await api.get('/api/admin/admin?sort_by=password_hash')).statusCode).toBe(422);
    expect((await api.get('/api/admin/admin')).json().meta.per_page).toBe(20);
    const limited = await signedInAdmin(ctx, ['companies.index']);
    expect((await limited.api.get('/api/admin/admin')).statusCode).toBe(403);
    expect((await limited.api.delete(`/api/admin/admin/${user.id}`)).statusCode).toBe(403);
  });
});
