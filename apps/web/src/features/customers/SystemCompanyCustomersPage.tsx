import { Anchor, Badge } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { CustomerList } from './CustomerList';

/** /system/companies/{id}/customers — an administrator's read-only view of one company's customers. */
export default function SystemCompanyCustomersPage() {
  const { id } = useParams();
  const companyId = Number(id);
  if (!Number.isInteger(companyId) || companyId <= 0) {
    return <PageHeader title="顧客一覧（企業）" description="企業IDが正しくありません。" />;
  }
  return (
    <>
      <PageHeader
        title="顧客一覧（企業）"
        description={
          <>
            企業ID {companyId} の顧客を表示しています。{' '}
            <Badge size="sm" variant="light" color="gray">
              閲覧のみ
            </Badge>{' '}
            <Anchor component={Link} to="/system/companies" size="sm">
              企業一覧へ
            </Anchor>
          </>
        }
      />
      <CustomerList companyId={companyId} readOnly />
    </>
  );
}
