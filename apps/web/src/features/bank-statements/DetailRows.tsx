import { type BankRow, type BankRuleOffer, formatJPY, isPermitted, type PageMeta } from '@chobo/core';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Pagination,
  ScrollArea,
  SegmentedControl,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCash, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  type ColumnSpec,
  type FilterSpec,
  type RowSelection,
  SelectionBar,
  selectionColumn,
  Toolbar,
  useResourceList,
  useRowSelection,
} from '../../components/resource-list';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { usePermissions } from '../../lib/session';
import { useConfirmRows } from './api';
import type { Failure } from './DetailDialogs';
import { confirmable, confirmRows, isRowStatus, paymentFromRow, ROW_STATUSES, useImportRowsPage } from './detail-rows';
import { RowSuggestion } from './RowSuggestion';

const NO_SORT: readonly string[] = [];
/** 未確定 / 確定済 / すべて, kept in the URL as `status` (未確定 is the default, not written). */
const ROW_FILTERS: FilterSpec[] = [
  {
    type: 'custom',
    keys: ['status'],
    valid: isRowStatus,
    render: ({ values, set }) => (
      <SegmentedControl
        value={values.status ?? 'unconfirmed'}
        onChange={(v) => set('status', v === 'unconfirmed' ? null : v)}
        data={[...ROW_STATUSES]}
      />
    ),
  },
];
const SEARCH = { placeholder: '摘要で検索（半角・全角カナどちらでも）' };

/** The rows list's state: keyword, `status` and page in the URL (the kit's), one page of the import's rows. */
export function useDetailRows() {
  return useResourceList(useImportRowsPage, NO_SORT, ROW_FILTERS);
}
export type DetailRowsList = ReturnType<typeof useDetailRows>;

export interface ConfirmOutcome {
  failed: Failure[];
  offers?: BankRuleOffer[];
}

interface RowActions {
  canPay: boolean;
  bankAccountId?: number;
  onEdit: (row: BankRow) => void;
}

const who = (r: BankRow) => `${r.date} ${r.description}`;

/** A row's suggestion, with its pencil (change the 勘定科目) and 💴 (record it in 入出金管理) while unconfirmed. */
function SuggestionCell({ row: r, canPay, bankAccountId, onEdit }: RowActions & { row: BankRow }) {
  const as = r.direction === 'in' ? '入金' : '支払';
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" justify="space-between">
      <RowSuggestion row={r} />
      {r.status === 'unconfirmed' && (
        <Group gap={0} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`${who(r)} の勘定科目を変更`} onClick={() => onEdit(r)}>
            <IconPencil size={16} />
          </ActionIcon>
          {canPay && bankAccountId !== undefined && (
            <Tooltip label={`${as}として登録`}>
              <ActionIcon
                variant="subtle"
                component={Link}
                to={paymentFromRow(r, bankAccountId)}
                aria-label={`${who(r)} を${as}として登録`}
              >
                <IconCash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      )}
    </Group>
  );
}

function rowColumns(selection: RowSelection<number>, actions: RowActions): ColumnSpec<BankRow>[] {
  return [
    selectionColumn<BankRow, number>(selection, {
      rowLabel: (r) => `${who(r)} を選択`,
      shown: (r) => r.status === 'unconfirmed',
      enabled: (r) => Boolean(r.suggestion || r.edit),
    }),
    { label: '日付', style: { whiteSpace: 'nowrap' }, render: (r) => r.date },
    { label: '摘要', render: (r) => r.description },
    { label: '入金', align: 'right', render: (r) => (r.direction === 'in' ? formatJPY(r.amount) : '') },
    { label: '出金', align: 'right', render: (r) => (r.direction === 'out' ? formatJPY(r.amount) : '') },
    { label: '残高', align: 'right', render: (r) => (r.balance === null ? '' : formatJPY(r.balance)) },
    { label: '仕訳の候補', render: (r) => <SuggestionCell row={r} {...actions} /> },
  ];
}

/** The statement's rows (each `row-{line_no}`), or that none match. */
function RowsTable({ columns, rows, empty }: { columns: ColumnSpec<BankRow>[]; rows: BankRow[]; empty: boolean }) {
  return (
    <ScrollArea>
      <Table striped miw={900} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.label} w={c.w} ta={c.align}>
                {c.hideLabel ? <VisuallyHidden>{c.label}</VisuallyHidden> : c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} data-testid={`row-${r.line_no}`}>
              {columns.map((c) => (
                <Table.Td key={c.label} ta={c.align} style={c.style}>
                  {c.render(r)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          {empty && (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" ta="center" py="md">
                  該当する明細はありません
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** 「250件中 1〜100件」 and the pages, once there is more than one page (100 rows a page). */
function RowsPager({ meta, page, onPage }: { meta: PageMeta; page: number; onPage: (page: number) => void }) {
  if (meta.total <= meta.per_page) return null;
  const first = (meta.current_page - 1) * meta.per_page + 1;
  const last = Math.min(meta.current_page * meta.per_page, meta.total);
  return (
    <Group justify="space-between" px="md" py="sm">
      <Text size="xs" c="dimmed">
        {`${meta.total}件中 ${first}〜${last}件`}
      </Text>
      <Pagination
        total={Math.ceil(meta.total / meta.per_page)}
        value={page}
        onChange={onPage}
        size="sm"
        siblings={1}
        getControlProps={(c) => ({ 'aria-label': c === 'next' ? '次のページ' : c === 'previous' ? '前のページ' : c })}
      />
    </Group>
  );
}

/** 選択した N 件を確定: the confirm of the checked rows, and what it did (failures, rule offers). */
function useConfirmSelected(
  importId: number,
  selection: RowSelection<number>,
  rows: BankRow[],
  onOutcome: (outcome: ConfirmOutcome) => void,
) {
  const confirm = useConfirmRows(importId);
  const run = async () => {
    try {
      const res = await confirm.mutateAsync({ rows: confirmRows(selection.ids, rows) });
      selection.clear();
      onOutcome({ failed: res.failed, offers: res.rule_offers });
      if (res.confirmed.length) notifySuccess(`${res.confirmed.length}件の明細を確定し、仕訳を登録しました`);
    } catch (e) {
      onOutcome({ failed: [{ id: 0, message: errorMessage(e) }] });
    }
  };
  return { run, pending: confirm.isPending };
}

/** The import's rows: 未確定 / 確定済 / すべて and 摘要 search, rows checked and confirmed in bulk, paging. */
export function DetailRows({
  importId,
  bankAccountId,
  list,
  onEdit,
  onOutcome,
}: {
  importId: number;
  bankAccountId?: number;
  list: DetailRowsList;
  onEdit: (row: BankRow) => void;
  onOutcome: (outcome: ConfirmOutcome) => void;
}) {
  const { state, list: url } = list;
  const selection = useRowSelection<number>(`${state.params.status ?? ''}|${state.params.page}`);
  const canPay = isPermitted('payment-management.index', usePermissions());
  const confirm = useConfirmSelected(importId, selection, state.rows, onOutcome);
  const meta = state.query.data?.meta;
  const bar = (
    <SelectionBar
      selection={selection}
      eligible={state.rows.filter(confirmable).map((r) => r.id)}
      selectAllLabel="候補のある明細をすべて選択"
    >
      <Button onClick={confirm.run} disabled={selection.size === 0} loading={confirm.pending}>
        選択した{selection.size}件を確定
      </Button>
    </SelectionBar>
  );
  return (
    <Card withBorder padding={0}>
      <Toolbar
        state={state}
        search={SEARCH}
        keywordInput={list.keywordInput}
        onKeyword={list.setKeywordInput}
        filters={ROW_FILTERS}
        extra={bar}
      />
      <RowsTable
        columns={rowColumns(selection, { canPay, bankAccountId, onEdit })}
        rows={state.rows}
        empty={state.query.isSuccess && state.rows.length === 0}
      />
      {meta && <RowsPager meta={meta} page={url.page} onPage={url.setPage} />}
    </Card>
  );
}
