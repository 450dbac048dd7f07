import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, customers } from '../../db/schema/index.js';
import { countRows } from '../../test/factories.js';
import {
  client,
  companyOwner,
  createCompany,
  createDomain,
  createUser,
  signedInAdmin,
  signIn,
  useTestApp,
} from '../../test/harness.js';
import { toCustomer } from './customers.queries.js';

const ctx = useTestApp();

const URL = '/api/company/customer';

const valid = {
  name: '株式会社テスト商事',
  name_kana: 'カブシキガイシャテストショウジ',
  honorific: '御中',
  used_for: 1,
  postal_code: '100-0005',
  prefecture_code: '13',
  address1: '千代田区丸の内1-1-1',
  address2: '',
  tel: '03-1234-5678',
  email: 'keiri@test-shoji.example.jp',
  registration_number: 't7000012050002',
  closing_day: 31,
  payment_terms: '月末締め翌月末払い',
  memo: '',
};

const countCustomers = (companyId: number) => countRows(ctx.db, customers, eq(customers.company_id, companyId));

describe('create / show / update / delete', () => {
  it('creates a customer (201), normalising input, and audits it in the same transaction', async () => {
    const owner = await companyOwner(ctx);
    const res = await owner.api.post(URL, valid);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: '株式会社テスト商事',
      company_id: owner.company.id,
      postal_code: '1000005',
      registration_number: 'T7000012050002',
      address2: null,
      memo: null,
      closing_day: 31,
    });
    expect(data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(data).not.toHaveProperty('deleted_at');
    const [log] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'customer.create'), eq(auditLogs.target_id, String(data.id))));
    expect(log).toMatchObject({ company_id: owner.company.id, actor_user_id: owner.user.id });
    expect(log.after).toMatchObject({ name: '株式会社テスト商事' });

    const shown = await owner.api.get(`${URL}/${data.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toEqual(data);
  });

  it('refuses invalid input with 422 {message, errors} in Japanese and writes nothing', async () => {
    const owner = await companyOwner(ctx);
    const res = await owner.api.post(URL, {
      ...valid,
      name: ' ',
      postal_code: '12345',
      registration_number: 'T1000012050002',
      email: 'keiri@example',
      tel: '12345',
      closing_day: 40,
      prefecture_code: '48',
      used_for: 7,
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe('顧客名を入力してください');
    expect(Object.keys(body.errors).sort()).toEqual(
      [
        'closing_day',
        'email',
        'name',
        'postal_code',
        'prefecture_code',
        'registration_number',
        'tel',
        'used_for',
      ].sort(),
    );
    expect(body.errors.registration_number).toEqual(['登録番号のチェックデジットが正しくありません']);
    expect(body.errors.email).toEqual(['メールアドレスの形式が正しくありません']);
    expect(await countCustomers(owner.company.id)).toBe(0);
    const audits = await ctx.db.select().from(auditLogs).where(eq(auditLogs.company_id, owner.company.id));
    expect(audits.filter((a) => a.action.startsWith('customer.'))).toHaveLength(0);
  });

  it('updates with PUT and PATCH, auditing before and after', async () => {
    const owner = await companyOwner(ctx);
    const created = (await owner.api.post(URL, valid)).json().data;
    const id = created.id;
    const put = await owner.api.put(`${URL}/${id}`, { ...valid, tel: '06-1111-2222', updated_at: created.updated_at });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.tel).toBe('06-1111-2222');
    const patch = await owner.api.patch(`${URL}/${id}`, {
      ...valid,
      name: '株式会社テスト商事（新）',
      updated_at: put.json().data.updated_at,
    });
    expect(patch.json().data.name).toBe('株式会社テスト商事（新）');
    const logs = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'customer.update'), eq(auditLogs.target_id, String(id))))
      .orderBy(auditLogs.id);
    expect(logs).toHaveLength(2);
    expect(logs[0].before).toMatchObject({ tel: '03-1234-5678' });
    expect(logs[0].after).toMatchObject({ tel: '06-1111-2222' });
  });

  it('refuses a stale edit with 409 when updated_at no longer matches', async () => {
    const owner = await companyOwner(ctx);
    const created = (await owner.api.post(URL, valid)).json().data;
    const first = await owner.api.put(`${URL}/${created.id}`, {
      ...valid,
      tel: '06-1111-2222',
      updated_at: created.updated_at,
    });
    expect(first.statusCode).toBe(200);
    const stale = await owner.api.put(`${URL}/${created.id}`, {
      ...valid,
      tel: '06-3333-4444',
      updated_at: created.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('ほかのユーザー');
    expect((await owner.api.get(`${URL}/${created.id}`)).json().data.tel).toBe('06-1111-2222');
  });

  it('deletes softly: 204, gone from show and list, kept in the table and audited', async () => {
    const owner = await companyOwner(ctx);
    const id = (await owner.api.post(URL, valid)).json().data.id;
    expect((await owner.api.delete(`${URL}/${id}`)).statusCode).toBe(204);
    expect((await owner.api.get(`${URL}/${id}`)).statusCode).toBe(404);
    expect((await owner.api.get(URL)).json().meta.total).toBe(0);
    expect((await owner.api.delete(`${URL}/${id}`)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, id));
    expect(row.deleted_at).toBeInstanceOf(Date);
    const logs = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'customer.delete'), eq(auditLogs.target_id, String(id))));
    expect(logs).toHaveLength(1);
  });

  it('answers 422 for an id that is not a number and 404 for an unknown one', async () => {
    const owner = await companyOwner(ctx);
    expect((await owner.api.get(`${URL}/abc`)).statusCode).toBe(422);
    expect((await owner.api.get(`${URL}/99999999`)).statusCode).toBe(404);
  });
});

describe('tenancy and permissions', () => {
  it("answers 404 for another company's customer on show, update and delete, and never lists it", async () => {
    const a = await companyOwner(ctx);
    const b = await companyOwner(ctx);
    const { id, updated_at } = (await a.api.post(URL, valid)).json().data;
    expect((await b.api.get(`${URL}/${id}`)).statusCode).toBe(404);
    expect((await b.api.put(`${URL}/${id}`, { ...valid, updated_at })).statusCode).toBe(404);
    expect((await b.api.delete(`${URL}/${id}`)).statusCode).toBe(404);
    expect((await b.api.get(URL)).json().data).toEqual([]);
    // company_id in the query does not widen a company user's scope
    expect((await b.api.get(`${URL}?company_id=${a.company.id}`)).json().data).toEqual([]);
    expect((await a.api.get(`${URL}/${id}`)).json().data.name).toBe(valid.name);
  });

  it('refuses employees (no customer.index) with 403', async () => {
    const company = await createCompany(ctx.db);
    const employee = await createUser(ctx.db, { role: 'employee', companyId: company.id });
    const api = client(ctx.app, await signIn(ctx.app, employee.email));
    expect((await api.get(URL)).statusCode).toBe(403);
    expect((await api.post(URL, valid)).statusCode).toBe(403);
    expect(await countCustomers(company.id)).toBe(0);
  });

  it('refuses a company whose domain does not grant customer.index', async () => {
    const domain = await createDomain(ctx.db, { permissions: ['products.*'] });
    const owner = await companyOwner(ctx, { domain_id: domain.id });
    const res = await owner.api.get(URL);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'この操作を行う権限がありません' });
  });

  it('lets an admin with companies.index read a company by company_id, never write', async () => {
    const owner = await companyOwner(ctx);
    const id = (await owner.api.post(URL, valid)).json().data.id;
    const admin = await signedInAdmin(ctx);
    const list = await admin.api.get(`${URL}?company_id=${owner.company.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await admin.api.get(`${URL}/${id}?company_id=${owner.company.id}`)).statusCode).toBe(200);
    const missing = await admin.api.get(URL);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.company_id).toEqual(['企業を指定してください']);
    expect((await admin.api.get(`${URL}?company_id=999999`)).statusCode).toBe(404);
    const write = await admin.api.post(`${URL}?company_id=${owner.company.id}`, valid);
    expect(write.statusCode).toBe(403);
    expect((await admin.api.delete(`${URL}/${id}?company_id=${owner.company.id}`)).statusCode).toBe(403);
    expect(await countCustomers(owner.company.id)).toBe(1);
  });

  it('refuses an admin without companies.index', async () => {
    const owner = await companyOwner(ctx);
    const admin = await signedInAdmin(ctx, ['infos.index']);
    expect((await admin.api.get(`${URL}?company_id=${owner.company.id}`)).statusCode).toBe(403);
  });

  it('requires sign-in', async () => {
    expect((await client(ctx.app, null).get(URL)).statusCode).toBe(401);
  });
});

describe('list: paging, sorting, search, filter', () => {
  let owner: Awaited<ReturnType<typeof companyOwner>>;
  beforeAll(async () => {
    owner = await companyOwner(ctx);
    const names = Array.from({ length: 25 }, (_, i) => `顧客${String(i + 1).padStart(2, '0')}`);
    await ctx.db.insert(customers).values(
      names.map((name, i) => ({
        company_id: owner.company.id,
        name,
        name_kana: `コキャク${i}`,
        used_for: (i % 3) + 1,
        tel: `03-0000-${String(1000 + i)}`,
        email: i === 0 ? 'first_one@example.jp' : null,
        contact_person: i === 1 ? '山田 太郎' : null,
      })),
    );
  });

  it('pages by 20 with data/meta', async () => {
    const p1 = (await owner.api.get(`${URL}?sort_by=name&sort_dir=asc`)).json();
    expect(p1.data).toHaveLength(20);
    expect(p1.meta).toEqual({ current_page: 1, last_page: 2, per_page: 20, total: 25, from: 1, to: 20 });
    const p2 = (await owner.api.get(`${URL}?sort_by=name&sort_dir=asc&page=2`)).json();
    expect(p2.data.map((c: { name: string }) => c.name)).toEqual(['顧客21', '顧客22', '顧客23', '顧客24', '顧客25']);
    expect(p2.meta).toMatchObject({ current_page: 2, from: 21, to: 25 });
    const p9 = (await owner.api.get(`${URL}?page=9`)).json();
    expect(p9.data).toEqual([]);
    expect(p9.meta).toMatchObject({ from: null, to: null, total: 25 });
    expect((await owner.api.get(`${URL}?per_page=5`)).json().data).toHaveLength(5);
  });

  it('sorts by whitelisted columns only', async () => {
    const desc = (await owner.api.get(`${URL}?sort_by=name&sort_dir=desc&per_page=3`)).json();
    expect(desc.data.map((c: { name: string }) => c.name)).toEqual(['顧客25', '顧客24', '顧客23']);
    for (const bad of [
      'sort_by=password_hash',
      'sort_by=name;drop%20table%20customers',
      'sort_dir=sideways',
      'per_page=101',
      'page=0',
    ]) {
      const res = await owner.api.get(`${URL}?${bad}`);
      expect(res.statusCode, bad).toBe(422);
    }
    expect((await owner.api.get(`${URL}?sort_by=password_hash`)).json().errors.sort_by).toEqual([
      '並び替えの項目が正しくありません',
    ]);
  });

  it('searches name, kana, contact, e-mail and phone digits; wildcards are literal', async () => {
    const names = async (q: string) =>
      (await owner.api.get(`${URL}?per_page=100&keyword=${encodeURIComponent(q)}`))
        .json()
        .data.map((c: { name: string }) => c.name);
    expect(await names('顧客07')).toEqual(['顧客07']);
    expect(await names('コキャク12')).toEqual(['顧客13']);
    expect(await names('山田')).toEqual(['顧客02']);
    expect(await names('first_one')).toEqual(['顧客01']);
    expect(await names('0300001003')).toEqual(['顧客04']);
    expect(await names('顧客0　コキャク1')).toEqual(['顧客02']);
    expect(await names('%')).toEqual([]);
    expect(await names('first%one')).toEqual([]);
  });

  it('filters by used_for (a customer used for both counts for each)', async () => {
    const res = (await owner.api.get(`${URL}?used_for=1&per_page=100`)).json();
    expect(res.meta.total).toBe(17); // 9 with 1 and 8 with 3
    expect(res.data.every((c: { used_for: number }) => c.used_for === 1 || c.used_for === 3)).toBe(true);
    expect((await owner.api.get(`${URL}?used_for=5`)).statusCode).toBe(422);
  });
});

describe('list as JSON text built by PostgreSQL (ADR 0030)', () => {
  it('says what toCustomer says, in the order of every sort, with nulls and awkward characters', async () => {
    const o = await companyOwner(ctx);
    const awkward = 'タブ\tと改行\nと "引用" と \\ と </script> と \u2028 と 😀 と \u0001';
    await ctx.db.insert(customers).values([
      { company_id: o.company.id, name: `株式会社${awkward}`, name_kana: null, memo: awkward, closing_day: 20 },
      {
        company_id: o.company.id,
        name: 'ベータ',
        name_kana: 'ベータ',
        used_for: 1,
        url: 'https://example.jp/?a=1&b="2"',
      },
      { company_id: o.company.id, name: 'アルファ', name_kana: 'アルファ', used_for: 2, tel: '03-1111-2222' },
      { company_id: o.company.id, name: '削除済み', deleted_at: new Date() },
    ]);
    await ctx.db.execute(
      sql`update customers set created_at = '2026-01-02 03:04:05.999999+00', updated_at = '2026-01-02 03:04:05.0005+09'
          where company_id = ${o.company.id} and name = 'ベータ'`,
    );
    const rows = await ctx.db
      .select()
      .from(customers)
      .where(and(eq(customers.company_id, o.company.id), sql`${customers.deleted_at} is null`));
    const wire = new Map(rows.map((r) => [r.id, JSON.parse(JSON.stringify(toCustomer(r)))]));
    expect([...wire.values()].find((c) => c.name === 'ベータ')).toMatchObject({
      created_at: '2026-01-02T03:04:05.999Z',
      updated_at: '2026-01-01T18:04:05.000Z',
    });
    // every answer is also compared byte for byte with the route's serialiser (lib/json-text.ts)
    for (const sort of ['id', 'name', 'name_kana', 'prefecture_code', 'created_at', 'updated_at']) {
      for (const dir of ['asc', 'desc']) {
        for (const extra of ['', '&used_for=1', '&keyword=%E5%BC%95%E7%94%A8']) {
          const all = (await o.api.get(`${URL}?sort_by=${sort}&sort_dir=${dir}&per_page=100${extra}`)).json();
          const paged = [];
          for (let page = 1; page <= all.meta.total; page++) {
            paged.push(
              ...(await o.api.get(`${URL}?sort_by=${sort}&sort_dir=${dir}&per_page=1&page=${page}${extra}`)).json()
                .data,
            );
          }
          expect(paged).toEqual(all.data);
          expect(all.data.length).toBe(extra === '' ? 3 : extra === '&used_for=1' ? 2 : 1);
          expect(all.meta.total).toBe(all.data.length);
          for (const c of all.data) expect(c).toEqual(wire.get(c.id));
        }
      }
    }
  });
});

describe('customer_counts (the list total without a keyword)', () => {
  it('follows inserts, 用途 changes, soft and hard deletes, and a move to another company', async () => {
    const o = await companyOwner(ctx);
    const other = await companyOwner(ctx);
    const kept = async (companyId: number) => {
      const rows = await ctx.db.execute(sql`
        select coalesce((select row(used_1, used_2, used_3)::text from customer_counts where company_id = ${companyId}), '(0,0,0)') as kept,
               (select row(count(*) filter (where used_for = 1), count(*) filter (where used_for = 2),
                           count(*) filter (where used_for = 3))::text
                from customers where company_id = ${companyId} and deleted_at is null) as counted`);
      const [r] = (rows as unknown as { rows: { kept: string; counted: string }[] }).rows;
      expect(r.kept).toBe(r.counted);
      return r.kept;
    };
    const made = await ctx.db
      .insert(customers)
      .values([1, 1, 2, 3, 3, 3].map((used_for, i) => ({ company_id: o.company.id, name: `件数${i}`, used_for })))
      .returning();
    expect(await kept(o.company.id)).toBe('(2,1,3)');
    await ctx.db.update(customers).set({ used_for: 2 }).where(eq(customers.id, made[0].id));
    await ctx.db.update(customers).set({ memo: 'no change of count' }).where(eq(customers.id, made[1].id));
    expect(await kept(o.company.id)).toBe('(1,2,3)');
    expect((await o.api.delete(`${URL}/${made[3].id}`)).statusCode).toBe(204);
    await ctx.db.update(customers).set({ deleted_at: new Date() }).where(eq(customers.id, made[3].id));
    expect(await kept(o.company.id)).toBe('(1,2,2)');
    await ctx.db.update(customers).set({ deleted_at: null }).where(eq(customers.id, made[3].id));
    await ctx.db.delete(customers).where(eq(customers.id, made[4].id));
    await ctx.db.update(customers).set({ company_id: other.company.id }).where(eq(customers.id, made[5].id));
    expect(await kept(o.company.id)).toBe('(1,2,1)');
    expect(await kept(other.company.id)).toBe('(0,0,1)');
    const list = async (api: typeof o.api, query = '') =>
      (await api.get(`${URL}?per_page=1${query}`)).json().meta.total;
    expect(await list(o.api)).toBe(4);
    expect(await list(o.api, '&used_for=1')).toBe(2);
    expect(await list(o.api, '&used_for=2')).toBe(3);
    expect(await list(o.api, '&used_for=3')).toBe(1);
    expect(await list(other.api)).toBe(1);
    const empty = await companyOwner(ctx);
    expect(await list(empty.api)).toBe(0);
    expect(await list(empty.api, '&used_for=2')).toBe(0);
  });
});
