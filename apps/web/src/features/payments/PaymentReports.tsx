import { AGING_BUCKETS, type AgingBucket, addDays, formatDateJa, formatJPY, todayInTokyo } from '@chobo/core';
import {
  Alert,
  Button,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { errorMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { downloadReport, useAging, useCollections, usePayables } from './api';

const BUCKETS = Object.keys(AGING_BUCKETS) as AgingBucket[];
const BUCKET_COLORS: Record<AgingBucket, string> = {
  not_due: '#2f9e44',
  d1_30: '#fab005',
  d31_60: '#fd7e14',
  d61_90: '#e8590c',
  over_90: '#e03131',
};
const man = (v: number) => (Math.abs(v) >= 10_000 ? `${Math.round(v / 10_000).toLocaleString('en-US')}万` : `${v}`);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function Downloads({
  name,
  q,
}: {
  name: 'aging' | 'collections' | 'payables';
  q: Record<string, string | number | null>;
}) {
  const run = (format: 'csv' | 'pdf', encoding: 'utf8' | 'sjis' = 'utf8') =>
    downloadReport(name, q, format, encoding).catch((e) => notifyError(errorMessage(e)));
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" leftSection={<IconDownload size={14} />}>
          ダウンロード
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void run('pdf')}>PDF</Menu.Item>
        <Menu.Item onClick={() => void run('csv')}>CSV（UTF-8 BOM付き）</Menu.Item>
        <Menu.Item onClick={() => void run('csv', 'sjis')}>CSV（Shift_JIS）</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** 売掛金年齢表: stacked bars per customer, the table, the books' 売掛金 beside it; drill down per customer. */
function AgingReport() {
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const [date, setDate] = useState(todayInTokyo());
  const [customer, setCustomer] = useState<{ id: number; name: string } | null>(null);
  const q = useAging({ date });
  const drill = useAging({ date, customer_id: customer?.id ?? null });
  const r = q.data;
  return (
    <Paper withBorder radius="md" p="md" style={{ minWidth: 0, overflow: 'hidden' }}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={4}>売掛金年齢表</Title>
        <Group gap="xs">
          <TextInput
            aria-label="基準日"
            type="date"
            value={date}
            onChange={(e) => ISO_DATE.test(e.currentTarget.value) && setDate(e.currentTarget.value)}
            w={160}
          />
          <Downloads name="aging" q={{ date }} />
        </Group>
      </Group>
      {r && (
        <Stack gap="sm">
          {r.rows.length > 0 && (
            <div style={{ width: '100%', height: Math.max(160, r.rows.slice(0, 10).length * 34 + 60) }}>
              <ResponsiveContainer>
                <BarChart data={r.rows.slice(0, 10)} layout="vertical" margin={{ left: 8, right: 16 }}>
                  <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                  <XAxis type="number" tickFormatter={man} fontSize={11} />
                  <YAxis
                    type="category"
                    dataKey="customer_name"
                    width={narrow ? 96 : 170}
                    fontSize={11}
                    tickFormatter={(v: string) => {
                      const max = narrow ? 7 : 14;
                      return v.length > max ? `${v.slice(0, max - 1)}…` : v;
                    }}
                  />
                  <Tooltip formatter={(v) => formatJPY(Number(v))} />
                  <Legend wrapperStyle={{ fontSize: 12 }} />
                  {BUCKETS.map((b) => (
                    <Bar key={b} dataKey={b} name={AGING_BUCKETS[b]} stackId="a" fill={BUCKET_COLORS[b]} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </div>
          )}
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>取引先</Table.Th>
                  {BUCKETS.map((b) => (
                    <Table.Th key={b} ta="right">
                      {AGING_BUCKETS[b]}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">合計</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.rows.map((x) => (
                  <Table.Tr
                    key={x.customer_id}
                    onClick={() => setCustomer({ id: x.customer_id, name: x.customer_name })}
                    style={{ cursor: 'pointer' }}
                    bg={customer?.id === x.customer_id ? 'var(--mantine-color-blue-light)' : undefined}
                  >
                    <Table.Td>{x.customer_name}</Table.Td>
                    {BUCKETS.map((b) => (
                      <Table.Td
                        key={b}
                        ta="right"
                        ff="monospace"
                        c={x[b] > 0 && b !== 'not_due' ? BUCKET_COLORS[b] : undefined}
                      >
                        {x[b] ? formatJPY(x[b]) : '—'}
                      </Table.Td>
                    ))}
                    <Table.Td ta="right" ff="monospace" fw={600}>
                      {formatJPY(x.total)}
                    </Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr fw={700}>
                  <Table.Td>合計</Table.Td>
                  {BUCKETS.map((b) => (
                    <Table.Td key={b} ta="right" ff="monospace">
                      {formatJPY(r.totals[b])}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" ff="monospace">
                    {formatJPY(r.totals.total)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" c="dimmed">
            帳簿の売掛金残高（{formatDateJa(r.date)}）: {formatJPY(r.ledger_balance)}
            {r.difference !== 0 && `　差額 ${formatJPY(r.difference)}（書類のない期首残高・手入力の仕訳など）`}
          </Text>
          {customer && drill.data && (
            <Alert
              variant="light"
              title={`${customer.name} の未回収の書類`}
              withCloseButton
              onClose={() => setCustomer(null)}
            >
              <Table fz="sm" verticalSpacing={4}>
                <Table.Tbody>
                  {drill.data.documents.map((d) => (
                    <Table.Tr key={`${d.kind}-${d.id}`}>
                      <Table.Td>{d.label}</Table.Td>
                      <Table.Td>期日 {formatDateJa(d.due_date ?? d.date)}</Table.Td>
                      <Table.Td c={BUCKET_COLORS[d.bucket]}>
                        {d.days_overdue > 0 ? `${d.days_overdue}日超過` : '未到来'}
                      </Table.Td>
                      <Table.Td ta="right" ff="monospace">
                        {formatJPY(d.remaining)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Alert>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** 回収実績: invoiced vs collected per month (bars) and the gap. */
function CollectionsReport() {
  const to = todayInTokyo();
  const from = `${addDays(to, -335).slice(0, 7)}-01`;
  const q = useCollections({ from, to });
  const r = q.data;
  const data = (r?.months ?? []).map((m) => ({ ...m, label: `${Number(m.month.slice(5))}月` }));
  return (
    <Paper withBorder radius="md" p="md" style={{ minWidth: 0, overflow: 'hidden' }}>
      <Group justify="space-between" mb="sm">
        <Title order={4}>回収実績（請求額と回収額）</Title>
        <Downloads name="collections" q={{ from, to }} />
      </Group>
      {r && (
        <>
          <div style={{ width: '100%', height: 240 }}>
            <ResponsiveContainer>
              <ComposedChart data={data} margin={{ left: 8, right: 16 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" fontSize={11} />
                <YAxis tickFormatter={man} fontSize={11} width={50} />
                <Tooltip formatter={(v) => formatJPY(Number(v))} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Bar dataKey="invoiced" name="請求額" fill="#4c6ef5" />
                <Bar dataKey="collected" name="回収額" fill="#2f9e44" />
                <Line dataKey="fees" name="振込手数料（当方負担）" stroke="#e8590c" dot={false} />
              </ComposedChart>
            </ResponsiveContainer>
          </div>
          <Text size="sm" c="dimmed">
            {formatDateJa(r.from)}〜{formatDateJa(r.to)}　請求 {formatJPY(r.totals.invoiced)}・回収{' '}
            {formatJPY(r.totals.collected)}
          </Text>
        </>
      )}
    </Paper>
  );
}

/** 支払予定表: open payables by due week or month. */
function PayablesReport() {
  const [group, setGroup] = useState<'week' | 'month'>('month');
  const date = todayInTokyo();
  const q = usePayables({ date, group });
  const r = q.data;
  return (
    <Paper withBorder radius="md" p="md" style={{ minWidth: 0, overflow: 'hidden' }}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={4}>支払予定表</Title>
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            value={group}
            onChange={(v) => setGroup(v === 'week' ? 'week' : 'month')}
            data={[
              { value: 'month', label: '月別' },
              { value: 'week', label: '週別' },
            ]}
          />
          <Downloads name="payables" q={{ date, group }} />
        </Group>
      </Group>
      {r && r.groups.length === 0 && <Text c="dimmed">未払いの書類はありません。</Text>}
      {r && r.groups.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table fz="sm" verticalSpacing={4}>
            <Table.Tbody>
              {r.groups.map((g) => [
                <Table.Tr key={g.key} bg="var(--mantine-color-gray-light)">
                  <Table.Td colSpan={3} fw={700} c={g.key.startsWith('0000') ? 'red' : undefined}>
                    {g.label}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace" fw={700}>
                    {formatJPY(g.total)}
                  </Table.Td>
                </Table.Tr>,
                ...g.items.map((it) => (
                  <Table.Tr key={`${g.key}-${it.id}`}>
                    <Table.Td>{it.customer_name}</Table.Td>
                    <Table.Td>{it.label}</Table.Td>
                    <Table.Td>{it.due_date ? formatDateJa(it.due_date) : '—'}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {formatJPY(it.remaining)}
                    </Table.Td>
                  </Table.Tr>
                )),
              ])}
              <Table.Tr fw={700}>
                <Table.Td colSpan={3}>合計</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatJPY(r.total)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

export function PaymentReports() {
  return (
    <Stack gap="md" style={{ minWidth: 0 }}>
      <AgingReport />
      <CollectionsReport />
      <PayablesReport />
    </Stack>
  );
}
