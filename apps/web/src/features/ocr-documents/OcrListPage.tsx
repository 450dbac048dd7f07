import {
  formatDateJa,
  formatDateTimeJa,
  formatJPY,
  OCR_DOCUMENT_SORTABLE,
  OCR_STATUSES,
  type OcrDocument,
} from '@chobo/core';
import { Anchor, Badge, Box, Button, Progress, Stack, Text } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { type ColumnSpec, type FilterSpec, ResourceList } from '../../components/resource-list';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useOcrPage, useRetry } from './api';
import { ocrResultPath, STATUS_COLORS, statusLabel } from './labels';
import { OcrUploadBox } from './OcrUploadBox';

const STATUS_OPTIONS = Object.entries(OCR_STATUSES).map(([value, label]) => ({ value, label }));

function StatusCell({ d }: { d: OcrDocument }) {
  if (d.status === 1) {
    return (
      <Stack gap={2} miw={110}>
        <Badge color={STATUS_COLORS[1]} variant="light">
          処理中 {d.progress}%
        </Badge>
        <Progress value={d.progress} size="xs" aria-label={`${d.file_name}の読み取り進捗`} />
      </Stack>
    );
  }
  return (
    <Badge color={STATUS_COLORS[d.status]} variant="light">
      {statusLabel(d.status)}
    </Badge>
  );
}

function Actions({ d }: { d: OcrDocument }) {
  const navigate = useNavigate();
  const retry = useRetry();
  if (d.status === 2)
    return (
      <Button size="xs" onClick={() => navigate(ocrResultPath(d.id))}>
        結果を確認
      </Button>
    );
  if (d.status === 4)
    return (
      <Button size="xs" variant="default" onClick={() => navigate(ocrResultPath(d.id))}>
        登録内容
      </Button>
    );
  if (d.status !== 3) return null;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconRefresh size={14} />}
      loading={retry.isPending && retry.variables === d.id}
      onClick={() =>
        retry.mutate(d.id, {
          onSuccess: () => notifySuccess(`「${d.file_name}」を再実行します`),
          onError: (e) => notifyError(errorMessage(e)),
        })
      }
    >
      再実行
    </Button>
  );
}

const COLUMNS: ColumnSpec<OcrDocument>[] = [
  {
    label: 'ファイル名',
    sort: 'file_name',
    render: (d) =>
      d.status === 2 || d.status === 4 ? (
        <Anchor component={Link} to={ocrResultPath(d.id)}>
          {d.file_name}
        </Anchor>
      ) : (
        d.file_name
      ),
  },
  {
    label: '状態',
    sort: 'status',
    render: (d) => (
      <>
        <StatusCell d={d} />
        {d.status === 3 && d.error && (
          <Text size="xs" c="red">
            {d.error}
          </Text>
        )}
      </>
    ),
  },
  { label: '発行元', render: (d) => d.fields?.issuer_name.value ?? '—' },
  { label: '取引日', render: (d) => formatDateJa(d.fields?.transaction_date.value) || '—' },
  {
    label: '合計金額',
    align: 'right',
    render: (d) => (d.fields?.total.value != null ? formatJPY(d.fields.total.value) : '—'),
  },
  { label: 'アップロード日時', sort: 'created_at', render: (d) => formatDateTimeJa(d.created_at) },
  { label: '', actions: true, render: (d) => <Actions d={d} /> },
];

const FILTERS: FilterSpec[] = [
  {
    type: 'select',
    key: 'status',
    ariaLabel: '状態',
    placeholder: '状態',
    data: STATUS_OPTIONS,
    valid: (v) => v in OCR_STATUSES,
    w: 140,
  },
];

/** /company/ocr-documents: uploads, their jobs with live progress, and the way to each result. */
export default function OcrListPage() {
  return (
    <ResourceList<OcrDocument>
      label="OCR書類一覧"
      useData={useOcrPage}
      sortable={OCR_DOCUMENT_SORTABLE}
      columns={COLUMNS}
      rowTestId="ocr-row"
      search={{ placeholder: 'ファイル名・発行元で検索' }}
      filters={FILTERS}
      // the list polls while a document is being read: no overlay for that
      loadingOverlay={false}
      minWidth={720}
      skeleton={{ colSpan: true }}
      empty={{ title: 'OCR書類はまだありません', description: '請求書や領収書の画像・PDFをアップロードしてください。' }}
      above={() => (
        <>
          <PageHeader
            title="OCR書類一覧"
            description="受け取った請求書・領収書を読み取り、確認して発注取引に登録します（読み取りはこのサーバー内で行われます）。"
            actions={
              <Button component={Link} to="/company/ocr-documents/create" leftSection={<IconPlus size={16} />}>
                アップロード
              </Button>
            }
          />
          <Box mb="md">
            <OcrUploadBox />
          </Box>
        </>
      )}
    />
  );
}
