import type { Transaction } from '@chobo/core';
import { makeMe } from '../../test/utils';

export const SALES_ME = makeMe({ permissions: ['customer.index', 'transactions.index', 'taxes.show', 'products.*'] });

export function makeTransaction(id: number, overrides: Partial<Transaction> = {}): Transaction {
  return {
    id,
    company_id: 1,
    number: 1000 + id,
    customer_id: 7,
    customer_name: '株式会社青葉商店',
    transaction_date: '2026-04-10',
    due_date: '2026-05-31',
    subject: `4月分 保守${id}`,
    payment_method: 1,
    status: 0,
    memo: null,
    tax_mode: 'exclusive',
    lines: [
      {
        line_no: 1,
        product_id: null,
        description: '保守作業',
        quantity: 2,
        unit: '時間',
        unit_price: 5000,
        tax_category: '10',
        amount: 10000,
      },
    ],
    totals: { by_rate: [{ tax_category: '10', base: 10000, tax: 1000 }], subtotal: 10000, tax: 1000, total: 11000 },
    journal_entry_id: 55,
    write_off_entry_id: null,
    created_at: '2026-04-10T09:00:00+09:00',
    updated_at: '2026-04-10T09:00:00+09:00',
    ...overrides,
  };
}
