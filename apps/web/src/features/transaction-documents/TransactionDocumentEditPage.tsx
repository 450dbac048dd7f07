import { formatDateJa } from '@chobo/core';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBook2, IconLock, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { PageHeader } from '../../components/PageHeader';
import { ApiError, errorMessage } from '../../lib/api';
import { useRecordVersion } from '../../lib/conflict';
import { notifySuccess } from '../../lib/notify';
import { useDeleteDocument, useDocument, useSaveDocument } from './api';
import { DocumentForm } from './DocumentForm';
import { QualifiedMark, StatusBadge } from './DocumentList';
import { FilesPanel } from './FilesPanel';
import { listPathFrom, toFormValues } from './form-values';
import { HistoryPanel } from './HistoryPanel';
import { documentTypeLabel, journalEntryPath } from './labels';

function parseId(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /company/transaction-documents/edit?id=N — the form, the files (preview, versions) and the history. */
export default function TransactionDocumentEditPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const navigate = useNavigate();
  const backTo = listPathFrom(useLocation().state);
  const doc = useDocument(id);
  const save = useSaveDocument(id);
  const remove = useDeleteDocument();
  const version = useRecordVersion(doc.data, async () => (await doc.refetch()).data);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const missing =
    id === null || (doc.isError && doc.error instanceof ApiError && [404, 422].includes(doc.error.status));
  if (missing) {
    return (
      <>
        <PageHeader title="発注取引の編集" />
        <Paper withBorder radius="md">
          <EmptyBlock
            title="発注取引が見つかりません"
            description="削除されたか、URLが正しくない可能性があります。"
            action={
              <Button component={Link} to={backTo} variant="light">
                発注取引一覧に戻る
              </Button>
            }
          />
        </Paper>
      </>
    );
  }
  if (doc.isError && !doc.data) {
    return (
      <>
        <PageHeader title="発注取引の編集" />
        <Paper withBorder radius="md">
          <EmptyBlock
            title="発注取引を読み込めませんでした"
            description={doc.error.message}
            action={
              <Button variant="light" onClick={() => void doc.refetch()}>
                再読み込み
              </Button>
            }
          />
        </Paper>
      </>
    );
  }
  if (!doc.data) {
    return (
      <>
        <PageHeader title="発注取引の編集" />
        <Stack gap="lg" aria-busy>
          <Skeleton height={240} radius="md" />
          <Skeleton height={220} radius="md" />
        </Stack>
      </>
    );
  }

  const record = doc.data;
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: '発注取引の削除',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {record.customer_name}の{documentTypeLabel(record.document_type)}（{formatDateJa(record.transaction_date)}
            ）を削除しますか？
          </Text>
          <Text size="sm" c="dimmed">
            削除は記録として履歴に残ります。保存期限（{formatDateJa(record.retention_until)}）までは削除できません。
          </Text>
        </Stack>
      ),
      labels: { confirm: '削除する', cancel: 'キャンセル' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(record.id, {
          onSuccess: () => {
            notifySuccess('発注取引を削除しました');
            navigate(backTo);
          },
          // 422: 保存期間内の書類は削除できません
          onError: (error) => setDeleteError(errorMessage(error)),
        }),
    });

  return (
    <>
      <PageHeader
        title="発注取引の編集"
        description={
          <Group gap={8} wrap="wrap">
            <Text span size="sm" fw={700} c="dark" data-testid="document-heading">
              {record.customer_name}・{documentTypeLabel(record.document_type)}
            </Text>
            <StatusBadge status={record.status} />
            <QualifiedMark qualified={record.is_qualified} />
            <Group gap={4} wrap="nowrap" component="span" data-testid="retention">
              <IconLock size={14} />
              保存期限 {formatDateJa(record.retention_until)}
            </Group>
            {record.journal_entry_id && (
              <Anchor component={Link} to={journalEntryPath(record.journal_entry_id)} size="sm">
                <Group gap={4} wrap="nowrap" component="span">
                  <IconBook2 size={14} />
                  仕訳を見る
                </Group>
              </Anchor>
            )}
          </Group>
        }
        actions={
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={confirmDelete}
            loading={remove.isPending}
          >
            削除
          </Button>
        }
      />
      <Stack gap="lg">
        {deleteError && (
          <Alert
            color="red"
            title="この発注取引は削除できません"
            role="alert"
            withCloseButton
            onClose={() => setDeleteError(null)}
            data-testid="delete-error"
          >
            <Text size="sm">{deleteError}</Text>
            <Text size="xs" c="dimmed" mt={4}>
              電子帳簿保存法により、保存期限（{formatDateJa(record.retention_until)}）までは保存が必要です。
            </Text>
          </Alert>
        )}
        <FilesPanel
          doc={record}
          onChanged={async () => {
            // this page's own upload/deletion may move updated_at: the form keeps saving over it
            const fresh = (await doc.refetch()).data;
            if (fresh) version.adopt(fresh.updated_at);
          }}
        />
        {version.alert}
        <DocumentForm
          key={`${record.id}:${version.generation}`}
          defaultValues={toFormValues(record)}
          customerName={record.customer_name}
          backTo={backTo}
          submitLabel="更新する"
          onSubmit={async (values) => {
            const saved = await version.save((updated_at) => save.mutateAsync({ ...values, updated_at }));
            if (!saved) return;
            notifySuccess('発注取引を更新しました');
            navigate(backTo);
          }}
        />
        <HistoryPanel documentId={record.id} />
      </Stack>
    </>
  );
}
