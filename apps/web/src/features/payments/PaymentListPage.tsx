import { FEE_BEARERS, formatDateJa, formatJPY, PAYMENT_DIRECTIONS, PAYMENT_METHODS, type Payment } from '@chobo/core';
import { Badge, Box, Button, Checkbox, Group, Paper, Select, Table, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarDue, IconChartBar, IconCoinYen, IconFileExport, IconList, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { PageHeader } from '../../components/PageHeader';
import {
  type ColumnSpec,
  DIGITS,
  type FilterSpec,
  type PhoneCardSpec,
  ResourceList,
} from '../../components/resource-list';
import { BatchListSection } from '../payment-batches/BatchListSection';
import { ScheduleSection } from '../payment-batches/ScheduleSection';
import { useOpenItems, usePaymentPage } from './api';
import { CounterpartySelect } from './CounterpartySelect';
import { PaymentReports } from './PaymentReports';

export const paymentEditPath = (id: number) => `/company/payment_management/edit/${id}`;

function DirectionBadge({ direction }: { direction: 'in' | 'out' }) {
  return (
    <Badge variant="light" radius="sm" color={direction === 'in' ? 'teal' : 'orange'} style={{ flexShrink: 0 }}>
      {PAYMENT_DIRECTIONS[direction]}
    </Badge>
  );
}

const mono = (text: string, c?: string) => (
  <Text span size="sm" ff="monospace" c={c}>
    {text}
  </Text>
);
const methodLabel = (x: Payment) => PAYMENT_METHODS[x.method as keyof typeof PAYMENT_METHODS];

// the filters live in the URL (?direction=&from=&to=&customer_id=&method=&unallocated=1&keyword=&page=), so a
// reload or a shared link shows the same list; the tab parameter is kept
const FILTERS: FilterSpec[] = [
  {
    type: 'select',
    key: 'direction',
    label: '区分',
    placeholder: 'すべて',
    data: [
      { value: 'in', label: '入金' },
      { value: 'out', label: '支払' },
    ],
    valid: (v) => v === 'in' || v === 'out',
    w: 110,
  },
  {
    type: 'dateRange',
    from: 'from',
    to: 'to',
    fromLabel: '期間（から）',
    toLabel: '（まで）',
    visibleLabels: true,
    w: 150,
  },
  {
    type: 'custom',
    keys: ['customer_id', 'customer_name'],
    render: ({ values, set }) => (
      <CounterpartySelect
        direction={values.direction === 'out' ? 'out' : 'in'}
        label="取引先"
        value={values.customer_id && DIGITS.test(values.customer_id) ? Number(values.customer_id) : null}
        currentLabel={values.customer_name}
        onChange={(id, label) => {
          set('customer_id', id === null ? null : String(id), { replace: true });
          set('customer_name', id === null ? null : label, { replace: true });
        }}
        w={220}
      />
    ),
  },
  {
    type: 'select',
    key: 'method',
    label: '方法',
    placeholder: 'すべて',
    data: Object.entries(PAYMENT_METHODS).map(([value, label]) => ({ value, label })),
    w: 140,
  },
  {
    type: 'custom',
    keys: ['unallocated'],
    valid: (v) => v === '1',
    render: ({ values, set }) => (
      <Checkbox
        label="未消込のみ"
        checked={values.unallocated === '1'}
        onChange={(e) => set('unallocated', e.currentTarget.checked ? '1' : null, { replace: true })}
        mb={8}
      />
    ),
  },
];

const COLUMNS: ColumnSpec<Payment>[] = [
  { label: '日付', render: (x) => formatDateJa(x.date) },
  { label: '区分', render: (x) => <DirectionBadge direction={x.direction} /> },
  {
    label: '取引先',
    actions: true,
    render: (x) => <Link to={paymentEditPath(x.id)}>{x.customer_name}</Link>,
  },
  { label: '方法', render: methodLabel },
  { label: '金額', align: 'right', render: (x) => mono(formatJPY(x.amount)) },
  {
    label: '振込手数料',
    align: 'right',
    render: (x) => mono(x.fee > 0 ? `${formatJPY(x.fee)}（${FEE_BEARERS[x.fee_bearer]}）` : '—'),
  },
  {
    label: '消込先',
    render: (x) => (
      <Text size="xs" lineClamp={2}>
        {x.allocations.map((a) => a.label).join('、') || '—'}
      </Text>
    ),
  },
  {
    label: '未消込',
    align: 'right',
    render: (x) => mono(x.unallocated > 0 ? formatJPY(x.unallocated) : '—', x.unallocated > 0 ? 'orange' : undefined),
  },
];

const CARD: PhoneCardSpec<Payment> = {
  framed: true,
  render: (x) => (
    <>
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
          {formatDateJa(x.date)}・{methodLabel(x)}
        </Text>
        <Badge color={x.unallocated > 0 ? 'yellow' : 'gray'} variant="light" size="sm">
          {x.unallocated > 0 ? `未消込 ${formatJPY(x.unallocated)}` : '消込済'}
        </Badge>
      </Group>
    </>
  ),
};

const EMPTY = { title: '入出金はまだありません', description: '「新規登録」から入金・支払を登録してください。' };

/** 入出金の一覧: filters (区分, 期間, 取引先, 方法, 未消込のみ), paging. */
function PaymentList() {
  const navigate = useNavigate();
  return (
    <ResourceList<Payment>
      label="入出金一覧"
      useData={usePaymentPage}
      sortable={[]}
      columns={COLUMNS}
      rowTestId="payment-row"
      card={CARD}
      search={{ label: 'キーワード', placeholder: '取引先・メモ・金額' }}
      filters={FILTERS}
      onOpen={(x) => navigate(paymentEditPath(x.id))}
      minWidth={760}
      empty={EMPTY}
      emptyFiltered={EMPTY}
    />
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

type Tab = 'payments' | 'open' | 'reports' | 'schedule' | 'batches';
const TABS: readonly Tab[] = ['open', 'reports', 'schedule', 'batches'];

/** /company/payment_management — 入出金 / 未消込（取引先別）/ レポート / 支払予定 / 振込データ (?tab=open|reports|schedule|batches). */
export default function PaymentListPage() {
  const [params, setParams] = useSearchParams();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'payments';
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
        <Tabs.List data-wrap>
          <Tabs.Tab value="payments" leftSection={<IconList size={16} />}>
            入出金
          </Tabs.Tab>
          <Tabs.Tab value="open" leftSection={<IconCoinYen size={16} />}>
            未消込
          </Tabs.Tab>
          <Tabs.Tab value="reports" leftSection={<IconChartBar size={16} />}>
            レポート
          </Tabs.Tab>
          <Tabs.Tab value="schedule" leftSection={<IconCalendarDue size={16} />}>
            支払予定
          </Tabs.Tab>
          <Tabs.Tab value="batches" leftSection={<IconFileExport size={16} />}>
            振込データ
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Box style={{ minWidth: 0 }}>
        {tab === 'open' ? (
          <OpenItemsByCustomer />
        ) : tab === 'reports' ? (
          <PaymentReports />
        ) : tab === 'schedule' ? (
          <ScheduleSection onCreated={() => setParams({ tab: 'batches' })} />
        ) : tab === 'batches' ? (
          <BatchListSection />
        ) : (
          <PaymentList />
        )}
      </Box>
    </>
  );
}
