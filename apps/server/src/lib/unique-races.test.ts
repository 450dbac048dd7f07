import { describe, expect, it } from 'vitest';
import { employees } from '../db/schema/index.js';
import { uniqueViolation } from '../plugins/errors.js';
import { client, companyOwner, createUser, signedInAdmin, signIn, useTestApp } from '../test/harness.js';

/**
 * Concurrent creates racing for one unique key (issue 31): the action's own check cannot see the other
 * request's uncommitted row, so on PostgreSQL the unique index decides — and its violation must answer the
 * same Japanese 422 as the sequential path (plugins/errors.ts UNIQUE_RULES), never a 500, with one row stored.
 * On PGlite the requests are serialised and take the sequential path; the answers are the same.
 */
const ctx = useTestApp();
const RACERS = 10;

async function race(send: () => Promise<{ statusCode: number; json: () => { message?: string } }>) {
  const answers = await Promise.all(Array.from({ length: RACERS }, send));
  const codes = answers.map((a) => a.statusCode);
  return { codes, messages: answers.filter((a) => a.statusCode === 422).map((a) => a.json().message) };
}

describe('concurrent creates of one unique key', () => {
  it('products: one 201, the rest the sequential 422 (この商品コードはすでに使われています)', async () => {
    const owner = await companyOwner(ctx);
    const body = { code: 'RACE-1', name: '競合', unit: '個', unit_price: 100, tax_category: '10', is_active: true };
    const { codes, messages } = await race(() => owner.api.post('/api/products', body));
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.every((c) => c === 201 || c === 422)).toBe(true);
    for (const m of messages) expect(m).toContain('この商品コードはすでに使われています');
    const list = (await owner.api.get('/api/products?keyword=RACE-1')).json().data;
    expect(list).toHaveLength(1);
  });

  it('accounts: one 201, the rest 422 naming the code', async () => {
    const owner = await companyOwner(ctx);
    const accounts = (await owner.api.get('/api/company/accounts')).json().data as { code: string; id: number }[];
    const parent = accounts.find((a) => a.code === '1120')?.id;
    const body = {
      code: '1129',
      name: '普通預金（競合）',
      kana: 'フツウヨキンキョウゴウ',
      category: 'asset',
      section: 'current_assets',
      parent_id: parent,
      cash_flow_role: 'cash',
      sort_order: 29,
    };
    const { codes, messages } = await race(() => owner.api.post('/api/company/accounts', body));
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.every((c) => c === 201 || c === 422)).toBe(true);
    for (const m of messages) expect(m).toContain('すでに使われています');
  });

  it('domains: one 201, the rest 422 (このホスト名はすでに登録されています)', async () => {
    const admin = await signedInAdmin(ctx);
    const { codes, messages } = await race(() =>
      admin.api.post('/api/admin/domains', { name: '競合', host: 'race.example.jp' }),
    );
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.every((c) => c === 201 || c === 422)).toBe(true);
    for (const m of messages) expect(m).toContain('このホスト名はすでに登録されています');
  });

  it('period locks: one 201, the rest 422 (この期間はすでに締められています)', async () => {
    const owner = await companyOwner(ctx);
    const { codes, messages } = await race(() =>
      owner.api.post('/api/company/period-locks', { kind: 'month', date: '2026-02-14' }),
    );
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.every((c) => c === 201 || c === 422)).toBe(true);
    for (const m of messages) expect(m).toContain('この期間はすでに締められています');
  });

  it('clock-in: one 出勤, the rest 422 (本日はすでに出勤しています)', async () => {
    const owner = await companyOwner(ctx);
    const user = await createUser(ctx.db, { role: 'employee', companyId: owner.company.id });
    await ctx.db
      .insert(employees)
      .values({ company_id: owner.company.id, code: 'R1', name: '競合 太郎', user_id: user.id });
    const api = client(ctx.app, await signIn(ctx.app, user.email));
    ctx.app.deps.clock = () => new Date('2026-04-06T00:00:00Z'); // 09:00 JST, a Monday
    const { codes, messages } = await race(() => api.post('/api/company/attendance/clock', { action: 'in' }));
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 422)).toBe(true);
    for (const m of messages) expect(m).toContain('本日はすでに出勤しています');
  });
});

describe('uniqueViolation', () => {
  const violation = (constraint: string) => ({ message: 'query failed', cause: { code: '23505', constraint } });

  it('maps a known index to its field and message, any other unique index to a 409 (no field), else null', () => {
    expect(uniqueViolation(violation('products_company_code_unique'))).toEqual({
      field: 'code',
      message: 'この商品コードはすでに使われています',
    });
    expect(uniqueViolation(violation('period_locks_company_period_unique'))?.field).toBe('date');
    expect(uniqueViolation(violation('journal_entries_company_number_unique'))).toEqual({ field: '', message: '' });
    expect(uniqueViolation({ code: '23503' })).toBeNull();
    expect(uniqueViolation(new Error('x'))).toBeNull();
  });
});
