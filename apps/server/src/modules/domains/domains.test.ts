import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, domains } from '../../db/schema/index.js';
import { companyOwner, createCompany, createDomain, signedInAdmin, useTestApp } from '../../test/harness.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(file: Buffer, filename: string, type: string) {
  const boundary = '----chobo-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('domains API', () => {
  const ctx = useTestApp();

  it('creates a domain; host must be a unique FQDN (422)', async () => {
    const { api } = await signedInAdmin(ctx);
    const res = await api.post('/api/admin/domains', {
      name: '税理士法人みらい',
      host: 'Mirai.Example.JP',
      roles: ['preparation-of-tax-return'],
      permissions: ['customer.index', 'company-accountings.show'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ host: 'mirai.example.jp', is_default: false, companies_count: 0 });
    const dup = await api.post('/api/admin/domains', { name: '重複', host: 'mirai.example.jp' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.host).toEqual(['このホスト名はすでに登録されています']);
    for (const host of ['intranet', 'bad_host.jp', '-x.example.jp', 'example.123']) {
      const bad = await api.post('/api/admin/domains', { name: 'x', host });
      expect(bad.statusCode, host).toBe(422);
      expect(bad.json().errors.host[0]).toContain('ホスト名');
    }
    const perm = await api.post('/api/admin/domains', {
      name: 'x',
      host: 'x.example.jp',
      permissions: ['admin.index'],
    });
    expect(perm.statusCode).toBe(422);
  });

  it('a domain permission change takes effect on its users next request (/api/me and guards)', async () => {
    const { api } = await signedInAdmin(ctx);
    const domain = await createDomain(ctx.db, { permissions: ['customer.index'] });
    const owner = await companyOwner(ctx, { domain_id: domain.id });
    expect((await owner.api.get('/api/me')).json().data.domain.permissions).toEqual(['customer.index']);
    expect((await owner.api.get('/api/company/customer')).statusCode).toBe(200);
    const res = await api.put(`/api/admin/domains/${domain.id}`, {
      name: domain.name,
      host: domain.host,
      roles: ['product-master-registration'],
      permissions: ['products.*'],
      updated_at: domain.updated_at.toISOString(),
    });
    expect(res.statusCode).toBe(200);
    const me = (await owner.api.get('/api/me')).json().data;
    expect(me.domain.permissions).toEqual(['products.*']);
    expect(me.domain.roles).toEqual(['product-master-registration']);
    expect(me.permissions).not.toContain('customer.index');
    expect((await owner.api.get('/api/company/customer')).statusCode).toBe(403);
  });

  it('logo upload: PNG checked by content, shown in /api/me; wrong type 415; too big 413', async () => {
    const { api, token } = await signedInAdmin(ctx);
    const domain = await createDomain(ctx.db);
    const owner = await companyOwner(ctx, { domain_id: domain.id });
    const up = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/domains/${domain.id}/logo`,
      headers: { authorization: `Bearer ${token}`, ...multipart(PNG, 'logo.png', 'image/png').headers },
      payload: multipart(PNG, 'logo.png', 'image/png').payload,
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().data.logo_url).toMatch(/^data:image\/png;base64,/);
    expect((await owner.api.get('/api/me')).json().data.domain.logo_url).toMatch(/^data:image\/png;base64,/);
    const fake = multipart(Buffer.from('GIF89a not a png'), 'logo.png', 'image/png');
    const r415 = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/domains/${domain.id}/logo`,
      headers: { authorization: `Bearer ${token}`, ...fake.headers },
      payload: fake.payload,
    });
    expect(r415.statusCode).toBe(415);
    const big = multipart(Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]), 'big.png', 'image/png');
    const r413 = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/domains/${domain.id}/logo`,
      headers: { authorization: `Bearer ${token}`, ...big.headers },
      payload: big.payload,
    });
    expect(r413.statusCode).toBe(413);
    expect((await api.delete(`/api/admin/domains/${domain.id}/logo`)).json().data.logo_url).toBeNull();
  });

  it('one default domain; default and used domains cannot be deleted; unused ones can', async () => {
    const { api } = await signedInAdmin(ctx);
    const a = (await api.post('/api/admin/domains', { name: 'A', host: 'a.default.jp', is_default: true })).json().data;
    const b = (await api.post('/api/admin/domains', { name: 'B', host: 'b.default.jp', is_default: true })).json().data;
    const defaults = await ctx.db.select().from(domains).where(eq(domains.is_default, true));
    expect(defaults.map((d) => d.id)).toEqual([b.id]);
    expect((await api.delete(`/api/admin/domains/${b.id}`)).statusCode).toBe(409);
    await createCompany(ctx.db, { domain_id: a.id });
    const used = await api.delete(`/api/admin/domains/${a.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toContain('企業');
    const c = (await api.post('/api/admin/domains', { name: 'C', host: 'c.default.jp' })).json().data;
    expect((await api.delete(`/api/admin/domains/${c.id}`)).statusCode).toBe(204);
    const [audit] = await ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'domain.delete'));
    expect(audit.target_id).toBe(String(c.id));
  });

  it('needs domains.index; paging and sort whitelist', async () => {
    const limited = await signedInAdmin(ctx, ['companies.index']);
    expect((await limited.api.get('/api/admin/domains')).statusCode).toBe(403);
    expect((await limited.api.post('/api/admin/domains', { name: 'x', host: 'x.jp' })).statusCode).toBe(403);
    const { api } = await signedInAdmin(ctx);
    const list = await api.get('/api/admin/domains?keyword=default.jp&sort_by=host&sort_dir=asc');
    expect(list.json().data.map((d: { host: string }) => d.host)).toEqual(['a.default.jp', 'b.default.jp']);
    expect(list.json().meta.per_page).toBe(20);
    expect((await api.get('/api/admin/domains?sort_by=logo_data')).statusCode).toBe(422);
  });
});
