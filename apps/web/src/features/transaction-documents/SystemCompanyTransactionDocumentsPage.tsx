import { Anchor, Badge } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useAdminCompany } from '../admin-companies/api';
import { DocumentList } from './DocumentList';

/** /system/companies/{id}/transaction-documents — an administrator's read-only view of one company's documents. */
export default function SystemCompanyTransactionDocumentsPage() {
  const { id } = useParams();
  const companyId = Number(id);
  const valid = Number.isInteger(companyId) && companyId > 0;
  const company = useAdminCompany(valid ? companyId : null);
  if (!valid) {
    return <PageHeader title="発注取引一覧（企業）" description="企業IDが正しくありません。" />;
  }
  return (
    <>
      <PageHeader
        title="発注取引一覧（企業）"
        description={
          <>
            {company.data?.name ?? `企業ID ${companyId}`} の発注取引{' '}
            <Badge size="sm" variant="light" color="gray">
              閲覧のみ
            </Badge>{' '}
            <Anchor component={Link} to="/system/companies" size="sm">
              企業一覧へ
            </Anchor>
          </>
        }
      />
      <DocumentList companyId={companyId} readOnly />
    </>
  );
}
