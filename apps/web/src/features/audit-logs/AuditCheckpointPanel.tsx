import { formatDateTimeJa } from '@chobo/core';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconDownload, IconFlag } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { downloadCheckpoints, useLatestCheckpoint, useRecordCheckpoint } from './api';

/**
 * The last signed checkpoint of every chain (kept outside the database) and its download: the admin keeps a
 * copy elsewhere, so even the server's file can be checked against it (verify-audit --checkpoint).
 */
export function AuditCheckpointPanel() {
  const latest = useLatestCheckpoint();
  const record = useRecordCheckpoint();
  const download = useMutation({ mutationFn: downloadCheckpoints });
  const cp = latest.data;
  const error = latest.error ?? record.error ?? download.error;
  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="xs" data-testid="audit-checkpoint">
        <Text size="sm">
          {latest.isPending
            ? 'チェックポイントを読み込み中…'
            : cp
              ? `最新のチェックポイント: ${formatDateTimeJa(cp.at)}（${cp.chains.toLocaleString('ja-JP')}チェーン、${cp.rows.toLocaleString('ja-JP')}件、署名鍵 ${cp.key_id}）`
              : 'チェックポイントはまだありません'}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFlag size={14} />}
            onClick={() => record.mutate()}
            loading={record.isPending}
          >
            チェックポイントを記録
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} />}
            onClick={() => download.mutate()}
            loading={download.isPending}
            disabled={!cp}
          >
            ダウンロード
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="danger" title="チェックポイントを扱えませんでした">
          {errorMessage(error)}
        </Alert>
      )}
    </>
  );
}
