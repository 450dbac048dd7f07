import { ADMIN_PERMISSION_LABELS, ADMIN_SORTABLE, type AdminPermission, type AdminUser } from '@chobo/core';
import { Badge, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useMe } from '../../lib/session';
import { type AdminColumn, AdminList, fmtDateTime } from '../admin-shared/AdminList';
import { deleteAdmin } from './api';

export const ADMINS_PATH = '/api/admin/admin';
export const ADMINS_KEY = 'admins';

/** /system/admins */
export default function AdminListPage() {
  const me = useMe();
  const client = useQueryClient();
  const remove = (a: AdminUser) =>
    modals.openConfirmModal({
      title: '管理者の削除',
      children: (
        <Text size="sm">
          「{a.name}」（{a.email}）を削除しますか？
        </Text>
      ),
      labels: { confirm: '削除する', cancel: 'キャンセル' },
      confirmProps: { color: 'danger' },
      onConfirm: async () => {
        try {
          await deleteAdmin(a.id);
          notifySuccess(`「${a.name}」を削除しました`);
          await client.invalidateQueries({ queryKey: [ADMINS_KEY] });
        } catch (error) {
          notifyError(errorMessage(error));
        }
      },
    });
  const columns: AdminColumn<AdminUser>[] = [
    {
      label: '氏名',
      sort: 'name',
      render: (a) => (
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {a.name}
          </Text>
          {a.id === me?.user_id && (
            <Badge size="xs" variant="light">
              自分
            </Badge>
          )}
          {a.disabled && (
            <Badge size="xs" color="danger" variant="light">
              利用停止
            </Badge>
          )}
        </Group>
      ),
    },
    { label: 'メールアドレス', sort: 'email', render: (a) => a.email },
    {
      label: '権限',
      render: (a) => (
        <Group gap={4}>
          {a.permissions.map((p) => (
            <Badge key={p} size="xs" variant="outline" color="gray">
              {ADMIN_PERMISSION_LABELS[p as AdminPermission] ?? p}
            </Badge>
          ))}
        </Group>
      ),
    },
    { label: '最終ログイン', sort: 'last_login_at', w: 150, render: (a) => fmtDateTime(a.last_login_at) },
    {
      label: '操作',
      w: 150,
      render: (a) => (
        <Group gap={6} wrap="nowrap">
          <Button size="compact-sm" variant="light" component={Link} to={`/system/admins/${a.id}/edit`}>
            編集
          </Button>
          {a.id !== me?.user_id && (
            <Button size="compact-sm" variant="subtle" color="danger" onClick={() => remove(a)}>
              削除
            </Button>
          )}
        </Group>
      ),
    },
  ];
  const actions = (
    <>
      <Button variant="default" component={Link} to="/system/admin-invitations">
        招待一覧
      </Button>
      <Button component={Link} to="/system/admin-invitations/create" leftSection={<IconUserPlus size={16} />}>
        管理者を招待する
      </Button>
    </>
  );
  return (
    <>
      <PageHeader title="管理者一覧" actions={actions} />
      <AdminList<AdminUser>
        path={ADMINS_PATH}
        queryKey={ADMINS_KEY}
        sortable={ADMIN_SORTABLE}
        columns={columns}
        placeholder="氏名・メールアドレスで検索"
        emptyTitle="管理者がいません"
        label="管理者一覧"
      />
    </>
  );
}
