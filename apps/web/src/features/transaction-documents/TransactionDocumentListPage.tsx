import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { DocumentList } from './DocumentList';
import { EInvoiceImportArea } from './EInvoiceImport';
import { DOCS_PATH } from './labels';

/** /company/transaction-documents — 発注取引一覧(アップロード). */
export default function TransactionDocumentListPage() {
  const { search } = useLocation();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <>
      <PageHeader
        title="発注取引一覧(アップロード)"
        description={
          narrow
            ? undefined
            : '取引先から受け取った請求書・領収書などを電子帳簿保存法に沿って保存します。取引日・金額・取引先で検索できます。'
        }
        actions={
          <Button
            component={Link}
            to={`${DOCS_PATH}/create`}
            state={{ listSearch: search }}
            leftSection={<IconPlus size={16} />}
          >
            新規登録
          </Button>
        }
      />
      <EInvoiceImportArea />
      <DocumentList />
    </>
  );
}
