import { REGISTRY_STATUS_LABELS } from '@chobo/core';
import { Badge, Card, Stack, Table, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { useLapsedSuppliers } from './api';

/**
 * /company/registry/lapsed-suppliers: suppliers whose 登録番号 the 国税庁 公表データ shows cancelled or expired —
 * their documents dated after that get the 経過措置 share of the tax, not full credit.
 */
export default function LapsedSuppliersPage() {
  const q = useLapsedSuppliers();
  const rows = q.data ?? [];
  return (
    <Stack>
      <PageHeader title="登録が取消・失効した仕入先" />
      <Text size="sm" c="dimmed">
        取消・失効の日以後の書類は適格請求書として扱われず、仕入税額は経過措置の割合だけ控除されます。
      </Text>
      <Card withBorder>
        {q.isSuccess && rows.length === 0 ? (
          <Text c="dimmed">登録が取消・失効した仕入先はありません</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table data-testid="lapsed-suppliers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>仕入先</Table.Th>
                  <Table.Th>登録番号</Table.Th>
                  <Table.Th>状態</Table.Th>
                  <Table.Th>日付</Table.Th>
                  <Table.Th>最後の書類</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.customer_id}>
                    <Table.Td>
                      {r.customer_name}
                      {r.registry_name && r.registry_name !== r.customer_name && (
                        <Text size="xs" c="dimmed">
                          公表名: {r.registry_name}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{r.registration_number}</Table.Td>
                    <Table.Td>
                      <Badge color="red" variant="light">
                        {REGISTRY_STATUS_LABELS[r.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{r.cancelled_on ?? r.expired_on}</Table.Td>
                    <Table.Td>{r.last_document_date ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
