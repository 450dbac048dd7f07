import type { Paginated, PaymentBatch, PaymentBatchInput, PaymentSchedule } from '@chobo/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { filterParam, type ListDataHook } from '../../components/resource-list';
import { api } from '../../lib/api';
import { fetchDownload, filenameFrom, saveBlob } from '../../lib/download';
import { recordKeys, useRecord } from '../../lib/record-hooks';

/** react-query hooks of 振込データ (/api/payment-batches) and 支払予定 (/api/payment-batches/schedule). */
export const BATCHES_PATH = '/api/payment-batches';
export const BATCH_PER_PAGE = 20;

export interface BatchListParams {
  page: number;
  status: string | null;
  from: string | null;
  to: string | null;
}

export const batchKeys = {
  ...recordKeys<BatchListParams>('payment-batches'),
  schedule: ['payment-batches', 'schedule'],
};

/** 振込データ一覧's data hook for the ResourceList kit. */
export const useBatchPage: ListDataHook<PaymentBatch> = (p) => {
  const q: BatchListParams = {
    page: p.page,
    status: filterParam(p, 'status'),
    from: filterParam(p, 'from'),
    to: filterParam(p, 'to'),
  };
  return useQuery({
    queryKey: batchKeys.list(q),
    queryFn: ({ signal }) =>
      api.get<Paginated<PaymentBatch>>(BATCHES_PATH, { query: { ...q, per_page: BATCH_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
};

export function usePaymentSchedule() {
  return useQuery({
    queryKey: batchKeys.schedule,
    queryFn: ({ signal }) =>
      api.get<{ data: PaymentSchedule }>(`${BATCHES_PATH}/schedule`, { signal }).then((r) => r.data),
  });
}

/** Whatever a batch step changed: the batches, 支払予定, the payments and documents it paid. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: batchKeys.all }),
      client.invalidateQueries({ queryKey: ['payments'] }),
      client.invalidateQueries({ queryKey: ['transaction-documents'] }),
    ]);
}

export function useCreateBatch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PaymentBatchInput) => api.post<{ data: PaymentBatch }>(BATCHES_PATH, body).then((r) => r.data),
    meta: { silent: true },
    onSuccess: refresh,
  });
}

/** approve | confirm of a batch (with the version it read), or its deletion. */
export function useBatchStep() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ batch, step }: { batch: PaymentBatch; step: 'approve' | 'confirm' | 'delete' }) =>
      step === 'delete'
        ? api.delete(`${BATCHES_PATH}/${batch.id}`)
        : api.post(`${BATCHES_PATH}/${batch.id}/${step}`, { updated_at: batch.updated_at }),
    onSuccess: refresh,
  });
}

/** Downloads the 全銀 file; answers whether it had been downloaded before. */
export function useZenginDownload() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (batch: PaymentBatch) => {
      const response = await fetchDownload(`${BATCHES_PATH}/${batch.id}/zengin`, 'text/plain');
      const name = filenameFrom(
        response.headers.get('Content-Disposition'),
        `総合振込_${batch.payment_date.replaceAll('-', '')}.txt`,
      );
      saveBlob(await response.blob(), name);
      return { name, again: response.headers.get('X-Zengin-Already-Exported') === 'true' };
    },
    onSuccess: refresh,
  });
}

export const useBatch = (id: number | null) => useRecord<PaymentBatch>(batchKeys, BATCHES_PATH, id);
