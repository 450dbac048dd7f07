import { ADMIN_COMPANY_SORTABLE, type AdminCompany, COMPANY_STATUSES } from '@chobo/core';
import { ActionIcon, Badge, Button, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDots, IconMailForward, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { type AdminColumn, AdminList, fmtDateTime } from '../admin-shared/AdminList';
import { COMPANIES_KEY, COMPANIES_PATH, companyApi } from './api';

const VIEWS = [
  ['customers', '顧客'],
  ['accountings', '総勘定元帳'],
  ['balance-sheet', '貸借対照表'],
  ['income-statement', '損益計算書'],
  ['cash-flow', 'キャッシュフロー計算書'],
  ['transactions', '受注取引'],
  ['transaction-documents', '発注取引'],
] as const;

const COLUMNS: AdminColumn<AdminCompany>[] = [
  {
    label: '企業名',
    sort: 'name',
    render: (c) => (
      <>
        <Text size="sm" fw={600} component={Link} to={`/system/companies/${c.id}/edit`} c="inherit">
          {c.name}
        </Text>
        {c.name_kana && (
          <Text size="xs" c="dimmed">
            {c.name_kana}
          </Text>
        )}
      </>
    ),
  },
  {
    label: 'ログインアカウント',
    render: (c) =>
      c.owner ? (
        <>
          <Text size="sm">{c.owner.name}</Text>
          <Text size="xs" c="dimmed">
            {c.owner.email}
            {c.owner.disabled ? '（停止中）' : ''}
          </Text>
        </>
      ) : (
        <Text size="xs" c="dimmed">
          未設定
        </Text>
      ),
  },
  { label: 'ドメイン', w: 140, render: (c) => c.domain_name ?? '—' },
  {
    label: '状態',
    sort: 'status',
    w: 90,
    render: (c) => (
      <Badge variant="light" color={c.status === 'active' ? 'success' : 'danger'}>
        {COMPANY_STATUSES[c.status]}
      </Badge>
    ),
  },
  { label: '登録日時', sort: 'created_at', w: 150, render: (c) => fmtDateTime(c.created_at) },
];

/** /system/companies */
export default function CompanyListPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notifySuccess(done);
      await client.invalidateQueries({ queryKey: [COMPANIES_KEY] });
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  const confirm = (title: string, body: string, label: string, onConfirm: () => void, danger = true) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{body}</Text>,
      labels: { confirm: label, cancel: 'キャンセル' },
      confirmProps: { color: danger ? 'danger' : 'primary' },
      onConfirm,
    });

  const columns: AdminColumn<AdminCompany>[] = [
    ...COLUMNS,
    {
      label: '操作',
      w: 64,
      render: (c) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`${c.name} の操作`}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => navigate(`/system/companies/${c.id}/edit`)}>企業情報の編集</Menu.Item>
            <Menu.Item onClick={() => navigate(`/system/companies/${c.id}/account/edit`)}>ログインアカウント</Menu.Item>
            <Menu.Divider />
            <Menu.Label>閲覧（読み取り専用）</Menu.Label>
            {VIEWS.map(([path, label]) => (
              <Menu.Item key={path} onClick={() => navigate(`/system/companies/${c.id}/${path}`)}>
                {label}
              </Menu.Item>
            ))}
            <Menu.Divider />
            {c.status === 'active' ? (
              <Menu.Item
                color="warning"
                onClick={() =>
                  confirm(
                    '利用停止',
                    `「${c.name}」の利用を停止しますか？この企業のユーザーはログインできなくなります。`,
                    '停止する',
                    () => void run(() => companyApi.suspend(c.id), `「${c.name}」の利用を停止しました`),
                  )
                }
              >
                利用停止
              </Menu.Item>
            ) : (
              <Menu.Item
                onClick={() => void run(() => companyApi.reactivate(c.id), `「${c.name}」の利用を再開しました`)}
              >
                利用再開
              </Menu.Item>
            )}
            <Menu.Item
              color="danger"
              onClick={() =>
                confirm(
                  '企業の削除',
                  `「${c.name}」を削除しますか？仕訳が登録されている企業は削除できません（利用停止にしてください）。`,
                  '削除する',
                  () => void run(() => companyApi.remove(c.id), `「${c.name}」を削除しました`),
                )
              }
            >
              削除
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];
  const actions = (
    <>
      <Button
        variant="default"
        component={Link}
        to="/system/company-invitations"
        leftSection={<IconMailForward size={16} />}
      >
        企業招待
      </Button>
      <Button component={Link} to="/system/companies/create" leftSection={<IconPlus size={16} />}>
        企業を登録する
      </Button>
    </>
  );
  return (
    <>
      <PageHeader title="企業一覧" actions={actions} />
      <AdminList<AdminCompany>
        path={COMPANIES_PATH}
        queryKey={COMPANIES_KEY}
        sortable={ADMIN_COMPANY_SORTABLE}
        columns={columns}
        placeholder="企業名・カナ・メールアドレスで検索"
        emptyTitle="企業が登録されていません"
        label="企業一覧"
      />
    </>
  );
}
