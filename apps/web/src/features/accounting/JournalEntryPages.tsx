import { formatDateJa } from '@chobo/core';
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBackUp, IconLink, IconLock, IconTrash } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { RecordPage, RecordSkeleton, useRecordId } from '../../components/record-page/RecordPage';
import type { RecordVersion } from '../../lib/conflict';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAccounts, useDeleteEntry, useEntry, useReverseEntry, useSaveEntry } from './api';
import { JournalForm, NEW_ENTRY_VALUES } from './JournalForm';
import { toFormValues } from './journal-form-values';
import { isOwned, OwnerLink, sourceLabel } from './SourceLink';
import type { Account, JournalEntry } from './types';

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

/** /company/accountings_bk/create */
export function JournalCreatePage() {
  const navigate = useNavigate();
  const backTo = backPath(useLocation().state);
  const accounts = useAccounts();
  const save = useSaveEntry(null);
  if (!accounts.data) return <RecordSkeleton title="仕訳の登録" heights={[60, 200]} />;
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
  const id = useRecordId();
  const backTo = backPath(useLocation().state);
  const accounts = useAccounts();
  const entry = useEntry(id);
  return (
    <RecordPage
      title="仕訳の編集"
      noun="仕訳"
      id={id}
      query={entry}
      ready={Boolean(accounts.data)}
      retry={false}
      back={{ to: backTo, label: '仕訳帳に戻る' }}
      skeleton={[60, 200]}
    >
      {(record, version) => (
        <JournalEditor record={record} version={version} accounts={accounts.data ?? []} backTo={backTo} />
      )}
    </RecordPage>
  );
}

function JournalEditor({
  record,
  version,
  accounts,
  backTo,
}: {
  record: JournalEntry;
  version: RecordVersion;
  accounts: Account[];
  backTo: string;
}) {
  const navigate = useNavigate();
  const save = useSaveEntry(record.id);
  const remove = useDeleteEntry();
  const reverse = useReverseEntry();
  const locked = Boolean(record.locked);
  const owned = isOwned(record.source_type);

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
          </Group>
        }
        actions={
          owned || record.kind === 'closing' || (locked && record.reversed_by_id) ? null : locked ? (
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
      {owned ? (
        <Alert color="blue" icon={<IconLink size={16} />} mb="md" data-testid="entry-owned">
          この仕訳は{sourceLabel(record.source_type)}から作成されています。変更・削除・逆仕訳は
          {sourceLabel(record.source_type)}の画面から行ってください。{' '}
          <OwnerLink type={record.source_type} id={record.source_id} />
        </Alert>
      ) : (
        locked && (
          <Alert color="gray" icon={<IconLock size={16} />} mb="md">
            この仕訳は締められた期間にあるため変更できません。訂正するには「逆仕訳」で取り消してから、正しい仕訳を登録してください。
          </Alert>
        )
      )}
      {version.alert}
      <JournalForm
        key={`${record.id}:${version.generation}`}
        accounts={accounts}
        defaultValues={toFormValues(record)}
        submitLabel="更新する"
        backTo={backTo}
        readOnly={locked || owned}
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
