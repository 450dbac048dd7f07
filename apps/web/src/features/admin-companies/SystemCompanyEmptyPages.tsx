import { Anchor, Badge, Paper } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { PageHeader } from '../../components/PageHeader';
import { useAdminCompany } from './api';

/** Per-company views whose company feature is not built yet: an honest empty state, not a fake list. */
function NotYet({ title, feature }: { title: string; feature: string }) {
  const id = Number(useParams().id);
  const company = useAdminCompany(Number.isInteger(id) && id > 0 ? id : null);
  return (
    <>
      <PageHeader
        title={title}
        description={
          <>
            {company.data?.name ?? `企業ID ${id}`} のデータ{' '}
            <Badge size="sm" variant="light" color="gray">
              閲覧のみ
            </Badge>{' '}
            <Anchor component={Link} to="/system/companies" size="sm">
              企業一覧へ
            </Anchor>
          </>
        }
      />
      <Paper withBorder radius="md">
        <EmptyBlock
          icon={<IconFileOff size={30} stroke={1.5} />}
          title={`${feature}の機能はまだ提供されていません`}
          description={`企業側で${feature}が使えるようになると、ここにその企業のデータが表示されます。`}
        />
      </Paper>
    </>
  );
}

export function SystemCompanyTransactionDocumentsPage() {
  return <NotYet title="発注取引一覧（企業）" feature="発注取引" />;
}
