import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { journalEntries, transactionDocuments } from '../../db/schema/index.js';
import { newCustomer } from '../../test/factories.js';
import { type Client, companyOwner, useTestApp } from '../../test/harness.js';

/** Issue 33: the same received document registered twice (same 登録番号, date, total) → 409 with the match. */
const URL = '/api/transaction-documents';
const ctx = useTestApp();
const LONG = { timeout: 120_000 };

const supplier = async (api: Client, name: string, registration_number: string | null = null) =>
  (await newCustomer(api, { name, used_for: 2, registration_number })).id as number;

const invoice = (customerId: number, extra: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  document_type: 4,
  transaction_date: '2026-05-10',
  amount: 11_000,
  taxes: [{ tax_category: '10', base: 10_000, tax: 1_000 }],
  registration_number: 'T7000012050002',
  ...extra,
});

async function countOf(companyId: number) {
  const docs = await ctx.db.select().from(transactionDocuments).where(eq(transactionDocuments.company_id, companyId));
  const entries = await ctx.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.company_id, companyId), eq(journalEntries.source_type, 'transaction_document')));
  return { docs: docs.length, entries: entries.length };
}

describe('発注取引: a document registered twice', () => {
  it('answers 409 with the registered one; nothing stored; confirm_duplicate registers it', LONG, async () => {
    const o = await companyOwner(ctx);
    const s = await supplier(o.api, '株式会社重複商事');
    const first = await o.api.post(URL, invoice(s));
    expect(first.statusCode).toBe(201);
    const firstId = first.json().data.id;
    const before = await countOf(o.company.id);

    const again = await o.api.post(URL, invoice(s, { memo: '同じ請求書' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: expect.stringContaining('同じ書類が既に登録されています'),
      duplicate_of: firstId,
    });
    expect(again.json().message).toContain('株式会社重複商事');
    expect(again.json().message).toContain('2026年5月10日');
    expect(again.json().message).toContain('11,000円');
    expect(await countOf(o.company.id)).toEqual(before);

    const confirmed = await o.api.post(URL, invoice(s, { confirm_duplicate: true }));
    expect(confirmed.statusCode).toBe(201);
    expect(await countOf(o.company.id)).toEqual({ docs: before.docs + 1, entries: before.entries + 1 });
    // the body's flag is not a field of the document
    expect(confirmed.json().data).not.toHaveProperty('confirm_duplicate');
  });

  it(
    'matches by 登録番号 across suppliers and by supplier without one; only the same date, amount and kind',
    LONG,
    async () => {
      const o = await companyOwner(ctx);
      const a = await supplier(o.api, '株式会社エー', 'T7000012050002');
      const b = await supplier(o.api, 'エー商事（重複登録）');
      const id = (await o.api.post(URL, invoice(a))).json().data.id;

      // another supplier record, the same 登録番号 printed on the document
      const byNumber = await o.api.post(URL, invoice(b));
      expect(byNumber.statusCode).toBe(409);
      expect(byNumber.json().duplicate_of).toBe(id);
      // the same supplier, the document without its 登録番号
      const bySupplierNumber = await o.api.post(URL, invoice(a, { registration_number: null }));
      expect(bySupplierNumber.json().duplicate_of).toBe(id);
      // a 領収書 of the same purchase posts it a second time too
      const receipt = await o.api.post(URL, invoice(a, { document_type: 5 }));
      expect(receipt.statusCode).toBe(409);

      // not the same document: another date, another amount, a 納品書, another issuer
      expect((await o.api.post(URL, invoice(a, { transaction_date: '2026-05-11' }))).statusCode).toBe(201);
      const other = { amount: 12_100, taxes: [{ tax_category: '10', base: 11_000, tax: 1_100 }] };
      expect((await o.api.post(URL, invoice(a, other))).statusCode).toBe(201);
      expect((await o.api.post(URL, invoice(a, { document_type: 3 }))).statusCode).toBe(201);
      expect((await o.api.post(URL, invoice(b, { registration_number: null }))).statusCode).toBe(201);
    },
  );

  it('another company’s identical document is not a match', LONG, async () => {
    const one = await companyOwner(ctx);
    const two = await companyOwner(ctx);
    expect((await one.api.post(URL, invoice(await supplier(one.api, '株式会社同名')))).statusCode).toBe(201);
    expect((await two.api.post(URL, invoice(await supplier(two.api, '株式会社同名')))).statusCode).toBe(201);
  });

  it('refuses a confirm_duplicate that is not a boolean with a Japanese 422', async () => {
    const o = await companyOwner(ctx);
    const res = await o.api.post(URL, invoice(await supplier(o.api, '株式会社型'), { confirm_duplicate: 'yes' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.confirm_duplicate).toEqual(['重複の確認は true または false で指定してください']);
  });
});
