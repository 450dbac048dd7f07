import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { AuditLogList } from './AuditLogList';
import { AuditVerifyPanel } from './AuditVerifyPanel';

/** /system/audit-logs: every company's and the platform's 操作ログ, and the 改ざんチェック. */
export default function SystemAuditLogPage() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title="操作ログ" description="すべての企業とシステム全体の操作の記録です。" />
      <Stack gap="lg">
        <AuditVerifyPanel key={params.get('company_id') ?? 'all'} companyId={params.get('company_id')} />
        <AuditLogList scope="admin" />
      </Stack>
    </>
  );
}
