import { TRANSACTION_DOCUMENT_SORTABLE, type TransactionDocument } from '@chobo/core';
import { Box, Button } from '@mantine/core';
import { IconFileText, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CsvDownloadMenu, type FilterSpec, ResourceList } from '../../components/resource-list';
import { useFileLink } from '../../lib/file-link';
import { CustomerSelect } from '../transactions/CustomerSelect';
import { AmountRangeInput } from './AmountRangeInput';
import { documentListHook, documentRangeCheck, downloadIndexCsv, toDocumentParams } from './api';
import { DocumentTotals, documentCard, documentColumns, SORT_CHOICES } from './document-list-parts';
import { DOCS_PATH, DOCUMENT_STATUS_OPTIONS, DOCUMENT_TYPE_OPTIONS, documentEditPath, PAYMENT_OPTIONS } from './labels';

export { newestFile, QualifiedMark, StatusBadge } from './document-list-parts';

function filters(companyId: number | null): FilterSpec[] {
  const select = { type: 'select', clearable: true } as const;
  return [
    {
      type: 'customer',
      key: 'customer_id',
      ariaLabel: '取引先で絞り込み',
      placeholder: 'すべての取引先',
      select: (props) => <CustomerSelect {...props} usedFor={2} companyId={companyId} />,
      labelFrom: (rows, id) =>
        (rows as TransactionDocument[]).find((r) => String(r.customer_id) === id)?.customer_name ?? null,
    },
    {
      ...select,
      key: 'document_type',
      ariaLabel: '書類の種類で絞り込み',
      placeholder: 'すべての書類',
      data: DOCUMENT_TYPE_OPTIONS,
      w: 140,
    },
    {
      ...select,
      key: 'status',
      ariaLabel: '状態で絞り込み',
      placeholder: 'すべての状態',
      data: DOCUMENT_STATUS_OPTIONS,
      w: 130,
    },
    {
      ...select,
      key: 'payment_method',
      ariaLabel: '支払方法で絞り込み',
      placeholder: 'すべての支払方法',
      data: PAYMENT_OPTIONS,
      w: 160,
    },
    {
      type: 'dateRange',
      from: 'start_date',
      to: 'end_date',
      fromLabel: '取引日（開始）',
      toLabel: '取引日（終了）',
      groupLabel: '取引日の範囲',
      w: 150,
      error: (values) => documentRangeCheck(values).dateError,
    },
    {
      type: 'custom',
      keys: ['amount_min', 'amount_max'],
      render: ({ values, set, narrow }) => (
        <Box style={{ flex: narrow ? '1 1 100%' : undefined }}>
          <AmountRangeInput
            min={values.amount_min}
            max={values.amount_max}
            onMin={(v) => set('amount_min', v, { replace: true })}
            onMax={(v) => set('amount_max', v, { replace: true })}
            narrow={Boolean(narrow)}
            error={documentRangeCheck(values).amountError}
          />
        </Box>
      ),
    },
  ];
}

/**
 * 発注取引一覧 with the 電帳法 search (取引日 and 金額 ranges, 取引先, 書類の種類, 状態, 支払方法, keyword), all in
 * the URL. `companyId` + `readOnly` give an administrator's view of one company.
 */
export function DocumentList({ companyId, readOnly = false }: { companyId?: number; readOnly?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const company = companyId ?? null;
  const useData = useMemo(() => documentListHook(company), [company]);
  const specs = useMemo(() => filters(company), [company]);
  const fileLink = useFileLink();
  const files = { open: (path: string) => void fileLink.open(path), pending: fileLink.pending, companyId };
  const open = readOnly
    ? undefined
    : (d: TransactionDocument) => navigate(documentEditPath(d.id), { state: { listSearch: location.search } });
  return (
    <ResourceList<TransactionDocument>
      label="発注取引一覧"
      useData={useData}
      sortable={TRANSACTION_DOCUMENT_SORTABLE}
      columns={documentColumns(files)}
      rowTestId="document-row"
      card={documentCard(files, open)}
      search={{ placeholder: '取引先・メモ・登録番号' }}
      filters={specs}
      toolbarLabel="発注取引の検索"
      toolbarClear
      clearKeeps={[]}
      phoneSortChoices={SORT_CHOICES}
      hold={(state) => !documentRangeCheck(state.filters).ok}
      toolbarExtra={(state) => (
        <CsvDownloadMenu
          compact={state.narrow}
          label="索引簿CSV"
          compactLabel="索引簿CSV"
          menuLabel="この検索条件の全件（電帳法の索引簿）"
          itemLabels={{ utf8: 'UTF-8（BOM付き）', sjis: 'Shift_JIS（Excel向け）' }}
          download={(encoding) => downloadIndexCsv(toDocumentParams(state.params, company), encoding)}
        />
      )}
      tableFoot={(rows) => <DocumentTotals rows={rows} />}
      onOpen={open}
      highlightOnHover={!readOnly}
      minWidth={920}
      skeleton={{ radius: 'sm' }}
      empty={{
        icon: <IconFileText size={30} stroke={1.5} />,
        title: '発注取引はまだありません',
        description: readOnly
          ? undefined
          : '取引先から受け取った請求書・領収書などをアップロードして、電子帳簿保存法に沿って保存しましょう。',
        action: readOnly ? undefined : (
          <Button
            component={Link}
            to={`${DOCS_PATH}/create`}
            state={{ listSearch: location.search }}
            leftSection={<IconPlus size={16} />}
          >
            発注取引を登録する
          </Button>
        ),
      }}
      emptyFiltered={{
        title: '条件に一致する発注取引が見つかりません',
        description: '取引日・金額の範囲や取引先など、検索条件を変えてお試しください。',
        clearAction: true,
      }}
    />
  );
}
