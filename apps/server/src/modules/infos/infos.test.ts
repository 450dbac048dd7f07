import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs } from '../../db/schema/index.js';
import { seedDemoInfos } from '../../db/seed/demo-infos.js';
import { companyOwner, createDomain, createTestApp, signedInAdmin, useTestApp } from '../../test/harness.js';

const hourAgo = () => new Date(Date.now() - 3600_000).toISOString();
const inHour = () => new Date(Date.now() + 3600_000).toISOString();

describe('notices (infos)', () => {
  const ctx = useTestApp();

  it('admin creates notices; companies see current ones for their audience, with unread marks per user', async () => {
    const { api } = await signedInAdmin(ctx);
    const domain = await createDomain(ctx.db);
    const mine = await companyOwner(ctx, { domain_id: domain.id });
    const other = await companyOwner(ctx);
    const post = (body: Record<string, unknown>) => api.post('/api/admin/infos', body);
    const all = (await post({ title: '全社向け', body: '本文A', published_at: hourAgo(), is_important: true })).json()
      .data;
    const dom = (
      await post({
        title: 'ドメイン向け',
        body: '本文B',
        published_at: hourAgo(),
        audience: 'domain',
        domain_id: domain.id,
      })
    ).json().data;
    await post({
      title: '他社向け',
      body: '本文C',
      published_at: hourAgo(),
      audience: 'company',
      company_id: other.company.id,
    });
    await post({ title: '未来', body: '本文D', published_at: inHour() });
    await post({
      title: '終了',
      body: '本文E',
      published_at: new Date(Date.now() - 7200_000).toISOString(),
      ends_at: hourAgo(),
    });

    const list = await mine.api.get('/api/company/infos');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((i: { title: string }) => i.title)).toEqual(['全社向け', 'ドメイン向け']);
    expect(list.json().meta.unread).toBe(2);
    const read = await mine.api.get(`/api/company/infos/${dom.id}`);
    expect(read.json().data).toMatchObject({ title: 'ドメイン向け', body: '本文B', read: true });
    const after = (await mine.api.get('/api/company/infos')).json();
    expect(after.meta.unread).toBe(1);
    expect(after.data.find((i: { id: number }) => i.id === all.id).read).toBe(false);
    // another company's notice is not reachable
    const otherList = (await other.api.get('/api/company/infos')).json().data.map((i: { title: string }) => i.title);
    expect(otherList).toEqual(['全社向け', '他社向け']);
    expect((await other.api.get(`/api/company/infos/${dom.id}`)).statusCode).toBe(404);
    // admins use the admin list; the company call is not theirs
    expect((await api.get('/api/company/infos')).statusCode).toBe(403);
  });

  it('validates (422, nothing written), edits and deletes with audit; needs infos.index', async () => {
    const { api } = await signedInAdmin(ctx);
    const bad = await api.post('/api/admin/infos', {
      title: '',
      body: '',
      published_at: 'yesterday',
      audience: 'company',
      ends_at: '2020-01-01T00:00:00Z',
    });
    expect(bad.statusCode).toBe(422);
    const e = bad.json().errors;
    expect(e.title).toEqual(['タイトルを入力してください']);
    expect(e.published_at).toBeDefined();
    const noTarget = await api.post('/api/admin/infos', {
      title: 't',
      body: 'b',
      published_at: hourAgo(),
      audience: 'company',
    });
    expect(noTarget.json().errors.company_id).toEqual(['企業を選択してください']);
    // the same instant for both (two calls of hourAgo() may differ by a millisecond, and then the order is valid)
    const at = hourAgo();
    const order = await api.post('/api/admin/infos', { title: 't', body: 'b', published_at: at, ends_at: at });
    expect(order.json().errors.ends_at).toEqual(['掲載終了日時は公開日時より後にしてください']);
    const created = (await api.post('/api/admin/infos', { title: '編集前', body: 'b', published_at: hourAgo() })).json()
      .data;
    const edited = await api.put(`/api/admin/infos/${created.id}`, {
      title: '編集後',
      body: 'b2',
      published_at: hourAgo(),
      updated_at: created.updated_at,
    });
    expect(edited.json().data.title).toBe('編集後');
    expect((await api.get('/api/admin/infos?keyword=編集後')).json().meta.total).toBe(1);
    expect((await api.delete(`/api/admin/infos/${created.id}`)).statusCode).toBe(204);
    const actions = (
      await ctx.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.target_id, String(created.id)))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['info.create', 'info.update', 'info.delete']));
    expect((await api.get('/api/admin/infos?sort_by=body')).statusCode).toBe(422);
    const limited = await signedInAdmin(ctx, ['domains.index']);
    expect((await limited.api.get('/api/admin/infos')).statusCode).toBe(403);
    expect(
      (await limited.api.post('/api/admin/infos', { title: 't', body: 'b', published_at: hourAgo() })).statusCode,
    ).toBe(403);
  });

  it('demo notices: the important one comes first for a company, both unread', async () => {
    const fresh = await createTestApp();
    try {
      await seedDemoInfos(fresh.db);
      const owner = await companyOwner(fresh);
      const list = (await owner.api.get('/api/company/infos')).json();
      expect(list.data.map((i: { title: string }) => i.title)).toEqual([
        '年末年始のサポート窓口について',
        'Chobo（帳簿）へようこそ',
      ]);
      expect(list.meta.unread).toBe(2);
    } finally {
      await fresh.close();
    }
  });
});
