import type {
  DocumentFileUpload,
  DocumentHistory,
  EInvoiceImport,
  Paginated,
  TransactionDocument,
  TransactionDocumentValues,
} from '@chobo/core';
import { transactionDocumentListQuery } from '@chobo/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { filterParam, type ListDataHook, type ListQueryParams } from '../../components/resource-list';
import { api, buildQuery, type QueryValue } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { fetchFileLink } from '../../lib/file-link';
import { recordKeys, useDeleteRecord, useRecord, useSaveRecord } from '../../lib/record-hooks';
import { uploadWithProgress } from '../../lib/upload';

/**
 * react-query hooks of 発注取引 (GET/POST /api/transaction-documents, GET/PUT/DELETE …/{id}, files, links
 * and history).
 */
export const DOCUMENTS_PATH = '/api/transaction-documents';
export const DOCUMENT_PER_PAGE = 20;

export interface DocumentListParams {
  keyword: string;
  page: number;
  sort_by: string | null;
  sort_dir: 'asc' | 'desc' | null;
  status: string | null;
  payment_method: string | null;
  document_type: string | null;
  customer_id: string | null;
  start_date: string | null;
  end_date: string | null;
  amount_min: string | null;
  amount_max: string | null;
  company_id: number | null;
}

export const documentKeys = {
  ...recordKeys<DocumentListParams>('transaction-documents'),
  history: (id: number) => ['transaction-documents', 'history', id] as const,
  link: (id: number, fileId: number) => ['transaction-documents', 'link', id, fileId] as const,
};

/** The search as API query parameters (no paging: the 索引簿 CSV has every matching row). */
export function filterQuery(params: DocumentListParams): Record<string, QueryValue> {
  return {
    keyword: params.keyword,
    status: params.status,
    payment_method: params.payment_method,
    document_type: params.document_type,
    customer_id: params.customer_id,
    start_date: params.start_date,
    end_date: params.end_date,
    amount_min: params.amount_min,
    amount_max: params.amount_max,
    sort_by: params.sort_by,
    sort_dir: params.sort_by ? params.sort_dir : null,
    company_id: params.company_id,
  };
}

/** 発注取引一覧's params from the ResourceList kit's (an administrator's view adds `companyId`). */
export const toDocumentParams = (p: ListQueryParams, companyId: number | null): DocumentListParams => ({
  keyword: p.keyword,
  page: p.page,
  sort_by: p.sort_by,
  sort_dir: p.sort_dir,
  status: filterParam(p, 'status'),
  payment_method: filterParam(p, 'payment_method'),
  document_type: filterParam(p, 'document_type'),
  customer_id: filterParam(p, 'customer_id'),
  start_date: filterParam(p, 'start_date'),
  end_date: filterParam(p, 'end_date'),
  amount_min: filterParam(p, 'amount_min'),
  amount_max: filterParam(p, 'amount_max'),
  company_id: companyId,
});

/** The contract's own rules (終了日 ≥ 開始日, 上限 ≥ 下限, whole yen), checked before asking the server. */
export function documentRangeCheck(v: {
  start_date?: string | null;
  end_date?: string | null;
  amount_min?: string | null;
  amount_max?: string | null;
}) {
  const check = transactionDocumentListQuery.safeParse({
    start_date: v.start_date ?? undefined,
    end_date: v.end_date ?? undefined,
    amount_min: v.amount_min ?? undefined,
    amount_max: v.amount_max ?? undefined,
  });
  const issues = check.success ? [] : check.error.issues;
  const issueOf = (...keys: string[]) => issues.find((i) => keys.includes(String(i.path[0])))?.message ?? null;
  return {
    ok: check.success,
    dateError: issueOf('start_date', 'end_date'),
    amountError: issueOf('amount_min', 'amount_max'),
  };
}

/** 発注取引一覧's data hook for the ResourceList kit: nothing is asked while the ranges contradict. */
export function documentListHook(companyId: number | null): ListDataHook<TransactionDocument> {
  return function useDocumentPage(p) {
    const params = toDocumentParams(p, companyId);
    return useDocumentList(params, documentRangeCheck(params).ok);
  };
}

export function useDocumentList(params: DocumentListParams, enabled = true) {
  return useQuery({
    enabled,
    queryKey: documentKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<Paginated<TransactionDocument>>(DOCUMENTS_PATH, {
        query: { ...filterQuery(params), page: params.page, per_page: DOCUMENT_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const useDocument = (id: number | null) => useRecord<TransactionDocument>(documentKeys, DOCUMENTS_PATH, id);

export function useDocumentHistory(id: number | null) {
  return useQuery({
    queryKey: documentKeys.history(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ data: DocumentHistory[] }>(`${DOCUMENTS_PATH}/${id}/history`, { signal }).then((r) => r.data),
    enabled: id !== null,
    meta: { silent: true },
  });
}

export const fileLinkPath = (id: number, fileId: number) => `${DOCUMENTS_PATH}/${id}/files/${fileId}/link`;

/** A signed address of one file for the inline preview (renewed well before it expires). */
export function useFileLinkUrl(id: number, fileId: number | null) {
  return useQuery({
    queryKey: documentKeys.link(id, fileId ?? 0),
    queryFn: ({ signal }) => fetchFileLink(fileLinkPath(id, fileId ?? 0), signal),
    enabled: fileId !== null,
    staleTime: 60_000,
    refetchInterval: 120_000,
    meta: { silent: true },
    retry: false,
  });
}

export type DocumentBody = TransactionDocumentValues & { updated_at?: string };

export const useSaveDocument = (id: number | null) =>
  useSaveRecord<TransactionDocument, DocumentBody>(documentKeys, DOCUMENTS_PATH, id, (client, doc) => {
    void client.invalidateQueries({ queryKey: documentKeys.history(doc.id) });
  });

export const useDeleteDocument = () => useDeleteRecord(documentKeys, DOCUMENTS_PATH, { silent: true });

export function useDeleteFile(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => api.delete(`${DOCUMENTS_PATH}/${id}/files/${fileId}`),
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: documentKeys.detail(id) }),
        client.invalidateQueries({ queryKey: documentKeys.history(id) }),
        client.invalidateQueries({ queryKey: documentKeys.lists() }),
      ]),
  });
}

/**
 * Uploads ONE file (multipart field `file`) as a new version of the document, reporting progress. One
 * request per file gives each file its own progress bar and its own error.
 */
export async function uploadDocumentFile(
  id: number,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<DocumentFileUpload> {
  const body = new FormData();
  body.append('file', file, file.name);
  const answer = await uploadWithProgress<{ data: DocumentFileUpload | DocumentFileUpload[] }>(
    `${DOCUMENTS_PATH}/${id}/files`,
    body,
    { onProgress: (loaded, total) => onProgress?.(total ? Math.round((loaded / total) * 100) : 0) },
  );
  return Array.isArray(answer.data) ? answer.data[0] : answer.data;
}

/** The CSV address of the search (索引簿: every matching document, not one page). */
export function indexCsvPath(params: DocumentListParams, encoding: 'utf8' | 'sjis'): string {
  return `${DOCUMENTS_PATH}${buildQuery({ ...filterQuery(params), format: 'csv', encoding: encoding === 'sjis' ? 'sjis' : null })}`;
}

/** Downloads the 索引簿 CSV through the token-carrying fetch (a plain link would have no token). */
export async function downloadIndexCsv(params: DocumentListParams, encoding: 'utf8' | 'sjis') {
  await downloadFile(indexCsvPath(params, encoding), {
    filename: encoding === 'sjis' ? 'transaction-documents-index-sjis.csv' : 'transaction-documents-index.csv',
  });
}

/** 電子インボイス（JP PINT XML）の取込: every chosen file in one request (all or nothing), one 発注取引 each. */
export function useImportEInvoices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => {
      const body = new FormData();
      for (const f of files) body.append('file', f, f.name);
      return uploadWithProgress<{ data: EInvoiceImport[] }>(`${DOCUMENTS_PATH}/ubl`, body).then((r) => r.data);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
