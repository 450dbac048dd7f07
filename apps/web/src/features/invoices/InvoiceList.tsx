import { formatDateJa, formatJPY, INVOICE_SORTABLE, type Invoice, type InvoiceStatus } from '@chobo/core';
import { Box, Button, Group, Text } from '@mantine/core';
import { IconFileInvoice, IconPlus } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  type ColumnSpec,
  cell,
  DIGITS,
  type FilterSpec,
  type PhoneCardSpec,
  ResourceList,
} from '../../components/resource-list';
import { CustomerSelect } from '../transactions/CustomerSelect';
import { num } from '../transactions/labels';
import { useInvoicePage } from './api';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { INVOICE_STATUS_OPTIONS, invoiceCreatePath, invoiceEditPath } from './labels';

const STATUS_VALUES = INVOICE_STATUS_OPTIONS.map((o) => o.value as string);
const dueDate = (i: Invoice) => (i.due_date ? formatDateJa(i.due_date) : '—');
const voided = (i: Invoice) => (i.status === 'void' ? 'line-through' : undefined);

const FILTERS: FilterSpec[] = [
  {
    type: 'customer',
    key: 'customer_id',
    ariaLabel: '顧客で絞り込み',
    placeholder: 'すべての顧客',
    select: CustomerSelect,
    valid: (v) => DIGITS.test(v),
    labelFrom: (rows, id) => (rows as Invoice[]).find((r) => String(r.customer_id) === id)?.customer_name ?? null,
  },
  {
    type: 'chips',
    key: 'status',
    ariaLabel: '状態で絞り込み',
    options: INVOICE_STATUS_OPTIONS.map((o) => ({ value: o.value as string, label: o.label })),
    valid: (v) => STATUS_VALUES.includes(v),
  },
];

const COLUMNS: ColumnSpec<Invoice>[] = [
  {
    label: 'No.',
    sort: 'number',
    w: 90,
    style: num,
    render: (i) => cell(i.number, { ff: 'monospace' }),
  },
  {
    label: '請求日',
    sort: 'issue_date',
    w: 140,
    style: num,
    render: (i) => cell(formatDateJa(i.issue_date)),
  },
  {
    label: '請求先',
    render: (i) => (
      <>
        <Text size="sm" fw={600} lineClamp={1}>
          {i.customer_name}
        </Text>
        <Text size="xs" c="dimmed">
          {i.transaction_ids.length > 0 ? `受注取引 ${i.transaction_ids.length}件` : '明細のみ'}
          {i.corrects_id ? '・訂正' : ''}
        </Text>
      </>
    ),
  },
  { label: '支払期限', sort: 'due_date', w: 140, style: num, render: (i) => cell(dueDate(i)) },
  { label: '状態', sort: 'status', w: 100, render: (i) => <InvoiceStatusBadge status={i.status as InvoiceStatus} /> },
  {
    label: '請求金額',
    sort: 'total',
    w: 140,
    align: 'right',
    style: num,
    render: (i) => (
      <>
        <Text size="sm" fw={600} td={voided(i)}>
          {formatJPY(i.totals.total)}
        </Text>
        <Text size="xs" c="dimmed">
          うち税 {formatJPY(i.totals.tax)}
        </Text>
      </>
    ),
  },
];

const CARD: PhoneCardSpec<Invoice> = {
  testId: 'invoice-card',
  render: (i) => (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" style={num}>
          No.{i.number}・{formatDateJa(i.issue_date)}
        </Text>
        <InvoiceStatusBadge status={i.status} />
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-end" mt={2}>
        <Box style={{ minWidth: 0 }}>
          <Text size="sm" fw={700} lineClamp={1}>
            {i.customer_name}
          </Text>
          <Text size="xs" c="dimmed">
            支払期限 {dueDate(i)}
          </Text>
        </Box>
        <Text size="md" fw={700} style={num} td={voided(i)}>
          {formatJPY(i.totals.total)}
        </Text>
      </Group>
    </>
  ),
};

/** 請求書一覧 (the 「請求書」 tab of /company/transactions), URL-driven: keyword, 状態, 顧客, sort, page. */
export function InvoiceList() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <ResourceList<Invoice>
      label="請求書一覧"
      useData={useInvoicePage}
      sortable={INVOICE_SORTABLE}
      columns={COLUMNS}
      rowTestId="invoice-row"
      card={CARD}
      search={{ placeholder: '請求書番号・顧客・品目で検索' }}
      filters={FILTERS}
      toolbarClear
      // the tab stays; every filter goes
      clearKeeps={['tab']}
      onOpen={(i) => navigate(invoiceEditPath(i.id), { state: { listSearch: location.search } })}
      skeleton={{ radius: 'sm' }}
      empty={{
        icon: <IconFileInvoice size={30} stroke={1.5} />,
        title: '請求書はまだありません',
        description: '「受注取引」タブで未請求の取引を選んで「請求書を作成」すると、まとめて請求できます。',
        action: (
          <Button component={Link} to={invoiceCreatePath()} leftSection={<IconPlus size={16} />}>
            請求書を作成する
          </Button>
        ),
      }}
      emptyFiltered={{
        title: '条件に一致する請求書が見つかりません',
        description: '検索キーワードや絞り込みの条件を変えてお試しください。',
        clearAction: true,
      }}
    />
  );
}
