import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, page, renderApp, seedToken } from '../../test/utils';
import { FakeXhr } from './fake-xhr';
import { makeDocument, PURCHASES_ME } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const xml = (name: string) => new File(['<Invoice/>'], name, { type: 'application/xml' });

// generous: the machine running these is shared and often loaded
describe('電子インボイスの取込（発注取引一覧）', { timeout: 120_000 }, () => {
  it('drops XML files, sends them in one request and shows each result with its findings and 要確認', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const finding = {
      rule: 'aligned-ibrp-051-jp',
      severity: 'fatal' as const,
      message: '10%の消費税額 1,001円 が範囲にありません',
    };
    const { calls } = mockApi({
      'GET /api/me': { data: PURCHASES_ME },
      'GET /api/company/customer': page([]),
      'GET /api/transaction-documents': page([]),
      'POST /api/transaction-documents/ubl': () =>
        json(
          {
            data: [
              {
                file_name: 'broken.xml',
                supplier_created: true,
                invoice_number: 'B-1',
                document: makeDocument(51, {
                  customer_name: '株式会社テスト仕入',
                  einvoice_findings: [finding],
                  needs_review: true,
                }),
              },
            ],
          },
          201,
        ),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/transaction-documents');
    const zone = await screen.findByTestId('einvoice-dropzone');
    await user.upload(zone.querySelector('input[type="file"]') as HTMLInputElement, [xml('broken.xml')]);
    expect(await screen.findByText('1件の電子インボイスを取り込みました（要確認があります）')).toBeTruthy();
    expect(screen.getByText(finding.message)).toBeTruthy();
    expect(screen.getByText('（aligned-ibrp-051-jp）')).toBeTruthy();
    expect(screen.getByText('要確認')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname === '/api/transaction-documents/ubl')).toHaveLength(1),
    );
  });
});
