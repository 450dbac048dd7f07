import {
  formatDateJa,
  formatJPY,
  TRANSACTION_DOCUMENT_SORTABLE,
  type TransactionDocument,
  transactionDocumentListQuery,
} from '@chobo/core';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  NativeSelect,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconChevronDown,
  IconDownload,
  IconFileText,
  IconFilterOff,
  IconPaperclip,
  IconPlus,
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
import { useFileLink } from '../../lib/file-link';
import { useLoadingFlag } from '../../lib/loading';
import { notifyError } from '../../lib/notify';
import { useKeywordInput, useListParams } from '../../lib/use-list-params';
import { CustomerSelect } from '../transactions/CustomerSelect';
import { AmountRangeInput } from './AmountRangeInput';
import { type DocumentListParams, downloadIndexCsv, fileLinkPath, useDocumentList } from './api';
import {
  DOCS_PATH,
  DOCUMENT_STATUS_OPTIONS,
  DOCUMENT_TYPE_OPTIONS,
  documentEditPath,
  documentStatusLabel,
  documentTypeLabel,
  num,
  PAYMENT_OPTIONS,
  paymentLabel,
  STATUS_COLORS,
} from './labels';

const FILTER_KEYS = [
  'status',
  'payment_method',
  'document_type',
  'customer_id',
  'start_date',
  'end_date',
  'amount_min',
  'amount_max',
] as const;
type Sortable = (typeof TRANSACTION_DOCUMENT_SORTABLE)[number];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const WHOLE = /^\d+$/;

const SORT_CHOICES: { value: string; label: string }[] = [
  { value: '', label: '取引日の新しい順' },
  { value: 'transaction_date:asc', label: '取引日の古い順' },
  { value: 'amount:desc', label: '金額の大きい順' },
  { value: 'amount:asc', label: '金額の小さい順' },
  { value: 'due_date:asc', label: '支払期日の近い順' },
  { value: 'customer_name:asc', label: '取引先名順' },
];

export function StatusBadge({ status }: { status: number }) {
  return (
    <Badge variant="light" radius="sm" color={STATUS_COLORS[status] ?? 'gray'} style={{ flexShrink: 0 }}>
      {documentStatusLabel(status)}
    </Badge>
  );
}

/** 適格 / 非適格 of the supplier as written on the document. */
export function QualifiedMark({ qualified }: { qualified: boolean }) {
  return (
    <Tooltip
      label={qualified ? '適格請求書発行事業者（登録番号あり）' : '登録番号なし：仕入税額控除は経過措置の割合のみ'}
      withinPortal
      multiline
      w={220}
    >
      <Badge size="xs" radius="sm" variant={qualified ? 'light' : 'outline'} color={qualified ? 'teal' : 'gray'}>
        {qualified ? '適格' : '非適格'}
      </Badge>
    </Tooltip>
  );
}

/** The newest live file (highest version) — what the file icon opens. */
export function newestFile(doc: Pick<TransactionDocument, 'files'>) {
  return doc.files.filter((f) => !f.deleted_at).sort((a, b) => b.version - a.version)[0] ?? null;
}

function FileButton({
  doc,
  open,
  pending,
  companyId,
}: {
  doc: TransactionDocument;
  open: (path: string) => void;
  pending: string | null;
  companyId?: number;
}) {
  const file = newestFile(doc);
  const count = doc.files.filter((f) => !f.deleted_at).length;
  if (!file) {
    return (
      <Text size="xs" c="dimmed">
        なし
      </Text>
    );
  }
  // an administrator names the company (read-only view)
  const path = fileLinkPath(doc.id, file.id) + (companyId ? `?company_id=${companyId}` : '');
  return (
    <Tooltip label={`${file.file_name}（v${file.version}）を開く`} withinPortal>
      <ActionIcon
        variant="light"
        aria-label={`${doc.customer_name}の書類ファイルを開く`}
        loading={pending === path}
        onClick={(e) => {
          e.stopPropagation();
          open(path);
        }}
        onKeyDown={(e) => e.stopPropagation()}
        w="auto"
        px={6}
      >
        <Group gap={2} wrap="nowrap">
          <IconPaperclip size={14} />
          <Text size="xs" fw={700} style={num}>
            {count}
          </Text>
        </Group>
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * 発注取引一覧 with the 電帳法 search (取引日 and 金額 ranges, 取引先, 書類の種類, 状態, 支払方法, keyword), all in
 * the URL. `companyId` + `readOnly` give an administrator's view of one company.
 */
export function DocumentList({ companyId, readOnly = false }: { companyId?: number; readOnly?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const list = useListParams(TRANSACTION_DOCUMENT_SORTABLE, FILTER_KEYS);
  const [keywordInput, setKeywordInput] = useKeywordInput(list);
  const f = list.filters;
  const fileLink = useFileLink();

  const params: DocumentListParams = {
    keyword: list.keyword,
    page: list.page,
    sort_by: list.sortBy,
    sort_dir: list.sortDir,
    status: f.status,
    payment_method: f.payment_method,
    document_type: f.document_type,
    customer_id: f.customer_id && WHOLE.test(f.customer_id) ? f.customer_id : null,
    start_date: f.start_date && ISO_DATE.test(f.start_date) ? f.start_date : null,
    end_date: f.end_date && ISO_DATE.test(f.end_date) ? f.end_date : null,
    amount_min: f.amount_min,
    amount_max: f.amount_max,
    company_id: companyId ?? null,
  };
  // the contract's own rules (終了日 ≥ 開始日, 上限 ≥ 下限, whole yen) before asking the server
  const check = transactionDocumentListQuery.safeParse({
    start_date: params.start_date ?? undefined,
    end_date: params.end_date ?? undefined,
    amount_min: params.amount_min ?? undefined,
    amount_max: params.amount_max ?? undefined,
  });
  const issues = check.success ? [] : check.error.issues;
  const issueOf = (...keys: string[]) => issues.find((i) => keys.includes(String(i.path[0])))?.message ?? null;
  const dateError = issueOf('start_date', 'end_date');
  const amountError = issueOf('amount_min', 'amount_max');

  const query = useDocumentList(params, check.success);
  useLoadingFlag(query.isFetching && (query.isPending || query.isPlaceholderData));
  const rows = check.success ? (query.data?.data ?? []) : [];
  const meta = query.data?.meta;
  const setPage = list.setPage;
  useEffect(() => {
    if (meta && meta.total > 0 && list.page > meta.last_page) setPage(meta.last_page);
  }, [meta, list.page, setPage]);

  const [downloading, setDownloading] = useState(false);
  const download = async (encoding: 'utf8' | 'sjis') => {
    setDownloading(true);
    try {
      await downloadIndexCsv(params, encoding);
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setDownloading(false);
    }
  };

  const filtered = Boolean(list.keyword || FILTER_KEYS.some((k) => f[k]));
  const clear = () => {
    setKeywordInput('');
    list.reset();
  };
  const sortProps = (column: Sortable) => ({
    sorted: list.sortBy === column,
    dir: list.sortBy === column ? list.sortDir : null,
    onSort: () => list.toggleSort(column),
  });
  const open = (d: TransactionDocument) => {
    if (!readOnly) navigate(documentEditPath(d.id), { state: { listSearch: location.search } });
  };
  const customerLabel = params.customer_id
    ? (rows.find((r) => String(r.customer_id) === params.customer_id)?.customer_name ?? null)
    : null;
  const pageTotal = rows.reduce((s, r) => s + r.amount, 0);
  const openFile = (path: string) => void fileLink.open(path);

  const csvMenu = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size={narrow ? 'xs' : 'sm'}
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={downloading}
          aria-label="索引簿CSV"
          style={{ flexShrink: 0 }}
        >
          索引簿CSV
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>この検索条件の全件（電帳法の索引簿）</Menu.Label>
        <Menu.Item onClick={() => void download('utf8')}>UTF-8（BOM付き）</Menu.Item>
        <Menu.Item onClick={() => void download('sjis')}>Shift_JIS（Excel向け）</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  const sortSelect = (
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
  );

  return (
    <Paper withBorder radius="md">
      <Stack gap="sm" p="md" role="search" aria-label="発注取引の検索">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Box style={{ flex: '1 1 240px', maxWidth: narrow ? undefined : 320 }}>
            <KeywordSearchInput
              placeholder="取引先・メモ・登録番号"
              value={keywordInput}
              onChange={setKeywordInput}
              w="100%"
            />
          </Box>
          <Box style={{ flex: '1 1 200px', maxWidth: narrow ? undefined : 260 }}>
            <CustomerSelect
              usedFor={2}
              aria-label="取引先で絞り込み"
              placeholder="すべての取引先"
              companyId={companyId ?? null}
              value={params.customer_id ? Number(params.customer_id) : null}
              currentLabel={customerLabel}
              onChange={(id) => list.setFilter('customer_id', id ? String(id) : null)}
            />
          </Box>
          <Group gap="sm" wrap={narrow ? 'wrap' : 'nowrap'} style={{ flex: narrow ? '1 1 100%' : undefined }}>
            <Select
              aria-label="書類の種類で絞り込み"
              placeholder={narrow ? '書類の種類' : 'すべての書類'}
              data={DOCUMENT_TYPE_OPTIONS}
              value={params.document_type}
              onChange={(v) => list.setFilter('document_type', v)}
              clearable
              w={narrow ? undefined : 140}
              style={narrow ? { flex: '1 1 40%' } : undefined}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              aria-label="状態で絞り込み"
              placeholder={narrow ? '状態' : 'すべての状態'}
              data={DOCUMENT_STATUS_OPTIONS}
              value={params.status}
              onChange={(v) => list.setFilter('status', v)}
              clearable
              w={narrow ? undefined : 130}
              style={narrow ? { flex: '1 1 40%' } : undefined}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              aria-label="支払方法で絞り込み"
              placeholder={narrow ? '支払方法' : 'すべての支払方法'}
              data={PAYMENT_OPTIONS}
              value={params.payment_method}
              onChange={(v) => list.setFilter('payment_method', v)}
              clearable
              w={narrow ? undefined : 160}
              style={narrow ? { flex: '1 1 100%' } : undefined}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
        </Group>
        <Group gap="sm" wrap="wrap" align="flex-start">
          <Box style={{ flex: narrow ? '1 1 100%' : undefined }}>
            <Box
              role="group"
              aria-label="取引日の範囲"
              style={{
                display: 'grid',
                gridTemplateColumns: narrow ? 'minmax(0, 1fr) auto minmax(0, 1fr)' : '150px auto 150px',
                alignItems: 'center',
                gap: 6,
              }}
            >
              <TextInput
                type="date"
                aria-label="取引日（開始）"
                value={params.start_date ?? ''}
                onChange={(e) => list.setFilter('start_date', e.currentTarget.value || null)}
                error={Boolean(dateError)}
                miw={0}
              />
              <Text size="sm" c="dimmed">
                〜
              </Text>
              <TextInput
                type="date"
                aria-label="取引日（終了）"
                value={params.end_date ?? ''}
                onChange={(e) => list.setFilter('end_date', e.currentTarget.value || null)}
                error={Boolean(dateError)}
                miw={0}
              />
            </Box>
            {dateError && (
              <Text size="xs" c="red" mt={4} role="alert">
                {dateError}
              </Text>
            )}
          </Box>
          <Box style={{ flex: narrow ? '1 1 100%' : undefined }}>
            <AmountRangeInput
              min={params.amount_min}
              max={params.amount_max}
              onMin={(v) => list.setFilter('amount_min', v, { replace: true })}
              onMax={(v) => list.setFilter('amount_max', v, { replace: true })}
              narrow={narrow}
              error={amountError}
            />
          </Box>
          {narrow ? (
            <Stack gap="xs" style={{ flex: '1 1 100%' }}>
              {filtered && (
                <Button
                  variant="subtle"
                  color="gray"
                  size="xs"
                  leftSection={<IconFilterOff size={14} />}
                  onClick={clear}
                >
                  条件をクリア
                </Button>
              )}
              <Group gap="xs" wrap="nowrap">
                {sortSelect}
                {csvMenu}
              </Group>
            </Stack>
          ) : (
            <Group gap="xs" wrap="nowrap" justify="flex-end" ml="auto">
              {filtered && (
                <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={clear}>
                  条件をクリア
                </Button>
              )}
              {csvMenu}
            </Group>
          )}
        </Group>
      </Stack>

      {narrow ? (
        <Stack gap={0} aria-label="発注取引一覧" aria-busy={query.isFetching} role="list">
          {rows.map((d) => (
            <Box
              key={d.id}
              role="listitem"
              data-testid="document-card"
              px="md"
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <UnstyledButton
                  onClick={() => open(d)}
                  disabled={readOnly}
                  style={{ flex: 1, minWidth: 0, cursor: readOnly ? 'default' : 'pointer' }}
                >
                  <Text size="xs" c="dimmed" style={num}>
                    {formatDateJa(d.transaction_date)}・{documentTypeLabel(d.document_type)}
                  </Text>
                  <Text size="sm" fw={700} lineClamp={1} mt={2}>
                    {d.customer_name}
                  </Text>
                  <Group gap={6} mt={2} wrap="nowrap">
                    <QualifiedMark qualified={d.is_qualified} />
                    <Text size="xs" c="dimmed">
                      {d.due_date ? `期日 ${formatDateJa(d.due_date)}` : paymentLabel(d.payment_method)}
                    </Text>
                  </Group>
                </UnstyledButton>
                <Stack gap={6} align="flex-end">
                  <StatusBadge status={d.status} />
                  <Text size="md" fw={700} style={num}>
                    {formatJPY(d.amount)}
                  </Text>
                  <FileButton doc={d} open={openFile} pending={fileLink.pending} companyId={companyId} />
                </Stack>
              </Group>
            </Box>
          ))}
          {rows.length > 0 && (
            <Group justify="space-between" px="md" py="sm" bg="gray.0" data-testid="page-totals">
              <Text size="sm" fw={600}>
                このページの合計
              </Text>
              <Text size="sm" fw={700} style={num}>
                {formatJPY(pageTotal)}
              </Text>
            </Group>
          )}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={920}>
          <Table
            highlightOnHover={!readOnly}
            verticalSpacing="sm"
            aria-label="発注取引一覧"
            aria-busy={query.isFetching}
          >
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <SortableTh {...sortProps('transaction_date')} w={132}>
                  取引日
                </SortableTh>
                <SortableTh {...sortProps('customer_name')}>取引先</SortableTh>
                <SortableTh {...sortProps('document_type')} w={104}>
                  書類
                </SortableTh>
                <SortableTh {...sortProps('amount')} w={140}>
                  金額
                </SortableTh>
                <SortableTh {...sortProps('due_date')} w={132}>
                  支払期日
                </SortableTh>
                <SortableTh {...sortProps('status')} w={96}>
                  状態
                </SortableTh>
                <Table.Th w={88}>
                  <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    ファイル
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.isPending && check.success && <ListSkeletonRows rows={5} cells={7} radius="sm" />}
              {rows.map((d) => (
                <Table.Tr
                  key={d.id}
                  data-testid="document-row"
                  tabIndex={readOnly ? undefined : 0}
                  onClick={readOnly ? undefined : () => open(d)}
                  onKeyDown={
                    readOnly
                      ? undefined
                      : (e) => {
                          if (e.key === 'Enter' && e.target === e.currentTarget) open(d);
                        }
                  }
                  style={readOnly ? undefined : { cursor: 'pointer' }}
                >
                  <Table.Td style={num}>
                    <Text size="sm">{formatDateJa(d.transaction_date)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} lineClamp={1}>
                      {d.customer_name}
                    </Text>
                    <Group gap={6} wrap="nowrap">
                      <QualifiedMark qualified={d.is_qualified} />
                      <Text size="xs" c="dimmed" ff="monospace">
                        {d.registration_number ?? ''}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{documentTypeLabel(d.document_type)}</Text>
                    <Text size="xs" c="dimmed">
                      {paymentLabel(d.payment_method)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={num}>
                    <Text size="sm" fw={600}>
                      {formatJPY(d.amount)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      うち税 {formatJPY(d.taxes.reduce((s, t) => s + t.tax, 0))}
                    </Text>
                  </Table.Td>
                  <Table.Td style={num}>
                    <Text size="sm">{d.due_date ? formatDateJa(d.due_date) : '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={d.status} />
                  </Table.Td>
                  <Table.Td>
                    <FileButton doc={d} open={openFile} pending={fileLink.pending} companyId={companyId} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            {rows.length > 0 && (
              <Table.Tfoot bg="gray.0" data-testid="page-totals">
                <Table.Tr>
                  <Table.Td colSpan={3}>
                    <Text size="sm" fw={600} ta="right">
                      このページの合計（{rows.length}件）
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={num}>
                    <Text size="sm" fw={700}>
                      {formatJPY(pageTotal)}
                    </Text>
                  </Table.Td>
                  <Table.Td colSpan={3} />
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      )}

      {check.success && query.isSuccess && rows.length === 0 && !query.isPlaceholderData && (
        <EmptyBlock
          icon={filtered ? undefined : <IconFileText size={30} stroke={1.5} />}
          title={filtered ? '条件に一致する発注取引が見つかりません' : '発注取引はまだありません'}
          description={
            filtered
              ? '取引日・金額の範囲や取引先など、検索条件を変えてお試しください。'
              : readOnly
                ? undefined
                : '取引先から受け取った請求書・領収書などをアップロードして、電子帳簿保存法に沿って保存しましょう。'
          }
          action={
            filtered ? (
              <Button variant="light" onClick={clear}>
                条件をクリア
              </Button>
            ) : readOnly ? null : (
              <Button
                component={Link}
                to={`${DOCS_PATH}/create`}
                state={{ listSearch: location.search }}
                leftSection={<IconPlus size={16} />}
              >
                発注取引を登録する
              </Button>
            )
          }
        />
      )}
      {query.isError && !query.data && check.success && (
        <ListErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      )}
      {meta && rows.length > 0 && <ListFooter meta={meta} onPage={list.setPage} />}
    </Paper>
  );
}
