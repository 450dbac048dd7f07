import { EMPLOYEE_SORTABLE, EMPLOYMENT_TYPE_LABELS, type Employee, formatDateJa, isPermitted } from '@chobo/core';
import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { type ColumnSpec, cell, ResourceList } from '../../components/resource-list';
import { notifySuccess } from '../../lib/notify';
import { usePermissions } from '../../lib/session';
import { useDeleteEmployee, useEmployeeList, useEmployeeSettings } from './api';

export const employeeEditPath = (id: number) => `/company/employee/edit?id=${id}`;

const COLUMNS: ColumnSpec<Employee>[] = [
  {
    label: 'コード',
    sort: 'code',
    w: 110,
    render: (e) => cell(e.code, { ff: 'monospace' }),
  },
  {
    label: '氏名',
    sort: 'name',
    render: (e) => (
      <>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {e.name}
          </Text>
          {e.login_enabled && (
            <Tooltip label="ログインアカウントあり" withArrow>
              <IconKey size={14} aria-label="ログインアカウントあり" />
            </Tooltip>
          )}
        </Group>
        {e.name_kana && (
          <Text size="xs" c="dimmed">
            {e.name_kana}
          </Text>
        )}
      </>
    ),
  },
  { label: '部署', sort: 'department', w: 120, render: (e) => cell(e.department ?? '') },
  { label: '雇用形態', w: 170, render: (e) => cell(EMPLOYMENT_TYPE_LABELS[e.employment_type]) },
  { label: '所定労働', w: 100, render: (e) => cell(e.daily_hours === null ? '' : `${e.daily_hours}時間`) },
  { label: '入社日', sort: 'hire_date', w: 140, render: (e) => cell(formatDateJa(e.hire_date)) },
  {
    label: '状態',
    w: 90,
    render: (e) => (
      <Badge variant="light" color={e.is_active ? undefined : 'gray'} radius="sm">
        {e.is_active ? '在籍' : '退職'}
      </Badge>
    ),
  },
];

/** /company/employee: the employees and the headcount against max_employee. */
export default function EmployeeListPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const canSettings = isPermitted('account.max-employee', usePermissions());
  const settings = useEmployeeSettings(canSettings);
  const full = settings.data ? settings.data.active_employees >= settings.data.max_employee : false;
  const remove = useDeleteEmployee();
  const confirmDelete = (e: Employee) =>
    modals.openConfirmModal({
      title: '従業員の削除',
      children: <Text size="sm">「{e.name}」を削除しますか？ログインアカウントがあれば利用できなくなります。</Text>,
      labels: { confirm: '削除する', cancel: 'キャンセル' },
      confirmProps: { color: 'danger' },
      onConfirm: () => remove.mutate(e.id, { onSuccess: () => notifySuccess(`「${e.name}」を削除しました`) }),
    });
  const actions: ColumnSpec<Employee> = {
    label: '',
    w: 56,
    actions: true,
    render: (e) => (
      <ActionIcon variant="subtle" color="danger" aria-label={`${e.name}を削除`} onClick={() => confirmDelete(e)}>
        <IconTrash size={16} />
      </ActionIcon>
    ),
  };
  const create = (label: string) => (
    <Button component={Link} to="/company/employee/create" leftSection={<IconPlus size={16} />}>
      {label}
    </Button>
  );

  return (
    <>
      <PageHeader
        title="従業員管理"
        description={
          settings.data ? (
            <span data-testid="headcount">
              在籍 {settings.data.active_employees}人 / 上限 {settings.data.max_employee}人
              {full ? '（上限に達しています）' : ''}
            </span>
          ) : (
            '従業員を登録し、必要な人にはログインアカウントを発行します。'
          )
        }
        actions={create('新規登録')}
      />
      <ResourceList<Employee>
        label="従業員一覧"
        useData={useEmployeeList}
        sortable={EMPLOYEE_SORTABLE}
        columns={[...COLUMNS, actions]}
        rowTestId="employee-row"
        search={{ placeholder: 'コード・氏名・カナ・部署・メールで検索' }}
        onOpen={(e) => navigate(employeeEditPath(e.id), { state: { listSearch: location.search } })}
        minWidth={860}
        skeleton={{ rows: 4, colSpan: true }}
        empty={{ title: '従業員が登録されていません', action: create('従業員を登録する') }}
        emptyFiltered={{ title: '条件に一致する従業員が見つかりません' }}
      />
    </>
  );
}
