import { formatDateJa, formatJPY, type Transaction } from '@chobo/core';
import { Badge, Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CardTotal, type ColumnSpec, cell, type PhoneCardSpec } from '../../components/resource-list';
import { invoiceCreatePath } from '../invoices/labels';
import { num, paymentLabel, STATUS_COLORS, statusLabel } from './labels';

export const SORT_CHOICES: { value: string; label: string }[] = [
  { value: '', label: '取引日の新しい順' },
  { value: 'transaction_date:asc', label: '取引日の古い順' },
  { value: 'number:desc', label: '取引番号の大きい順' },
  { value: 'due_date:asc', label: '支払期日の近い順' },
  { value: 'total:desc', label: '合計の大きい順' },
  { value: 'customer_name:asc', label: '顧客名順' },
];

function StatusBadge({ status }: { status: number }) {
  return (
    <Badge variant="light" radius="sm" color={STATUS_COLORS[status] ?? 'gray'} style={{ flexShrink: 0 }}>
      {statusLabel(status)}
    </Badge>
  );
}

export const COLUMNS: ColumnSpec<Transaction>[] = [
  {
    label: 'No.',
    sort: 'number',
    w: 80,
    style: num,
    render: (t) => cell(t.number, { ff: 'monospace' }),
  },
  {
    label: '取引日',
    sort: 'transaction_date',
    w: 132,
    style: num,
    render: (t) => cell(formatDateJa(t.transaction_date)),
  },
  {
    label: '顧客',
    sort: 'customer_name',
    w: '20%',
    render: (t) => cell(t.customer_name, { fw: 600, lineClamp: 2 }),
  },
  {
    label: '件名',
    sort: 'subject',
    render: (t) => (
      <>
        <Text size="sm" lineClamp={2}>
          {t.subject}
        </Text>
        <Text size="xs" c="dimmed">
          {paymentLabel(t.payment_method)}
        </Text>
      </>
    ),
  },
  {
    label: '支払期日',
    sort: 'due_date',
    w: 132,
    style: num,
    render: (t) => cell(t.due_date ? formatDateJa(t.due_date) : '—'),
  },
  { label: '状態', sort: 'status', w: 96, render: (t) => <StatusBadge status={t.status} /> },
  {
    label: '合計',
    sort: 'total',
    w: 132,
    align: 'right',
    style: num,
    render: (t) => (
      <>
        <Text size="sm" fw={600}>
          {formatJPY(t.totals.total)}
        </Text>
        <Text size="xs" c="dimmed">
          うち税 {formatJPY(t.totals.tax)}
        </Text>
      </>
    ),
  },
];

const totalsOf = (rows: Transaction[]) =>
  rows.reduce(
    (s, r) => ({
      subtotal: s.subtotal + r.totals.subtotal,
      tax: s.tax + r.totals.tax,
      total: s.total + r.totals.total,
    }),
    { subtotal: 0, tax: 0, total: 0 },
  );

export const CARD: PhoneCardSpec<Transaction> = {
  testId: 'transaction-card',
  render: (t) => (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" style={num}>
          No.{t.number}・{formatDateJa(t.transaction_date)}
        </Text>
        <StatusBadge status={t.status} />
      </Group>
      <Text size="sm" fw={700} lineClamp={1} mt={2}>
        {t.customer_name}
      </Text>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-end">
        <Text size="sm" c="dimmed" lineClamp={2} style={{ minWidth: 0 }}>
          {t.subject}
        </Text>
        <Text size="md" fw={700} style={num}>
          {formatJPY(t.totals.total)}
        </Text>
      </Group>
    </>
  ),
  foot: (rows) => <CardTotal style={num}>{formatJPY(totalsOf(rows).total)}</CardTotal>,
};

/** The table's このページの合計 (小計, 消費税, 合計) under `labelSpan` columns. */
export function PageTotals({ rows, labelSpan }: { rows: Transaction[]; labelSpan: number }) {
  const totals = totalsOf(rows);
  return (
    <Table.Tfoot bg="gray.0" data-testid="page-totals">
      <Table.Tr>
        <Table.Td colSpan={labelSpan}>
          <Group gap="lg" justify="flex-end">
            <Text size="sm" fw={600}>
              このページの合計（{rows.length}件）
            </Text>
            <Text size="sm" c="dimmed" style={num}>
              小計 {formatJPY(totals.subtotal)}
            </Text>
            <Text size="sm" c="dimmed" style={num}>
              消費税 {formatJPY(totals.tax)}
            </Text>
          </Group>
        </Table.Td>
        <Table.Td ta="right" style={num}>
          <Text size="sm" fw={700}>
            {formatJPY(totals.total)}
          </Text>
        </Table.Td>
      </Table.Tr>
    </Table.Tfoot>
  );
}

/** 未請求 rows of ONE customer, kept across pages, become one 合計請求書: the checkbox column and the bar. */
export function useInvoiceSelection() {
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Map<number, Transaction>>(new Map());
  const selectedCustomer = selected.size > 0 ? [...selected.values()][0] : null;
  const selectable = (t: Transaction) =>
    t.status === 0 && (selectedCustomer === null || selectedCustomer.customer_id === t.customer_id);
  const toggle = (t: Transaction, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (on) next.set(t.id, t);
      else next.delete(t.id);
      return next;
    });
  const title = (t: Transaction) =>
    t.status !== 0
      ? '未請求の取引だけを請求書にできます'
      : selectable(t)
        ? `No.${t.number} を選択`
        : '請求書にまとめられるのは同じ顧客の取引だけです';
  const column: ColumnSpec<Transaction> = {
    label: '選択',
    hideLabel: true,
    w: 40,
    actions: true,
    render: (t) => (
      <Checkbox
        size="sm"
        aria-label={`No.${t.number} を請求書に含める`}
        title={title(t)}
        checked={selected.has(t.id)}
        disabled={!selected.has(t.id) && !selectable(t)}
        onChange={(e) => toggle(t, e.currentTarget.checked)}
      />
    ),
  };
  const bar = selected.size > 0 && (
    <Group
      justify="space-between"
      gap="sm"
      px="md"
      py="xs"
      bg="blue.0"
      wrap="wrap"
      data-testid="selection-bar"
      style={{ borderTop: '1px solid var(--mantine-color-blue-2)' }}
    >
      <Text size="sm" fw={600}>
        {selectedCustomer?.customer_name}・{selected.size}件を選択中
      </Text>
      <Group gap="xs">
        <Button variant="subtle" color="gray" size="xs" onClick={() => setSelected(new Map())}>
          選択を解除
        </Button>
        <Button
          size="xs"
          leftSection={<IconFileInvoice size={14} />}
          onClick={() => navigate(invoiceCreatePath([...selected.keys()]))}
        >
          請求書を作成
        </Button>
      </Group>
    </Group>
  );
  return { column, bar };
}
