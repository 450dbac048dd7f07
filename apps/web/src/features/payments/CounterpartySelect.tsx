import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useCounterpartySearch } from './api';

type Option = { value: string; label: string };

/** 取引先: 売上先 for 入金, 仕入先 for 支払, searched on the server by name or kana. */
export function CounterpartySelect({
  direction,
  value,
  onChange,
  currentLabel,
  label,
  error,
  w,
}: {
  direction: 'in' | 'out';
  value: number | null;
  onChange: (id: number | null, label: string | null) => void;
  currentLabel?: string | null;
  label?: string;
  error?: string;
  w?: number | string;
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Option | null>(null);
  const selectedLabel = chosen && value !== null && chosen.value === String(value) ? chosen.label : currentLabel;
  const keyword = search === selectedLabel ? '' : search.trim();
  const [debounced] = useDebouncedValue(keyword, 250);
  const list = useCounterpartySearch(debounced, direction);
  const options: Option[] = (list.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  if (value !== null && !options.some((o) => o.value === String(value))) {
    options.unshift({ value: String(value), label: selectedLabel ?? `取引先ID: ${value}` });
  }
  return (
    <Select
      label={label}
      aria-label={label ?? '取引先'}
      placeholder="取引先名・カナで検索"
      data={options}
      value={value === null ? null : String(value)}
      onChange={(v, option) => {
        setChosen(v ? option : null);
        onChange(v ? Number(v) : null, v ? option.label : null);
      }}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={list.isFetching ? '検索中…' : '該当する取引先がありません'}
      error={error}
      w={w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
