import { type DocumentHistory, formatDateJa, formatDateTimeJa, formatJPY, TAX_CATEGORY_LABELS } from '@chobo/core';
import { Badge, Group, Paper, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { useDocumentHistory } from './api';
import {
  documentStatusLabel,
  documentTypeLabel,
  FIELD_LABELS,
  formatBytes,
  HISTORY_ACTIONS,
  paymentLabel,
} from './labels';

/** Fields the history does not list as changes (bookkeeping of the row itself). */
const SKIP = new Set([
  'journal_entry_id',
  'id',
  'company_id',
  'created_at',
  'updated_at',
  'files',
  'customer_id',
  'account_id',
  'is_qualified',
  'retention_until',
]);

type Tax = { tax_category: keyof typeof TAX_CATEGORY_LABELS; base: number; tax: number };

/** A history value in Japanese: yen, dates, labels of codes; （なし） for empty. */
export function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '（なし）';
  switch (key) {
    case 'amount':
    case 'size':
      return key === 'size' ? formatBytes(Number(value)) : formatJPY(Number(value));
    case 'transaction_date':
    case 'due_date':
    case 'retention_until':
      return formatDateJa(String(value));
    case 'deleted_at':
      return formatDateTimeJa(String(value));
    case 'document_type':
      return documentTypeLabel(Number(value));
    case 'status':
      return documentStatusLabel(Number(value));
    case 'payment_method':
      return paymentLabel(Number(value));
    case 'is_qualified':
      return value ? '適格' : '非適格';
    case 'taxes':
      return Array.isArray(value) && value.length
        ? (value as Tax[])
            .map(
              (t) =>
                `${TAX_CATEGORY_LABELS[t.tax_category] ?? t.tax_category} ${formatJPY(t.base)}（税 ${formatJPY(t.tax)}）`,
            )
            .join('、')
        : '（なし）';
    case 'version':
      return `v${value}`;
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** The fields that differ between before and after, in the order of the labels. */
export function changedFields(
  row: Pick<DocumentHistory, 'before' | 'after'>,
): { key: string; before: unknown; after: unknown }[] {
  const before = row.before ?? {};
  const after = row.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => !SKIP.has(k) && FIELD_LABELS[k] && JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
  );
  const order = Object.keys(FIELD_LABELS);
  return keys
    .sort((a, b) => order.indexOf(a) - order.indexOf(b))
    .map((key) => ({ key, before: before[key], after: after[key] }));
}

function Details({ row }: { row: DocumentHistory }) {
  const file = (row.after ?? row.before ?? {}) as Record<string, unknown>;
  if (row.action === 'file_added' || row.action === 'file_deleted') {
    return (
      <Text size="sm">
        {formatValue('version', file.version)}「{String(file.file_name ?? '')}」
        {typeof file.size === 'number' && (
          <Text span size="xs" c="dimmed">
            {' '}
            {formatBytes(file.size)}
          </Text>
        )}
        {typeof file.sha256 === 'string' && (
          <Text span size="xs" c="dimmed" ff="monospace">
            {' '}
            SHA-256 {file.sha256.slice(0, 12)}…
          </Text>
        )}
      </Text>
    );
  }
  if (row.action === 'created') {
    const a = row.after ?? {};
    return (
      <Text size="sm">
        {[
          a.customer_name,
          formatValue('document_type', a.document_type),
          formatValue('transaction_date', a.transaction_date),
          formatValue('amount', a.amount),
        ]
          .filter((v) => v && v !== '（なし）' && v !== 'undefined')
          .join('・')}
      </Text>
    );
  }
  if (row.action === 'deleted') {
    return <Text size="sm">この発注取引を削除しました（記録は保存されています）</Text>;
  }
  const changes = changedFields(row);
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        項目の変更はありません
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {changes.map((c) => (
        <Text key={c.key} size="sm" data-testid="history-change">
          <Text span fw={600}>
            {FIELD_LABELS[c.key]}
          </Text>
          ：{formatValue(c.key, c.before)} → {formatValue(c.key, c.after)}
        </Text>
      ))}
    </Stack>
  );
}

/** 変更履歴 (電帳法: who, when, before → after of every change and deletion). */
export function HistoryPanel({ documentId }: { documentId: number }) {
  const history = useDocumentHistory(documentId);
  const rows = [...(history.data ?? [])].sort((a, b) =>
    a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id,
  );
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="変更履歴">
      <Title order={3} fz={16} mb={2}>
        変更履歴
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        登録・変更・削除とファイルの追加・削除を、誰がいつ行ったか、変更前と変更後とともに記録しています。
      </Text>
      {history.isPending ? (
        <Stack gap="xs">
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : history.isError ? (
        <Text size="sm" c="red">
          変更履歴を読み込めませんでした：{history.error.message}
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} data-testid="history">
          {rows.map((row) => {
            const action = HISTORY_ACTIONS[row.action] ?? { label: row.action, color: 'gray' };
            return (
              <Timeline.Item
                key={row.id}
                color={action.color}
                data-testid="history-row"
                title={
                  <Group gap={8} wrap="wrap">
                    <Badge size="sm" variant="light" color={action.color}>
                      {action.label}
                    </Badge>
                    <Text size="sm" fw={600}>
                      {row.actor_name ?? 'システム'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTimeJa(row.created_at)}
                    </Text>
                  </Group>
                }
              >
                <Details row={row} />
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Paper>
  );
}
