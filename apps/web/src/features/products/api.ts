import type { Paginated, Product, ProductUploadReport, ProductValues } from '@chobo/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, buildQuery } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { recordKeys, useDeleteRecord, useRecord, useSaveRecord } from '../../lib/record-hooks';

/** react-query hooks of 商品管理 (docs/product/PRODUCT.md §4). */
export const PRODUCTS_PATH = '/api/products';
export const PRODUCT_PER_PAGE = 20;

export interface ProductListParams {
  keyword: string;
  page: number;
  sort_by: string | null;
  sort_dir: 'asc' | 'desc' | null;
}

export const productKeys = recordKeys<ProductListParams>('products');

const listQuery = (params: ProductListParams) => ({
  keyword: params.keyword,
  page: params.page,
  per_page: PRODUCT_PER_PAGE,
  sort_by: params.sort_by,
  sort_dir: params.sort_by ? params.sort_dir : null,
});

export function useProductList(params: ProductListParams) {
  return useQuery({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => api.get<Paginated<Product>>(PRODUCTS_PATH, { query: listQuery(params), signal }),
    placeholderData: keepPreviousData,
  });
}

export const useProduct = (id: number | null) => useRecord<Product>(productKeys, PRODUCTS_PATH, id);

/** An edit carries the `updated_at` it read (409 when someone saved the product since). */
export const useSaveProduct = (id: number | null) =>
  useSaveRecord<Product, ProductValues & { updated_at?: string }>(productKeys, PRODUCTS_PATH, id);

export const useDeleteProduct = () => useDeleteRecord(productKeys, PRODUCTS_PATH);

/**
 * GET /api/product-download → saves products.csv (every row matching the keyword, not one page).
 * `sjis` gives Shift_JIS (CP932) for older Excel; the default is UTF-8 with BOM.
 */
export async function downloadProductsCsv(keyword: string, encoding: 'utf8' | 'sjis'): Promise<void> {
  const path = `/api/product-download${buildQuery({ keyword, encoding: encoding === 'sjis' ? 'sjis' : null })}`;
  await downloadFile(path, { filename: 'products.csv' });
}

/** POST /api/product-upload (multipart `file`; the dry run is the preview). */
export function uploadProductsCsv(file: File, dryRun: boolean): Promise<ProductUploadReport> {
  const body = new FormData();
  body.append('file', file);
  return api
    .post<{ data: ProductUploadReport }>('/api/product-upload', body, { query: { dry_run: dryRun ? 1 : null } })
    .then((r) => r.data);
}
