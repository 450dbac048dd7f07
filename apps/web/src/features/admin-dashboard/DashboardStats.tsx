import { type AdminDashboard, formatNumber } from '@chobo/core';
import { Badge, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fmtDateTime } from '../admin-shared/AdminList';
import { fetchAdminDashboard } from './api';

export type Dashboard = AdminDashboard;

function Stat({ label, value, sub }: { label: string; value: number | undefined; sub?: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="dashboard-stat">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={28} mt={8} w={60} />
      ) : (
        <Text fz={28} fw={700} mt={4}>
          {formatNumber(value)}
        </Text>
      )}
      {sub && (
        <Text size="xs" c="dimmed">
          {sub}
        </Text>
      )}
    </Paper>
  );
}

/** The counts of docs/product/PRODUCT.md §3 and the latest sign-ups (GET /api/admin/dashboard). */
export function DashboardStats() {
  const query = useQuery({
    queryKey: ['admin-dashboard'],
    queryFn: fetchAdminDashboard,
    staleTime: 0,
  });
  const d = query.data;
  return (
    <Stack gap="md">
      <SimpleGrid cols={5} spacing="md">
        <Stat label="利用中の企業" value={d?.companies.active} />
        <Stat label="停止中の企業" value={d?.companies.suspended} />
        <Stat label="管理者" value={d?.admins} />
        <Stat
          label="招待中"
          value={d ? d.pending_invitations.company + d.pending_invitations.admin : undefined}
          sub={d ? `企業 ${d.pending_invitations.company}件・管理者 ${d.pending_invitations.admin}件` : undefined}
        />
        <Stat label="掲載中のお知らせ" value={d?.infos.current} sub={d ? `全${d.infos.total}件` : undefined} />
      </SimpleGrid>
      <Paper withBorder radius="md">
        <Title order={4} fz={14} p="md" pb={0}>
          最近登録された企業
        </Title>
        {d && d.latest_companies.length === 0 ? (
          <Text size="sm" c="dimmed" p="md">
            まだ企業はありません
          </Text>
        ) : (
          <Table verticalSpacing="xs" aria-label="最近登録された企業">
            <Table.Tbody>
              {(d?.latest_companies ?? []).map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td w={160}>{c.domain_name ?? '—'}</Table.Td>
                  <Table.Td w={90}>
                    <Badge size="sm" variant="light" color={c.status === 'active' ? 'success' : 'danger'}>
                      {c.status === 'active' ? '利用中' : '停止中'}
                    </Badge>
                  </Table.Td>
                  <Table.Td w={160}>{fmtDateTime(c.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
