import type { AuditCheckpoint, AuditVerifyResult } from '@chobo/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';

/** 改ざんチェック: recomputes the hash chains of one company's logs (or of all, without one). */
export function verifyAuditLogs(companyId?: string | null) {
  return api
    .get<{ data: AuditVerifyResult }>('/api/admin/audit-logs/verify', { query: { company_id: companyId ?? null } })
    .then((r) => r.data);
}

const CHECKPOINTS = '/api/admin/audit-logs/checkpoints';
const checkpointKey = ['audit-logs', 'checkpoint'] as const;

/** The latest signed checkpoint of the chains (null: none yet). */
export function useLatestCheckpoint() {
  return useQuery({
    queryKey: checkpointKey,
    queryFn: () => api.get<{ data: AuditCheckpoint | null }>(`${CHECKPOINTS}/latest`).then((r) => r.data),
  });
}

/** Records a checkpoint now. */
export function useRecordCheckpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ data: AuditCheckpoint }>(CHECKPOINTS, {}).then((r) => r.data),
    onSuccess: (data) => client.setQueryData(checkpointKey, data),
  });
}

/** Every checkpoint line (JSON Lines), for the admin to keep away from the server. */
export function downloadCheckpoints() {
  return downloadFile(`${CHECKPOINTS}/download`, { filename: 'audit-checkpoints.jsonl' });
}
