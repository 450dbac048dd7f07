import { CUSTOMER_SORTABLE, CUSTOMER_USED_FOR, type Customer, formatDateJa, formatPostalCode } from '@chobo/core';
import { ActionIcon, Badge, Button, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { type ColumnSpec, cell, type FilterSpec, ResourceList } from '../../components/resource-list';
import { notifySuccess } from '../../lib/notify';
import { customerListHook, useDeleteCustomer, usePrefectures } from './api';
import { selectedCustomerId } from './form-values';

export const EMPTY_MESSAGE = '顧客が登録されていません';
const USED_FOR_COLORS: Record<number, string> = { 1: 'primary', 2: 'secondary', 3: 'tertiary' };
const USED_FOR_OPTIONS = Object.entries(CUSTOMER_USED_FOR).map(([value, label]) => ({ value, label }));
const FILTERS: FilterSpec[] = [
  {
    type: 'segmented',
    key: 'used_for',
    ariaLabel: '用途で絞り込み',
    options: USED_FOR_OPTIONS,
    valid: (v) => /^[123]$/.test(v),
  },
];

export const editPath = (id: number) => `/company/customers/edit?id=${id}`;

function columns(prefectures: Record<string, string>): ColumnSpec<Customer>[] {
  return [
    {
      label: '顧客名',
      sort: 'name',
      w: '23%',
      render: (c) => (
        <>
          <Text size="sm" fw={600} lineClamp={2}>
            {c.name}
            {c.honorific ? (
              <Text span size="xs" c="dimmed" ml={4} style={{ whiteSpace: 'nowrap' }}>
                {c.honorific}
              </Text>
            ) : null}
          </Text>
          {c.name_kana && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {c.name_kana}
            </Text>
          )}
        </>
      ),
    },
    {
      label: '用途',
      w: 140,
      render: (c) =>
        c.used_for ? (
          <Badge variant="light" color={USED_FOR_COLORS[c.used_for] ?? 'gray'} radius="sm">
            {CUSTOMER_USED_FOR[c.used_for as 1 | 2 | 3] ?? ''}
          </Badge>
        ) : null,
    },
    { label: '電話番号', w: 124, render: (c) => cell(c.tel || c.mobile || '') },
    {
      label: '住所',
      sort: 'prefecture_code',
      render: (c) => (
        <>
          {c.postal_code && (
            <Text size="xs" c="dimmed">
              〒{formatPostalCode(c.postal_code)}
            </Text>
          )}
          <Text size="sm" lineClamp={2}>
            {c.prefecture_code ? (prefectures[c.prefecture_code] ?? '') : ''}
            {c.address1 ?? ''}
          </Text>
        </>
      ),
    },
    {
      label: '登録番号',
      w: 132,
      render: (c) => (
        <Text size="xs" ff="monospace">
          {c.registration_number ?? ''}
        </Text>
      ),
    },
    { label: '更新日', sort: 'updated_at', w: 128, render: (c) => cell(formatDateJa(c.updated_at)) },
  ];
}

function useDeleteColumn(): ColumnSpec<Customer> {
  const remove = useDeleteCustomer();
  const confirmDelete = (customer: Customer) =>
    modals.openConfirmModal({
      title: '顧客の削除',
      children: (
        <Text size="sm">
          「{customer.name}」を削除しますか？取引で使われている顧客は履歴のために残り、選択肢には表示されなくなります。
        </Text>
      ),
      labels: { confirm: '削除する', cancel: 'キャンセル' },
      confirmProps: { color: 'danger' },
      onConfirm: () =>
        remove.mutate(customer.id, { onSuccess: () => notifySuccess(`「${customer.name}」を削除しました`) }),
    });
  return {
    label: '操作',
    hideLabel: true,
    w: 56,
    actions: true,
    render: (c) => (
      <Tooltip label="削除" withArrow>
        <ActionIcon variant="subtle" color="danger" aria-label={`${c.name}を削除`} onClick={() => confirmDelete(c)}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    ),
  };
}

/**
 * The customer list (顧客管理), URL-driven. `companyId` + `readOnly` let an administrator view a company's
 * customers (/system/companies/{id}/customers) with the same component.
 */
export function CustomerList({ companyId, readOnly = false }: { companyId?: number; readOnly?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const prefectures = usePrefectures();
  const [selectedId] = useState(selectedCustomerId);
  const useData = useMemo(() => customerListHook(companyId ?? null), [companyId]);
  const remove = useDeleteColumn();
  const create = (
    <Button
      component={Link}
      to="/company/customers/create"
      state={{ listSearch: location.search }}
      leftSection={<IconPlus size={16} />}
    >
      顧客を登録する
    </Button>
  );
  return (
    <ResourceList<Customer>
      label="顧客一覧"
      useData={useData}
      sortable={CUSTOMER_SORTABLE}
      columns={readOnly ? columns(prefectures) : [...columns(prefectures), remove]}
      rowTestId="customer-row"
      search={{ placeholder: '顧客名・カナ・担当者・電話番号などで検索' }}
      filters={FILTERS}
      clearKeeps={[]}
      onOpen={readOnly ? undefined : (c) => navigate(editPath(c.id), { state: { listSearch: location.search } })}
      highlightOnHover={!readOnly}
      rowBg={(c) => (c.id === selectedId ? 'primary.0' : undefined)}
      minWidth={900}
      skeleton={{ radius: 'sm', testId: 'skeleton-row' }}
      empty={{
        title: EMPTY_MESSAGE,
        description: readOnly ? undefined : '最初の顧客を登録しましょう。',
        action: readOnly ? undefined : create,
      }}
      emptyFiltered={{
        title: '条件に一致する顧客が見つかりません',
        description: '検索キーワードや絞り込みを変えてお試しください。',
        clearAction: true,
      }}
    />
  );
}
