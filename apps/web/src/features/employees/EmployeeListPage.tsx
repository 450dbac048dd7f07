import { EMPLOYEE_SORTABLE, EMPLOYMENT_TYPE_LABELS, type Employee, formatDateJa, isPermitted } from '@chobo/core';
import { ActionIcon, Badge, Button, Group, Paper, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { KeywordSearchInput } from '../../components/KeywordSearchInput';
import { ListFooter } from '../../components/ListFooter';
import { ListSkeletonRows } from '../../components/ListSkeletonRows';
import { PageHeader } from '../../components/PageHeader';
import { SortableTh } from '../../components/SortableTh';
import { useLoadingFlag } from '../../lib/loading';
import { notifySuccess } from '../../lib/notify';
import { usePermissions } from '../../lib/session';
import { useKeywordInput, useListParams } from '../../lib/use-list-params';
import { useDeleteEmployee, useEmployeeList, useEmployeeSettings } from './api';

export const employeeEditPath = (id: number) => `/company/employee/edit?id=${id}`;

function hours(value: number | null): string {
  return value === null ? '' : `${value}時間`;
}

/** /company/employee: the employees and the headcount against max_employee. */
export default function EmployeeListPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListParams(EMPLOYEE_SORTABLE);
  const [keywordInput, setKeywordInput] = useKeywordInput(list);

  const query = useEmployeeList({
    keyword: list.keyword,
    page: list.page,
    sort_by: list.sortBy,
    sort_dir: list.sortDir,
  });
  useLoadingFlag(query.isFetching && (query.isPending || query.isPlaceholderData));
  const canSettings = isPermitted('account.max-employee', usePermissions());
  const settings = useEmployeeSettings(canSettings);
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;
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
  const sortProps = (column: (typeof EMPLOYEE_SORTABLE)[number]) => ({
    sorted: list.sortBy === column,
    dir: list.sortBy === column ? list.sortDir : null,
    onSort: () => list.toggleSort(column),
  });
  const open = (e: Employee) => navigate(employeeEditPath(e.id), { state: { listSearch: location.search } });

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
        actions={
          <Button component={Link} to="/company/employee/create" leftSection={<IconPlus size={16} />}>
            新規登録
          </Button>
        }
      />
      <Paper withBorder radius="md">
        <Group p="md">
          <KeywordSearchInput
            placeholder="コード・氏名・カナ・部署・メールで検索"
            value={keywordInput}
            onChange={setKeywordInput}
          />
        </Group>
        <Table.ScrollContainer minWidth={860}>
          <Table highlightOnHover verticalSpacing="sm" aria-label="従業員一覧">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <SortableTh {...sortProps('code')} w={110}>
                  コード
                </SortableTh>
                <SortableTh {...sortProps('name')}>氏名</SortableTh>
                <SortableTh {...sortProps('department')} w={120}>
                  部署
                </SortableTh>
                <Table.Th w={170}>雇用形態</Table.Th>
                <Table.Th w={100}>所定労働</Table.Th>
                <SortableTh {...sortProps('hire_date')} w={140}>
                  入社日
                </SortableTh>
                <Table.Th w={90}>状態</Table.Th>
                <Table.Th w={56} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.isPending && <ListSkeletonRows rows={4} colSpan={8} />}
              {rows.map((e) => (
                <Table.Tr
                  key={e.id}
                  data-testid="employee-row"
                  tabIndex={0}
                  style={{ cursor: 'pointer' }}
                  onClick={() => open(e)}
                  onKeyDown={(ev) => {
                    if (ev.key === 'Enter' && ev.target === ev.currentTarget) open(e);
                  }}
                >
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {e.code}
                    </Text>
                  </Table.Td>
                  <Table.Td>
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
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{e.department ?? ''}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{EMPLOYMENT_TYPE_LABELS[e.employment_type]}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{hours(e.daily_hours)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateJa(e.hire_date)}</Text>
                  </Table.Td>
                  <Table.Td>
                    {e.is_active ? (
                      <Badge variant="light" radius="sm">
                        在籍
                      </Badge>
                    ) : (
                      <Badge variant="light" color="gray" radius="sm">
                        退職
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="danger"
                      aria-label={`${e.name}を削除`}
                      onClick={(ev) => {
                        ev.stopPropagation();
                        confirmDelete(e);
                      }}
                      onKeyDown={(ev) => ev.stopPropagation()}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {query.isSuccess && rows.length === 0 && !query.isPlaceholderData && (
          <EmptyBlock
            title={list.keyword ? '条件に一致する従業員が見つかりません' : '従業員が登録されていません'}
            action={
              list.keyword ? undefined : (
                <Button component={Link} to="/company/employee/create" leftSection={<IconPlus size={16} />}>
                  従業員を登録する
                </Button>
              )
            }
          />
        )}
        {meta && rows.length > 0 && <ListFooter meta={meta} onPage={list.setPage} />}
      </Paper>
    </>
  );
}
