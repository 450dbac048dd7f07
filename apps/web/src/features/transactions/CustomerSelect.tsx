import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Ref, useState } from 'react';
import { useCustomerSearch } from './api';

type Option = { value: string; label: string };

/**
 * 売上先 (used_for 1 or 3) — or 仕入先 (used_for 2 or 3) with `usedFor={2}` — searched by name, kana, phone… on the server (debounced). `currentLabel` names
 * the current value when it is not among the results (e.g. the edit page's customer_name).
 */
export function CustomerSelect({
  value,
  onChange,
  currentLabel,
  companyId = null,
  usedFor = 1,
  label,
  placeholder = '顧客名・カナで検索',
  error,
  withAsterisk,
  inputRef,
  onBlur,
  w,
  'aria-label': ariaLabel,
}: {
  value: number | null;
  onChange: (id: number | null, label: string | null) => void;
  currentLabel?: string | null;
  companyId?: number | null;
  usedFor?: 1 | 2;
  label?: string;
  placeholder?: string;
  error?: string;
  withAsterisk?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  w?: number | string;
  'aria-label'?: string;
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Option | null>(null);
  const selectedLabel = chosen && value !== null && chosen.value === String(value) ? chosen.label : currentLabel;
  // after a choice the box shows the chosen name: that is not a keyword
  const keyword = search === selectedLabel ? '' : search.trim();
  const [debounced] = useDebouncedValue(keyword, 250);
  const list = useCustomerSearch(debounced, companyId, usedFor);
  const options: Option[] = (list.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  if (value !== null && !options.some((o) => o.value === String(value))) {
    options.unshift({
      value: String(value),
      label: selectedLabel ?? `${usedFor === 1 ? '顧客' : '取引先'}ID: ${value}`,
    });
  }
  return (
    <Select
      ref={inputRef}
      label={label}
      aria-label={ariaLabel}
      placeholder={placeholder}
      withAsterisk={withAsterisk}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(v, option) => {
        setChosen(v ? option : null);
        onChange(v ? Number(v) : null, v ? option.label : null);
      }}
      onBlur={onBlur}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // the server has already filtered by the keyword
      filter={({ options: all }) => all}
      nothingFoundMessage={
        list.isFetching ? '検索中…' : usedFor === 1 ? '該当する顧客がありません' : '該当する取引先がありません'
      }
      error={error}
      w={w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
