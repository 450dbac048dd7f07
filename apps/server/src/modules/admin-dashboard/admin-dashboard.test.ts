import { describe, expect, it } from 'vitest';
import { signedInAdmin, useTestApp } from '../../test/harness.js';

const ctx = useTestApp();

describe('GET /api/admin/dashboard', () => {
  it('needs companies.index: an admin holding only infos.index gets 403', async () => {
    const { api } = await signedInAdmin(ctx, ['infos.index']);
    const res = await api.get('/api/admin/dashboard');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('この操作を行う権限がありません');
  });

  it.each([['admin.index'], ['domains.index'], ['settings.index']])('an admin holding only %s gets 403', async (p) => {
    const { api } = await signedInAdmin(ctx, [p]);
    expect((await api.get('/api/admin/dashboard')).statusCode).toBe(403);
  });

  it('an admin with companies.index reads it', async () => {
    const { api } = await signedInAdmin(ctx, ['companies.index']);
    const res = await api.get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.companies).toBeDefined();
  });
});
