import type { DocumentFile, DocumentHistory, TransactionDocument } from '@chobo/core';
import { makeMe } from '../../test/utils';

export const PURCHASES_ME = makeMe({
  permissions: ['customer.index', 'transaction-documents.index', 'company-accountings.show'],
});

export function makeFile(id: number, overrides: Partial<DocumentFile> = {}): DocumentFile {
  return {
    id,
    version: id,
    file_name: `invoice-v${id}.pdf`,
    content_type: 'application/pdf',
    size: 123_456,
    sha256: `${String(id).repeat(8)}abcdef0123456789abcdef0123456789abcdef0123456789abcdef`.slice(0, 64),
    uploaded_by_name: '山田 太郎',
    created_at: '2026-04-10T09:00:00+09:00',
    deleted_at: null,
    ...overrides,
  };
}

export function makeDocument(id: number, overrides: Partial<TransactionDocument> = {}): TransactionDocument {
  return {
    id,
    company_id: 1,
    customer_id: 8,
    customer_name: '株式会社みどり物産',
    document_type: 4,
    transaction_date: '2026-04-10',
    amount: 11_000,
    taxes: [{ tax_category: '10', base: 10_000, tax: 1_000 }],
    registration_number: 'T7000012050002',
    is_qualified: true,
    payment_method: 1,
    due_date: '2026-05-31',
    status: 0,
    memo: null,
    account_id: 5,
    account_name: '地代家賃',
    journal_entry_id: 77,
    retention_until: '2034-03-31',
    files: [makeFile(1)],
    einvoice_findings: null,
    needs_review: false,
    created_at: '2026-04-10T09:00:00+09:00',
    updated_at: '2026-04-10T09:00:00+09:00',
    ...overrides,
  };
}

export function makeHistory(id: number, overrides: Partial<DocumentHistory> = {}): DocumentHistory {
  return {
    id,
    action: 'updated',
    actor_name: '山田 太郎',
    created_at: '2026-04-11T10:30:00+09:00',
    before: null,
    after: null,
    ...overrides,
  };
}
