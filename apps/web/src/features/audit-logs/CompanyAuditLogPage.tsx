import { PageHeader } from '../../components/PageHeader';
import { AuditLogList } from './AuditLogList';

/** /company/audit-logs: the company owner's 操作ログ (own company only). */
export default function CompanyAuditLogPage() {
  return (
    <>
      <PageHeader title="操作ログ" description="この企業で行われた登録・変更・削除とログインの記録です。" />
      <AuditLogList scope="company" />
    </>
  );
}
