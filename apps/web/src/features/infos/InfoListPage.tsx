import { INFO_AUDIENCES, INFO_SORTABLE, type Info } from '@chobo/core';
import { Badge, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { type AdminColumn, AdminList, fmtDateTime } from '../admin-shared/AdminList';
import { deleteInfo, INFOS_KEY, INFOS_PATH } from './api';

function period(i: Info): { label: string; color: string } {
  const now = Date.now();
  if (Date.parse(i.published_at) > now) return { label: '公開前', color: 'gray' };
  if (i.ends_at && Date.parse(i.ends_at) <= now) return { label: '掲載終了', color: 'gray' };
  return { label: '掲載中', color: 'success' };
}

/** /system/infos */
export default function InfoListPage() {
  const client = useQueryClient();
  const remove = (i: Info) =>
    modals.openConfirmModal({
      title: 'お知らせの削除',
      children: <Text size="sm">「{i.title}」を削除しますか？</Text>,
      labels: { confirm: '削除する', cancel: 'キャンセル' },
      confirmProps: { color: 'danger' },
      onConfirm: async () => {
        try {
          await deleteInfo(i.id);
          notifySuccess('お知らせを削除しました');
          await client.invalidateQueries({ queryKey: [INFOS_KEY] });
        } catch (error) {
          notifyError(errorMessage(error));
        }
      },
    });
  const columns: AdminColumn<Info>[] = [
    {
      label: 'タイトル',
      sort: 'title',
      render: (i) => (
        <Group gap={6}>
          {i.is_important && (
            <Badge size="xs" color="danger">
              重要
            </Badge>
          )}
          <Text size="sm" fw={600} component={Link} to={`/system/infos/${i.id}/edit`} c="inherit">
            {i.title}
          </Text>
        </Group>
      ),
    },
    { label: '対象', w: 120, render: (i) => INFO_AUDIENCES[i.audience] },
    { label: '公開日時', sort: 'published_at', w: 150, render: (i) => fmtDateTime(i.published_at) },
    { label: '掲載終了', w: 150, render: (i) => fmtDateTime(i.ends_at) },
    {
      label: '状態',
      w: 96,
      render: (i) => {
        const p = period(i);
        return (
          <Badge variant="light" color={p.color}>
            {p.label}
          </Badge>
        );
      },
    },
    {
      label: '操作',
      w: 150,
      render: (i) => (
        <Group gap={6} wrap="nowrap">
          <Button size="compact-sm" variant="light" component={Link} to={`/system/infos/${i.id}/edit`}>
            編集
          </Button>
          <Button size="compact-sm" variant="subtle" color="danger" onClick={() => remove(i)}>
            削除
          </Button>
        </Group>
      ),
    },
  ];
  const create = (
    <Button component={Link} to="/system/infos/create" leftSection={<IconPlus size={16} />}>
      お知らせを作成する
    </Button>
  );
  return (
    <>
      <PageHeader title="お知らせ一覧" actions={create} />
      <AdminList<Info>
        path={INFOS_PATH}
        queryKey={INFOS_KEY}
        sortable={INFO_SORTABLE}
        columns={columns}
        placeholder="タイトル・本文で検索"
        emptyTitle="お知らせはまだありません"
        emptyAction={create}
        label="お知らせ一覧"
      />
    </>
  );
}
