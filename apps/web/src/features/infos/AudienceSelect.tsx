import type { AdminCompany, Domain } from '@chobo/core';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchAudienceRow, searchAudienceRows } from './api';

type Option = { value: string; label: string };

interface RemoteSelectProps {
  /** The form value (a positive integer id, or empty). */
  value: unknown;
  onChange: (value: number | null) => void;
  error?: string;
}

/**
 * A searchable select whose options come from an admin list API (`keyword`, 20 per page, debounced);
 * the current value keeps its name even when it is not among the results (read from `{path}/{id}`).
 */
function RemoteSelect<T extends { id: number }>({
  path,
  queryKey,
  label,
  placeholder,
  toLabel,
  value,
  onChange,
  error,
}: RemoteSelectProps & {
  path: string;
  queryKey: string;
  label: string;
  placeholder: string;
  toLabel: (row: T) => string;
}) {
  const [search, setSearch] = useState('');
  /** The option picked from the results (its label is known without asking the server). */
  const [chosen, setChosen] = useState<Option | null>(null);
  const current = typeof value === 'number' && value > 0 ? value : null;
  const chosenLabel = chosen && current !== null && chosen.value === String(current) ? chosen.label : null;
  // e.g. the edit page: the current record's name
  const selected = useQuery({
    queryKey: [queryKey, 'detail', current],
    queryFn: ({ signal }) => fetchAudienceRow<T>(path, current!, signal),
    enabled: current !== null && chosenLabel === null,
    meta: { silent: true },
    retry: false,
  });
  const selectedLabel = chosenLabel ?? (selected.data ? toLabel(selected.data) : null);
  // After a choice the search box shows the chosen label: that is not a keyword.
  const keyword = search === selectedLabel ? '' : search.trim();
  const [debounced] = useDebouncedValue(keyword, 300);
  const list = useQuery<Option[]>({
    queryKey: [queryKey, 'search', debounced],
    queryFn: ({ signal }) =>
      searchAudienceRows<T>(path, debounced, signal).then((r) =>
        r.data.map((row): Option => ({ value: String(row.id), label: toLabel(row) })),
      ),
    // keep the previous results on screen while the next keyword loads
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: false,
  });
  const options: Option[] = [...(list.data ?? [])];
  if (current !== null && !options.some((o) => o.value === String(current))) {
    options.unshift({ value: String(current), label: selectedLabel ?? `ID: ${current}` });
  }
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={options}
      value={current === null ? null : String(current)}
      onChange={(v, option) => {
        setChosen(v ? option : null);
        onChange(v ? Number(v) : null);
      }}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // the server has already filtered by the keyword
      filter={({ options: all }) => all}
      nothingFoundMessage={list.isFetching ? '検索中…' : '該当するものがありません'}
      error={error}
    />
  );
}

/** Company of a notice: search by name, kana or e-mail; shows the name and the ID. */
export function CompanySelect(props: RemoteSelectProps) {
  return (
    <RemoteSelect<AdminCompany>
      {...props}
      path="/api/admin/companies"
      queryKey="admin-companies"
      label="企業"
      placeholder="企業名・カナ・メールアドレスで検索"
      toLabel={(c) => `${c.name}（ID: ${c.id}）`}
    />
  );
}

/** Domain of a notice: search by name; shows the name and the ID. */
export function DomainSelect(props: RemoteSelectProps) {
  return (
    <RemoteSelect<Domain>
      {...props}
      path="/api/admin/domains"
      queryKey="domains"
      label="ドメイン"
      placeholder="ドメイン名で検索"
      toLabel={(d) => `${d.name}${d.is_default ? '（既定）' : ''}（ID: ${d.id}）`}
    />
  );
}
