import { TRANSACTION_SORTABLE, type Transaction } from '@chobo/core';
import { Button } from '@mantine/core';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CsvDownloadMenu, DIGITS, type FilterSpec, ResourceList } from '../../components/resource-list';
import { downloadTransactionsCsv, toTransactionParams, transactionListHook } from './api';
import { CustomerSelect } from './CustomerSelect';
import { PAYMENT_OPTIONS, STATUS_OPTIONS, transactionEditPath } from './labels';
import { CARD, COLUMNS, PageTotals, SORT_CHOICES, useInvoiceSelection } from './transaction-list-parts';

function filters(companyId: number | null): FilterSpec[] {
  return [
    {
      type: 'customer',
      key: 'customer_id',
      ariaLabel: '顧客で絞り込み',
      placeholder: 'すべての顧客',
      select: (props) => <CustomerSelect {...props} companyId={companyId} />,
      valid: (v) => DIGITS.test(v),
      // when filtering by a customer every row is theirs: the filter box can show the name
      labelFrom: (rows, id) => (rows as Transaction[]).find((r) => String(r.customer_id) === id)?.customer_name ?? null,
    },
    {
      type: 'select',
      key: 'status',
      ariaLabel: '状態で絞り込み',
      placeholder: 'すべての状態',
      data: STATUS_OPTIONS,
      w: 140,
    },
    {
      type: 'select',
      key: 'payment_method',
      ariaLabel: '支払方法で絞り込み',
      placeholder: 'すべての支払方法',
      data: PAYMENT_OPTIONS,
      w: 170,
    },
    { type: 'dateRange', from: 'from', to: 'to', fromLabel: '取引日（から）', toLabel: '取引日（まで）' },
  ];
}

/**
 * 受注取引一覧, URL-driven (keyword, 状態, 支払方法, 顧客, 期間, sort, page). `companyId` + `readOnly` give
 * an administrator's view of one company (/system/companies/{id}/transactions).
 */
export function TransactionList({ companyId, readOnly = false }: { companyId?: number; readOnly?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const company = companyId ?? null;
  const useData = useMemo(() => transactionListHook(company), [company]);
  const specs = useMemo(() => filters(company), [company]);
  const selection = useInvoiceSelection();
  const columns = readOnly ? COLUMNS : [selection.column, ...COLUMNS];
  return (
    <ResourceList<Transaction>
      label="受注取引一覧"
      useData={useData}
      sortable={TRANSACTION_SORTABLE}
      columns={columns}
      rowTestId="transaction-row"
      card={CARD}
      search={{ placeholder: '件名・顧客・取引番号・品目で検索' }}
      filters={specs}
      toolbarClear
      clearKeeps={[]}
      phoneSortChoices={SORT_CHOICES}
      toolbarExtra={(state) => (
        <CsvDownloadMenu
          compact={state.narrow}
          menuLabel="絞り込み中の取引を明細ごとに出力"
          download={(encoding) => downloadTransactionsCsv(toTransactionParams(state.params, company), encoding)}
        />
      )}
      beforeRows={() => !readOnly && selection.bar}
      tableFoot={(rows) => <PageTotals rows={rows} labelSpan={columns.length - 1} />}
      onOpen={
        readOnly ? undefined : (t) => navigate(transactionEditPath(t.id), { state: { listSearch: location.search } })
      }
      highlightOnHover={!readOnly}
      minWidth={960}
      skeleton={{ radius: 'sm' }}
      empty={{
        icon: <IconReceipt size={30} stroke={1.5} />,
        title: '受注取引はまだありません',
        description: readOnly
          ? undefined
          : '最初の受注取引を登録しましょう。登録すると売上の仕訳も自動で作成されます。',
        action: readOnly ? undefined : (
          <Button
            component={Link}
            to="/company/transactions/create"
            state={{ listSearch: location.search }}
            leftSection={<IconPlus size={16} />}
          >
            受注取引を登録する
          </Button>
        ),
      }}
      emptyFiltered={{
        title: '条件に一致する受注取引が見つかりません',
        description: '検索キーワードや絞り込みの条件を変えてお試しください。',
        clearAction: true,
      }}
    />
  );
}
