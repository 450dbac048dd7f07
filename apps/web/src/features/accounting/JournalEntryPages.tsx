import { formatDateJa } from '@chobo/core';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBackUp, IconLock, IconTrash } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { PageHeader } from '../../components/PageHeader';
import { ApiError } from '../../lib/api';
import { useRecordVersion } from '../../lib/conflict';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAccounts, useDeleteEntry, useEntry, useReverseEntry, useSaveEntry } from './api';
import { JournalForm, NEW_ENTRY_VALUES } from './JournalForm';
import { toFormValues } from './journal-form-values';
import { SourceLink, sourceLabel } from './SourceLink';
import type { JournalEntry } from './types';

export const JOURNAL_PATH = '/company/accountings_bk';

function backPath(state: unknown): string {
  const search = (state as { listSearch?: string } | null)?.listSearch;
  return typeof search === 'string' ? `${JOURNAL_PATH}${search}` : JOURNAL_PATH;
}

/** The list path with ?saved=<id>: the list shows that entry highlighted with 「続けて入力」. */
export function withSaved(path: string, id: number): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set('saved', String(id));
  url.searchParams.delete('page');
  return `${url.pathname}${url.search}`;
}

function Loading({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Stack aria-busy>
        <Skeleton height={60} radius="md" />
        <Skeleton height={200} radius="md" />
      </Stack>
    </>
  );
}

/** /company/accountings_bk/create */
export function JournalCreatePage() {
  const navigate = useNavigate();
  const backTo = backPath(useLocation().state);
  const accounts = useAccounts();
  const save = useSaveEntry(null);
  if (!accounts.data) return <Loading title="仕訳の登録" />;
  return (
    <>
      <PageHeader title="仕訳の登録" description="勘定科目はコード・科目名・カナで検索できます。" />
      <JournalForm
        accounts={accounts.data}
        defaultValues={NEW_ENTRY_VALUES()}
        submitLabel="登録する"
        backTo={backTo}
        splitTax
        onSubmit={async (body) => {
          const entry = await save.mutateAsync(body);
          notifySuccess(`仕訳 No.${entry.number} を登録しました`);
          navigate(withSaved(backTo, entry.id));
        }}
      />
    </>
  );
}

/** The confirm dialog of 逆仕訳: posts the reversing entry and reports its number. */
export function confirmReverse(
  entry: JournalEntry,
  reverse: (id: number) => Promise<JournalEntry>,
  after?: () => void,
) {
  modals.openConfirmModal({
    title: '逆仕訳の作成',
    children: (
      <Text size="sm">
        仕訳 No.{entry.number}（{formatDateJa(entry.date)}）は締められた期間にあるため変更できません。
        借方と貸方を入れ替えた逆仕訳を本日の日付で登録し、この仕訳を取り消します。よろしいですか？
      </Text>
    ),
    labels: { confirm: '逆仕訳を登録する', cancel: 'キャンセル' },
    onConfirm: () =>
      void reverse(entry.id).then(
        (created) => {
          notifySuccess(`逆仕訳 No.${created.number} を登録しました`);
          after?.();
        },
        (error: unknown) => notifyError(error instanceof Error ? error.message : 'エラーが発生しました。'),
      ),
  });
}

export function confirmDeleteEntry(entry: JournalEntry, remove: (id: number) => Promise<unknown>, after?: () => void) {
  modals.openConfirmModal({
    title: '仕訳の削除',
    children: (
      <Text size="sm">
        仕訳 No.{entry.number}（{formatDateJa(entry.date)}　{entry.description || '摘要なし'}）を削除しますか？
        削除の記録は操作履歴に残ります。
      </Text>
    ),
    labels: { confirm: '削除する', cancel: 'キャンセル' },
    confirmProps: { color: 'danger' },
    onConfirm: () =>
      void remove(entry.id).then(
        () => {
          notifySuccess(`仕訳 No.${entry.number} を削除しました`);
          after?.();
        },
        (error: unknown) => notifyError(error instanceof Error ? error.message : 'エラーが発生しました。'),
      ),
  });
}

/** /company/accountings_bk/edit?id=N */
export function JournalEditPage() {
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const navigate = useNavigate();
  const backTo = backPath(useLocation().state);
  const accounts = useAccounts();
  const entry = useEntry(id);
  const save = useSaveEntry(id);
  const version = useRecordVersion(entry.data, async () => (await entry.refetch()).data);
  const remove = useDeleteEntry();
  const reverse = useReverseEntry();

  if (id === null || (entry.error instanceof ApiError && [404, 422].includes(entry.error.status))) {
    return (
      <>
        <PageHeader title="仕訳の編集" />
        <Paper withBorder radius="md">
          <EmptyBlock
            title="仕訳が見つかりません"
            description="削除されたか、URLが正しくない可能性があります。"
            action={
              <Button component={Link} to={backTo} variant="light">
                仕訳帳に戻る
              </Button>
            }
          />
        </Paper>
      </>
    );
  }
  if (entry.isError) {
    return (
      <>
        <PageHeader title="仕訳の編集" />
        <Paper withBorder radius="md">
          <EmptyBlock title="仕訳を読み込めませんでした" description={entry.error.message} />
        </Paper>
      </>
    );
  }
  if (!entry.data || !accounts.data) return <Loading title="仕訳の編集" />;
  const record = entry.data;
  const locked = Boolean(record.locked);

  return (
    <>
      <PageHeader
        title="仕訳の編集"
        description={
          <Group gap={8}>
            <span>
              No.{record.number}　{formatDateJa(record.date)}
            </span>
            {locked && (
              <Badge color="gray" variant="light" leftSection={<IconLock size={12} />}>
                締め済み
              </Badge>
            )}
            {record.reversed_by_id && (
              <Badge color="orange" variant="light">
                逆仕訳済み
              </Badge>
            )}
            {sourceLabel(record.source_type) && (
              <span>
                {sourceLabel(record.source_type)}から作成された仕訳です（変更は元の画面で）{' '}
                <SourceLink type={record.source_type} id={record.source_id} />
              </span>
            )}
          </Group>
        }
        actions={
          locked && record.reversed_by_id ? null : locked ? (
            <Button
              variant="light"
              leftSection={<IconArrowBackUp size={16} />}
              onClick={() =>
                confirmReverse(
                  record,
                  (eid) => reverse.mutateAsync(eid),
                  () => navigate(backTo),
                )
              }
            >
              逆仕訳
            </Button>
          ) : (
            <Button
              variant="subtle"
              color="danger"
              leftSection={<IconTrash size={16} />}
              onClick={() =>
                confirmDeleteEntry(
                  record,
                  (eid) => remove.mutateAsync(eid),
                  () => navigate(backTo),
                )
              }
            >
              削除
            </Button>
          )
        }
      />
      {locked && (
        <Alert color="gray" icon={<IconLock size={16} />} mb="md">
          この仕訳は締められた期間にあるため変更できません。訂正するには「逆仕訳」で取り消してから、正しい仕訳を登録してください。
        </Alert>
      )}
      {version.alert}
      <JournalForm
        key={`${record.id}:${version.generation}`}
        accounts={accounts.data}
        defaultValues={toFormValues(record)}
        submitLabel="更新する"
        backTo={backTo}
        readOnly={locked}
        onSubmit={async (body) => {
          const saved = await version.save((updated_at) => save.mutateAsync({ ...body, updated_at }));
          if (!saved) return;
          notifySuccess(`仕訳 No.${record.number} を更新しました`);
          navigate(withSaved(backTo, record.id));
        }}
      />
    </>
  );
}

export default JournalCreatePage;
