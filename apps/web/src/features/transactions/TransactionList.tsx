import { formatDateJa, formatJPY, TRANSACTION_SORTABLE, type Transaction } from '@chobo/core';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Menu,
  NativeSelect,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconChevronDown,
  IconDownload,
  IconFileInvoice,
  IconFilterOff,
  IconPlus,
  IconReceipt,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { KeywordSearchInput } from '../../components/KeywordSearchInput';
import { ListErrorState } from '../../components/ListErrorState';
import { ListFooter } from '../../components/ListFooter';
import { ListSkeletonRows } from '../../components/ListSkeletonRows';
import { SortableTh } from '../../components/SortableTh';
import { errorMessage } from '../../lib/api';
import { useLoadingFlag } from '../../lib/loading';
import { notifyError } from '../../lib/notify';
import { useKeywordInput, useListParams } from '../../lib/use-list-params';
import { invoiceCreatePath } from '../invoices/labels';
import { downloadTransactionsCsv, type TransactionListParams, useTransactionList } from './api';
import { CustomerSelect } from './CustomerSelect';
import {
  num,
  PAYMENT_OPTIONS,
  paymentLabel,
  STATUS_COLORS,
  STATUS_OPTIONS,
  statusLabel,
  transactionEditPath,
} from './labels';

const FILTER_KEYS = ['status', 'payment_method', 'customer_id', 'from', 'to'] as const;
type Sortable = (typeof TRANSACTION_SORTABLE)[number];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const SORT_CHOICES: { value: string; label: string }[] = [
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

/**
 * 受注取引一覧, URL-driven (keyword, 状態, 支払方法, 顧客, 期間, sort, page). `companyId` + `readOnly` give
 * an administrator's view of one company (/system/companies/{id}/transactions).
 */
export function TransactionList({ companyId, readOnly = false }: { companyId?: number; readOnly?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const list = useListParams(TRANSACTION_SORTABLE, FILTER_KEYS);
  const [keywordInput, setKeywordInput] = useKeywordInput(list);
  const f = list.filters;

  const params: TransactionListParams = {
    keyword: list.keyword,
    page: list.page,
    sort_by: list.sortBy,
    sort_dir: list.sortDir,
    status: f.status,
    payment_method: f.payment_method,
    customer_id: f.customer_id && /^\d+$/.test(f.customer_id) ? f.customer_id : null,
    from: f.from && ISO_DATE.test(f.from) ? f.from : null,
    to: f.to && ISO_DATE.test(f.to) ? f.to : null,
    company_id: companyId ?? null,
  };
  const query = useTransactionList(params);
  useLoadingFlag(query.isFetching && (query.isPending || query.isPlaceholderData));
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;
  const setPage = list.setPage;
  useEffect(() => {
    if (meta && meta.total > 0 && list.page > meta.last_page) setPage(meta.last_page);
  }, [meta, list.page, setPage]);

  // 未請求 rows of ONE customer, kept across pages, become one 合計請求書
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
  const selectionTitle = (t: Transaction) =>
    t.status !== 0
      ? '未請求の取引だけを請求書にできます'
      : selectable(t)
        ? `No.${t.number} を選択`
        : '請求書にまとめられるのは同じ顧客の取引だけです';

  const [downloading, setDownloading] = useState(false);
  const download = async (encoding: 'utf8' | 'sjis') => {
    setDownloading(true);
    try {
      await downloadTransactionsCsv(params, encoding);
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setDownloading(false);
    }
  };

  const filtered = Boolean(
    list.keyword || params.status || params.payment_method || params.customer_id || params.from || params.to,
  );
  const clear = () => {
    setKeywordInput('');
    list.reset();
  };
  const sortProps = (column: Sortable) => ({
    sorted: list.sortBy === column,
    dir: list.sortBy === column ? list.sortDir : null,
    onSort: () => list.toggleSort(column),
  });
  const open = (t: Transaction) => {
    if (!readOnly) navigate(transactionEditPath(t.id), { state: { listSearch: location.search } });
  };
  // when filtering by a customer every row is theirs: the filter box can show the name
  const customerLabel = params.customer_id
    ? (rows.find((r) => String(r.customer_id) === params.customer_id)?.customer_name ?? null)
    : null;
  const pageTotals = rows.reduce(
    (s, r) => ({
      subtotal: s.subtotal + r.totals.subtotal,
      tax: s.tax + r.totals.tax,
      total: s.total + r.totals.total,
    }),
    { subtotal: 0, tax: 0, total: 0 },
  );

  const csvMenu = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size={narrow ? 'xs' : 'sm'}
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={downloading}
          aria-label="CSVダウンロード"
          style={{ flexShrink: 0 }}
        >
          {narrow ? 'CSV' : 'CSVダウンロード'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>絞り込み中の取引を明細ごとに出力</Menu.Label>
        <Menu.Item onClick={() => void download('utf8')}>UTF-8（BOM付き・推奨）</Menu.Item>
        <Menu.Item onClick={() => void download('sjis')}>Shift_JIS（古いExcel向け）</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <Paper withBorder radius="md">
      <Stack gap="sm" p="md">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Box style={{ flex: '1 1 240px', maxWidth: narrow ? undefined : 360 }}>
            <KeywordSearchInput
              placeholder="件名・顧客・取引番号・品目で検索"
              value={keywordInput}
              onChange={setKeywordInput}
              w="100%"
            />
          </Box>
          <Box style={{ flex: '1 1 200px', maxWidth: narrow ? undefined : 260 }}>
            <CustomerSelect
              aria-label="顧客で絞り込み"
              placeholder="すべての顧客"
              companyId={companyId ?? null}
              value={params.customer_id ? Number(params.customer_id) : null}
              currentLabel={customerLabel}
              onChange={(id) => list.setFilter('customer_id', id ? String(id) : null)}
            />
          </Box>
          <Group gap="sm" wrap="nowrap" style={{ flex: narrow ? '1 1 100%' : undefined }}>
            <Select
              aria-label="状態で絞り込み"
              placeholder={narrow ? '状態' : 'すべての状態'}
              data={STATUS_OPTIONS}
              value={params.status}
              onChange={(v) => list.setFilter('status', v)}
              clearable
              w={narrow ? undefined : 140}
              style={narrow ? { flex: 1 } : undefined}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              aria-label="支払方法で絞り込み"
              placeholder={narrow ? '支払方法' : 'すべての支払方法'}
              data={PAYMENT_OPTIONS}
              value={params.payment_method}
              onChange={(v) => list.setFilter('payment_method', v)}
              clearable
              w={narrow ? undefined : 170}
              style={narrow ? { flex: 1 } : undefined}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
        </Group>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Box
            style={{
              display: 'grid',
              gridTemplateColumns: narrow ? 'minmax(0, 1fr) auto minmax(0, 1fr)' : '160px auto 160px',
              alignItems: 'center',
              gap: 6,
              flex: narrow ? '1 1 100%' : undefined,
            }}
          >
            <TextInput
              type="date"
              aria-label="取引日（から）"
              value={params.from ?? ''}
              onChange={(e) => list.setFilter('from', e.currentTarget.value || null)}
              miw={0}
            />
            <Text size="sm" c="dimmed">
              〜
            </Text>
            <TextInput
              type="date"
              aria-label="取引日（まで）"
              value={params.to ?? ''}
              onChange={(e) => list.setFilter('to', e.currentTarget.value || null)}
              miw={0}
            />
          </Box>
          {narrow && filtered && (
            <Button
              variant="subtle"
              color="gray"
              size="xs"
              leftSection={<IconFilterOff size={14} />}
              onClick={clear}
              style={{ flex: '1 1 100%' }}
            >
              条件をクリア
            </Button>
          )}
          <Group gap="xs" wrap="nowrap" justify="flex-end" style={{ flex: narrow ? '1 1 100%' : undefined }}>
            {!narrow && filtered && (
              <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={clear}>
                条件をクリア
              </Button>
            )}
            {narrow && (
              <NativeSelect
                aria-label="並び順"
                size="xs"
                style={{ flex: 1, minWidth: 0 }}
                data={SORT_CHOICES}
                value={list.sortBy ? `${list.sortBy}:${list.sortDir}` : ''}
                onChange={(e) => {
                  const [by, dir] = e.currentTarget.value.split(':');
                  const next = new URLSearchParams(location.search);
                  next.delete('page');
                  if (by) {
                    next.set('sort_by', by);
                    next.set('sort_dir', dir);
                  } else {
                    next.delete('sort_by');
                    next.delete('sort_dir');
                  }
                  navigate({ search: next.toString() });
                }}
              />
            )}
            {csvMenu}
          </Group>
        </Group>
      </Stack>

      {!readOnly && selected.size > 0 && (
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
      )}
      {narrow ? (
        <Stack gap={0} aria-label="受注取引一覧" aria-busy={query.isFetching} role="list">
          {rows.map((t) => (
            <UnstyledButton
              key={t.id}
              role="listitem"
              data-testid="transaction-card"
              onClick={() => open(t)}
              disabled={readOnly}
              px="md"
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)', cursor: readOnly ? 'default' : 'pointer' }}
            >
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
            </UnstyledButton>
          ))}
          {rows.length > 0 && (
            <Group justify="space-between" px="md" py="sm" bg="gray.0" data-testid="page-totals">
              <Text size="sm" fw={600}>
                このページの合計
              </Text>
              <Text size="sm" fw={700} style={num}>
                {formatJPY(pageTotals.total)}
              </Text>
            </Group>
          )}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={960}>
          <Table
            highlightOnHover={!readOnly}
            verticalSpacing="sm"
            aria-label="受注取引一覧"
            aria-busy={query.isFetching}
          >
            <Table.Thead bg="gray.0">
              <Table.Tr>
                {!readOnly && (
                  <Table.Th w={40}>
                    <VisuallyHidden>選択</VisuallyHidden>
                  </Table.Th>
                )}
                <SortableTh {...sortProps('number')} w={80}>
                  No.
                </SortableTh>
                <SortableTh {...sortProps('transaction_date')} w={132}>
                  取引日
                </SortableTh>
                <SortableTh {...sortProps('customer_name')} w="20%">
                  顧客
                </SortableTh>
                <SortableTh {...sortProps('subject')}>件名</SortableTh>
                <SortableTh {...sortProps('due_date')} w={132}>
                  支払期日
                </SortableTh>
                <SortableTh {...sortProps('status')} w={96}>
                  状態
                </SortableTh>
                <SortableTh {...sortProps('total')} w={132}>
                  合計
                </SortableTh>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.isPending && <ListSkeletonRows rows={5} cells={readOnly ? 7 : 8} radius="sm" />}
              {rows.map((t) => (
                <Table.Tr
                  key={t.id}
                  data-testid="transaction-row"
                  tabIndex={readOnly ? undefined : 0}
                  onClick={readOnly ? undefined : () => open(t)}
                  onKeyDown={
                    readOnly
                      ? undefined
                      : (e) => {
                          if (e.key === 'Enter' && e.target === e.currentTarget) open(t);
                        }
                  }
                  style={readOnly ? undefined : { cursor: 'pointer' }}
                >
                  {!readOnly && (
                    <Table.Td onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                      <Checkbox
                        size="sm"
                        aria-label={`No.${t.number} を請求書に含める`}
                        title={selectionTitle(t)}
                        checked={selected.has(t.id)}
                        disabled={!selected.has(t.id) && !selectable(t)}
                        onChange={(e) => toggle(t, e.currentTarget.checked)}
                      />
                    </Table.Td>
                  )}
                  <Table.Td style={num}>
                    <Text size="sm" ff="monospace">
                      {t.number}
                    </Text>
                  </Table.Td>
                  <Table.Td style={num}>
                    <Text size="sm">{formatDateJa(t.transaction_date)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} lineClamp={2}>
                      {t.customer_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {t.subject}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {paymentLabel(t.payment_method)}
                    </Text>
                  </Table.Td>
                  <Table.Td style={num}>
                    <Text size="sm">{t.due_date ? formatDateJa(t.due_date) : '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={t.status} />
                  </Table.Td>
                  <Table.Td ta="right" style={num}>
                    <Text size="sm" fw={600}>
                      {formatJPY(t.totals.total)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      うち税 {formatJPY(t.totals.tax)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            {rows.length > 0 && (
              <Table.Tfoot bg="gray.0" data-testid="page-totals">
                <Table.Tr>
                  <Table.Td colSpan={readOnly ? 6 : 7}>
                    <Group gap="lg" justify="flex-end">
                      <Text size="sm" fw={600}>
                        このページの合計（{rows.length}件）
                      </Text>
                      <Text size="sm" c="dimmed" style={num}>
                        小計 {formatJPY(pageTotals.subtotal)}
                      </Text>
                      <Text size="sm" c="dimmed" style={num}>
                        消費税 {formatJPY(pageTotals.tax)}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" style={num}>
                    <Text size="sm" fw={700}>
                      {formatJPY(pageTotals.total)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      )}

      {query.isSuccess && rows.length === 0 && !query.isPlaceholderData && (
        <EmptyBlock
          icon={filtered ? undefined : <IconReceipt size={30} stroke={1.5} />}
          title={filtered ? '条件に一致する受注取引が見つかりません' : '受注取引はまだありません'}
          description={
            filtered
              ? '検索キーワードや絞り込みの条件を変えてお試しください。'
              : readOnly
                ? undefined
                : '最初の受注取引を登録しましょう。登録すると売上の仕訳も自動で作成されます。'
          }
          action={
            filtered ? (
              <Button variant="light" onClick={clear}>
                条件をクリア
              </Button>
            ) : readOnly ? null : (
              <Button
                component={Link}
                to="/company/transactions/create"
                state={{ listSearch: location.search }}
                leftSection={<IconPlus size={16} />}
              >
                受注取引を登録する
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
