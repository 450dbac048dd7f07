import { formatDateJa, formatJPY, INVOICE_SORTABLE, type Invoice, type InvoiceStatus } from '@chobo/core';
import { Box, Button, Chip, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileInvoice, IconFilterOff, IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { KeywordSearchInput } from '../../components/KeywordSearchInput';
import { ListErrorState } from '../../components/ListErrorState';
import { ListFooter } from '../../components/ListFooter';
import { ListSkeletonRows } from '../../components/ListSkeletonRows';
import { SortableTh } from '../../components/SortableTh';
import { useLoadingFlag } from '../../lib/loading';
import { useKeywordInput, useListParams } from '../../lib/use-list-params';
import { CustomerSelect } from '../transactions/CustomerSelect';
import { num } from '../transactions/labels';
import { type InvoiceListParams, useInvoiceList } from './api';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { INVOICE_STATUS_OPTIONS, invoiceCreatePath, invoiceEditPath } from './labels';

const FILTER_KEYS = ['status', 'customer_id'] as const;
type Sortable = (typeof INVOICE_SORTABLE)[number];
const STATUS_VALUES = INVOICE_STATUS_OPTIONS.map((o) => o.value as string);

/** 請求書一覧 (the 「請求書」 tab of /company/transactions), URL-driven: keyword, 状態, 顧客, sort, page. */
export function InvoiceList() {
  const navigate = useNavigate();
  const location = useLocation();
  const [, setSearchParams] = useSearchParams();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const list = useListParams(INVOICE_SORTABLE, FILTER_KEYS);
  const [keywordInput, setKeywordInput] = useKeywordInput(list);
  const f = list.filters;
  const params: InvoiceListParams = {
    keyword: list.keyword,
    page: list.page,
    sort_by: list.sortBy,
    sort_dir: list.sortDir,
    status: f.status && STATUS_VALUES.includes(f.status) ? f.status : null,
    customer_id: f.customer_id && /^\d+$/.test(f.customer_id) ? f.customer_id : null,
  };
  const query = useInvoiceList(params);
  useLoadingFlag(query.isFetching && (query.isPending || query.isPlaceholderData));
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;
  const setPage = list.setPage;
  useEffect(() => {
    if (meta && meta.total > 0 && list.page > meta.last_page) setPage(meta.last_page);
  }, [meta, list.page, setPage]);

  const filtered = Boolean(list.keyword || params.status || params.customer_id);
  // the tab stays; every filter goes
  const clear = () => {
    setKeywordInput('');
    setSearchParams(new URLSearchParams({ tab: 'invoices' }));
  };
  const sortProps = (column: Sortable) => ({
    sorted: list.sortBy === column,
    dir: list.sortBy === column ? list.sortDir : null,
    onSort: () => list.toggleSort(column),
  });
  const open = (i: Invoice) => navigate(invoiceEditPath(i.id), { state: { listSearch: location.search } });
  const customerLabel = params.customer_id
    ? (rows.find((r) => String(r.customer_id) === params.customer_id)?.customer_name ?? null)
    : null;

  return (
    <Paper withBorder radius="md">
      <Stack gap="sm" p="md">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Box style={{ flex: '1 1 240px', maxWidth: narrow ? undefined : 360 }}>
            <KeywordSearchInput
              placeholder="請求書番号・顧客・品目で検索"
              value={keywordInput}
              onChange={setKeywordInput}
              w="100%"
            />
          </Box>
          <Box style={{ flex: '1 1 200px', maxWidth: narrow ? undefined : 260 }}>
            <CustomerSelect
              aria-label="顧客で絞り込み"
              placeholder="すべての顧客"
              value={params.customer_id ? Number(params.customer_id) : null}
              currentLabel={customerLabel}
              onChange={(id) => list.setFilter('customer_id', id ? String(id) : null)}
            />
          </Box>
          {filtered && !narrow && (
            <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={clear}>
              条件をクリア
            </Button>
          )}
        </Group>
        <Chip.Group
          multiple={false}
          value={params.status ?? 'all'}
          onChange={(v) => list.setFilter('status', v === 'all' ? null : (v as string))}
        >
          <Group gap={6} wrap="wrap" role="radiogroup" aria-label="状態で絞り込み">
            <Chip value="all" size="sm" radius="sm" variant="outline">
              すべて
            </Chip>
            {INVOICE_STATUS_OPTIONS.map((o) => (
              <Chip key={o.value} value={o.value} size="sm" radius="sm" variant="outline">
                {o.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {filtered && narrow && (
          <Button variant="subtle" color="gray" size="xs" leftSection={<IconFilterOff size={14} />} onClick={clear}>
            条件をクリア
          </Button>
        )}
      </Stack>

      {narrow ? (
        <Stack gap={0} aria-label="請求書一覧" aria-busy={query.isFetching} role="list">
          {rows.map((i) => (
            <UnstyledButton
              key={i.id}
              role="listitem"
              data-testid="invoice-card"
              onClick={() => open(i)}
              px="md"
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
            >
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
                    支払期限 {i.due_date ? formatDateJa(i.due_date) : '—'}
                  </Text>
                </Box>
                <Text size="md" fw={700} style={num} td={i.status === 'void' ? 'line-through' : undefined}>
                  {formatJPY(i.totals.total)}
                </Text>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table highlightOnHover verticalSpacing="sm" aria-label="請求書一覧" aria-busy={query.isFetching}>
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <SortableTh {...sortProps('number')} w={90}>
                  No.
                </SortableTh>
                <SortableTh {...sortProps('issue_date')} w={140}>
                  請求日
                </SortableTh>
                <Table.Th>請求先</Table.Th>
                <SortableTh {...sortProps('due_date')} w={140}>
                  支払期限
                </SortableTh>
                <SortableTh {...sortProps('status')} w={100}>
                  状態
                </SortableTh>
                <SortableTh {...sortProps('total')} w={140}>
                  請求金額
                </SortableTh>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.isPending && <ListSkeletonRows rows={5} cells={6} radius="sm" />}
              {rows.map((i) => (
                <Table.Tr
                  key={i.id}
                  data-testid="invoice-row"
                  tabIndex={0}
                  onClick={() => open(i)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && e.target === e.currentTarget) open(i);
                  }}
                  style={{ cursor: 'pointer' }}
                >
                  <Table.Td style={num}>
                    <Text size="sm" ff="monospace">
                      {i.number}
                    </Text>
                  </Table.Td>
                  <Table.Td style={num}>
                    <Text size="sm">{formatDateJa(i.issue_date)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} lineClamp={1}>
                      {i.customer_name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {i.transaction_ids.length > 0 ? `受注取引 ${i.transaction_ids.length}件` : '明細のみ'}
                      {i.corrects_id ? '・訂正' : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td style={num}>
                    <Text size="sm">{i.due_date ? formatDateJa(i.due_date) : '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <InvoiceStatusBadge status={i.status as InvoiceStatus} />
                  </Table.Td>
                  <Table.Td ta="right" style={num}>
                    <Text size="sm" fw={600} td={i.status === 'void' ? 'line-through' : undefined}>
                      {formatJPY(i.totals.total)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      うち税 {formatJPY(i.totals.tax)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {query.isSuccess && rows.length === 0 && !query.isPlaceholderData && (
        <EmptyBlock
          icon={filtered ? undefined : <IconFileInvoice size={30} stroke={1.5} />}
          title={filtered ? '条件に一致する請求書が見つかりません' : '請求書はまだありません'}
          description={
            filtered
              ? '検索キーワードや絞り込みの条件を変えてお試しください。'
              : '「受注取引」タブで未請求の取引を選んで「請求書を作成」すると、まとめて請求できます。'
          }
          action={
            filtered ? (
              <Button variant="light" onClick={clear}>
                条件をクリア
              </Button>
            ) : (
              <Button component={Link} to={invoiceCreatePath()} leftSection={<IconPlus size={16} />}>
                請求書を作成する
              </Button>
            )
          }
        />
      )}
      {query.isError && !query.data && (
        <ListErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      )}
      {meta && rows.length > 0 && <ListFooter meta={meta} onPage={list.setPage} />}
    </Paper>
  );
}
