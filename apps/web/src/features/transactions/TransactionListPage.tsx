import { Button, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileInvoice, IconPlus, IconReceipt } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { InvoiceList } from '../invoices/InvoiceList';
import { invoiceCreatePath } from '../invoices/labels';
import { TransactionList } from './TransactionList';

type Tab = 'transactions' | 'invoices';

/** /company/transactions — tabs 受注取引 / 請求書 (?tab=invoices), each list keeping its filters in the URL. */
export default function TransactionListPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const tab: Tab = params.get('tab') === 'invoices' ? 'invoices' : 'transactions';
  return (
    <>
      <PageHeader
        title="受注取引一覧"
        description={
          // a phone keeps the width for the button
          narrow
            ? undefined
            : '売上（受注）を登録・管理し、請求書を作成します。登録した取引は売上の仕訳として記帳されます。'
        }
        actions={
          tab === 'invoices' ? (
            <Button component={Link} to={invoiceCreatePath()} leftSection={<IconPlus size={16} />}>
              請求書を作成
            </Button>
          ) : (
            <Button
              component={Link}
              to="/company/transactions/create"
              state={{ listSearch: search }}
              leftSection={<IconPlus size={16} />}
            >
              新規登録
            </Button>
          )
        }
      />
      <Tabs
        value={tab}
        // each tab has its own filters: switching starts from the tab's plain list
        onChange={(next) => navigate({ search: next === 'invoices' ? '?tab=invoices' : '' })}
        mb="md"
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="transactions" leftSection={<IconReceipt size={16} />}>
            受注取引
          </Tabs.Tab>
          <Tabs.Tab value="invoices" leftSection={<IconFileInvoice size={16} />}>
            請求書
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'invoices' ? <InvoiceList /> : <TransactionList />}
    </>
  );
}
