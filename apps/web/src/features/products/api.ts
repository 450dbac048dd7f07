import type { Paginated, Product, ProductUploadReport, ProductValues } from '@chobo/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildQuery } from '../../lib/api';
import { downloadFile } from '../../lib/download';

/** react-query hooks of 商品管理 (docs/product/PRODUCT.md §4). */
export const PRODUCTS_PATH = '/api/products';
export const PRODUCT_PER_PAGE = 20;

export interface ProductListParams {
  keyword: string;
  page: number;
  sort_by: string | null;
  sort_dir: 'asc' | 'desc' | null;
}

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (params: ProductListParams) => [...productKeys.lists(), params] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
};

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

export function useProduct(id: number | null) {
  return useQuery({
    queryKey: productKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: Product }>(`${PRODUCTS_PATH}/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
    meta: { silent: true },
    staleTime: 0,
  });
}

export function useSaveProduct(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    /** An edit carries the `updated_at` it read (409 when someone saved the product since). */
    mutationFn: (values: ProductValues & { updated_at?: string }) =>
      (id === null
        ? api.post<{ data: Product }>(PRODUCTS_PATH, values)
        : api.put<{ data: Product }>(`${PRODUCTS_PATH}/${id}`, values)
      ).then((r) => r.data),
    meta: { silent: true },
    onSuccess: (product) => {
      client.setQueryData(productKeys.detail(product.id), product);
      return client.invalidateQueries({ queryKey: productKeys.lists() });
    },
  });
}

export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${PRODUCTS_PATH}/${id}`),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: productKeys.detail(id) });
      return client.invalidateQueries({ queryKey: productKeys.lists() });
    },
  });
}

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
