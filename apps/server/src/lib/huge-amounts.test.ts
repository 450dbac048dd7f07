import { SALES_LIMIT_MESSAGES } from '@chobo/core';
import { describe, expect, it } from 'vitest';
import { newCustomer } from '../test/factories.js';
import { companyOwner, useTestApp } from '../test/harness.js';

/**
 * Issue 33: very large amounts answered 500 (a sale whose lines sum past JS's exact integers). Every money
 * write — sales, invoices, purchases, the journal, payments — answers 422 with the limit in Japanese, and
 * nothing is stored.
 */

const ctx = useTestApp();

const line = (quantity: number, unit_price: number) => ({
  description: '商品',
  quantity,
  unit_price,
  tax_category: '10',
});

describe('very large amounts', () => {
  it('answer 422 with the limit in Japanese on every money write, never 500, and store nothing', async () => {
    const o = await companyOwner(ctx);
    const customer = await newCustomer(o.api, { name: '株式会社東京商事', used_for: 1 });
    const supplier = await newCustomer(o.api, { name: '大阪物産株式会社', used_for: 2 });
    const accounts = (await o.api.get('/api/company/accounts')).json().data as { code: string; id: number }[];
    const ids = Object.fromEntries(accounts.map((a) => [a.code, a.id]));
    const sale = (lines: unknown[], tax_mode = 'exclusive') =>
      o.api.post('/api/transactions', {
        customer_id: customer.id,
        transaction_date: '2026-05-10',
        subject: '納品',
        tax_mode,
        lines,
      });
    const refused = (res: { statusCode: number; body: string }, field: string, message: string | RegExp) => {
      expect(res.statusCode, res.body).toBe(422);
      const errors = JSON.parse(res.body).errors as Record<string, string[]>;
      expect(Object.keys(errors)).toContain(field);
      if (typeof message === 'string') expect(errors[field]).toContain(message);
      else expect(errors[field].join(' ')).toMatch(message);
    };

    // 受注取引: one line's 数量×単価, 200 such lines (past exact integers: the old 500), a total with tax
    refused(await sale([line(999_999.999, 999_999_999)]), 'lines.0.unit_price', SALES_LIMIT_MESSAGES.amount);
    const many = await sale(Array.from({ length: 200 }, () => line(999_999.999, 999_999_999)));
    refused(many, 'lines.199.unit_price', SALES_LIMIT_MESSAGES.amount);
    refused(await sale([line(1000, 999_999_999)]), 'lines', SALES_LIMIT_MESSAGES.total); // 税込 1,099,999,998,900
    const inclusive = await sale([line(1000, 999_999_999), line(1, 1001)], 'inclusive'); // 1,000,000,000,001
    refused(inclusive, 'lines', SALES_LIMIT_MESSAGES.total);
    refused(await sale([line(9_999_999, 1)]), 'lines.0.quantity', SALES_LIMIT_MESSAGES.quantity);
    refused(await sale([line(1, 1e15)]), 'lines.0.unit_price', SALES_LIMIT_MESSAGES.unitPriceMax);
    expect((await o.api.get('/api/transactions')).json().meta.total).toBe(0);

    // 請求書: free lines as a sale's; two sales within the limit whose sum is not
    const big = [];
    for (let i = 0; i < 2; i++) {
      const r = await sale([line(1000, 900_000_000)]); // 税込 990,000,000,000
      expect(r.statusCode, r.body).toBe(201);
      big.push(r.json().data.id);
    }
    const invoice = (body: Record<string, unknown>) =>
      o.api.post('/api/invoices', { customer_id: customer.id, issue_date: '2026-05-31', ...body });
    refused(await invoice({ transaction_ids: big }), 'lines', SALES_LIMIT_MESSAGES.invoiceTotal);
    refused(
      await invoice({ lines: [line(999_999.999, 999_999_999)] }),
      'lines.0.unit_price',
      SALES_LIMIT_MESSAGES.amount,
    );
    expect((await invoice({ transaction_ids: [big[0]] })).statusCode).toBe(201);
    expect((await o.api.get('/api/invoices')).json().meta.total).toBe(1);

    // 仕入 (取引書類), 仕訳, 入出金
    const purchase = await o.api.post('/api/transaction-documents', {
      customer_id: supplier.id,
      document_type: 4,
      transaction_date: '2026-05-20',
      amount: 1e15,
      taxes: [{ tax_category: '10', base: 1e15, tax: 1e14 }],
    });
    refused(purchase, 'amount', '取引金額は999,999,999,999円以下で入力してください');
    const journal = await o.api.post('/api/accountings', {
      date: '2026-05-10',
      description: '大きな金額',
      lines: [
        { account_id: ids['1110'], debit: '99999999999999999999' },
        { account_id: ids['4110'], credit: 1e15 },
      ],
    });
    refused(journal, 'lines.0.debit', '借方金額は999,999,999,999円以下で入力してください');
    refused(journal, 'lines.1.credit', '貸方金額は999,999,999,999円以下で入力してください');
    const payment = await o.api.post('/api/payments', {
      direction: 'in',
      date: '2026-05-31',
      customer_id: customer.id,
      amount: 1e15,
      allocations: [],
    });
    refused(payment, 'amount', /999,999,999,999円以下/);
  }, 300_000);
});
