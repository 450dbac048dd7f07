import '@mantine/dropzone/styles.css';
import { MAX_DOCUMENT_FILE_BYTES } from '@chobo/core';
import { ActionIcon, Alert, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconCamera,
  IconCheck,
  IconCloudUpload,
  IconFile,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { uploadDocumentFile } from './api';
import { ACCEPT_FILES, fileProblem, formatBytes, num } from './labels';

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'error';

export interface QueuedFile {
  key: number;
  file: File;
  progress: number;
  status: UploadStatus;
  error: string | null;
}

/**
 * Files chosen for upload: refused before sending when the type or the size is wrong (Japanese message),
 * then sent one by one (each a new version of the document) with a progress bar each.
 */
export function useUploadQueue() {
  const [items, setItems] = useState<QueuedFile[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const nextKey = useRef(1);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const patch = useCallback((key: number, change: Partial<QueuedFile>) => {
    setItems((all) => {
      const next = all.map((it) => (it.key === key ? { ...it, ...change } : it));
      itemsRef.current = next;
      return next;
    });
  }, []);

  const add = useCallback((files: File[]) => {
    const problems: string[] = [];
    const accepted: QueuedFile[] = [];
    for (const file of files) {
      const problem = fileProblem(file);
      if (problem) problems.push(problem);
      else accepted.push({ key: nextKey.current++, file, progress: 0, status: 'waiting', error: null });
    }
    // the dropzone reports accepted and refused files in two calls: keep both calls' messages
    if (problems.length) setRefused((all) => [...new Set([...all, ...problems])]);
    setItems((all) => {
      const next = [...all, ...accepted];
      itemsRef.current = next;
      return next;
    });
  }, []);

  const remove = useCallback((key: number) => {
    setItems((all) => {
      const next = all.filter((it) => it.key !== key);
      itemsRef.current = next;
      return next;
    });
  }, []);

  /** Sends every waiting (or failed) file to document `id`; resolves the messages of those that failed. */
  const uploadAll = useCallback(
    async (id: number) => {
      const failed: string[] = [];
      for (const item of itemsRef.current) {
        if (item.status === 'done' || item.status === 'uploading') continue;
        patch(item.key, { status: 'uploading', progress: 0, error: null });
        try {
          await uploadDocumentFile(id, item.file, (progress) => patch(item.key, { progress }));
          patch(item.key, { status: 'done', progress: 100 });
        } catch (error) {
          failed.push(`${item.file.name}: ${errorMessage(error)}`);
          patch(item.key, { status: 'error', error: errorMessage(error) });
        }
      }
      return failed;
    },
    [patch],
  );

  const clearDone = useCallback(() => {
    setItems((all) => {
      const next = all.filter((it) => it.status !== 'done');
      itemsRef.current = next;
      return next;
    });
    setRefused([]);
  }, []);

  const clearRefused = useCallback(() => setRefused([]), []);

  return {
    items,
    refused,
    add,
    remove,
    uploadAll,
    clearDone,
    clearRefused,
    pending: items.some((i) => i.status !== 'done'),
  };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;

/** The drop zone (drag and drop or click; several files; on a phone also the camera). */
export function FileDropArea({
  queue,
  disabled = false,
  title = 'ここにファイルをドラッグ＆ドロップ',
}: {
  queue: UploadQueue;
  disabled?: boolean;
  title?: string;
}) {
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const onReject = (rejections: FileRejection[]) => queue.add(rejections.map((r) => r.file));
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={queue.add}
        onReject={onReject}
        accept={ACCEPT_FILES}
        // the queue checks size and type itself (Japanese message) — the dropzone only filters the picker
        maxSize={MAX_DOCUMENT_FILE_BYTES * 4}
        multiple
        disabled={disabled}
        radius="md"
        p={narrow ? 'md' : 'xl'}
        aria-label="書類ファイルを選択"
        data-testid="file-dropzone"
      >
        <Group justify="center" gap="md" wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={40} stroke={1.5} color="var(--mantine-color-blue-6)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} stroke={1.5} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconCloudUpload size={40} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <div>
            <Text size={narrow ? 'sm' : 'md'} fw={600}>
              {narrow ? 'タップしてファイルを選択' : title}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {narrow ? '' : 'またはクリックして選択。'}PDF・JPEG・PNG、1ファイル10MBまで。複数選択できます。
            </Text>
          </div>
        </Group>
      </Dropzone>
      {narrow && (
        <FileButton onChange={(files) => queue.add(files)} accept="image/*" capture="environment" multiple>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconCamera size={16} />} disabled={disabled}>
              カメラで撮影
            </Button>
          )}
        </FileButton>
      )}
      {queue.refused.length > 0 && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={16} />}
          role="alert"
          data-testid="file-refused"
          p="xs"
          withCloseButton
          closeButtonLabel="閉じる"
          onClose={queue.clearRefused}
        >
          {queue.refused.map((m) => (
            <Text key={m} size="sm">
              {m}
            </Text>
          ))}
        </Alert>
      )}
    </Stack>
  );
}

/** The chosen files with a progress bar each; waiting files can be taken out before saving. */
export function UploadList({ queue }: { queue: UploadQueue }) {
  if (queue.items.length === 0) return null;
  return (
    <Stack gap={6} aria-label="アップロードするファイル" role="list">
      {queue.items.map((item) => (
        <Stack
          key={item.key}
          gap={4}
          role="listitem"
          data-testid="upload-item"
          p="xs"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}
        >
          <Group gap="xs" wrap="nowrap">
            {item.status === 'done' ? (
              <IconCheck size={16} color="var(--mantine-color-green-7)" />
            ) : item.status === 'error' ? (
              <IconAlertCircle size={16} color="var(--mantine-color-red-7)" />
            ) : (
              <IconFile size={16} color="var(--mantine-color-dimmed)" />
            )}
            <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate="end">
              {item.file.name}
            </Text>
            <Text size="xs" c="dimmed" style={num}>
              {formatBytes(item.file.size)}
            </Text>
            <Text size="xs" c={item.status === 'error' ? 'red' : 'dimmed'} w={64} ta="right" style={num}>
              {item.status === 'waiting'
                ? '未送信'
                : item.status === 'uploading'
                  ? `${item.progress}%`
                  : item.status === 'done'
                    ? '完了'
                    : '失敗'}
            </Text>
            {(item.status === 'waiting' || item.status === 'error') && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`${item.file.name} を外す`}
                onClick={() => queue.remove(item.key)}
              >
                <IconX size={14} />
              </ActionIcon>
            )}
          </Group>
          {item.status !== 'waiting' && (
            <Progress
              value={item.progress}
              size="sm"
              color={item.status === 'error' ? 'red' : item.status === 'done' ? 'green' : 'blue'}
              aria-label={`${item.file.name} の送信`}
              animated={item.status === 'uploading'}
            />
          )}
          {item.error && (
            <Text size="xs" c="red" role="alert">
              {item.error}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
