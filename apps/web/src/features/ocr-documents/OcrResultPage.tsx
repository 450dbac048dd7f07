import { Alert, Badge, Button, Group, Paper, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useOcrDocument, useRetry } from './api';
import { STATUS_COLORS, statusLabel } from './labels';
import { OcrEditor } from './OcrEditor';

/** /company/ocr-documents/{id}/ocr-result: the page beside its fields; correct, then 確定. */
export default function OcrResultPage() {
  const { id } = useParams();
  const docId = Number(id);
  const q = useOcrDocument(docId);
  const retry = useRetry();
  const d = q.data;
  return (
    <>
      <PageHeader
        title="OCR読み取り結果"
        description={d ? d.file_name : undefined}
        actions={
          <Group gap="xs">
            {d && (
              <Badge color={STATUS_COLORS[d.status]} size="lg" variant="light">
                {statusLabel(d.status)}
              </Badge>
            )}
            <Button component={Link} to="/company/ocr-documents" variant="default">
              一覧へ戻る
            </Button>
          </Group>
        }
      />
      {q.isPending && <Skeleton h={480} />}
      {q.isError && (
        <Alert color="red" title="読み込めませんでした">
          {errorMessage(q.error)}
        </Alert>
      )}
      {d && (d.status === 0 || d.status === 1) && (
        <Paper withBorder p="lg" radius="md" maw={560}>
          <Stack>
            <Text>{d.status === 0 ? '読み取りの順番を待っています…' : `読み取り中です（${d.progress}%）`}</Text>
            <Progress value={d.progress} animated aria-label="読み取りの進捗" />
          </Stack>
        </Paper>
      )}
      {d && d.status === 3 && (
        <Alert color="red" title="読み取りに失敗しました" icon={<IconAlertTriangle size={18} />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{d.error}</Text>
            <Button
              size="xs"
              leftSection={<IconRefresh size={14} />}
              loading={retry.isPending}
              onClick={() => retry.mutate(d.id, { onError: (e) => notifyError(errorMessage(e)) })}
            >
              再実行
            </Button>
          </Stack>
        </Alert>
      )}
      {d && (d.status === 2 || d.status === 4) && <OcrEditor key={`${d.id}-${d.updated_at}`} d={d} />}
    </>
  );
}
