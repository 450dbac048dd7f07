import {
  formatDateJa,
  formatJPY,
  REGISTRY_STATUS_LABELS,
  type RegistryCheck,
  type TransactionDocument,
} from '@chobo/core';
import { ActionIcon, Badge, Group, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { CardTotal, type ColumnSpec, cell, type PhoneCardSpec } from '../../components/resource-list';
import { fileLinkPath } from './api';
import { documentStatusLabel, documentTypeLabel, num, paymentLabel, STATUS_COLORS } from './labels';

export const SORT_CHOICES: { value: string; label: string }[] = [
  { value: '', label: '取引日の新しい順' },
  { value: 'transaction_date:asc', label: '取引日の古い順' },
  { value: 'amount:desc', label: '金額の大きい順' },
  { value: 'amount:asc', label: '金額の小さい順' },
  { value: 'due_date:asc', label: '支払期日の近い順' },
  { value: 'customer_name:asc', label: '取引先名順' },
];

export function StatusBadge({ status, needsReview = false }: { status: number; needsReview?: boolean }) {
  const badge = (
    <Badge variant="light" radius="sm" color={STATUS_COLORS[status] ?? 'gray'} style={{ flexShrink: 0 }}>
      {documentStatusLabel(status)}
    </Badge>
  );
  if (!needsReview) return badge;
  // a received e-invoice whose checker gave findings (shown on its page)
  return (
    <Stack gap={4} align="flex-start">
      {badge}
      <Badge variant="light" radius="sm" color="orange" style={{ flexShrink: 0 }} data-testid="needs-review">
        要確認
      </Badge>
    </Stack>
  );
}

/** 適格 / 非適格 of the supplier as written on the document. */
/**
 * 要確認 when the 国税庁 公表データ says the document's 登録番号 was not valid on its date (取消・失効・登録前: the
 * purchase got the 経過措置 share) or does not hold it; nothing when it was valid or nothing was checked.
 */
export function RegistryCheckMark({ check }: { check: RegistryCheck | null | undefined }) {
  if (!check || check.status === 'valid') return null;
  return (
    <Tooltip
      label={`公表データ（${check.date}時点）: ${REGISTRY_STATUS_LABELS[check.status]}${check.name ? `・${check.name}` : ''}`}
      withinPortal
      multiline
      w={240}
    >
      <Badge size="xs" radius="sm" color={check.status === 'unknown' ? 'yellow' : 'red'} data-testid="registry-check">
        要確認
      </Badge>
    </Tooltip>
  );
}

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

export function FileButton({
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

/** How a row's file icon opens the newest file (an administrator's view names the company). */
export interface FileOpener {
  open: (path: string) => void;
  pending: string | null;
  companyId?: number;
}

export function documentColumns(files: FileOpener): ColumnSpec<TransactionDocument>[] {
  return [
    {
      label: '取引日',
      sort: 'transaction_date',
      w: 132,
      style: num,
      render: (d) => cell(formatDateJa(d.transaction_date)),
    },
    {
      label: '取引先',
      sort: 'customer_name',
      render: (d) => (
        <>
          <Text size="sm" fw={600} lineClamp={1}>
            {d.customer_name}
          </Text>
          <Group gap={6} wrap="nowrap">
            <QualifiedMark qualified={d.is_qualified} />
            <Text size="xs" c="dimmed" ff="monospace">
              {d.registration_number ?? ''}
            </Text>
          </Group>
        </>
      ),
    },
    {
      label: '書類',
      sort: 'document_type',
      w: 104,
      render: (d) => (
        <>
          <Text size="sm">{documentTypeLabel(d.document_type)}</Text>
          <Text size="xs" c="dimmed">
            {paymentLabel(d.payment_method)}
          </Text>
        </>
      ),
    },
    {
      label: '金額',
      sort: 'amount',
      w: 140,
      align: 'right',
      style: num,
      render: (d) => (
        <>
          <Text size="sm" fw={600}>
            {formatJPY(d.amount)}
          </Text>
          <Text size="xs" c="dimmed">
            うち税 {formatJPY(d.taxes.reduce((s, t) => s + t.tax, 0))}
          </Text>
        </>
      ),
    },
    {
      label: '支払期日',
      sort: 'due_date',
      w: 132,
      style: num,
      render: (d) => cell(d.due_date ? formatDateJa(d.due_date) : '—'),
    },
    {
      label: '状態',
      sort: 'status',
      w: 96,
      render: (d) => <StatusBadge status={d.status} needsReview={d.needs_review} />,
    },
    {
      label: 'ファイル',
      w: 88,
      render: (d) => <FileButton doc={d} open={files.open} pending={files.pending} companyId={files.companyId} />,
    },
  ];
}

const pageTotal = (rows: TransactionDocument[]) => rows.reduce((s, r) => s + r.amount, 0);

/** The phone card: the text opens the document, the file icon its newest file. */
export function documentCard(
  files: FileOpener,
  open?: (d: TransactionDocument) => void,
): PhoneCardSpec<TransactionDocument> {
  return {
    testId: 'document-card',
    plain: true,
    render: (d) => (
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <UnstyledButton
          onClick={open ? () => open(d) : undefined}
          disabled={!open}
          style={{ flex: 1, minWidth: 0, cursor: open ? 'pointer' : 'default' }}
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
          <StatusBadge status={d.status} needsReview={d.needs_review} />
          <Text size="md" fw={700} style={num}>
            {formatJPY(d.amount)}
          </Text>
          <FileButton doc={d} open={files.open} pending={files.pending} companyId={files.companyId} />
        </Stack>
      </Group>
    ),
    foot: (rows) => <CardTotal style={num}>{formatJPY(pageTotal(rows))}</CardTotal>,
  };
}

export function DocumentTotals({ rows }: { rows: TransactionDocument[] }) {
  return (
    <Table.Tfoot bg="gray.0" data-testid="page-totals">
      <Table.Tr>
        <Table.Td colSpan={3}>
          <Text size="sm" fw={600} ta="right">
            このページの合計（{rows.length}件）
          </Text>
        </Table.Td>
        <Table.Td ta="right" style={num}>
          <Text size="sm" fw={700}>
            {formatJPY(pageTotal(rows))}
          </Text>
        </Table.Td>
        <Table.Td colSpan={3} />
      </Table.Tr>
    </Table.Tfoot>
  );
}
