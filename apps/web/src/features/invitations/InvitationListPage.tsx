import {
  ADMIN_PERMISSION_LABELS,
  type AdminPermission,
  INVITATION_SORTABLE,
  INVITATION_STATUS_LABELS,
  type InvitationRow,
} from '@chobo/core';
import { Badge, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconMailForward, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { notifySuccess } from '../../lib/notify';
import { type AdminColumn, AdminList, fmtDateTime } from '../admin-shared/AdminList';
import { INVITATION_PATHS, type InvitationKind, invitationKey, useDeleteInvitation, useResendInvitation } from './api';

const STATUS_COLORS = { pending: 'info', accepted: 'success', expired: 'gray' } as const;

export function InvitationListPage({ kind }: { kind: InvitationKind }) {
  const resend = useResendInvitation(kind);
  const remove = useDeleteInvitation(kind);
  const isAdmin = kind === 'admin';
  const createPath = isAdmin ? '/system/admin-invitations/create' : '/system/company-invitations/create';
  const columns: AdminColumn<InvitationRow>[] = [
    { label: 'メールアドレス', sort: 'email', render: (r) => r.email },
    isAdmin
      ? {
          label: '氏名・権限',
          render: (r) => (
            <>
              <Text size="sm">{r.name}</Text>
              <Text size="xs" c="dimmed">
                {r.permissions.map((p) => ADMIN_PERMISSION_LABELS[p as AdminPermission] ?? p).join('・')}
              </Text>
            </>
          ),
        }
      : {
          label: '企業名',
          render: (r) => (
            <>
              <Text size="sm">{r.company_name}</Text>
              {r.domain_name && (
                <Text size="xs" c="dimmed">
                  {r.domain_name}
                </Text>
              )}
            </>
          ),
        },
    {
      label: '状態',
      w: 96,
      render: (r) => (
        <Badge variant="light" color={STATUS_COLORS[r.status]}>
          {INVITATION_STATUS_LABELS[r.status]}
        </Badge>
      ),
    },
    { label: '送信日時', sort: 'sent_at', w: 150, render: (r) => fmtDateTime(r.sent_at) },
    { label: '有効期限', sort: 'expires_at', w: 150, render: (r) => fmtDateTime(r.expires_at) },
    {
      label: '操作',
      w: 200,
      render: (r) =>
        r.status === 'accepted' ? (
          <Text size="xs" c="dimmed">
            {fmtDateTime(r.accepted_at)} 登録
          </Text>
        ) : (
          <Group gap={6} wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconMailForward size={14} />}
              loading={resend.isPending && resend.variables === r.id}
              onClick={() => resend.mutate(r.id)}
            >
              再送
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="danger"
              aria-label={`${r.email} の招待を削除`}
              onClick={() =>
                modals.openConfirmModal({
                  title: '招待の削除',
                  children: (
                    <Text size="sm">{r.email} への招待を削除しますか？送信済みのリンクは使えなくなります。</Text>
                  ),
                  labels: { confirm: '削除する', cancel: 'キャンセル' },
                  confirmProps: { color: 'danger' },
                  onConfirm: () => remove.mutate(r.id, { onSuccess: () => notifySuccess('招待を削除しました') }),
                })
              }
            >
              <IconTrash size={14} />
            </Button>
          </Group>
        ),
    },
  ];
  const create = (
    <Button component={Link} to={createPath} leftSection={<IconPlus size={16} />}>
      {isAdmin ? '管理者を招待する' : '企業を招待する'}
    </Button>
  );
  return (
    <>
      <PageHeader
        title={isAdmin ? '管理者招待一覧' : '企業招待一覧'}
        description="招待メールのリンクは72時間有効で、一度だけ使えます。再送すると新しいリンクが送られ、以前のリンクは使えなくなります。"
        actions={create}
      />
      <AdminList<InvitationRow>
        path={INVITATION_PATHS[kind]}
        queryKey={invitationKey(kind)}
        perPage={isAdmin ? 20 : 10}
        sortable={INVITATION_SORTABLE}
        columns={columns}
        placeholder={isAdmin ? 'メールアドレス・氏名で検索' : 'メールアドレス・企業名で検索'}
        emptyTitle="招待はまだありません"
        emptyAction={create}
        label={isAdmin ? '管理者招待一覧' : '企業招待一覧'}
      />
    </>
  );
}

export function AdminInvitationsPage() {
  return <InvitationListPage kind="admin" />;
}
export function CompanyInvitationsPage() {
  return <InvitationListPage kind="company" />;
}
