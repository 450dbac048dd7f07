import type {
  Customer,
  OcrConfirmInput,
  OcrCorrectionInput,
  OcrDocument,
  OcrDocumentDetail,
  Paginated,
} from '@chobo/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { filterParam, type ListDataHook } from '../../components/resource-list';
import { api } from '../../lib/api';
import { uploadWithProgress } from '../../lib/upload';

/** react-query hooks of OCR書類 (docs/product/PRODUCT.md §4 "OCR documents"). */
export const OCR_PATH = '/api/ocr-documents';
export const OCR_PER_PAGE = 20;
/** How often a list or a result with a job 待機中 / 処理中 is read again. */
export const OCR_POLL_MS = 1500;

export interface OcrListParams {
  keyword: string;
  page: number;
  status: number | null;
  sort_by: string | null;
  sort_dir: 'asc' | 'desc' | null;
}

export const ocrKeys = {
  all: ['ocr-documents'] as const,
  lists: () => [...ocrKeys.all, 'list'] as const,
  list: (p: OcrListParams) => [...ocrKeys.lists(), p] as const,
  detail: (id: number) => [...ocrKeys.all, 'detail', id] as const,
};

const working = (d: { status: number }) => d.status === 0 || d.status === 1;

/** OCR書類一覧's data hook for the ResourceList kit. */
export const useOcrPage: ListDataHook<OcrDocument> = (p) => {
  const status = filterParam(p, 'status');
  return useOcrList({
    keyword: p.keyword,
    page: p.page,
    status: status === null ? null : Number(status),
    sort_by: p.sort_by,
    sort_dir: p.sort_dir,
  });
};

export function useOcrList(params: OcrListParams) {
  return useQuery({
    queryKey: ocrKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<Paginated<OcrDocument>>(OCR_PATH, {
        query: {
          keyword: params.keyword,
          page: params.page,
          per_page: OCR_PER_PAGE,
          status: params.status,
          sort_by: params.sort_by,
          sort_dir: params.sort_by ? params.sort_dir : null,
        },
        signal,
        progress: false,
      }),
    placeholderData: keepPreviousData,
    // live progress: read again while any row is waiting or being read
    refetchInterval: (q) => (q.state.data?.data.some(working) ? OCR_POLL_MS : false),
  });
}

export function useOcrDocument(id: number) {
  return useQuery({
    queryKey: ocrKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<{ data: OcrDocumentDetail }>(`${OCR_PATH}/${id}`, { signal, progress: false }).then((r) => r.data),
    refetchInterval: (q) => (q.state.data && working(q.state.data) ? OCR_POLL_MS : false),
    meta: { silent: true },
    staleTime: 0,
  });
}

export function useSaveCorrections(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OcrCorrectionInput & { updated_at: string }) =>
      api.put<{ data: OcrDocument }>(`${OCR_PATH}/${id}`, body).then((r) => r.data),
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: ocrKeys.all }),
  });
}

export function useConfirm(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OcrConfirmInput & { updated_at: string }) =>
      api.post<{ data: OcrDocument }>(`${OCR_PATH}/${id}/confirm`, body).then((r) => r.data),
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: ocrKeys.all }),
  });
}

export function useRetry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ data: OcrDocument }>(`${OCR_PATH}/${id}/retry`).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: ocrKeys.all }),
  });
}

/** 仕入先 (used_for 2 or 3) for the supplier picker. */
export function useSupplierSearch(keyword: string) {
  return useQuery({
    queryKey: ['customers', 'supplier-search', keyword],
    queryFn: ({ signal }) =>
      api.get<Paginated<Customer>>('/api/company/customer', {
        query: { keyword, per_page: 20 },
        signal,
        progress: false,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: false,
  });
}

/**
 * POST /api/ocr-documents with the files as repeated `file` parts, through the shared upload helper
 * (lib/upload.ts: token, renewal, 401, Japanese errors) so the upload's progress (0–1) can be shown.
 */
export async function uploadOcrFiles(files: File[], onProgress: (fraction: number) => void): Promise<OcrDocument[]> {
  const body = new FormData();
  for (const f of files) body.append('file', f, f.name);
  const res = await uploadWithProgress<{ data: OcrDocument[] }>(OCR_PATH, body, {
    onProgress: (loaded, total) => onProgress(total > 0 ? loaded / total : 0),
  });
  return res.data;
}
