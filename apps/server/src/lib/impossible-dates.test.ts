import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, companyOwner, createTestApp, type TestContext } from '../test/harness.js';

/** Dates that do not exist (2026-02-31) are a 422 with a Japanese message everywhere, never a 500. */

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof companyOwner>>;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await companyOwner(ctx);
});
afterAll(() => ctx.close());

async function accountsOf(api: Client): Promise<Record<string, number>> {
  const res = await api.get('/api/company/accounts?include_inactive=1');
  return Object.fromEntries(res.json().data.map((a: { code: string; id: number }) => [a.code, a.id]));
}

describe('reverse an entry', () => {
  let entryId: number;
  beforeAll(async () => {
    const ids = await accountsOf(owner.api);
    const res = await owner.api.post('/api/accountings', {
      date: '2026-02-10',
      description: '売上',
      lines: [
        { account_id: ids['1120'], debit: 1000, credit: 0 },
        { account_id: ids['4110'], debit: 0, credit: 1000 },
      ],
    });
    expect(res.statusCode).toBe(201);
    entryId = res.json().data.id;
  });

  it.each(['2026-02-31', '2026-04-31', '2026-13-01'])('date %s → 422 with a Japanese message', async (date) => {
    const res = await owner.api.post(`/api/accountings/${entryId}/reverse`, { date });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.date[0]).toMatch(/存在しない日付/);
  });

  it('a malformed date → 422', async () => {
    const res = await owner.api.post(`/api/accountings/${entryId}/reverse`, { date: '2026/02/28' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.date[0]).toMatch(/YYYY-MM-DD/);
  });

  it('a real date still reverses (and no body means today)', async () => {
    const res = await owner.api.post(`/api/accountings/${entryId}/reverse`, { date: '2026-02-28' });
    expect(res.statusCode).toBe(201);
  });
});

describe('employee dates', () => {
  it('hire_date 2026-02-31 → 422', async () => {
    const res = await owner.api.post('/api/company/employees', {
      code: 'E-31',
      name: '鈴木 太郎',
      name_kana: 'スズキ タロウ',
      hire_date: '2026-02-31',
      employment_type: 'full_time',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.hire_date[0]).toMatch(/存在しない日付/);
  });
});
