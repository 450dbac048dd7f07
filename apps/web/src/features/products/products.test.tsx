import type { Product } from '@chobo/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeMe, mockApi, page, renderApp, seedToken } from '../../test/utils';

const ME = makeMe({ permissions: ['products.*', 'profile.update-name'] });

function product(id: number, overrides: Partial<Product> = {}): Product {
  return {
    id,
    company_id: 1,
    code: `P${id}`,
    name: `商品${id}`,
    unit: '個',
    unit_price: 1200,
    tax_category: '10',
    description: null,
    is_active: true,
    created_at: '2026-01-05T09:00:00+09:00',
    updated_at: '2026-01-05T09:00:00+09:00',
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

/** Signs in, opens the empty product list and its CSV upload dialog. */
async function openCsvUpload() {
  seedToken();
  const user = userEvent.setup();
  renderApp('/company/products');
  await screen.findByText('商品が登録されていません');
  await user.click(screen.getByRole('button', { name: 'CSVアップロード' }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

describe('products list', () => {
  it('shows the products with tax labels and downloads the CSV in the chosen encoding', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/products': page([product(1), product(2, { tax_category: '8', name: 'お茶' })]),
      'GET /api/product-download': () =>
        new Response('\uFEFF商品コード\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    });
    seedToken();
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/company/products');
    const rows = await screen.findAllByTestId('product-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]).getByText('8%（軽減）')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'CSVダウンロード' }));
    await user.click(await screen.findByRole('menuitem', { name: /Shift_JIS/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    const download = calls.find((c) => c.url.pathname === '/api/product-download');
    expect(download?.url.searchParams.get('encoding')).toBe('sjis');
    expect(download?.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('previews an upload with its bad rows and does not allow importing it', async () => {
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/products': page([]),
      'POST /api/product-upload': {
        data: {
          dry_run: true,
          encoding: 'shift_jis',
          total: 3,
          added: 2,
          updated: 0,
          errors: [{ line: 3, code: 'N2', messages: ['商品名を入力してください', '単価は数値で入力してください'] }],
          rows: [],
        },
      },
    });
    const { user, dialog } = await openCsvUpload();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'products.csv', { type: 'text/csv' }));
    const errorRows = await within(dialog).findAllByTestId('upload-error-row');
    expect(errorRows).toHaveLength(1);
    expect(errorRows[0].textContent).toContain('3行目');
    expect(errorRows[0].textContent).toContain('商品名を入力してください');
    expect(within(dialog).getByText('文字コード: Shift_JIS')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: '取り込む' }) as HTMLButtonElement).disabled).toBe(true);
    const upload = calls.find((c) => c.method === 'POST');
    expect(upload?.url.searchParams.get('dry_run')).toBe('1');
    expect(upload?.body).toBeInstanceOf(FormData);
  });

  it('a clean preview can be imported and reports added/updated', async () => {
    let n = 0;
    const { calls } = mockApi({
      'GET /api/me': { data: ME },
      'GET /api/products': page([]),
      'POST /api/product-upload': () => {
        n++;
        return json({
          data: {
            dry_run: n === 1,
            encoding: 'utf-8',
            total: 2,
            added: 1,
            updated: 1,
            errors: [],
            rows: [
              { line: 2, code: 'A', name: 'あ', unit_price: 100, tax_category: '10', action: 'add' },
              { line: 3, code: 'B', name: 'い', unit_price: 200, tax_category: 'exempt', action: 'update' },
            ],
          },
        });
      },
    });
    const { user, dialog } = await openCsvUpload();
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File(['x'], 'p.csv'));
    await user.click(await within(dialog).findByRole('button', { name: '2件を取り込む' }));
    expect(await screen.findByText('1件を追加、1件を更新しました')).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((p) => p.url.searchParams.get('dry_run'))).toEqual(['1', null]);
  });
});
