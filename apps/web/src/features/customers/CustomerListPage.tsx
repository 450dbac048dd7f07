import { Anchor, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { CustomerList } from './CustomerList';

/** /company/customers */
export default function CustomerListPage() {
  const { search } = useLocation();
  return (
    <>
      <PageHeader
        title="顧客管理"
        description="取引先（顧客・仕入先）を登録・管理します。"
        actions={
          <Button
            component={Link}
            to="/company/customers/create"
            state={{ listSearch: search }}
            leftSection={<IconPlus size={16} />}
          >
            新規登録
          </Button>
        }
      />
      <Anchor component={Link} to="/company/registry/lapsed-suppliers" size="sm" mb="md" display="inline-block">
        登録が取消・失効した仕入先（国税庁の公表データ）
      </Anchor>
      <CustomerList />
    </>
  );
}
