import { DEFAULT_INVOICE_MAIL_TEMPLATE } from '@chobo/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFLICT_TITLE } from '../../lib/conflict';
import { json, mockApi, page, renderApp, seedToken } from '../../test/utils';
import { makeTransaction, SALES_ME } from '../transactions/test-fixtures';
import { makeInvoice } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const TAX = { data: { tax_display: 'exclusive', tax_rounding: 'floor' } };
/** What the invoice editor loads besides the invoice: who signs in, the tax settings and empty pick lists. */
const EDITOR_API = {
  'GET /api/me': { data: SALES_ME },
  'GET /api/company/tax-settings': TAX,
  'GET /api/company/customer': page([]),
  'GET /api/products': page([]),
  'GET /api/transactions': page([]),
};
const lastCall = (calls: { method: string; url: URL }[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === path).at(-1);

/** A sale of one 105-yen line at 10% (its own tax would be ¥10). */
const sale105 = (id: number) =>
  makeTransaction(id, {
    lines: [
      {
        line_no: 1,
        product_id: null,
        description: `部品${id}`,
        quantity: 1,
        unit: '個',
        unit_price: 105,
        tax_category: '10',
        amount: 105,
      },
    ],
    totals: { by_rate: [{ tax_category: '10', base: 105, tax: 10 }], subtotal: 105, tax: 10, total: 115 },
  });

const ISSUED = makeInvoice(9, {
  status: 'issued',
  number: 509,
  issued_at: '2026-04-30T10:00:00+09:00',
  issuer: { name: 'デモ株式会社', registration_number: 'T7000012050002', address: '東京都千代田区1-1' },
  recipient: { name: '株式会社青葉商店', honorific: '御中' },
});

describe('請求書一覧', () => {
  it('is the 請求書 tab of 受注取引一覧; status chips, keyword and sort go to the URL and the request', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: SALES_ME },
      'GET /api/company/customer': page([]),
      'GET /api/invoices': page([makeInvoice(1), ISSUED]),
      'GET /api/transactions': page([]),
    });
    seedToken();
    const user = userEvent.setup();
    const { router } = renderApp('/company/transactions');
    await user.click(await screen.findByRole('tab', { name: '請求書' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=invoices'));
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]).getByText('発行済')).toBeTruthy();
    expect(within(rows[1]).getByText('¥1,866')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: '送付済' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('sent'));
    await waitFor(() => expect(lastCall(calls, '/api/invoices')?.url.searchParams.get('status')).toBe('sent'));
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('invoices');

    await user.type(screen.getByRole('textbox', { name: 'キーワード検索' }), '青葉');
    await waitFor(() => expect(lastCall(calls, '/api/invoices')?.url.searchParams.get('keyword')).toBe('青葉'));
    await user.click(screen.getByRole('button', { name: /請求金額/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort_by')).toBe('total'));

    await user.click(within(screen.getAllByTestId('invoice-row')[1]).getByText('株式会社青葉商店'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/invoices/edit'));
    expect(router.state.location.search).toBe('?id=9');
  });

  it('on 受注取引 selects 未請求 rows of one customer and opens the invoice form with them', async () => {
    mockApi({
      'GET /api/me': { data: SALES_ME },
      'GET /api/company/customer': page([]),
      'GET /api/transactions': page([
        makeTransaction(1),
        makeTransaction(2, { status: 1 }),
        makeTransaction(3, { customer_id: 8, customer_name: '合同会社さくらデザイン' }),
        makeTransaction(4),
      ]),
    });
    seedToken();
    const user = userEvent.setup();
    const { router } = renderApp('/company/transactions');
    await screen.findAllByTestId('transaction-row');
    const box = (n: number) => screen.getByRole('checkbox', { name: `No.${1000 + n} を請求書に含める` });
    expect((box(2) as HTMLInputElement).disabled).toBe(true);
    await user.click(box(1));
    // another customer's sale cannot join
    expect((box(3) as HTMLInputElement).disabled).toBe(true);
    await user.click(box(4));
    expect(router.state.location.pathname).toBe('/company/transactions');
    await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: '請求書を作成' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/invoices/create'));
    expect(new URLSearchParams(router.state.location.search).get('transaction_ids')).toBe('1,4');
  });
});

describe('請求書の作成', () => {
  it('totals a 合計請求書 once per rate over all lines: three 105-yen sales at 10% → 消費税 ¥31, not ¥30', async () => {
    const sales = [sale105(1), sale105(2), sale105(3)];
    const { calls } = mockApi({
      'GET /api/me': { data: SALES_ME },
      'GET /api/company/tax-settings': TAX,
      'GET /api/company/customer': page([]),
      'GET /api/products': page([]),
      'GET /api/transactions': page(sales),
      'GET /api/transactions/1': { data: sales[0] },
      'GET /api/transactions/2': { data: sales[1] },
      'GET /api/transactions/3': { data: sales[2] },
      'POST /api/invoices': (req) =>
        json(
          { data: makeInvoice(40, { transaction_ids: (req.body as { transaction_ids: number[] }).transaction_ids }) },
          201,
        ),
      'GET /api/invoices/40': { data: makeInvoice(40) },
    });
    seedToken();
    const user = userEvent.setup();
    const { router } = renderApp('/company/invoices/create?transaction_ids=1,2');
    await waitFor(() => expect(screen.getAllByTestId('sale-option')).toHaveLength(3));
    expect(lastCall(calls, '/api/transactions')?.url.searchParams.get('status')).toBe('0');
    expect(lastCall(calls, '/api/transactions')?.url.searchParams.get('customer_id')).toBe('7');
    // two picked on the list: ¥210, tax ¥21
    await waitFor(() => expect(screen.getByTestId('total-tax').textContent).toBe('¥21'));
    await user.click(screen.getByRole('checkbox', { name: /No\.1003/ }));
    expect(screen.getByTestId('total-subtotal').textContent).toBe('¥315');
    expect(screen.getByTestId('total-tax').textContent).toBe('¥31');
    expect(screen.getByTestId('total-total').textContent).toBe('¥346');
    // a selected sale shows its lines read-only
    expect(screen.getByRole('table', { name: '受注取引 No.1003 の明細' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '保存（下書き）' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=40'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ customer_id: 7, transaction_ids: [1, 2, 3], lines: [] });
  });
});

describe('請求書の編集', () => {
  it('shows an issued invoice read-only with its snapshot and PDF / 送付 / 訂正; 送付 prefills the customer address', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: SALES_ME },
      'GET /api/company/tax-settings': TAX,
      'GET /api/invoices/9': { data: ISSUED },
      'GET /api/company/customer/7': { data: { id: 7, name: '株式会社青葉商店', email: 'keiri@aoba.example.jp' } },
      'POST /api/invoices/9/send': { data: { ...ISSUED, status: 'sent', sent_at: '2026-04-30T11:00:00+09:00' } },
      'GET /api/invoices/9/payments': { data: [] },
      'GET /api/company/invoice-mail-template': { data: { ...DEFAULT_INVOICE_MAIL_TEMPLATE, is_default: true } },
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/invoices/edit?id=9');
    expect(await screen.findByRole('heading', { name: '請求書' })).toBeTruthy();
    expect(screen.getByText('発行済')).toBeTruthy();
    expect(screen.getByText('登録番号 T7000012050002')).toBeTruthy();
    expect(screen.getByText('株式会社青葉商店 御中')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'PDFをダウンロード' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '電子インボイス（XML）' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '訂正する' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存（下書き）' })).toBeNull();
    expect(screen.queryByRole('button', { name: '発行する' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: '1行目 品目' })).toBeNull();
    // the 8% line is marked ※ with the legend
    expect(screen.getByText('※')).toBeTruthy();
    expect(screen.getByTestId('reduced-legend').textContent).toBe('※は軽減税率対象');

    await user.click(screen.getByRole('button', { name: 'メールで送付' }));
    const to = (await screen.findByRole('textbox', { name: /送付先/ })) as HTMLInputElement;
    await waitFor(() => expect(to.value).toBe('keiri@aoba.example.jp'));
    await user.clear(to);
    await user.type(to, 'shiharai@aoba.example.jp');
    await user.click(screen.getByRole('button', { name: 'プレビュー' }));
    await user.click(await screen.findByRole('button', { name: '送付する' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      to: 'shiharai@aoba.example.jp',
      cc: [],
      bcc: [],
      ...DEFAULT_INVOICE_MAIL_TEMPLATE,
    });
  });

  it('issues a draft after confirming; a 422 shows the server message', async () => {
    const draft = makeInvoice(12);
    mockApi({
      ...EDITOR_API,
      'GET /api/invoices/12': { data: draft },
      'POST /api/invoices/12/issue': () =>
        json(
          {
            message: '適格請求書を発行するには、会社情報に登録番号（T＋13桁）を設定してください',
            errors: { _: ['適格請求書を発行するには、会社情報に登録番号（T＋13桁）を設定してください'] },
          },
          422,
        ),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/invoices/edit?id=12');
    await screen.findByRole('textbox', { name: '1行目 品目' });
    expect(screen.queryByRole('button', { name: '削除' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '発行する' }));
    expect(await screen.findByText(/発行後は変更できません/)).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '発行する' }));
    const alert = await screen.findByText('適格請求書を発行するには、会社情報に登録番号（T＋13桁）を設定してください');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
  });

  it('a correcting draft names the invoice it replaces; a void one links to its replacement', async () => {
    mockApi({
      ...EDITOR_API,
      'GET /api/invoices/13': { data: makeInvoice(13, { corrects_id: 9 }) },
      'GET /api/invoices/9': { data: { ...ISSUED, status: 'void', corrected_by_id: 13 } },
    });
    seedToken();
    const user = userEvent.setup();
    const { router } = renderApp('/company/invoices/edit?id=13');
    await waitFor(() =>
      expect(screen.getByTestId('correcting-note').textContent).toContain(
        'No.509 を訂正する請求書です（発行すると No.509 は無効になります）',
      ),
    );
    await user.click(screen.getByRole('link', { name: '元の請求書を見る' }));
    expect(await screen.findByText('この請求書は無効です')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'メールで送付' })).toBeNull();
    expect(screen.queryByRole('button', { name: '訂正する' })).toBeNull();
    await user.click(screen.getByRole('link', { name: '訂正後の請求書を開く' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=13'));
  });

  it('on 409 when saving a draft shows the conflict alert of 受注取引 and reloads on request', async () => {
    let version = 0;
    const { calls } = mockApi({
      ...EDITOR_API,
      'GET /api/invoices/12': () => json({ data: makeInvoice(12, { notes: version++ === 0 ? null : '新しい備考' }) }),
      'PUT /api/invoices/12': () => json({ message: '他のユーザーが先に更新しました' }, 409),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/invoices/edit?id=12');
    await user.type(await screen.findByRole('textbox', { name: /備考/ }), '振込手数料はご負担ください');
    await user.click(screen.getByRole('button', { name: '保存（下書き）' }));
    expect(await screen.findByText(CONFLICT_TITLE)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ updated_at: '2026-04-30T09:00:00+09:00' });
    await user.click(screen.getByRole('button', { name: '最新の内容を読み込む' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /備考/ }) as HTMLTextAreaElement).value).toBe('新しい備考'),
    );
    expect(screen.queryByText(CONFLICT_TITLE)).toBeNull();
  });
});
