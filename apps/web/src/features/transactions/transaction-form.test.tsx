import type { Product } from '@chobo/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorOf, textInput as input, json, mockApi, page, renderApp, seedToken } from '../../test/utils';
import { makeTransaction, SALES_ME } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const TAX = { data: { tax_display: 'exclusive', tax_rounding: 'floor' } };

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 31,
    company_id: 1,
    code: 'P0003',
    name: '緑茶ティーバッグ',
    unit: '箱',
    unit_price: 864,
    tax_category: '8',
    description: null,
    is_active: true,
    created_at: '2026-01-05T09:00:00+09:00',
    updated_at: '2026-01-05T09:00:00+09:00',
    ...overrides,
  };
}

/** The create form with no customers or products yet, signed in as a sales user. */
function openEmptyCreateForm() {
  mockApi({
    'GET /api/me': { data: SALES_ME },
    'GET /api/company/tax-settings': TAX,
    'GET /api/company/customer': page([]),
    'GET /api/products': page([]),
  });
  seedToken();
  const user = userEvent.setup();
  renderApp('/company/transactions/create');
  return user;
}

describe('受注取引の登録', () => {
  it('shows live totals with the company rounding: three 105-yen lines at 10% → 消費税 ¥31, 合計 ¥346', async () => {
    const user = openEmptyCreateForm();
    await screen.findByRole('textbox', { name: '1行目 品目' });
    for (const row of [1, 2, 3]) {
      await user.type(input(`${row}行目 品目`), `部品${row}`);
      // Enter in the last row's 単価 adds a row and moves there
      await user.type(input(`${row}行目 単価`), '105{Enter}');
    }
    await waitFor(() => expect(screen.getAllByTestId('line-row')).toHaveLength(4));
    expect(document.activeElement).toBe(input('4行目 品目'));
    expect(screen.getByTestId('rate-10').textContent).toContain('¥315');
    expect(screen.getByTestId('total-subtotal').textContent).toBe('¥315');
    expect(screen.getByTestId('total-tax').textContent).toBe('¥31');
    expect(screen.getByTestId('total-total').textContent).toBe('¥346');
    expect(screen.getAllByTestId('line-amount')[0].textContent).toBe('¥105');
  });

  it('picking a product fills 品目, 単位, 単価 and 税区分 of the row (still editable)', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: SALES_ME },
      'GET /api/company/tax-settings': TAX,
      'GET /api/company/customer': page([]),
      'GET /api/products': page([product()]),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/transactions/create');
    await user.type(await screen.findByRole('textbox', { name: '1行目 品目' }), 'P0003');
    const searched = () =>
      calls.some((c) => c.url.pathname === '/api/products' && c.url.searchParams.get('keyword') === 'P0003');
    await waitFor(() => expect(searched()).toBe(true));
    await user.click(await screen.findByRole('option', { name: /緑茶ティーバッグ/, hidden: true }));
    expect(input('1行目 品目').value).toBe('緑茶ティーバッグ');
    expect(input('1行目 単位').value).toBe('箱');
    expect(input('1行目 単価').value).toBe('864');
    expect((screen.getByRole('combobox', { name: '1行目 税区分' }) as HTMLSelectElement).value).toBe('8');
    expect(screen.getByTestId('rate-8').textContent).toContain('8%対象（軽減税率）');
    await user.clear(input('1行目 単価'));
    await user.type(input('1行目 単価'), '800');
    expect(screen.getByTestId('total-total').textContent).toBe('¥864');
  });
});

describe('受注取引の編集', () => {
  it('very large amounts keep the form: each field shows its limit in Japanese while typing, the totals box the total’s', async () => {
    const user = openEmptyCreateForm();
    await user.type(await screen.findByRole('textbox', { name: '1行目 品目' }), '大口案件');
    await user.clear(input('1行目 数量'));
    await user.type(input('1行目 数量'), '999999.999');
    await user.type(input('1行目 単価'), '999999999999999');
    // the row used to crash the page (a total past exact integers): the form stays, with the limits
    expect(errorOf(input('1行目 単価'))).toBe('単価は999,999,999円以下で入力してください');
    expect(screen.getAllByTestId('line-amount')[0].textContent).toBe('—');
    await user.clear(input('1行目 単価'));
    await user.type(input('1行目 単価'), '999999999');
    expect(errorOf(input('1行目 単価'))).toBe('金額（数量×単価）は999,999,999,999円以下になるように入力してください');
    await user.clear(input('1行目 数量'));
    await user.type(input('1行目 数量'), '10000000');
    expect(errorOf(input('1行目 数量'))).toBe('数量は999,999.999以下で入力してください');
    await user.clear(input('1行目 数量'));
    await user.type(input('1行目 数量'), '1000');
    expect(errorOf(input('1行目 単価'))).toBe('');
    expect(screen.getAllByTestId('line-amount')[0].textContent).toBe('¥999,999,999,000');
    expect(screen.getByTestId('total-over-limit').textContent).toBe(
      '合計金額（税込）は999,999,999,999円以下になるように入力してください',
    );
    expect(input('1行目 品目').value).toBe('大口案件');
  });

  it("shows the server's 422 under the line's field", async () => {
    mockApi({
      'GET /api/me': { data: SALES_ME },
      'GET /api/company/tax-settings': TAX,
      'GET /api/company/customer': page([]),
      'GET /api/transactions/5': { data: makeTransaction(5) },
      'PUT /api/transactions/5': () =>
        json(
          {
            message: '入力内容に誤りがあります。',
            errors: { 'lines.0.quantity': ['数量は999,999.999以下で入力してください'] },
          },
          422,
        ),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/transactions/edit?id=5');
    expect(await screen.findByTestId('transaction-number')).toHaveProperty('textContent', 'No.1005');
    expect(screen.getByRole('link', { name: /仕訳を見る/ }).getAttribute('href')).toBe(
      '/company/accountings_bk/edit?id=55',
    );
    await user.click(screen.getByRole('button', { name: '更新する' }));
    await waitFor(() => expect(errorOf(input('1行目 数量'))).toBe('数量は999,999.999以下で入力してください'));
  });

  it('on 409 shows the message and reloads the latest version on request', async () => {
    let version = 1;
    const { calls } = mockApi({
      'GET /api/me': { data: SALES_ME },
      'GET /api/company/tax-settings': TAX,
      'GET /api/company/customer': page([]),
      'GET /api/transactions/5': () =>
        json({
          data: makeTransaction(5, {
            subject: version === 1 ? '4月分 保守' : '4月分 保守（先方修正）',
            updated_at: version === 1 ? '2026-04-10T09:00:00+09:00' : '2026-04-11T10:00:00+09:00',
          }),
        }),
      'PUT /api/transactions/5': () =>
        json({ message: '他のユーザーが先に更新しました。最新の内容を読み込んでから編集してください。' }, 409),
    });
    seedToken();
    const user = userEvent.setup();
    renderApp('/company/transactions/edit?id=5');
    await screen.findByTestId('transaction-number');
    await user.clear(input('件名'));
    await user.type(input('件名'), '4月分 保守（変更）');
    version = 2;
    await user.click(screen.getByRole('button', { name: '更新する' }));
    const alert = await screen.findByText(
      '他のユーザーが先に更新しました。最新の内容を読み込んでから編集してください。',
    );
    const put = calls.find((c) => c.method === 'PUT');
    expect((put?.body as { updated_at?: string } | undefined)?.updated_at).toBe('2026-04-10T09:00:00+09:00');
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: '最新の内容を読み込む' }),
    );
    await waitFor(() => expect(input('件名').value).toBe('4月分 保守（先方修正）'));
    expect(screen.queryByText('最新の内容を読み込む')).toBeNull();
  });
});
