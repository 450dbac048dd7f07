import type { AuditVerifyResult } from '@chobo/core';
import { api } from '../../lib/api';

/** 改ざんチェック: recomputes the hash chains of one company's logs (or of all, without one). */
export function verifyAuditLogs(companyId?: string | null) {
  return api
    .get<{ data: AuditVerifyResult }>('/api/admin/audit-logs/verify', { query: { company_id: companyId ?? null } })
    .then((r) => r.data);
}
