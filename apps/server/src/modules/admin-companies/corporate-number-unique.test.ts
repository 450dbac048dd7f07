import { isValidCorporateNumber } from '@chobo/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index.js';
import { companyOwner, createDomain, createTestApp, signedInAdmin, type TestContext } from '../../test/harness.js';

/** One company per 法人番号: admin create/update and the company's own profile answer 422 on a duplicate. */

const MESSAGE = 'この法人番号は既に登録されています';

/** A valid 法人番号 whose body is `body` (12 digits): the check digit is found by trying 1–9. */
function corporateNumber(body: string): string {
  for (let d = 1; d <= 9; d++) if (isValidCorporateNumber(`${d}${body}`)) return `${d}${body}`;
  throw new Error('no check digit');
}
const A = corporateNumber('000012050002');
const B = corporateNumber('010401002244');
const C = corporateNumber('011001029603');

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  ctx = await createTestApp();
  await createDomain(ctx.db, { is_default: true, name: '既定ドメイン' });
  admin = await signedInAdmin(ctx);
});
afterAll(() => ctx.close());

async function withNumber(n: string) {
  const [{ count }] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(companies)
    .where(eq(companies.corporate_number, n));
  return count;
}

describe('法人番号 is unique', () => {
  it('admin create: a second company with the same number → 422, not stored', async () => {
    expect(new Set([A, B, C]).size).toBe(3);
    const first = await admin.api.post('/api/admin/companies', { name: '一番株式会社', corporate_number: A });
    expect(first.statusCode).toBe(201);
    const second = await admin.api.post('/api/admin/companies', { name: '二番株式会社', corporate_number: A });
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual({ message: MESSAGE, errors: { corporate_number: [MESSAGE] } });
    expect(await withNumber(A)).toBe(1);
  });

  it('companies without a number are not constrained', async () => {
    for (const name of ['番号なし一', '番号なし二']) {
      expect((await admin.api.post('/api/admin/companies', { name, corporate_number: '' })).statusCode).toBe(201);
    }
  });

  it('admin update to a number another company holds → 422', async () => {
    const other = (await admin.api.post('/api/admin/companies', { name: '三番株式会社', corporate_number: B })).json()
      .data;
    const res = await admin.api.put(`/api/admin/companies/${other.id}`, {
      name: '三番株式会社',
      corporate_number: A,
      updated_at: other.updated_at,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.corporate_number).toEqual([MESSAGE]);
    expect(await withNumber(B)).toBe(1);
    // keeping its own number is fine
    const same = await admin.api.put(`/api/admin/companies/${other.id}`, {
      name: '三番商事',
      corporate_number: B,
      updated_at: other.updated_at,
    });
    expect(same.statusCode).toBe(200);
  });

  it("the company's own profile: a number another company holds → 422", async () => {
    const owner = await companyOwner(ctx);
    const { updated_at } = (await owner.api.get('/api/company-profile')).json().data;
    const res = await owner.api.put('/api/company-profile', {
      name: '四番株式会社',
      corporate_number: A,
      fiscal_year_end_month: 3,
      updated_at,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.corporate_number).toEqual([MESSAGE]);
    const ok = await owner.api.put('/api/company-profile', {
      name: '四番株式会社',
      corporate_number: C,
      fiscal_year_end_month: 3,
      updated_at,
    });
    expect(ok.statusCode).toBe(200);
  });
});
