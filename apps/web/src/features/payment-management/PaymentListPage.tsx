import { FEE_BEARERS, formatDateJa, formatJPY, PAYMENT_DIRECTIONS, PAYMENT_METHODS, type Payment } from '@chobo/core';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChartBar, IconCoinYen, IconList, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { PageHeader } from '../../components/PageHeader';
import { type PaymentListParams, useOpenItems, usePaymentList } from './api';
import { CounterpartySelect } from './CounterpartySelect';
import { PaymentReports } from './PaymentReports';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const paymentEditPath = (id: number) => `/company/payment_management/edit/${id}`;

function DirectionBadge({ direction }: { direction: 'in' | 'out' }) {
  return (
    <Badge variant="light" radius="sm" color={direction === 'in' ? 'teal' : 'orange'} style={{ flexShrink: 0 }}>
      {PAYMENT_DIRECTIONS[direction]}
    </Badge>
  );
}

/** 入出金の一覧: filters (区分, 期間, 取引先, 方法, 未消込のみ), paging. */
function PaymentList() {
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  // the filters live in the URL (?direction=&from=&to=&customer_id=&method=&unallocated=1&keyword=&page=), so a
  // reload or a shared link shows the same list; the tab parameter is kept
  const [params, setParams] = useSearchParams();
  const str = (k: string) => params.get(k) || null;
  const p: PaymentListParams = {
    keyword: params.get('keyword') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
    direction: str('direction') === 'in' || str('direction') === 'out' ? str('direction') : null,
    from: ISO_DATE.test(params.get('from') ?? '') ? str('from') : null,
    to: ISO_DATE.test(params.get('to') ?? '') ? str('to') : null,
    customer_id: /^\d+$/.test(params.get('customer_id') ?? '') ? str('customer_id') : null,
    method: str('method'),
    unallocated: params.get('unallocated') === '1',
  };
  const customerLabel = str('customer_name');
  const write = (patch: Record<string, string | number | boolean | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '' || v === false || (k === 'page' && v === 1)) next.delete(k);
          else next.set(k, v === true ? '1' : String(v));
        }
        return next;
      },
      { replace: true },
    );
  const set = (patch: Partial<PaymentListParams>) => write({ page: 1, ...patch });
  const q = usePaymentList(p);
  const rows = q.data?.data ?? [];
  const meta = q.data?.meta;
  const open = (x: Payment) => navigate(paymentEditPath(x.id));
  return (
    <Paper withBorder radius="md">
      <Stack gap="sm" p="md">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            label="キーワード"
            placeholder="取引先・メモ・金額"
            value={p.keyword}
            onChange={(e) => set({ keyword: e.currentTarget.value })}
            w={narrow ? '100%' : 200}
          />
          <Select
            label="区分"
            data={[
              { value: 'in', label: '入金' },
              { value: 'out', label: '支払' },
            ]}
            value={p.direction}
            onChange={(v) => set({ direction: v })}
            clearable
            placeholder="すべて"
            w={110}
          />
          <TextInput
            label="期間（から）"
            type="date"
            value={p.from ?? ''}
            onChange={(e) => set({ from: ISO_DATE.test(e.currentTarget.value) ? e.currentTarget.value : null })}
            w={150}
          />
          <TextInput
            label="（まで）"
            type="date"
            value={p.to ?? ''}
            onChange={(e) => set({ to: ISO_DATE.test(e.currentTarget.value) ? e.currentTarget.value : null })}
            w={150}
          />
          <CounterpartySelect
            direction={p.direction === 'out' ? 'out' : 'in'}
            label="取引先"
            value={p.customer_id ? Number(p.customer_id) : null}
            currentLabel={customerLabel}
            onChange={(id, label) => {
              write({
                page: 1,
                customer_id: id === null ? null : String(id),
                customer_name: id === null ? null : label,
              });
            }}
            w={narrow ? '100%' : 220}
          />
          <Select
            label="方法"
            data={Object.entries(PAYMENT_METHODS).map(([value, label]) => ({ value, label }))}
            value={p.method}
            onChange={(v) => set({ method: v })}
            clearable
            placeholder="すべて"
            w={140}
          />
          <Checkbox
            label="未消込のみ"
            checked={p.unallocated}
            onChange={(e) => set({ unallocated: e.currentTarget.checked })}
            mb={8}
          />
        </Group>
        {rows.length === 0 && !q.isPending ? (
          <EmptyBlock title="入出金はまだありません" description="「新規登録」から入金・支払を登録してください。" />
        ) : narrow ? (
          <Stack gap="xs">
            {rows.map((x) => (
              <Paper key={x.id} withBorder p="sm" radius="sm" onClick={() => open(x)} style={{ cursor: 'pointer' }}>
                <Group justify="space-between" wrap="nowrap">
                  <Group gap={6} wrap="nowrap">
                    <DirectionBadge direction={x.direction} />
                    <Text size="sm" fw={600} lineClamp={1}>
                      {x.customer_name}
                    </Text>
                  </Group>
                  <Text size="sm" fw={700} ff="monospace">
                    {formatJPY(x.amount)}
                  </Text>
                </Group>
                <Group justify="space-between" mt={4}>
                  <Text size="xs" c="dimmed">
                    {formatDateJa(x.date)}・{PAYMENT_METHODS[x.method as keyof typeof PAYMENT_METHODS]}
                  </Text>
                  {x.unallocated > 0 ? (
                    <Badge color="yellow" variant="light" size="sm">
                      未消込 {formatJPY(x.unallocated)}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light" size="sm">
                      消込済
                    </Badge>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>日付</Table.Th>
                  <Table.Th>区分</Table.Th>
                  <Table.Th>取引先</Table.Th>
                  <Table.Th>方法</Table.Th>
                  <Table.Th ta="right">金額</Table.Th>
                  <Table.Th ta="right">振込手数料</Table.Th>
                  <Table.Th>消込先</Table.Th>
                  <Table.Th ta="right">未消込</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((x) => (
                  <Table.Tr key={x.id} onClick={() => open(x)} style={{ cursor: 'pointer' }}>
                    <Table.Td>{formatDateJa(x.date)}</Table.Td>
                    <Table.Td>
                      <DirectionBadge direction={x.direction} />
                    </Table.Td>
                    <Table.Td>
                      <Link to={paymentEditPath(x.id)} onClick={(e) => e.stopPropagation()}>
                        {x.customer_name}
                      </Link>
                    </Table.Td>
                    <Table.Td>{PAYMENT_METHODS[x.method as keyof typeof PAYMENT_METHODS]}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {formatJPY(x.amount)}
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {x.fee > 0 ? `${formatJPY(x.fee)}（${FEE_BEARERS[x.fee_bearer]}）` : '—'}
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" lineClamp={2}>
                        {x.allocations.map((a) => a.label).join('、') || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace" c={x.unallocated > 0 ? 'orange' : undefined}>
                      {x.unallocated > 0 ? formatJPY(x.unallocated) : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {meta && meta.last_page > 1 && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              全{meta.total}件
            </Text>
            <Pagination total={meta.last_page} value={p.page} onChange={(page) => write({ page })} size="sm" />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** 未消込の書類を取引先ごとに (入金: 売掛金, 支払: 買掛金・未払金). */
function OpenItemsByCustomer() {
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const q = useOpenItems(direction, null);
  const navigate = useNavigate();
  const rows = q.data?.by_customer ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Group mb="sm">
        <Select
          aria-label="区分"
          data={[
            { value: 'in', label: '入金予定（売掛金）' },
            { value: 'out', label: '支払予定（買掛金・未払金）' },
          ]}
          value={direction}
          onChange={(v) => setDirection(v === 'out' ? 'out' : 'in')}
          allowDeselect={false}
          w={260}
        />
      </Group>
      {rows.length === 0 && !q.isPending ? (
        <EmptyBlock title="未消込の書類はありません" />
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>取引先</Table.Th>
                <Table.Th ta="right">件数</Table.Th>
                <Table.Th ta="right">残額</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.customer_id}>
                  <Table.Td>{r.customer_name}</Table.Td>
                  <Table.Td ta="right">{r.count}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatJPY(r.remaining)}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() =>
                        navigate(
                          `/company/payment_management/create?direction=${direction}&customer_id=${r.customer_id}`,
                          { state: { customerName: r.customer_name } },
                        )
                      }
                    >
                      {direction === 'in' ? '入金を登録' : '支払を登録'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

type Tab = 'payments' | 'open' | 'reports';

/** /company/payment_management — 入出金 / 未消込（取引先別）/ レポート (?tab=open|reports). */
export default function PaymentListPage() {
  const [params, setParams] = useSearchParams();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const tab: Tab = params.get('tab') === 'open' ? 'open' : params.get('tab') === 'reports' ? 'reports' : 'payments';
  return (
    <>
      <PageHeader
        title="入金管理・支払いレポート"
        description={
          narrow ? undefined : '入金と支払を請求書・発注取引に消し込み、売掛金の年齢や回収状況、支払予定を確認します。'
        }
        actions={
          <Button component={Link} to="/company/payment_management/create" leftSection={<IconPlus size={16} />}>
            新規登録
          </Button>
        }
      />
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === 'payments' ? {} : { tab: v ?? '' })}
        mb="md"
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="payments" leftSection={<IconList size={16} />}>
            入出金
          </Tabs.Tab>
          <Tabs.Tab value="open" leftSection={<IconCoinYen size={16} />}>
            未消込
          </Tabs.Tab>
          <Tabs.Tab value="reports" leftSection={<IconChartBar size={16} />}>
            レポート
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Box style={{ minWidth: 0 }}>
        {tab === 'open' ? <OpenItemsByCustomer /> : tab === 'reports' ? <PaymentReports /> : <PaymentList />}
      </Box>
    </>
  );
}
