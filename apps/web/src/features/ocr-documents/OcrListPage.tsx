import {
  formatDateJa,
  formatDateTimeJa,
  formatJPY,
  OCR_DOCUMENT_SORTABLE,
  OCR_STATUSES,
  type OcrDocument,
} from '@chobo/core';
import { Anchor, Badge, Button, Group, Paper, Progress, Select, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { KeywordSearchInput } from '../../components/KeywordSearchInput';
import { ListErrorState } from '../../components/ListErrorState';
import { ListFooter } from '../../components/ListFooter';
import { ListSkeletonRows } from '../../components/ListSkeletonRows';
import { PageHeader } from '../../components/PageHeader';
import { SortableTh } from '../../components/SortableTh';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useKeywordInput, useListParams } from '../../lib/use-list-params';
import { type OcrListParams, useOcrList, useRetry } from './api';
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

/** /company/ocr-documents: uploads, their jobs with live progress, and the way to each result. */
export default function OcrListPage() {
  const navigate = useNavigate();
  const list = useListParams(OCR_DOCUMENT_SORTABLE, ['status'] as const);
  const [keywordInput, setKeywordInput] = useKeywordInput(list);
  const status = list.filters.status;
  const params: OcrListParams = {
    keyword: list.keyword,
    page: list.page,
    status: status === null ? null : Number(status),
    sort_by: list.sortBy,
    sort_dir: list.sortDir,
  };
  const query = useOcrList(params);
  const rows = query.data?.data ?? [];
  const retry = useRetry();
  const sortProps = (column: (typeof OCR_DOCUMENT_SORTABLE)[number]) => ({
    sorted: list.sortBy === column,
    dir: list.sortBy === column ? list.sortDir : null,
    onSort: () => list.toggleSort(column),
  });

  return (
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
      <Stack gap="md">
        <OcrUploadBox />
        <Group gap="sm" wrap="wrap">
          <KeywordSearchInput
            value={keywordInput}
            onChange={setKeywordInput}
            placeholder="ファイル名・発行元で検索"
            w="min(360px, 100%)"
          />
          <Select
            data={STATUS_OPTIONS}
            value={status}
            onChange={(v) => list.setFilter('status', v)}
            placeholder="状態"
            aria-label="状態"
            clearable
            w={140}
          />
        </Group>
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table highlightOnHover verticalSpacing="sm" miw={720}>
            <Table.Thead>
              <Table.Tr>
                <SortableTh {...sortProps('file_name')}>ファイル名</SortableTh>
                <SortableTh {...sortProps('status')}>状態</SortableTh>
                <Table.Th>発行元</Table.Th>
                <Table.Th>取引日</Table.Th>
                <Table.Th ta="right">合計金額</Table.Th>
                <SortableTh {...sortProps('created_at')}>アップロード日時</SortableTh>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.isPending ? (
                <ListSkeletonRows rows={5} colSpan={7} />
              ) : (
                rows.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      {d.status === 2 || d.status === 4 ? (
                        <Anchor component={Link} to={ocrResultPath(d.id)}>
                          {d.file_name}
                        </Anchor>
                      ) : (
                        d.file_name
                      )}
                    </Table.Td>
                    <Table.Td>
                      <StatusCell d={d} />
                      {d.status === 3 && d.error && (
                        <Text size="xs" c="red">
                          {d.error}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{d.fields?.issuer_name.value ?? '—'}</Table.Td>
                    <Table.Td>{formatDateJa(d.fields?.transaction_date.value) || '—'}</Table.Td>
                    <Table.Td ta="right">
                      {d.fields?.total.value != null ? formatJPY(d.fields.total.value) : '—'}
                    </Table.Td>
                    <Table.Td>{formatDateTimeJa(d.created_at)}</Table.Td>
                    <Table.Td>
                      {d.status === 2 && (
                        <Button size="xs" onClick={() => navigate(ocrResultPath(d.id))}>
                          結果を確認
                        </Button>
                      )}
                      {d.status === 4 && (
                        <Button size="xs" variant="default" onClick={() => navigate(ocrResultPath(d.id))}>
                          登録内容
                        </Button>
                      )}
                      {d.status === 3 && (
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
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
          {query.isError && <ListErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />}
          {!query.isPending && !query.isError && rows.length === 0 && (
            <EmptyBlock
              title="OCR書類はまだありません"
              description="請求書や領収書の画像・PDFをアップロードしてください。"
            />
          )}
        </Paper>
        {query.data?.meta && <ListFooter meta={query.data.meta} onPage={list.setPage} />}
      </Stack>
    </>
  );
}
