import { formatDateJa, todayInTokyo } from '@chobo/core';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowBackUp, IconCircleCheck, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmptyBlock } from '../../components/EmptyBlock';
import { KeywordSearchInput } from '../../components/KeywordSearchInput';
import { ListErrorState } from '../../components/ListErrorState';
import { ListFooter } from '../../components/ListFooter';
import { ListSkeletonRows } from '../../components/ListSkeletonRows';
import { useLoadingFlag } from '../../lib/loading';
import { useKeywordInput, useListParams } from '../../lib/use-list-params';
import { AccountSelect } from './AccountSelect';
import {
  type EntryListParams,
  useAccounts,
  useDeleteEntry,
  useEntry,
  useEntryList,
  useFiscalYears,
  useReverseEntry,
} from './api';
import { formatAmountOrBlank } from './format';
import { confirmDeleteEntry, confirmReverse, JOURNAL_PATH } from './JournalEntryPages';
import { SourceLink } from './SourceLink';
import type { Account, JournalEntry } from './types';

const FILTER_KEYS = ['from', 'to', 'account_id', 'order', 'period', 'saved'] as const;
const NO_SORT: readonly string[] = [];
const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** Debit lines beside credit lines, row by row (the layout of a paper 仕訳帳). */
export function pairLines(entry: JournalEntry) {
  const debits = entry.lines.filter((l) => l.debit > 0);
  const credits = entry.lines.filter((l) => l.credit > 0);
  const rows = Math.max(debits.length, credits.length, 1);
  return Array.from({ length: rows }, (_, i) => ({ debit: debits[i], credit: credits[i] }));
}

/**
 * 仕訳帳: entries in date order with their lines; keyword / period / account filters and the page live in
 * the URL. `companyId` + `readOnly` serve the administrator's view.
 */
export function JournalList({ companyId, readOnly = false }: { companyId?: number; readOnly?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListParams(NO_SORT, FILTER_KEYS);
  const accounts = useAccounts(companyId ?? null);
  const accountById = useMemo(() => new Map((accounts.data ?? []).map((a) => [a.id, a])), [accounts.data]);

  const [keywordInput, setKeywordInput] = useKeywordInput(list);

  const accountId = Number(list.filters.account_id);
  // no period in the URL: the current fiscal year (「全期間」 = period=all)
  const fiscalYears = useFiscalYears(companyId ?? null);
  const givenFrom = list.filters.from && ISO.test(list.filters.from) ? list.filters.from : null;
  const givenTo = list.filters.to && ISO.test(list.filters.to) ? list.filters.to : null;
  const explicitPeriod = Boolean(givenFrom || givenTo) || list.filters.period === 'all';
  const currentYear = useMemo(() => {
    const today = todayInTokyo();
    return fiscalYears.data?.find((y) => y.start_date <= today && today <= y.end_date) ?? null;
  }, [fiscalYears.data]);
  const params: EntryListParams = {
    keyword: list.keyword,
    page: list.page,
    from: explicitPeriod ? givenFrom : (currentYear?.start_date ?? null),
    to: explicitPeriod ? givenTo : (currentYear?.end_date ?? null),
    account_id: Number.isInteger(accountId) && accountId > 0 ? accountId : null,
    company_id: companyId ?? null,
    // newest first unless 古い順 is chosen
    sort_dir: list.filters.order === 'asc' ? 'asc' : 'desc',
  };
  const query = useEntryList(params, explicitPeriod || !fiscalYears.isPending);
  const savedId = Number(list.filters.saved) || null;
  useLoadingFlag(query.isFetching && (query.isPending || query.isPlaceholderData));
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;
  const remove = useDeleteEntry();
  const reverse = useReverseEntry();
  const filtered = Boolean(params.keyword || explicitPeriod || params.account_id);

  const open = (entry: JournalEntry) => {
    if (!readOnly) navigate(`${JOURNAL_PATH}/edit?id=${entry.id}`, { state: { listSearch: location.search } });
  };
  const name = (id: number | undefined) => {
    if (id === undefined) return '';
    const a: Account | undefined = accountById.get(id);
    return a ? a.name : `#${id}`;
  };

  return (
    <Paper withBorder radius="md">
      {savedId && !readOnly && (
        <SavedEntryPanel id={savedId} onClose={() => list.setFilter('saved', null)} name={name} />
      )}
      <Group p="md" gap="sm" wrap="wrap" align="flex-end">
        <KeywordSearchInput
          placeholder="摘要・勘定科目・金額で検索"
          value={keywordInput}
          onChange={setKeywordInput}
          w={240}
        />
        <TextInput
          type="date"
          aria-label="開始日"
          value={params.from ?? ''}
          onChange={(e) => list.setFilter('from', e.currentTarget.value || null)}
          w={150}
        />
        <Text size="sm" c="dimmed" pb={8}>
          〜
        </Text>
        <TextInput
          type="date"
          aria-label="終了日"
          value={params.to ?? ''}
          onChange={(e) => list.setFilter('to', e.currentTarget.value || null)}
          w={150}
        />
        {explicitPeriod ? (
          currentYear && (
            <Button
              variant="subtle"
              size="xs"
              mb={6}
              onClick={() => {
                list.setFilter('from', null);
                list.setFilter('to', null);
                list.setFilter('period', null);
              }}
            >
              今期に戻す
            </Button>
          )
        ) : (
          <Button variant="subtle" size="xs" mb={6} onClick={() => list.setFilter('period', 'all')}>
            全期間
          </Button>
        )}
        <AccountSelect
          accounts={accounts.data ?? []}
          includeInactive
          value={params.account_id}
          onChange={(id) => list.setFilter('account_id', id ? String(id) : null)}
          aria-label="勘定科目で絞り込み"
          placeholder="勘定科目（すべて）"
          clearable
          w={200}
        />
        <SegmentedControl
          aria-label="並び順"
          ml="auto"
          size="sm"
          value={params.sort_dir}
          onChange={(v) => list.setFilter('order', v === 'asc' ? 'asc' : null)}
          data={[
            { value: 'desc', label: '新しい順' },
            { value: 'asc', label: '古い順' },
          ]}
        />
      </Group>

      <Table.ScrollContainer minWidth={960}>
        <Table
          withRowBorders={false}
          verticalSpacing={3}
          horizontalSpacing="sm"
          aria-label="仕訳帳"
          aria-busy={query.isFetching}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          <Table.Thead bg="gray.0" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <Table.Tr>
              <Table.Th w={64}>No.</Table.Th>
              <Table.Th w={96}>日付</Table.Th>
              <Table.Th>摘要</Table.Th>
              <Table.Th w={150}>借方科目</Table.Th>
              <Table.Th w={120} ta="right">
                借方金額
              </Table.Th>
              <Table.Th w={150}>貸方科目</Table.Th>
              <Table.Th w={120} ta="right">
                貸方金額
              </Table.Th>
              {!readOnly && <Table.Th w={48} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.isPending && <ListSkeletonRows rows={5} colSpan={readOnly ? 7 : 8} testId="skeleton-row" />}
            {rows.map((entry) => {
              const pairs = pairLines(entry);
              const span = pairs.length;
              return (
                <Fragment key={entry.id}>
                  {pairs.map((pair, i) => (
                    <Table.Tr
                      // biome-ignore lint/suspicious/noArrayIndexKey: lines of one entry in a fixed order
                      key={i}
                      data-testid={i === 0 ? 'entry-row' : 'entry-subrow'}
                      data-saved={entry.id === savedId || undefined}
                      onClick={readOnly ? undefined : () => open(entry)}
                      style={{
                        cursor: readOnly ? undefined : 'pointer',
                        background: entry.id === savedId ? 'var(--mantine-color-yellow-0)' : undefined,
                        borderTop: i === 0 ? '1px solid var(--mantine-color-gray-2)' : undefined,
                      }}
                    >
                      {i === 0 && (
                        <>
                          <Table.Td rowSpan={span} valign="top">
                            <Text size="sm" ff="monospace">
                              {entry.number}
                            </Text>
                          </Table.Td>
                          <Table.Td rowSpan={span} valign="top">
                            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                              {formatDateJa(entry.date)}
                            </Text>
                          </Table.Td>
                          <Table.Td rowSpan={span} valign="top">
                            <Group gap={6} wrap="nowrap">
                              <Text size="sm" lineClamp={2}>
                                {entry.description}
                              </Text>
                              {entry.locked && (
                                <IconLock size={12} color="var(--mantine-color-gray-6)" aria-label="締め済み" />
                              )}
                              <SourceLink type={entry.source_type} id={entry.source_id} readOnly={readOnly} />
                              {entry.reversal_of_id ? (
                                <Badge size="xs" variant="light" color="gray">
                                  逆仕訳
                                </Badge>
                              ) : null}
                              {entry.reversed_by_id ? (
                                <Badge size="xs" variant="light" color="orange">
                                  取消済
                                </Badge>
                              ) : null}
                            </Group>
                          </Table.Td>
                        </>
                      )}
                      <Table.Td valign="top">
                        <Text size="sm">{name(pair.debit?.account_id)}</Text>
                      </Table.Td>
                      <Table.Td ta="right" valign="top">
                        <Text size="sm">{formatAmountOrBlank(pair.debit?.debit)}</Text>
                      </Table.Td>
                      <Table.Td valign="top">
                        <Text size="sm">{name(pair.credit?.account_id)}</Text>
                      </Table.Td>
                      <Table.Td ta="right" valign="top">
                        <Text size="sm">{formatAmountOrBlank(pair.credit?.credit)}</Text>
                      </Table.Td>
                      {!readOnly && i === 0 && (
                        <Table.Td rowSpan={span} valign="top">
                          {entry.locked && entry.reversed_by_id ? null : entry.locked ? (
                            <Tooltip label="逆仕訳" withArrow>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                aria-label={`No.${entry.number}の逆仕訳`}
                                onClick={(event) => {
                                  event.stopPropagation();
                                  confirmReverse(entry, (id) => reverse.mutateAsync(id));
                                }}
                              >
                                <IconArrowBackUp size={16} />
                              </ActionIcon>
                            </Tooltip>
                          ) : (
                            <Tooltip label="削除" withArrow>
                              <ActionIcon
                                variant="subtle"
                                color="danger"
                                aria-label={`No.${entry.number}を削除`}
                                onClick={(event) => {
                                  event.stopPropagation();
                                  confirmDeleteEntry(entry, (id) => remove.mutateAsync(id));
                                }}
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {query.isSuccess && rows.length === 0 && !query.isPlaceholderData && (
        <EmptyBlock
          title={filtered ? '条件に一致する仕訳が見つかりません' : '仕訳が登録されていません'}
          description={filtered ? '検索キーワードや期間・勘定科目を変えてお試しください。' : undefined}
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
              <Button component={Link} to={`${JOURNAL_PATH}/create`} leftSection={<IconPlus size={16} />}>
                仕訳を登録する
              </Button>
            )
          }
        />
      )}
      {query.isError && !query.data && <ListErrorState message={query.error.message} />}
      {meta && rows.length > 0 && <ListFooter meta={meta} onPage={list.setPage} />}
    </Paper>
  );
}

/**
 * After a save: the saved entry, highlighted above the list wherever its page is, with 「続けて入力」 (a new
 * entry) and a link to edit it.
 */
function SavedEntryPanel({ id, onClose, name }: { id: number; onClose: () => void; name: (id?: number) => string }) {
  const entry = useEntry(id).data;
  if (!entry) return null;
  const lines = entry.lines.map((l) => `${name(l.account_id)} ${formatAmountOrBlank(l.debit || l.credit)}`);
  return (
    <Alert
      m="md"
      mb={0}
      color="yellow"
      variant="light"
      icon={<IconCircleCheck size={18} />}
      withCloseButton
      closeButtonLabel="閉じる"
      onClose={onClose}
      title={`仕訳 No.${entry.number} を保存しました`}
      data-testid="saved-entry"
    >
      <Text size="sm">
        {formatDateJa(entry.date)}　{entry.description}
      </Text>
      <Text size="xs" c="dimmed" mt={2}>
        {lines.join('　/　')}
      </Text>
      <Group gap="xs" mt="xs">
        <Button component={Link} to={`${JOURNAL_PATH}/create`} size="xs" leftSection={<IconPlus size={14} />}>
          続けて入力
        </Button>
        <Button component={Link} to={`${JOURNAL_PATH}/edit?id=${entry.id}`} size="xs" variant="default">
          この仕訳を開く
        </Button>
      </Group>
    </Alert>
  );
}
