import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp, seedToken } from '../../test/utils';
import { SALES_ME } from '../transactions/test-fixtures';
import { makeInvoice } from './test-fixtures';

const SENT = makeInvoice(9, {
  status: 'sent',
  number: 509,
  due_date: '2026-05-31',
  issued_at: '2026-04-30T10:00:00+09:00',
  sent_at: '2026-04-30T11:00:00+09:00',
  issuer: { name: 'デモ株式会社', registration_number: 'T7000012050002', address: '東京都千代田区1-1' },
  recipient: { name: '株式会社青葉商店', honorific: '御中' },
});
const TEMPLATE = {
  subject: '【請求書】No.{請求書番号} {会社名}',
  body: '{取引先名}\nご請求金額 {請求金額}（お支払期限 {支払期限}）',
  is_default: false,
};

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/me': { data: SALES_ME },
    'GET /api/company/tax-settings': { data: { tax_display: 'exclusive', tax_rounding: 'floor' } },
    'GET /api/invoices/9': { data: SENT },
    'GET /api/company/customer/7': { data: { id: 7, name: '株式会社青葉商店', email: 'keiri@aoba.example.jp' } },
    'GET /api/company/invoice-mail-template': { data: TEMPLATE },
    'GET /api/invoices/9/payments': { data: [] },
    'POST /api/invoices/9/send': { data: SENT },
    'PUT /api/company/invoice-mail-template': { data: TEMPLATE },
    ...extra,
  });
}

describe('請求書をメールで送付: 件名・本文・CC/BCC とプレビュー', () => {
  it('fills the template into the fields, previews exactly what is sent, then sends it with CC/BCC', async () => {
    const { calls } = api();
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/invoices/edit?id=9');
    await user.click(await screen.findByRole('button', { name: 'メールで送付' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog');
    const subject = (await within(dialog).findByRole('textbox', { name: /件名/ })) as HTMLInputElement;
    expect(subject.value).toBe(TEMPLATE.subject);
    expect((within(dialog).getByRole('textbox', { name: /本文/ }) as HTMLTextAreaElement).value).toBe(TEMPLATE.body);
    expect(dialog.textContent).toContain('{取引先名} {請求書番号} {請求金額} {支払期限} {会社名}');

    // a bad CC is refused in the dialog, in Japanese, before any request
    await user.type(within(dialog).getByRole('textbox', { name: 'CC' }), 'eigyo@demo');
    await user.click(within(dialog).getByRole('button', { name: 'プレビュー' }));
    expect(await within(dialog).findByText('1件目: メールアドレスの形式が正しくありません')).toBeTruthy();
    const cc = within(dialog).getByRole('textbox', { name: 'CC' });
    await user.clear(cc);
    await user.type(cc, 'eigyo@demo.example.jp, boss@demo.example.jp');
    await user.type(within(dialog).getByRole('textbox', { name: 'BCC' }), 'archive@demo.example.jp');
    await user.clear(subject);
    await user.type(subject, '請求書 No.{{請求書番号} のご送付');
    await user.click(within(dialog).getByRole('button', { name: 'プレビュー' }));

    const preview = await screen.findByTestId('mail-preview');
    expect(preview.textContent).toContain('宛先keiri@aoba.example.jp');
    expect(preview.textContent).toContain('CCeigyo@demo.example.jp, boss@demo.example.jp');
    expect(preview.textContent).toContain('BCCarchive@demo.example.jp');
    expect(preview.textContent).toContain('件名請求書 No.509 のご送付');
    expect(preview.textContent).toContain('請求書_509.pdf');
    expect(screen.getByTestId('mail-preview-body').textContent).toBe(
      '株式会社青葉商店 御中\nご請求金額 1,866円（お支払期限 2026年5月31日）',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(preview).getByRole('button', { name: '送付する' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      to: 'keiri@aoba.example.jp',
      cc: ['eigyo@demo.example.jp', 'boss@demo.example.jp'],
      bcc: ['archive@demo.example.jp'],
      subject: '請求書 No.{請求書番号} のご送付',
      body: TEMPLATE.body,
    });
    // not saved as the company's template unless asked
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the edited subject and body as the company template when asked; 戻って編集 keeps what was typed', async () => {
    const { calls } = api();
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/invoices/edit?id=9');
    await user.click(await screen.findByRole('button', { name: 'メールで送付' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog');
    const body = (await within(dialog).findByRole('textbox', { name: /本文/ })) as HTMLTextAreaElement;
    await user.clear(body);
    await user.type(body, '{{会社名}よりご請求です');
    await user.click(within(dialog).getByRole('checkbox', { name: 'この件名と本文を会社のひな形として保存する' }));
    await user.click(within(dialog).getByRole('button', { name: 'プレビュー' }));
    expect((await screen.findByTestId('mail-preview-body')).textContent).toBe('デモ株式会社よりご請求です');
    await user.click(screen.getByRole('button', { name: '戻って編集' }));
    expect((within(dialog).getByRole('textbox', { name: /本文/ }) as HTMLTextAreaElement).value).toBe(
      '{会社名}よりご請求です',
    );
    await user.click(within(dialog).getByRole('button', { name: 'プレビュー' }));
    await user.click(await screen.findByRole('button', { name: '送付する' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      subject: TEMPLATE.subject,
      body: '{会社名}よりご請求です',
    });
  });
});

describe('請求書の入金履歴', () => {
  it('lists the payments allocated to the invoice with date, amount, fee and a link to each payment', async () => {
    api({
      'GET /api/invoices/9/payments': {
        data: [
          { payment_id: 31, date: '2026-05-20', amount: 1000, fee: 0, fee_bearer: 'us', payment_amount: 1000 },
          { payment_id: 35, date: '2026-05-31', amount: 866, fee: 440, fee_bearer: 'us', payment_amount: 426 },
        ],
      },
    });
    seedToken();
    renderApp('/company/invoices/edit?id=9');
    const table = await screen.findByRole('table', { name: '入金履歴' }, { timeout: 30_000 });
    const rows = within(table).getAllByTestId('invoice-payment');
    expect(rows.map((r) => r.textContent)).toEqual([
      '2026年5月20日¥1,000—入金を開く',
      '2026年5月31日¥866¥440入金を開く',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: '入金を開く' }).getAttribute('href')).toBe(
      '/company/payment_management/edit/35',
    );
    expect(screen.getByTestId('invoice-open-amount').textContent).toBe('入金済 ¥1,866・未入金 ¥0');
  });

  it('says so when nothing is paid yet', async () => {
    api();
    seedToken();
    renderApp('/company/invoices/edit?id=9');
    expect(await screen.findByText(/まだ入金はありません/, {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByTestId('invoice-open-amount').textContent).toBe('入金済 ¥0・未入金 ¥1,866');
  });
});
