import { formatDateJa, type TransactionDocument } from '@chobo/core';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBook2, IconLock, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { RecordPage, useRecordId } from '../../components/record-page/RecordPage';
import { errorMessage } from '../../lib/api';
import type { RecordVersion } from '../../lib/conflict';
import { notifySuccess } from '../../lib/notify';
import { useDeleteDocument, useDocument, useSaveDocument } from './api';
import { DocumentForm } from './DocumentForm';
import { QualifiedMark, StatusBadge } from './DocumentList';
import { RegistryCheckMark } from './document-list-parts';
import { EInvoiceFindings, NeedsReviewBadge } from './EInvoiceImport';
import { FilesPanel } from './FilesPanel';
import { listPathFrom, toFormValues } from './form-values';
import { HistoryPanel } from './HistoryPanel';
import { documentTypeLabel, journalEntryPath } from './labels';

/** /company/transaction-documents/edit?id=N — the form, the files (preview, versions) and the history. */
export default function TransactionDocumentEditPage() {
  const id = useRecordId();
  const backTo = listPathFrom(useLocation().state);
  const doc = useDocument(id);
  return (
    <RecordPage
      title="発注取引の編集"
      noun="発注取引"
      id={id}
      query={doc}
      back={{ to: backTo, label: '発注取引一覧に戻る' }}
      skeleton={[240, 220]}
    >
      {(record, version) => (
        <DocumentEditor
          record={record}
          version={version}
          backTo={backTo}
          refetch={async () => (await doc.refetch()).data}
        />
      )}
    </RecordPage>
  );
}

function DocumentEditor({
  record,
  version,
  backTo,
  refetch,
}: {
  record: TransactionDocument;
  version: RecordVersion;
  backTo: string;
  refetch: () => Promise<TransactionDocument | undefined>;
}) {
  const navigate = useNavigate();
  const save = useSaveDocument(record.id);
  const remove = useDeleteDocument();
  const [deleteError, setDeleteError] = useState<string | null>(null);
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
            {record.needs_review && <NeedsReviewBadge />}
            <RegistryCheckMark check={record.registry_check} />
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
        {record.einvoice_findings && record.einvoice_findings.length > 0 && (
          <Alert color="orange" title="電子インボイスの確認結果（要確認）" data-testid="einvoice-review">
            <EInvoiceFindings findings={record.einvoice_findings} />
          </Alert>
        )}
        <FilesPanel
          doc={record}
          onChanged={async () => {
            // this page's own upload/deletion may move updated_at: the form keeps saving over it
            const fresh = await refetch();
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
