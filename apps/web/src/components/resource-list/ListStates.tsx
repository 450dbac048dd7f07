import type { Paginated } from '@chobo/core';
import { Button } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyBlock } from '../EmptyBlock';
import { ListErrorState } from '../ListErrorState';
import { ListFooter } from '../ListFooter';
import type { EmptySpec, FilteredEmptySpec } from './types';

const DEFAULT_FILTERED: FilteredEmptySpec = {
  title: '条件に一致するデータがありません',
  description: 'キーワードや条件を変えて検索してください。',
};

/** Under the rows: the empty state (filtered or not), the error with 再読み込み, or the footer with paging. */
export function ListStates<T>({
  query,
  filtered,
  empty,
  emptyFiltered = DEFAULT_FILTERED,
  onClear,
  onPage,
}: {
  query: UseQueryResult<Paginated<T>, Error>;
  filtered: boolean;
  empty: EmptySpec;
  emptyFiltered?: FilteredEmptySpec;
  onClear: () => void;
  onPage: (page: number) => void;
}) {
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;
  const shown = filtered ? emptyFiltered : empty;
  const clearButton = filtered && emptyFiltered.clearAction && (
    <Button variant="light" onClick={onClear}>
      条件をクリア
    </Button>
  );
  return (
    <>
      {query.isSuccess && rows.length === 0 && !query.isPlaceholderData && (
        <EmptyBlock
          icon={shown.icon}
          title={shown.title}
          description={shown.description}
          action={clearButton || shown.action}
        />
      )}
      {query.isError && !query.data && (
        <ListErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      )}
      {meta && rows.length > 0 && <ListFooter meta={meta} onPage={onPage} />}
    </>
  );
}
