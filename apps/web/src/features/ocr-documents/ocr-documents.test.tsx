import type { OcrDocumentDetail } from '@chobo/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, page, renderApp, seedToken } from '../../test/utils';

const ME = makeMe({ permissions: ['ocr-documents.index', 'customer.index', 'profile.update-name'] });
const box = (y: number) => ({ page: 1, x: 100, y, width: 400, height: 40 });

function detail(overrides: Partial<OcrDocumentDetail> = {}): OcrDocumentDetail {
  return {
    id: 7,
    company_id: 1,
    status: 2,
    progress: 100,
    error: null,
    file_name: '請求書.png',
    content_type: 'image/png',
    size: 1000,
    sha256: 'a'.repeat(64),
    page_count: 1,
    fields: {
      issuer_name: { value: '株式会社山田商店', confidence: 0.95, box: box(100) },
      registration_number: { value: 'T9234567890123', confidence: 0.62, box: box(200) },
      transaction_date: { value: '2024-04-01', confidence: 0.9, box: box(300) },
      total: { value: 6580, confidence: 0.93, box: box(400) },
      taxes: {
        value: [
          { tax_category: '10', base: 5000, tax: 500 },
          { tax_category: '8', base: 1000, tax: 80 },
        ],
        confidence: 0.9,
        box: box(500),
      },
      phone: { value: '03-1234-5678', confidence: 0.9, box: box(600) },
      document_type: { value: 4, confidence: 0.95, box: box(20) },
    },
    transaction_document_id: null,
    created_at: '2026-04-01T09:00:00+09:00',
    updated_at: '2026-04-01T09:00:00+09:00',
    pages: [{ page: 1, width: 1000, height: 1400, image_url: '/api/files/tok' }],
    file_url: '/api/files/orig',
    text: '請求書',
    words: [],
    supplier_match: { customer_id: 3, customer_name: '山田商店', matched_by: 'registration_number' },
    suggested_account: null,
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('OCR result page', () => {
  it('marks low-confidence fields, highlights the focused field, saves a correction and confirms with the match', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/ocr-documents/7': { data: detail() },
      'GET /api/company/customer': page([]),
      'PUT /api/ocr-documents/7': { data: { ...detail(), updated_at: '2026-04-01T09:05:00+09:00' } },
      'POST /api/ocr-documents/7/confirm': { data: { ...detail(), status: 4, transaction_document_id: 55 } },
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/ocr-documents/7/ocr-result');
    const reg = await screen.findByRole('textbox', { name: '登録番号' });
    expect(screen.getByText('要確認 62%')).toBeTruthy();
    expect(screen.getByRole('radio', { name: '山田商店（登録番号で一致）' })).toHaveProperty('checked', true);

    fireEvent.focus(reg);
    const highlight = await screen.findByTestId('field-highlight');
    expect(highlight.style.top).toBe(`${(200 / 1400) * 100}%`);
    expect(highlight.style.left).toBe('10%');

    const date = screen.getByLabelText('取引日');
    fireEvent.change(date, { target: { value: '2024-04-02' } });
    await user.click(screen.getByRole('button', { name: '確定' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/confirm'))).toBe(true),
    );
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ fields: { transaction_date: '2024-04-02' }, updated_at: '2026-04-01T09:00:00+09:00' });
    const confirm = calls.find((c) => c.url.pathname.endsWith('/confirm'));
    expect(confirm?.body).toMatchObject({
      customer_id: 3,
      new_customer: null,
      updated_at: '2026-04-01T09:05:00+09:00',
    });
  });

  it('shows the progress while the document is being read', async () => {
    mockApi({
      'GET /api/me': { data: ME },
      'GET /api/ocr-documents/7': { data: detail({ status: 1, progress: 40, fields: null, pages: [] }) },
    });
    seedToken();
    renderApp('/company/ocr-documents/7/ocr-result');
    expect(await screen.findByText('読み取り中です（40%）')).toBeTruthy();
  });

  it('lists the documents with the way to each result, and the status filter goes to the URL and the request', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/ocr-documents': page([detail(), detail({ id: 8, status: 3, error: '読めません', file_name: 'b.pdf' })]),
    });
    seedToken();
    const user = userEvent.setup();
    const { router } = renderApp('/company/ocr-documents');
    const rows = await screen.findAllByTestId('ocr-row');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('結果を確認');
    expect(rows[1].textContent).toContain('再実行');
    await user.click(screen.getByRole('combobox', { name: '状態' }));
    await user.click(await screen.findByRole('option', { name: '失敗', hidden: true }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('3'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname === '/api/ocr-documents')
          .at(-1)
          ?.url.searchParams.get('status'),
      ).toBe('3'),
    );
  });
});
