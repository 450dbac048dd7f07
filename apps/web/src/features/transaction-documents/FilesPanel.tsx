import type { DocumentFile, TransactionDocument } from '@chobo/core';
import { Box, Button, Grid, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useFileLink } from '../../lib/file-link';
import { notifyError, notifySuccess } from '../../lib/notify';
import { documentKeys, useDeleteFile } from './api';
import { FilePreview } from './FilePreview';
import { FileDropArea, UploadList, useUploadQueue } from './FileUpload';
import { VersionRow } from './VersionRow';

export { FilePreview } from './FilePreview';

/**
 * The document's files: the inline preview, every version (v1, v2… never overwritten) with who, when,
 * size and SHA-256, 開く through the link helper, 削除 (logical, refused inside the retention period), and
 * the upload of a new version.
 */
export function FilesPanel({
  doc,
  onChanged,
}: {
  doc: TransactionDocument;
  /** After this panel's own change of the files (the record's updated_at may move with it). */
  onChanged?: () => Promise<unknown>;
}) {
  const client = useQueryClient();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const versions = [...doc.files].sort((a, b) => b.version - a.version);
  const live = versions.filter((f) => !f.deleted_at);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = versions.find((f) => f.id === selectedId) ?? live[0] ?? null;
  const fileLink = useFileLink();
  const removeFile = useDeleteFile(doc.id);
  const queue = useUploadQueue();
  const [uploading, setUploading] = useState(false);

  const upload = async () => {
    setUploading(true);
    try {
      const failed = await queue.uploadAll(doc.id);
      await Promise.all([
        onChanged ? onChanged() : client.invalidateQueries({ queryKey: documentKeys.detail(doc.id) }),
        client.invalidateQueries({ queryKey: documentKeys.history(doc.id) }),
        client.invalidateQueries({ queryKey: documentKeys.lists() }),
      ]);
      if (failed.length === 0) {
        notifySuccess('新しい版を保存しました');
        queue.clearDone();
        setSelectedId(null);
      }
    } finally {
      setUploading(false);
    }
  };

  const confirmDelete = (file: DocumentFile) =>
    modals.openConfirmModal({
      title: 'ファイルの削除',
      children: (
        <Text size="sm">
          v{file.version}「{file.file_name}
          」を削除しますか？削除しても履歴には残ります。保存期間内のファイルは削除できません。
        </Text>
      ),
      labels: { confirm: '削除する', cancel: 'キャンセル' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        removeFile.mutate(file.id, {
          onSuccess: () => {
            notifySuccess(`v${file.version} を削除しました`);
            void onChanged?.();
          },
          onError: (error) => notifyError(errorMessage(error), 'ファイルを削除できません'),
        }),
    });

  return (
    <Paper withBorder radius="md" p={narrow ? 'sm' : 'lg'} component="section" aria-label="書類ファイル">
      <Group justify="space-between" mb="md">
        <Title order={3} fz={16}>
          書類ファイル
        </Title>
        <Text size="xs" c="dimmed">
          アップロードのたびに新しい版として保存され、上書きされません
        </Text>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <FilePreview documentId={doc.id} file={selected} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Box>
              <Text size="sm" fw={700} mb={6}>
                版の一覧
              </Text>
              {versions.length === 0 ? (
                <Text size="sm" c="dimmed">
                  まだファイルがありません。下からアップロードしてください。
                </Text>
              ) : (
                <Table verticalSpacing={6} horizontalSpacing="xs" aria-label="版の一覧" data-testid="versions">
                  <Table.Tbody>
                    {versions.map((f) => (
                      <VersionRow
                        key={f.id}
                        f={f}
                        documentId={doc.id}
                        selected={selected?.id === f.id}
                        narrow={narrow}
                        fileLink={fileLink}
                        onShow={() => setSelectedId(f.id)}
                        onDelete={() => confirmDelete(f)}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Box>
            <Stack gap="xs">
              <Text size="sm" fw={700}>
                新しい版をアップロード
              </Text>
              <FileDropArea queue={queue} disabled={uploading} title="新しい版をドラッグ＆ドロップ" />
              <UploadList queue={queue} />
              {queue.items.some((i) => i.status !== 'done') && (
                <Group justify="flex-end">
                  <Button leftSection={<IconUpload size={16} />} loading={uploading} onClick={() => void upload()}>
                    アップロード（{queue.items.filter((i) => i.status !== 'done').length}件）
                  </Button>
                </Group>
              )}
            </Stack>
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
