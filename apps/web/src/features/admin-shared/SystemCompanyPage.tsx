import { Anchor, Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useAdminCompany } from '../admin-companies/api';

/**
 * /system/companies/{id}/… — an administrator's read-only view of one company's records: the header names the
 * company (閲覧のみ, a way back to the list) and `children` renders the company's list.
 */
export function SystemCompanyPage({
  title,
  noun,
  children,
}: {
  title: string;
  /** What is shown, e.g. 顧客 (「株式会社サンプル商事 の顧客」). */
  noun: string;
  children: (companyId: number) => ReactNode;
}) {
  const { id } = useParams();
  const companyId = Number(id);
  const valid = Number.isInteger(companyId) && companyId > 0;
  const company = useAdminCompany(valid ? companyId : null);
  if (!valid) {
    return <PageHeader title={title} description="企業IDが正しくありません。" />;
  }
  return (
    <>
      <PageHeader
        title={title}
        description={
          <>
            {company.data?.name ?? `企業ID ${companyId}`} の{noun}{' '}
            <Badge size="sm" variant="light" color="gray">
              閲覧のみ
            </Badge>{' '}
            <Anchor component={Link} to="/system/companies" size="sm">
              企業一覧へ
            </Anchor>
          </>
        }
      />
      {children(companyId)}
    </>
  );
}
