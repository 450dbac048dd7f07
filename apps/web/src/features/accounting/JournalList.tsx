import { Button, SegmentedControl, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  type ColumnSpec,
  type FilterSpec,
  type ListFilterApi,
  ResourceList,
  UrlDateField,
} from '../../components/resource-list';
import { AccountSelect } from './AccountSelect';
import { journalListHook, useAccounts, useJournalPeriod } from './api';
import { JOURNAL_PATH } from './JournalEntryPages';
import { journalCard } from './journal-entry-card';
import { EntryRows, SavedEntryPanel } from './journal-list-rows';
import type { Account, JournalEntry } from './types';

export { pairLines } from './journal-list-rows';

const NO_SORT: readonly string[] = [];
const header = (label: string, w?: number, headerAlign?: 'right'): ColumnSpec<JournalEntry> => ({
  label,
  w,
  headerAlign,
  render: () => null,
});

/** The period boxes (the current fiscal year when none is given) with 今期に戻す / 全期間. */
function PeriodFilter({ api, period }: { api: ListFilterApi; period: ReturnType<typeof useJournalPeriod> }) {
  const { set } = api;
  return (
    <>
      <UrlDateField label="開始日" value={period.from} onChange={(v) => set('from', v)} invalid={false} w={150} />
      <Text size="sm" c="dimmed" pb={8}>
        〜
      </Text>
      <UrlDateField label="終了日" value={period.to} onChange={(v) => set('to', v)} invalid={false} w={150} />
      {period.explicit ? (
        period.currentYear && (
          <Button
            variant="subtle"
            size="xs"
            mb={6}
            onClick={() => {
              set('from', null);
              set('to', null);
              set('period', null);
            }}
          >
            今期に戻す
          </Button>
        )
      ) : (
        <Button variant="subtle" size="xs" mb={6} onClick={() => set('period', 'all')}>
          全期間
        </Button>
      )}
    </>
  );
}

/**
 * 仕訳帳: entries in date order with their lines; keyword / period / account filters and the page live in
 * the URL. `companyId` + `readOnly` serve the administrator's view.
 */
export function JournalList({ companyId, readOnly = false }: { companyId?: number; readOnly?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const company = companyId ?? null;
  const accounts = useAccounts(company);
  const accountById = useMemo(() => new Map((accounts.data ?? []).map((a) => [a.id, a])), [accounts.data]);
  const useData = useMemo(() => journalListHook(company), [company]);
  const search = new URLSearchParams(location.search);
  const period = useJournalPeriod(company, {
    from: search.get('from'),
    to: search.get('to'),
    period: search.get('period'),
  });
  const savedId = Number(search.get('saved')) || null;
  const accountId = Number(search.get('account_id'));
  const name = (id: number | undefined) => {
    if (id === undefined) return '';
    const a: Account | undefined = accountById.get(id);
    return a ? a.name : `#${id}`;
  };
  const open = (entry: JournalEntry) => {
    if (!readOnly) navigate(`${JOURNAL_PATH}/edit?id=${entry.id}`, { state: { listSearch: location.search } });
  };
  const filters: FilterSpec[] = [
    { type: 'custom', keys: ['from', 'to', 'period'], render: (api) => <PeriodFilter api={api} period={period} /> },
    {
      type: 'custom',
      keys: ['account_id'],
      render: ({ set }) => (
        <AccountSelect
          accounts={accounts.data ?? []}
          includeInactive
          value={Number.isInteger(accountId) && accountId > 0 ? accountId : null}
          onChange={(id) => set('account_id', id ? String(id) : null)}
          aria-label="勘定科目で絞り込み"
          placeholder="勘定科目（すべて）"
          clearable
          w={200}
        />
      ),
    },
    {
      type: 'custom',
      keys: ['order', 'saved'],
      render: ({ values, set }) => (
        <SegmentedControl
          aria-label="並び順"
          ml="auto"
          size="sm"
          value={values.order === 'asc' ? 'asc' : 'desc'}
          onChange={(v) => set('order', v === 'asc' ? 'asc' : null)}
          data={[
            { value: 'desc', label: '新しい順' },
            { value: 'asc', label: '古い順' },
          ]}
        />
      ),
    },
  ];
  return (
    <ResourceList<JournalEntry>
      label="仕訳帳"
      useData={useData}
      sortable={NO_SORT}
      columns={[
        header('No.', 64),
        header('日付', 96),
        header('摘要'),
        header('借方科目', 150),
        header('借方金額', 120, 'right'),
        header('貸方科目', 150),
        header('貸方金額', 120, 'right'),
        ...(readOnly ? [] : [header('', 48)]),
      ]}
      rowTestId="entry-row"
      card={journalCard(name)}
      onOpen={readOnly ? undefined : open}
      renderRow={(entry) => <EntryRows entry={entry} savedId={savedId} readOnly={readOnly} open={open} name={name} />}
      search={{ placeholder: '摘要・勘定科目・金額で検索' }}
      filters={filters}
      clearKeeps={[]}
      isFiltered={(state) => Boolean(state.params.keyword || period.explicit || state.filters.account_id)}
      top={(state) =>
        savedId &&
        !readOnly && <SavedEntryPanel id={savedId} onClose={() => state.setFilter('saved', null)} name={name} />
      }
      minWidth={960}
      highlightOnHover={false}
      tableProps={{
        withRowBorders: false,
        verticalSpacing: 3,
        horizontalSpacing: 'sm',
        style: { fontVariantNumeric: 'tabular-nums' },
      }}
      skeleton={{ colSpan: true, testId: 'skeleton-row' }}
      empty={{
        title: '仕訳が登録されていません',
        action: readOnly ? undefined : (
          <Button component={Link} to={`${JOURNAL_PATH}/create`} leftSection={<IconPlus size={16} />}>
            仕訳を登録する
          </Button>
        ),
      }}
      emptyFiltered={{
        title: '条件に一致する仕訳が見つかりません',
        description: '検索キーワードや期間・勘定科目を変えてお試しください。',
        clearAction: true,
      }}
    />
  );
}
