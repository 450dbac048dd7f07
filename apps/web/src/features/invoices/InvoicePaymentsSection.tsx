import { formatDateJa, formatJPY, type Invoice } from '@chobo/core';
import { Anchor, Group, Paper, Skeleton, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { num } from '../transactions/labels';
import { useInvoicePayments } from './api';

/** The payment's own screen (入金・支払いの編集, /company/payment_management/edit/{id}). */
const paymentPath = (id: number) => `/company/payment_management/edit/${id}`;

/**
 * 入金履歴: the payments allocated to this invoice (入金日, 消込額, 振込手数料, a link to each payment), their sum and
 * what is still open. Four short columns: they fit a phone without a card layout.
 */
export function InvoicePaymentsSection({ invoice }: { invoice: Invoice }) {
  const q = useInvoicePayments(invoice.id);
  const rows = q.data ?? [];
  const paid = rows.reduce((s, r) => s + r.amount, 0);
  const open = invoice.status === 'void' ? 0 : Math.max(0, invoice.totals.total - paid);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="invoice-payments">
      <Group justify="space-between" align="baseline" mb="xs" gap="xs">
        <Title order={3} fz={16} id="invoice-payments">
          入金履歴
        </Title>
        {q.data && (
          <Text size="sm" style={num} data-testid="invoice-open-amount">
            入金済 {formatJPY(paid)}・未入金 {formatJPY(open)}
          </Text>
        )}
      </Group>
      {q.isPending ? (
        <Skeleton h={40} />
      ) : q.isError ? (
        <Text size="sm" c="dimmed">
          入金履歴を読み込めませんでした
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          まだ入金はありません。入金は「入金管理・支払いレポート」で登録し、この請求書に消し込みます。
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={6} horizontalSpacing="xs" aria-label="入金履歴">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>入金日</Table.Th>
              <Table.Th ta="right">消込額</Table.Th>
              <Table.Th ta="right">手数料</Table.Th>
              <Table.Th>
                <VisuallyHidden>入金</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.payment_id} data-testid="invoice-payment">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateJa(r.date)}</Table.Td>
                <Table.Td ta="right" style={num}>
                  {formatJPY(r.amount)}
                </Table.Td>
                <Table.Td ta="right" style={num}>
                  {r.fee > 0 ? formatJPY(r.fee) : '—'}
                </Table.Td>
                <Table.Td ta="right">
                  <Anchor component={Link} to={paymentPath(r.payment_id)} size="sm">
                    入金を開く
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
