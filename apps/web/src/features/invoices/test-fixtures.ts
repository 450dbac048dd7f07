import type { Invoice } from '@chobo/core';

export function makeInvoice(id: number, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id,
    company_id: 1,
    number: 500 + id,
    customer_id: 7,
    customer_name: '株式会社青葉商店',
    status: 'draft',
    issue_date: '2026-04-30',
    due_date: '2026-05-31',
    notes: null,
    tax_mode: 'exclusive',
    transaction_ids: [],
    lines: [
      {
        line_no: 1,
        transaction_id: null,
        date: null,
        description: '緑茶ティーバッグ',
        quantity: 2,
        unit: '箱',
        unit_price: 864,
        tax_category: '8',
        amount: 1728,
      },
    ],
    totals: { by_rate: [{ tax_category: '8', base: 1728, tax: 138 }], subtotal: 1728, tax: 138, total: 1866 },
    issuer: null,
    recipient: null,
    corrects_id: null,
    corrected_by_id: null,
    journal_entry_id: null,
    issued_at: null,
    sent_at: null,
    voided_at: null,
    created_at: '2026-04-30T09:00:00+09:00',
    updated_at: '2026-04-30T09:00:00+09:00',
    ...overrides,
  };
}
