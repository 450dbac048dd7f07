import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, customers, journalEntries, periodLocks } from '../../db/schema/index.js';
import { systemTenant } from '../../lib/context.js';
import { entryEditBody, newCustomer, newSale } from '../../test/factories.js';
import {
  type Client,
  client,
  companyOwner,
  createCompany,
  createDomain,
  createUser,
  signedInAdmin,
  signIn,
  useTestApp,
} from '../../test/harness.js';
import { loadEntries } from './journal.queries.js';
import { postEntry, reversalInput } from './posting.js';

const ctx = useTestApp();

async function accountsOf(api: Client): Promise<Record<string, number>> {
  const res = await api.get('/api/company/accounts?include_inactive=1');
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(res.json().data.map((a: { code: string; id: number }) => [a.code, a.id]));
}

/** The updated_at an edit of this account must send back (read from the list, as the chart page does). */
async function accountStamp(api: Client, id: number): Promise<string> {
  const res = await api.get('/api/company/accounts?include_inactive=1');
  return res.json().data.find((a: { id: number }) => a.id === id).updated_at;
}

const entry = (ids: Record<string, number>, date: string, amount: number, description = '商品売上') => ({
  date,
  description,
  lines: [
    { account_id: ids['1120'], debit: amount, credit: 0 },
    { account_id: ids['4110'], debit: 0, credit: amount, tax_category: 'sales_10' },
  ],
});

async function entryCount(companyId: number) {
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(journalEntries)
    .where(eq(journalEntries.company_id, companyId));
  return n;
}

describe('journal entries', () => {
  let owner: Awaited<ReturnType<typeof companyOwner>>;
  let ids: Record<string, number>;
  beforeAll(async () => {
    owner = await companyOwner(ctx);
    ids = await accountsOf(owner.api);
  });

  it('creates entries numbered per company, with lines, audited in the same transaction', async () => {
    const a = await owner.api.post('/api/accountings', entry(ids, '2026-04-10', 110000));
    expect(a.statusCode).toBe(201);
    const b = await owner.api.post('/api/accountings', {
      date: '2026-04-11',
      description: '仕入（諸口）',
      lines: [
        { account_id: ids['5120'], debit: '50,000', credit: '' },
        { account_id: ids['1450'], debit: 5000 },
        { account_id: ids['2120'], credit: 55000, memo: '月末払い' },
      ],
    });
    expect(b.statusCode).toBe(201);
    const ea = a.json().data;
    const eb = b.json().data;
    expect(eb.number).toBe(ea.number + 1);
    expect(eb).toMatchObject({ date: '2026-04-11', total: 55000, kind: 'normal', locked: false });
    expect(
      eb.lines.map((l: { account_name: string; debit: number; credit: number }) => [l.account_name, l.debit, l.credit]),
    ).toEqual([
      ['仕入高', 50000, 0],
      ['仮払消費税等', 5000, 0],
      ['買掛金', 0, 55000],
    ]);
    // another company starts its own sequence at 1
    const other = await companyOwner(ctx);
    const otherIds = await accountsOf(other.api);
    const c = await other.api.post('/api/accountings', entry(otherIds, '2026-04-10', 100));
    expect(c.json().data.number).toBe(1);
    const [row] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'journal.create'), eq(auditLogs.target_id, String(eb.id))));
    expect(row.company_id).toBe(owner.company.id);
    expect((row.after as { total: number }).total).toBe(55000);
  });

  it('refuses an unbalanced entry with a Japanese message and writes nothing', async () => {
    const before = await entryCount(owner.company.id);
    const res = await owner.api.post('/api/accountings', {
      date: '2026-04-12',
      description: '不一致',
      lines: [
        { account_id: ids['1110'], debit: 1000, credit: 0 },
        { account_id: ids['4110'], debit: 0, credit: 900 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.lines[0]).toContain('一致していません');
    expect(await entryCount(owner.company.id)).toBe(before);
  });

  it('refuses lines with both or neither amount, fractional yen, one line, and no 摘要', async () => {
    const bad = await owner.api.post('/api/accountings', {
      date: '2026-04-12',
      description: '',
      lines: [
        { account_id: ids['1110'], debit: 1000, credit: 1000 },
        { account_id: ids['4110'], debit: 0, credit: 0.5 },
      ],
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(errors.description).toBeDefined();
    expect(errors['lines.0.debit'][0]).toContain('どちらか一方');
    expect(errors['lines.1.credit'][0]).toContain('整数');
    const one = await owner.api.post('/api/accountings', {
      date: '2026-04-12',
      description: 'x',
      lines: [{ account_id: ids['1110'], debit: 1 }],
    });
    expect(one.json().errors.lines[0]).toContain('2行以上');
  });

  it("refuses inactive accounts and another company's accounts or customers", async () => {
    const deact = await owner.api.put(`/api/company/accounts/${ids['1240']}`, {
      is_active: false,
      updated_at: await accountStamp(owner.api, ids['1240']),
    });
    expect(deact.statusCode).toBe(200);
    const res = await owner.api.post('/api/accountings', {
      date: '2026-04-12',
      description: '未収',
      lines: [
        { account_id: ids['1240'], debit: 100 },
        { account_id: ids['4110'], credit: 100 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['lines.0.account_id'][0]).toContain('無効');
    const other = await companyOwner(ctx);
    const otherIds = await accountsOf(other.api);
    const cross = await owner.api.post('/api/accountings', {
      date: '2026-04-12',
      description: '他社',
      lines: [
        { account_id: otherIds['1110'], debit: 100 },
        { account_id: ids['4110'], credit: 100, customer_id: 999999 },
      ],
    });
    expect(cross.statusCode).toBe(422);
    expect(Object.keys(cross.json().errors).sort()).toEqual(['lines.0.account_id', 'lines.1.customer_id']);
  });

  it("answers 404 for another company's entry (show, update, delete, reverse)", async () => {
    const mine = (await owner.api.post('/api/accountings', entry(ids, '2026-04-13', 500))).json().data;
    const other = await companyOwner(ctx);
    expect((await other.api.get(`/api/accountings/${mine.id}`)).statusCode).toBe(404);
    const stale = { ...entry(ids, '2026-04-13', 600), updated_at: mine.updated_at };
    expect((await other.api.put(`/api/accountings/${mine.id}`, stale)).statusCode).toBe(404);
    expect((await other.api.delete(`/api/accountings/${mine.id}`)).statusCode).toBe(404);
    expect((await other.api.post(`/api/accountings/${mine.id}/reverse`, {})).statusCode).toBe(404);
    expect((await owner.api.get(`/api/accountings/${mine.id}`)).json().data.total).toBe(500);
  });

  it('updates an open entry keeping before/after in the audit log, and deletes it', async () => {
    const e = (await owner.api.post('/api/accountings', entry(ids, '2026-04-14', 700, '修正前'))).json().data;
    const upd = await owner.api.put(`/api/accountings/${e.id}`, {
      ...entry(ids, '2026-04-15', 770, '修正後'),
      updated_at: e.updated_at,
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({
      id: e.id,
      number: e.number,
      date: '2026-04-15',
      total: 770,
      description: '修正後',
    });
    const [log] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'journal.update'), eq(auditLogs.target_id, String(e.id))));
    expect((log.before as { total: number; description: string }).description).toBe('修正前');
    expect((log.after as { total: number }).total).toBe(770);
    expect((await owner.api.delete(`/api/accountings/${e.id}`)).statusCode).toBe(204);
    expect((await owner.api.get(`/api/accountings/${e.id}`)).statusCode).toBe(404);
  });

  it('locks a period: no create/update/delete inside it; a one-click 逆仕訳 corrects it', async () => {
    const e = (await owner.api.post('/api/accountings', entry(ids, '2026-03-20', 1000, 'ロック対象'))).json().data;
    await ctx.db
      .insert(periodLocks)
      .values({ company_id: owner.company.id, kind: 'month', start_date: '2026-03-01', end_date: '2026-03-31' });
    const create = await owner.api.post('/api/accountings', entry(ids, '2026-03-21', 1));
    expect(create.statusCode).toBe(422);
    expect(create.json().errors.date[0]).toContain('締められた');
    const moved = { ...entry(ids, '2026-04-01', 1), updated_at: e.updated_at };
    expect((await owner.api.put(`/api/accountings/${e.id}`, moved)).statusCode).toBe(422);
    expect((await owner.api.delete(`/api/accountings/${e.id}`)).statusCode).toBe(422);
    const shown = (await owner.api.get(`/api/accountings/${e.id}`)).json().data;
    expect(shown.locked).toBe(true);

    const rev = await owner.api.post(`/api/accountings/${e.id}/reverse`, { date: '2026-04-01' });
    expect(rev.statusCode).toBe(201);
    const r = rev.json().data;
    expect(r).toMatchObject({ kind: 'reversal', reversal_of_id: e.id, date: '2026-04-01', total: 1000 });
    // the original's 売上高 1,000 (課税売上10%, no tax line) was split under 税抜経理: 910 + 仮受消費税等 90
    expect(r.lines.map((l: { debit: number; credit: number }) => [l.debit, l.credit])).toEqual([
      [0, 1000],
      [910, 0],
      [90, 0],
    ]);
    expect((await owner.api.get(`/api/accountings/${e.id}`)).json().data.reversed_by_id).toBe(r.id);
    const again = await owner.api.post(`/api/accountings/${e.id}/reverse`, { date: '2026-04-01' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toContain('すでに逆仕訳');
  });

  it('an entry a document made changes only through that document: edit, delete and 逆仕訳 → 422 naming it', async () => {
    const o = await companyOwner(ctx);
    const customer = await newCustomer(o.api, { name: '株式会社所有', honorific: '御中', used_for: 1 });
    const sale = await newSale(o.api, {
      customer_id: customer.id,
      transaction_date: '2026-05-10',
      subject: '5月分',
      unit_price: 10_000,
    });
    const payment = await o.api.post('/api/payments', {
      direction: 'in',
      date: '2026-05-20',
      customer_id: customer.id,
      amount: 11_000,
      allocations: [{ transaction_id: sale.id, amount: 11_000 }],
    });
    expect(payment.statusCode, payment.body).toBe(201);
    const [saleEntry] = await ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.source_type, 'transaction'), eq(journalEntries.source_id, sale.id)));
    const owned = [
      { id: saleEntry.id, names: `受注取引 #${sale.id}` },
      { id: payment.json().data.journal_entry_id as number, names: `入金・支払 #${payment.json().data.id}` },
    ];
    for (const { id, names } of owned) {
      const shown = (await o.api.get(`/api/accountings/${id}`)).json().data;
      const body = entryEditBody(shown, '書き換え');
      for (const res of [
        await o.api.put(`/api/accountings/${id}`, body),
        await o.api.delete(`/api/accountings/${id}`),
        await o.api.post(`/api/accountings/${id}/reverse`, { date: '2026-05-31' }),
      ]) {
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().message).toContain(names);
      }
      const [still] = await ctx.db.select().from(journalEntries).where(eq(journalEntries.id, id));
      expect(still.description).toBe(shown.description);
    }
    expect(await entryCount(o.company.id)).toBe(2);
    // in a locked month too: the plain entry may be reversed, the sale's may not
    const ids = await accountsOf(o.api);
    const plain = (await o.api.post('/api/accountings', entry(ids, '2026-05-15', 500, '手入力'))).json().data;
    await ctx.db
      .insert(periodLocks)
      .values({ company_id: o.company.id, kind: 'month', start_date: '2026-05-01', end_date: '2026-05-31' });
    expect((await o.api.post(`/api/accountings/${saleEntry.id}/reverse`, { date: '2026-06-01' })).statusCode).toBe(422);
    expect((await o.api.post(`/api/accountings/${plain.id}/reverse`, { date: '2026-06-01' })).statusCode).toBe(201);
  });

  it('deleting a document whose entry was reversed in the journal (older data) never answers 500', async () => {
    const o = await companyOwner(ctx);
    const customer = await newCustomer(o.api, { name: '株式会社旧データ', honorific: '御中', used_for: 1 });
    const sale = await newSale(o.api, {
      customer_id: customer.id,
      transaction_date: '2026-05-10',
      subject: '5月分',
      unit_price: 10_000,
    });
    const [saleEntry] = await ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.source_type, 'transaction'), eq(journalEntries.source_id, sale.id)));
    // a 逆仕訳 made in the journal before entries were owned by their documents
    const tenant = systemTenant(ctx.db, o.company.id);
    const [original] = await loadEntries(tenant, [saleEntry]);
    await ctx.db.transaction((tx) =>
      postEntry({ ...tenant, db: tx }, reversalInput(original, '2026-05-20'), {
        kind: 'reversal',
        reversalOfId: saleEntry.id,
        skipChecks: true,
      }),
    );
    const del = await o.api.delete(`/api/transactions/${sale.id}`);
    expect(del.statusCode, del.body).toBeLessThan(300);
    // the pair went together: nothing left of the sale in the books
    expect(await entryCount(o.company.id)).toBe(0);
  });

  it('lists with keyword over 摘要 / account / amount, date range, account filter and a sort whitelist', async () => {
    const o = await companyOwner(ctx);
    const i = await accountsOf(o.api);
    await o.api.post('/api/accountings', entry(i, '2026-05-01', 12345, '東京商事へ売上'));
    await o.api.post('/api/accountings', entry(i, '2026-05-02', 2000, '大阪物産へ売上'));
    await o.api.post('/api/accountings', {
      date: '2026-06-01',
      description: '家賃',
      lines: [
        { account_id: i['6200'], debit: 80000 },
        { account_id: i['1120'], credit: 80000 },
      ],
    });
    const names = async (q: string) =>
      (await o.api.get(`/api/accountings?${q}`)).json().data.map((e: { description: string }) => e.description);
    expect(await names('keyword=東京')).toEqual(['東京商事へ売上']);
    expect(await names(`keyword=${encodeURIComponent('12,345')}`)).toEqual(['東京商事へ売上']);
    expect(await names(`keyword=${encodeURIComponent('地代家賃')}`)).toEqual(['家賃']);
    expect(await names(`keyword=${encodeURIComponent('チダイ')}`)).toEqual(['家賃']);
    expect(await names('from=2026-05-02&to=2026-05-31')).toEqual(['大阪物産へ売上']);
    expect(await names(`account_id=${i['6200']}`)).toEqual(['家賃']);
    expect(await names('sort_by=date&sort_dir=asc')).toEqual(['東京商事へ売上', '大阪物産へ売上', '家賃']);
    const page = await o.api.get('/api/accountings?per_page=2&page=2&sort_by=number&sort_dir=asc');
    expect(page.json().meta).toMatchObject({ total: 3, current_page: 2, last_page: 2, from: 3, to: 3 });
    expect((await o.api.get('/api/accountings?sort_by=description')).statusCode).toBe(422);
  });

  it('lets admins read with company_id (not write) and refuses users without the permission', async () => {
    await owner.api.post('/api/accountings', entry(ids, '2026-04-16', 300));
    const admin = await signedInAdmin(ctx);
    const res = await admin.api.get(`/api/accountings?company_id=${owner.company.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
    expect((await admin.api.post('/api/accountings', entry(ids, '2026-04-10', 1))).statusCode).toBe(403);
    const limited = await signedInAdmin(ctx, ['admin.index']);
    expect((await limited.api.get(`/api/accountings?company_id=${owner.company.id}`)).statusCode).toBe(403);
    const employee = await createUser(ctx.db, { role: 'employee', companyId: owner.company.id });
    const emp = client(ctx.app, await signIn(ctx.app, employee.email));
    expect((await emp.get('/api/accountings')).statusCode).toBe(403);
    expect((await emp.get('/api/company/trial-balance')).statusCode).toBe(403);
    const domain = await createDomain(ctx.db, { permissions: ['customer.index'] });
    const company = await createCompany(ctx.db, { domain_id: domain.id });
    const user = await createUser(ctx.db, { role: 'company', companyId: company.id });
    const noPerm = client(ctx.app, await signIn(ctx.app, user.email));
    expect((await noPerm.post('/api/accountings', entry(ids, '2026-04-10', 1))).statusCode).toBe(403);
    expect((await client(ctx.app, null).get('/api/accountings')).statusCode).toBe(401);
  });
});

describe('chart of accounts API', () => {
  it('lists with search by code, name or kana; adds a sub-account; renames, reorders, deactivates', async () => {
    const o = await companyOwner(ctx);
    const list = async (q: string) =>
      (await o.api.get(`/api/company/accounts?${q}`)).json().data.map((a: { name: string }) => a.name);
    expect(await list('keyword=1110')).toEqual(['現金']);
    expect(await list(`keyword=${encodeURIComponent('ウリカケ')}`)).toEqual(['売掛金']);
    const ids = await accountsOf(o.api);
    const sub = await o.api.post('/api/company/accounts', {
      code: '1121',
      name: '普通預金（みずほ）',
      kana: 'フツウヨキンミズホ',
      category: 'asset',
      section: 'current_assets',
      parent_id: ids['1120'],
      cash_flow_role: 'cash',
      sort_order: 25,
    });
    expect(sub.statusCode).toBe(201);
    expect(sub.json().data).toMatchObject({ parent_id: ids['1120'], normal_side: 'debit', is_system: false });
    const dup = await o.api.post('/api/company/accounts', { ...sub.json().data, code: '1121', parent_id: null });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.code[0]).toContain('すでに使われています');
    const mismatch = await o.api.post('/api/company/accounts', {
      code: '9999',
      name: 'x',
      category: 'asset',
      section: 'sga',
      cash_flow_role: 'pl',
    });
    expect(mismatch.json().errors.section).toBeDefined();
    const renamed = await o.api.put(`/api/company/accounts/${sub.json().data.id}`, {
      name: '普通預金（みずほ銀行）',
      sort_order: 5,
      updated_at: sub.json().data.updated_at,
    });
    expect(renamed.json().data).toMatchObject({ name: '普通預金（みずほ銀行）', sort_order: 5 });
    const off = await o.api.put(`/api/company/accounts/${sub.json().data.id}`, {
      is_active: false,
      updated_at: renamed.json().data.updated_at,
    });
    expect(off.json().data.is_active).toBe(false);
    expect(await list('keyword=1121')).toEqual([]);
    expect(await list('keyword=1121&include_inactive=1')).toEqual(['普通預金（みずほ銀行）']);
    const [log] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'account.update'), eq(auditLogs.target_id, String(sub.json().data.id))));
    expect(log).toBeDefined();
  });

  it('cannot delete system accounts or accounts with entries; deletes an unused one', async () => {
    const o = await companyOwner(ctx);
    const ids = await accountsOf(o.api);
    const sys = await o.api.delete(`/api/company/accounts/${ids['1110']}`);
    expect(sys.statusCode).toBe(422);
    expect(sys.json().message).toContain('システム科目');
    const cash = { is_active: false, updated_at: await accountStamp(o.api, ids['1110']) };
    expect((await o.api.put(`/api/company/accounts/${ids['1110']}`, cash)).statusCode).toBe(422);
    await o.api.post('/api/accountings', {
      date: '2026-04-01',
      description: '雑費',
      lines: [
        { account_id: ids['6290'], debit: 100 },
        { account_id: ids['1110'], credit: 100 },
      ],
    });
    const used = await o.api.delete(`/api/company/accounts/${ids['6290']}`);
    expect(used.statusCode).toBe(422);
    expect(used.json().message).toContain('仕訳で使われている');
    expect((await o.api.delete(`/api/company/accounts/${ids['8530']}`)).statusCode).toBe(204);
    const other = await companyOwner(ctx);
    expect((await other.api.delete(`/api/company/accounts/${ids['6280']}`)).statusCode).toBe(404);
  });
});

describe('journal list paging (maintained per-day counts)', () => {
  /** Every entry's id in the list's order, read in one page, and page by page. */
  async function pages(api: Client, query: string, perPage: number) {
    const all = (await api.get(`/api/accountings?${query}&per_page=100`)).json();
    const paged: number[] = [];
    const last = Math.max(1, Math.ceil(all.meta.total / perPage));
    for (let page = 1; page <= last; page++) {
      const res = (await api.get(`/api/accountings?${query}&per_page=${perPage}&page=${page}`)).json();
      expect(res.meta.total).toBe(all.meta.total);
      expect(res.meta.last_page).toBe(last);
      paged.push(...res.data.map((e: { id: number }) => e.id));
    }
    const beyond = (await api.get(`/api/accountings?${query}&per_page=${perPage}&page=${last + 1}`)).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(all.meta.total);
    return { all: all.data as { id: number; date: string; number: number }[], paged };
  }

  async function countsMatch(companyId: number) {
    const rows = await ctx.db.execute(sql`
      select e.date::text, count(e.id)::int as n, coalesce(max(c.entries), 0)::int as kept
      from journal_entries e left join journal_daily_counts c on c.company_id = e.company_id and c.date = e.date
      where e.company_id = ${companyId} group by e.date`);
    for (const r of (rows as unknown as { rows: { n: number; kept: number }[] }).rows) expect(r.kept).toBe(r.n);
    const months = await ctx.db.execute(sql`
      select coalesce(d.month, m.month)::text as month, coalesce(d.n, 0)::int as n, coalesce(m.entries, 0)::int as kept
      from (select date_trunc('month', date)::date as month, sum(entries) as n from journal_daily_counts
            where company_id = ${companyId} group by 1) d
      full join (select month, entries from journal_monthly_counts where company_id = ${companyId}) m on m.month = d.month`);
    for (const r of (months as unknown as { rows: { n: number; kept: number }[] }).rows) expect(r.kept).toBe(r.n);
  }

  it('every page is the right slice (both directions, with a date range), and the counts follow edits and deletes', async () => {
    const o = await companyOwner(ctx);
    const ids = await accountsOf(o.api);
    // uneven days: 1, 4, 0, 7, 2, 5 entries in April, a few in the months around it, posted out of date order
    const perDay: [string, number][] = [
      ['2026-04-03', 4],
      ['2026-04-01', 1],
      ['2026-06-15', 1],
      ['2026-04-06', 5],
      ['2026-03-31', 3],
      ['2026-04-04', 7],
      ['2026-05-01', 2],
      ['2026-04-05', 2],
    ];
    const created: { id: number; updated_at: string }[] = [];
    for (const [date, n] of perDay) {
      for (let i = 0; i < n; i++) {
        const res = await o.api.post('/api/accountings', entry(ids, date, 100 + i));
        expect(res.statusCode).toBe(201);
        created.push(res.json().data);
      }
    }
    await countsMatch(o.company.id);
    for (const query of [
      'sort_dir=desc',
      'sort_dir=asc',
      'sort_dir=desc&from=2026-04-03&to=2026-04-05',
      'sort_dir=asc&from=2026-04-04',
      'sort_by=number&sort_dir=desc',
    ]) {
      for (const perPage of [1, 3, 4, 19, 25]) {
        const { all, paged } = await pages(o.api, query, perPage);
        expect(paged).toEqual(all.map((e) => e.id));
      }
    }
    const { all } = await pages(o.api, 'sort_dir=desc', 5);
    expect(all).toHaveLength(25);
    const order = [...all].sort((a, b) => (a.date === b.date ? b.number - a.number : a.date < b.date ? 1 : -1));
    expect(all.map((e) => e.id)).toEqual(order.map((e) => e.id));
    expect((await o.api.get('/api/accountings?from=2026-04-03&to=2026-04-05')).json().meta.total).toBe(13);

    // moving entries to another day (of the same month, of another month) and deleting one keep the counts and
    // the pages right
    for (const [moved, date] of [
      [created[0], '2026-04-02'],
      [created[1], '2026-05-02'],
    ] as const) {
      const put = await o.api.put(`/api/accountings/${moved.id}`, {
        ...entry(ids, date, 100),
        updated_at: moved.updated_at,
      });
      expect(put.statusCode).toBe(200);
    }
    expect((await o.api.delete(`/api/accountings/${created[5].id}`)).statusCode).toBe(204);
    await countsMatch(o.company.id);
    for (const query of ['sort_dir=desc', 'sort_dir=asc', 'sort_dir=asc&from=2026-04-02']) {
      const { all: after, paged } = await pages(o.api, query, 4);
      expect(paged).toEqual(after.map((e) => e.id));
    }
    expect((await o.api.get('/api/accountings')).json().meta.total).toBe(24);
  });
});

describe('journal list and show as JSON text built by PostgreSQL (ADR 0030)', () => {
  it('say exactly what loadEntries says: lines, names, reversal, lock, source, awkward characters, timestamps', async () => {
    const o = await companyOwner(ctx);
    const ids = await accountsOf(o.api);
    const [cu] = await ctx.db
      .insert(customers)
      .values({ company_id: o.company.id, name: '顧客 "引用" \\ 株式会社' })
      .returning();
    const awkward = 'タブ\tと改行\nと "引用" と \\ と </script> と \u2028 と 😀';
    const a = (
      await o.api.post('/api/accountings', {
        date: '2026-06-01',
        description: awkward,
        lines: [
          { account_id: ids['1220'], debit: 1100, credit: 0, customer_id: cu.id, memo: awkward },
          { account_id: ids['4110'], debit: 0, credit: 1000, tax_category: 'sales_10' },
          { account_id: ids['2210'], debit: 0, credit: 100 },
        ],
      })
    ).json().data;
    const b = (await o.api.post('/api/accountings', entry(ids, '2026-06-02', 5000))).json().data;
    const c = (await o.api.post('/api/accountings', entry(ids, '2026-07-01', 7000))).json().data;
    const rev = (await o.api.post(`/api/accountings/${b.id}/reverse`, { date: '2026-07-02' })).json().data;
    // what the forms refuse but a row may still hold (imports, older data): control characters, a source,
    // timestamps with microseconds on either side of a millisecond
    await ctx.db.execute(sql`update journal_entries set description = ${'制御\u0001文字\u001f'},
        source_type = 'transaction', source_id = 42,
        created_at = '2026-06-02 01:02:03.999999+00', updated_at = '2026-06-02 10:11:12.000500+09'
      where id = ${c.id}`);
    await ctx.db
      .insert(periodLocks)
      .values({ company_id: o.company.id, kind: 'month', start_date: '2026-06-01', end_date: '2026-06-30' });

    const tenant = systemTenant(ctx.db, o.company.id);
    const expected = JSON.parse(JSON.stringify(await loadEntries(tenant, await entryRows(o.company.id))));
    expect(expected.map((e: { id: number }) => e.id)).toEqual([rev.id, c.id, b.id, a.id]);
    expect(expected[2]).toMatchObject({ locked: true, reversed_by_id: rev.id });
    expect(expected[1]).toMatchObject({
      description: '制御\u0001文字\u001f',
      source_type: 'transaction',
      source_id: 42,
    });
    expect(expected[1].created_at).toBe('2026-06-02T01:02:03.999Z');
    expect(expected[1].updated_at).toBe('2026-06-02T01:11:12.000Z');
    expect(expected[3].lines[0]).toMatchObject({ customer_id: cu.id, customer_name: cu.name, memo: awkward });

    // every answer below is also compared byte for byte with the route's serialiser (lib/json-text.ts)
    for (const e of expected) expect((await o.api.get(`/api/accountings/${e.id}`)).json().data).toEqual(e);
    for (const query of [
      '',
      'sort_by=id',
      'sort_by=total&sort_dir=asc',
      'keyword=%E5%BC%95%E7%94%A8',
      'from=2026-06-02',
    ]) {
      const res = (await o.api.get(`/api/accountings?per_page=2&page=2&${query}`)).json();
      const all = (await o.api.get(`/api/accountings?per_page=100&${query}`)).json();
      expect(all.data.length).toBeGreaterThan(0);
      expect(res.data).toEqual(all.data.slice(2, 4));
      for (const e of all.data) expect(e).toEqual(expected.find((x: { id: number }) => x.id === e.id));
    }
  });
});

async function entryRows(companyId: number) {
  return ctx.db
    .select()
    .from(journalEntries)
    .where(eq(journalEntries.company_id, companyId))
    .orderBy(sql`${journalEntries.date} desc, ${journalEntries.number} desc`);
}
