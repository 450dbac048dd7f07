import { CUSTOMER_SORTABLE, CUSTOMER_USED_FOR, type Customer, formatDateJa, formatPostalCode } from '@chobo/core';
import { ActionIcon, Badge, Box, Button, Group, Paper, SegmentedControl, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { KeywordSearchInput } from '../../components/KeywordSearchInput';
import { ListErrorState } from '../../components/ListErrorState';
import { ListFooter } from '../../components/ListFooter';
import { ListSkeletonRows } from '../../components/ListSkeletonRows';
import { SortableTh } from '../../components/SortableTh';
import { useLoadingFlag } from '../../lib/loading';
import { notifySuccess } from '../../lib/notify';
import { useKeywordInput, useListParams } from '../../lib/use-list-params';
import { type CustomerListParams, useCustomerList, useDeleteCustomer, usePrefectures } from './api';
import { selectedCustomerId } from './form-values';

export const KEYWORD_DEBOUNCE_MS = 300;
export const EMPTY_MESSAGE = '顧客が登録されていません';
const FILTER_KEYS = ['used_for'] as const;
const USED_FOR_COLORS: Record<number, string> = { 1: 'primary', 2: 'secondary', 3: 'tertiary' };

export const editPath = (id: number) => `/company/customers/edit?id=${id}`;

function usedForLabel(value: number | null | undefined): string {
  return value ? (CUSTOMER_USED_FOR[value as 1 | 2 | 3] ?? '') : '';
}

/**
 * The customer list (顧客管理), URL-driven. `companyId` + `readOnly` let an administrator view a company's
 * customers (/system/companies/{id}/customers) with the same component.
 */
export function CustomerList({ companyId, readOnly = false }: { companyId?: number; readOnly?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListParams(CUSTOMER_SORTABLE, FILTER_KEYS);
  const prefectures = usePrefectures();
  const [selectedId] = useState(selectedCustomerId);

  const [keywordInput, setKeywordInput] = useKeywordInput(list, KEYWORD_DEBOUNCE_MS);

  const usedFor = Number(list.filters.used_for);
  const params: CustomerListParams = {
    keyword: list.keyword,
    page: list.page,
    sort_by: list.sortBy,
    sort_dir: list.sortDir,
    used_for: usedFor >= 1 && usedFor <= 3 ? usedFor : null,
    company_id: companyId ?? null,
  };
  const query = useCustomerList(params);
  useLoadingFlag(query.isFetching && (query.isPending || query.isPlaceholderData));

  const meta = query.data?.meta;
  const rows = query.data?.data ?? [];
  const setPage = list.setPage;
  useEffect(() => {
    // e.g. the last row of the last page was deleted
    if (meta && meta.total > 0 && list.page > meta.last_page) setPage(meta.last_page);
  }, [meta, list.page, setPage]);

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
        remove.mutate(customer.id, {
          onSuccess: () => notifySuccess(`「${customer.name}」を削除しました`),
        }),
    });

  const filtered = Boolean(list.keyword || params.used_for);
  const sortProps = (column: (typeof CUSTOMER_SORTABLE)[number]) => ({
    sorted: list.sortBy === column,
    dir: list.sortBy === column ? list.sortDir : null,
    onSort: () => list.toggleSort(column),
  });
  const open = (customer: Customer) => {
    if (!readOnly) navigate(editPath(customer.id), { state: { listSearch: location.search } });
  };
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, customer: Customer) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) open(customer);
  };

  return (
    <Paper withBorder radius="md">
      <Group justify="space-between" p="md" gap="md" wrap="nowrap">
        <KeywordSearchInput
          placeholder="顧客名・カナ・担当者・電話番号などで検索"
          value={keywordInput}
          onChange={setKeywordInput}
        />
        <SegmentedControl
          aria-label="用途で絞り込み"
          size="sm"
          value={params.used_for ? String(params.used_for) : 'all'}
          onChange={(value) => list.setFilter('used_for', value === 'all' ? null : value)}
          data={[
            { value: 'all', label: 'すべて' },
            ...Object.entries(CUSTOMER_USED_FOR).map(([value, label]) => ({ value, label })),
          ]}
        />
      </Group>

      <Table.ScrollContainer minWidth={900}>
        <Table
          highlightOnHover={!readOnly}
          verticalSpacing="sm"
          striped={false}
          aria-label="顧客一覧"
          aria-busy={query.isFetching}
        >
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <SortableTh {...sortProps('name')} w="23%">
                顧客名
              </SortableTh>
              <Table.Th w={140}>用途</Table.Th>
              <Table.Th w={124}>電話番号</Table.Th>
              <SortableTh {...sortProps('prefecture_code')}>住所</SortableTh>
              <Table.Th w={132}>登録番号</Table.Th>
              <SortableTh {...sortProps('updated_at')} w={128}>
                更新日
              </SortableTh>
              {!readOnly && (
                <Table.Th w={56}>
                  <Box component="span" style={{ position: 'absolute', left: -9999 }}>
                    操作
                  </Box>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.isPending && (
              <ListSkeletonRows rows={5} cells={readOnly ? 6 : 7} radius="sm" testId="skeleton-row" />
            )}
            {rows.map((customer) => (
              <Table.Tr
                key={customer.id}
                data-testid="customer-row"
                tabIndex={readOnly ? undefined : 0}
                onClick={readOnly ? undefined : () => open(customer)}
                onKeyDown={readOnly ? undefined : (event) => onRowKey(event, customer)}
                style={readOnly ? undefined : { cursor: 'pointer' }}
                bg={customer.id === selectedId ? 'primary.0' : undefined}
              >
                <Table.Td>
                  <Text size="sm" fw={600} lineClamp={2}>
                    {customer.name}
                    {customer.honorific ? (
                      <Text span size="xs" c="dimmed" ml={4} style={{ whiteSpace: 'nowrap' }}>
                        {customer.honorific}
                      </Text>
                    ) : null}
                  </Text>
                  {customer.name_kana && (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {customer.name_kana}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {customer.used_for ? (
                    <Badge variant="light" color={USED_FOR_COLORS[customer.used_for] ?? 'gray'} radius="sm">
                      {usedForLabel(customer.used_for)}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{customer.tel || customer.mobile || ''}</Text>
                </Table.Td>
                <Table.Td>
                  {customer.postal_code && (
                    <Text size="xs" c="dimmed">
                      〒{formatPostalCode(customer.postal_code)}
                    </Text>
                  )}
                  <Text size="sm" lineClamp={2}>
                    {customer.prefecture_code ? (prefectures[customer.prefecture_code] ?? '') : ''}
                    {customer.address1 ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {customer.registration_number ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateJa(customer.updated_at)}</Text>
                </Table.Td>
                {!readOnly && (
                  <Table.Td>
                    <Tooltip label="削除" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="danger"
                        aria-label={`${customer.name}を削除`}
                        onClick={(event) => {
                          event.stopPropagation();
                          confirmDelete(customer);
                        }}
                        onKeyDown={(event) => event.stopPropagation()}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {query.isSuccess && rows.length === 0 && !query.isPlaceholderData && (
        <EmptyBlock
          title={filtered ? '条件に一致する顧客が見つかりません' : EMPTY_MESSAGE}
          description={
            filtered
              ? '検索キーワードや絞り込みを変えてお試しください。'
              : readOnly
                ? undefined
                : '最初の顧客を登録しましょう。'
          }
          action={
            filtered ? (
              <Button
                variant="light"
                onClick={() => {
                  setKeywordInput('');
                  list.reset();
                }}
              >
                条件をクリア
              </Button>
            ) : readOnly ? null : (
              <Button
                component={Link}
                to="/company/customers/create"
                state={{ listSearch: location.search }}
                leftSection={<IconPlus size={16} />}
              >
                顧客を登録する
              </Button>
            )
          }
        />
      )}
      {query.isError && !query.data && (
        <ListErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      )}
      {meta && rows.length > 0 && <ListFooter meta={meta} onPage={list.setPage} />}
    </Paper>
  );
}
