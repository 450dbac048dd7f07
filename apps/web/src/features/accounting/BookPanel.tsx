import { ACCOUNT_CATEGORIES, type AccountCategory } from '@chobo/core';
import { Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyBlock } from '../../components/EmptyBlock';
import { useLoadingFlag } from '../../lib/loading';

/** Figures in a book: tabular digits, never wrapped. */
export const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

interface BookQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
  error: Error | null;
}

/**
 * The frame of a book panel (総勘定元帳, 残高試算表): its toolbar, then the query's state — skeleton rows
 * while loading, `errorTitle` when nothing could be read, else `children` with the data. `placeholder`
 * stands instead of all of it when there is nothing to ask for yet.
 */
export function BookPanel<T>({
  toolbar,
  query,
  data,
  errorTitle,
  placeholder,
  children,
}: {
  toolbar: ReactNode;
  query: BookQuery<unknown>;
  data: T | undefined;
  errorTitle: string;
  placeholder?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  useLoadingFlag(query.isFetching && (query.isPending || query.isPlaceholderData));
  return (
    <Paper withBorder radius="md">
      {toolbar}
      {placeholder ? (
        placeholder
      ) : query.isPending ? (
        <Stack p="md" aria-busy>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={16} />
          ))}
        </Stack>
      ) : query.isError && !data ? (
        <EmptyBlock title={errorTitle} description={query.error?.message} />
      ) : data ? (
        children(data)
      ) : null}
    </Paper>
  );
}

/** The accounts' categories in the order of a trial balance: 資産, 負債, 純資産, 収益, 費用. */
export const CATEGORY_ORDER: AccountCategory[] = ['asset', 'liability', 'net_assets', 'revenue', 'expense'];

/** The heading row of a category inside a trial balance table (and what its figures are, e.g. 各月の金額). */
export function CategoryRow({
  category,
  colSpan,
  note,
}: {
  category: AccountCategory;
  colSpan: number;
  note?: string;
}) {
  return (
    <Table.Tr bg="gray.0">
      <Table.Td colSpan={colSpan}>
        <Text size="sm" fw={700}>
          {ACCOUNT_CATEGORIES[category]}
          {note && (
            <Text span size="xs" c="dimmed" ml="xs">
              {note}
            </Text>
          )}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
