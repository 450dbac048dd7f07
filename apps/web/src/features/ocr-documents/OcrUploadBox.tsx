import { MAX_OCR_FILE_BYTES, MAX_OCR_FILES_PER_REQUEST, type OcrDocument } from '@chobo/core';
import { Button, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconCamera, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ocrKeys, uploadOcrFiles } from './api';

const ACCEPT = 'image/png,image/jpeg,application/pdf';

/** Several files at once (PNG / JPEG / PDF, 10 MB each), or a photo from a phone's camera. */
export function OcrUploadBox({ onUploaded }: { onUploaded?: (docs: OcrDocument[]) => void }) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);

  const send = async (files: File[]) => {
    if (files.length === 0) return;
    const tooBig = files.find((f) => f.size > MAX_OCR_FILE_BYTES);
    if (tooBig) {
      notifyError(`「${tooBig.name}」: ファイルサイズは10MB以下にしてください`);
      return;
    }
    if (files.length > MAX_OCR_FILES_PER_REQUEST) {
      notifyError(`一度にアップロードできるファイルは${MAX_OCR_FILES_PER_REQUEST}件までです`);
      return;
    }
    setProgress(0);
    try {
      const docs = await uploadOcrFiles(files, setProgress);
      notifySuccess(`${docs.length}件のファイルを受け付けました。読み取りを開始します`);
      await client.invalidateQueries({ queryKey: ocrKeys.all });
      onUploaded?.(docs);
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Text fw={600}>請求書・領収書のアップロード</Text>
        <Text size="sm" c="dimmed">
          PNG・JPEG・PDF（各10MBまで、一度に{MAX_OCR_FILES_PER_REQUEST}
          件まで）。読み取りは順番に行われ、完了すると結果を確認できます。
        </Text>
        <Group gap="sm">
          <FileButton onChange={(f) => void send(f)} accept={ACCEPT} multiple>
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={progress !== null}>
                ファイルを選択
              </Button>
            )}
          </FileButton>
          <FileButton onChange={(f) => void send(f ? [f] : [])} accept="image/*" capture="environment">
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconCamera size={16} />} disabled={progress !== null}>
                カメラで撮影
              </Button>
            )}
          </FileButton>
        </Group>
        {progress !== null && (
          <Progress value={Math.round(progress * 100)} aria-label="アップロードの進捗" animated size="sm" />
        )}
      </Stack>
    </Paper>
  );
}
