import { describe, expect, it } from 'vitest';
import { systemTenant } from '../../lib/context.js';
import { newCustomer } from '../../test/factories.js';
import { companyOwner, useTestApp } from '../../test/harness.js';
import { suggestAccount } from './ocr-documents.queries.js';

/** Issue 33: the account OCR 確定 offers — the supplier's last documents, then the words on the document. */
const ctx = useTestApp();

describe('suggestAccount', () => {
  it('the supplier’s latest document with an account first, then the document’s words, else nothing', async () => {
    const o = await companyOwner(ctx);
    const accounts = (await o.api.get('/api/company/accounts')).json().data as {
      id: number;
      code: string;
      name: string;
    }[];
    const acc = (code: string) => accounts.find((a) => a.code === code) as { id: number; name: string };
    const supplier = (await newCustomer(o.api, { name: '株式会社いつもの', used_for: 2 })).id as number;
    const other = (await newCustomer(o.api, { name: '株式会社はじめて', used_for: 2 })).id as number;
    const doc = (date: string, account_id: number | null) =>
      o.api.post('/api/transaction-documents', {
        customer_id: supplier,
        document_type: 4,
        transaction_date: date,
        amount: 1100 + Number(date.slice(-2)),
        account_id,
      });
    expect((await doc('2026-05-01', acc('6220').id)).statusCode).toBe(201);
    expect((await doc('2026-05-20', acc('6170').id)).statusCode).toBe(201);
    expect((await doc('2026-05-25', null)).statusCode).toBe(201);
    const t = systemTenant(ctx.db, o.company.id);

    // the latest document that names an account (通信費), whatever the words say
    expect(await suggestAccount(t, supplier, 'タクシー 乗車料金')).toEqual({
      account_id: acc('6170').id,
      account_name: '通信費',
      reason: 'supplier',
    });
    // a supplier without such documents: the words
    expect(await suggestAccount(t, other, '領収書 タクシー代 ¥1,200')).toMatchObject({
      account_name: '旅費交通費',
      reason: 'keyword',
    });
    expect(await suggestAccount(t, null, '文具 ボールペン')).toMatchObject({ account_name: '消耗品費' });
    expect(await suggestAccount(t, null, 'ＮＴＴ 通信料')).toMatchObject({ account_name: '通信費' });
    expect(await suggestAccount(t, other, '請求書 商品代')).toBeNull();
    expect(await suggestAccount(t, null, null)).toBeNull();
  });
});
