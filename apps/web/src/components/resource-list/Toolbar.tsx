import { Box, Button, Group, NativeSelect, Stack } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { SortDir } from '../../lib/use-list-params';
import { KeywordSearchInput } from '../KeywordSearchInput';
import { FilterInput } from './filters';
import type { FilterSpec, ResourceListState } from './types';

/** Keyword box, the declared filters (chips on their own line) and 条件をクリア. */
export function Toolbar<T>({
  state,
  search,
  keywordInput,
  onKeyword,
  filters = [],
  clearButton,
  extra,
  phoneSortChoices,
  onPhoneSort,
  label,
}: {
  state: ResourceListState<T>;
  search?: { placeholder: string; label?: string };
  keywordInput: string;
  onKeyword: (value: string) => void;
  filters?: FilterSpec[];
  clearButton?: boolean;
  extra?: ReactNode;
  phoneSortChoices?: { value: string; label: string }[];
  onPhoneSort?: (sortBy: string | null, sortDir: SortDir | null) => void;
  /** Makes it a search landmark. */
  label?: string;
}) {
  const { narrow, filtered } = state;
  const input = (spec: FilterSpec, i: number) => (
    <FilterInput key={i} spec={spec} values={state.filters} set={state.setFilter} rows={state.rows} narrow={narrow} />
  );
  const inline = filters.filter((f) => f.type !== 'chips');
  const chips = filters.filter((f) => f.type === 'chips');
  const clear = clearButton && filtered && (
    <Button
      variant="subtle"
      color="gray"
      size={narrow ? 'xs' : undefined}
      leftSection={<IconFilterOff size={narrow ? 14 : 16} />}
      onClick={state.clear}
    >
      条件をクリア
    </Button>
  );
  return (
    <Stack gap="sm" p="md" role={label ? 'search' : undefined} aria-label={label}>
      <Group align="flex-end" wrap="wrap">
        {search && (
          <Box style={{ flex: '1 1 240px', maxWidth: narrow ? undefined : 360 }}>
            <KeywordSearchInput
              placeholder={search.placeholder}
              label={search.label}
              value={keywordInput}
              onChange={onKeyword}
              w="100%"
            />
          </Box>
        )}
        {inline.map(input)}
        {!narrow && clear}
        {narrow && phoneSortChoices && (
          <NativeSelect
            aria-label="並び順"
            size="xs"
            style={{ flex: 1, minWidth: 0 }}
            data={phoneSortChoices}
            value={state.sortBy ? `${state.sortBy}:${state.sortDir}` : ''}
            onChange={(e) => {
              const [by, dir] = e.currentTarget.value.split(':');
              onPhoneSort?.(by || null, by ? (dir as SortDir) : null);
            }}
          />
        )}
        {extra}
      </Group>
      {chips.map(input)}
      {narrow && clear}
    </Stack>
  );
}
