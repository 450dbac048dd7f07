import { type DocumentFile, formatDateTimeJa, type TransactionDocument } from '@chobo/core';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconExternalLink, IconEye, IconFileOff, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useFileLink } from '../../lib/file-link';
import { notifyError, notifySuccess } from '../../lib/notify';
import { documentKeys, fileLinkPath, useDeleteFile, useFileLinkUrl } from './api';
import { FileDropArea, UploadList, useUploadQueue } from './FileUpload';
import { formatBytes, num } from './labels';

/** The file shown inline: a PDF in a frame, an image as an image, from its signed address. */
export function FilePreview({ documentId, file }: { documentId: number; file: DocumentFile | null }) {
  const link = useFileLinkUrl(documentId, file && !file.deleted_at ? file.id : null);
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const height = narrow ? 420 : 620;
  if (!file || file.deleted_at) {
    return (
      <Center h={200} bg="gray.0" style={{ borderRadius: 8 }}>
        <Stack align="center" gap={4}>
          <IconFileOff size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            表示できるファイルがありません
          </Text>
        </Stack>
      </Center>
    );
  }
  if (link.isError) {
    return (
      <Center h={200} bg="gray.0" style={{ borderRadius: 8 }}>
        <Text size="sm" c="red">
          プレビューを読み込めませんでした：{link.error.message}
        </Text>
      </Center>
    );
  }
  if (!link.data) {
    return (
      <Center h={height} bg="gray.0" style={{ borderRadius: 8 }} aria-busy>
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <Box
      data-testid="file-preview"
      style={{ borderRadius: 8, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)' }}
    >
      {file.content_type === 'application/pdf' ? (
        <iframe
          // fit the page's width in the viewer
          src={`${link.data}#view=FitH`}
          title={`プレビュー: ${file.file_name}`}
          style={{ width: '100%', height, border: 0, display: 'block' }}
        />
      ) : (
        <Box bg="gray.0" p="xs" style={{ maxHeight: height, overflow: 'auto' }}>
          <img
            src={link.data}
            alt={`プレビュー: ${file.file_name}`}
            style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }}
          />
        </Box>
      )}
    </Box>
  );
}

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
                      <Table.Tr
                        key={f.id}
                        data-testid="version-row"
                        bg={selected?.id === f.id ? 'blue.0' : undefined}
                        style={f.deleted_at ? { opacity: 0.6 } : undefined}
                      >
                        <Table.Td w={52}>
                          <Badge
                            size="sm"
                            tt="none"
                            variant={f.deleted_at ? 'outline' : 'light'}
                            color={f.deleted_at ? 'gray' : 'blue'}
                          >
                            v{f.version}
                          </Badge>
                        </Table.Td>
                        <Table.Td style={{ minWidth: 0 }}>
                          <Text
                            size="sm"
                            fw={600}
                            truncate="end"
                            td={f.deleted_at ? 'line-through' : undefined}
                            maw={narrow ? 160 : 220}
                          >
                            {f.file_name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {formatDateTimeJa(f.created_at)}・{f.uploaded_by_name ?? '—'}
                          </Text>
                          <Group gap={6} wrap="nowrap">
                            <Text size="xs" c="dimmed" style={num}>
                              {formatBytes(f.size)}
                            </Text>
                            <Tooltip label={`SHA-256: ${f.sha256}`} withinPortal multiline w={300}>
                              <Text size="xs" c="dimmed" ff="monospace" data-testid="sha256">
                                {f.sha256.slice(0, 12)}…
                              </Text>
                            </Tooltip>
                            {f.deleted_at && (
                              <Badge size="xs" color="red" variant="light">
                                削除済
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td w={96}>
                          {!f.deleted_at && (
                            <Group gap={2} wrap="nowrap" justify="flex-end">
                              <Tooltip label="ここに表示" withinPortal>
                                <ActionIcon
                                  variant="subtle"
                                  aria-label={`v${f.version} を表示`}
                                  onClick={() => setSelectedId(f.id)}
                                >
                                  <IconEye size={16} />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label="新しいタブで開く" withinPortal>
                                <ActionIcon
                                  variant="subtle"
                                  aria-label={`v${f.version} を開く`}
                                  loading={fileLink.pending === fileLinkPath(doc.id, f.id)}
                                  onClick={() => void fileLink.open(fileLinkPath(doc.id, f.id))}
                                >
                                  <IconExternalLink size={16} />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label="削除" withinPortal>
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  aria-label={`v${f.version} を削除`}
                                  onClick={() => confirmDelete(f)}
                                >
                                  <IconTrash size={16} />
                                </ActionIcon>
                              </Tooltip>
                            </Group>
                          )}
                        </Table.Td>
                      </Table.Tr>
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
