import { BANK_IMPORT_STATUSES, type BankImportDetail, formatJPY } from '@chobo/core';
import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';

export const DETAIL_TITLE = '取り込んだ取引明細';

/** The page's title, 一覧へ and, for a finished import, 取り込みを取り消す. */
export function DetailHeader({ detail, onRevert }: { detail?: BankImportDetail; onRevert: () => void }) {
  return (
    <PageHeader
      title={DETAIL_TITLE}
      actions={
        <Group>
          <Button
            component={Link}
            to="/company/bank_statement"
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            一覧へ
          </Button>
          {detail && detail.status === 'imported' && (
            <Button color="red" variant="light" onClick={onRevert}>
              取り込みを取り消す
            </Button>
          )}
        </Group>
      }
    />
  );
}

/** The import at a glance: account and file, period and status, row counts, and the balance check. */
export function DetailSummary({ detail: d }: { detail: BankImportDetail }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      <Card withBorder>
        <Text size="xs" c="dimmed">
          銀行口座
        </Text>
        <Text fw={500}>{d.bank_account_label}</Text>
        <Text size="xs">
          {d.format_label}・{d.file_name}
        </Text>
      </Card>
      <Card withBorder>
        <Text size="xs" c="dimmed">
          期間
        </Text>
        <Text fw={500}>
          {d.period_from}〜{d.period_to}
        </Text>
        <Badge mt={4}>{BANK_IMPORT_STATUSES[d.status]}</Badge>
      </Card>
      <Card withBorder>
        <Text size="xs" c="dimmed">
          明細
        </Text>
        <Text fw={500}>
          {d.imported_rows}件（確定 {d.confirmed_rows}件）
        </Text>
        {d.skipped_rows > 0 && <Text size="xs">重複のため除外 {d.skipped_rows}件</Text>}
      </Card>
      <BalanceCheck check={d.balance_check} />
    </SimpleGrid>
  );
}

/** The statement's last balance against the book's (the bank account's 勘定科目) on that day. */
function BalanceCheck({ check: bc }: { check: BankImportDetail['balance_check'] }) {
  return (
    <Card withBorder data-testid="balance-check">
      <Text size="xs" c="dimmed">
        残高の照合（{bc?.date ?? ''} 時点）
      </Text>
      <Text size="sm">明細の残高 {bc?.statement_balance === null ? '—' : formatJPY(bc?.statement_balance ?? 0)}</Text>
      <Text size="sm">
        帳簿（{bc?.account_name ?? '勘定科目未設定'}）{' '}
        {bc?.book_balance === null ? '—' : formatJPY(bc?.book_balance ?? 0)}
      </Text>
      {bc?.difference !== null && bc?.difference !== undefined && (
        <Text size="sm" fw={700} c={bc.difference === 0 ? 'teal' : 'red'}>
          {bc.difference === 0 ? '一致しています' : `差額 ${formatJPY(bc.difference)}`}
        </Text>
      )}
    </Card>
  );
}

/** A large file still being stored (its progress), or a file that could not be stored (why). */
export function ImportState({ detail: d }: { detail?: BankImportDetail }) {
  if (d?.status === 'processing') return <ImportProgress processed={d.processed_rows} total={d.total_rows} />;
  if (d?.status === 'failed' && d.error)
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={16} />}
        title="取り込めませんでした（明細は1件も保存されていません）"
      >
        {d.error}
      </Alert>
    );
  return null;
}

/** A large file being stored by its job (the page polls): rows done of the file's rows. */
function ImportProgress({ processed, total }: { processed: number; total: number }) {
  const pct = total ? Math.floor((100 * processed) / total) : 0;
  return (
    <Card withBorder>
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={500}>取り込み中…</Text>
          <Text size="sm" data-testid="import-progress">
            {processed.toLocaleString()} / {total.toLocaleString()}件（{pct}%）
          </Text>
        </Group>
        <Progress value={pct} animated size="lg" aria-label={`取り込みの進み具合 ${pct}%`} />
        <Text size="xs" c="dimmed">
          取り込みが終わるまで、この取り込みの明細は一覧や集計に表示されません。ほかの画面はそのまま使えます。
        </Text>
      </Stack>
    </Card>
  );
}
