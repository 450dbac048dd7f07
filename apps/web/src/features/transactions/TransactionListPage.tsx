import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { TransactionList } from './TransactionList';

/** /company/transactions 受注取引一覧 */
export default function TransactionListPage() {
  const { search } = useLocation();
  return (
    <>
      <PageHeader
        title="受注取引一覧"
        description="売上（受注）を登録・管理します。登録した取引は売上の仕訳として記帳されます。"
        actions={
          <Button
            component={Link}
            to="/company/transactions/create"
            state={{ listSearch: search }}
            leftSection={<IconPlus size={16} />}
          >
            新規登録
          </Button>
        }
      />
      <TransactionList />
    </>
  );
}
