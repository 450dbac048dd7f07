import { type ComboboxItem, type ComboboxParsedItem, Group, Select, type SelectProps, Text } from '@mantine/core';
import { forwardRef, useMemo } from 'react';
import type { Account } from './types';

/** NFKC, lower case, hiragana → katakana: 'ふつう' and 'フツウ' and 'ﾌﾂｳ' all match. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(/\s+/g, '');
}

/**
 * Accounts matching `search` by code (prefix), name or kana, code matches first. Used by the picker and
 * exported for tests.
 */
export function filterAccounts<T extends Pick<Account, 'code' | 'name' | 'kana'>>(accounts: T[], search: string): T[] {
  const q = normalizeSearch(search);
  if (!q) return accounts;
  const byCode: T[] = [];
  const other: T[] = [];
  for (const account of accounts) {
    if (account.code.toLowerCase().startsWith(q)) byCode.push(account);
    else if (normalizeSearch(account.name).includes(q) || normalizeSearch(account.kana ?? '').includes(q))
      other.push(account);
  }
  return [...byCode, ...other];
}

export const accountLabel = (account: Pick<Account, 'code' | 'name'>) => `${account.code} ${account.name}`;

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'filter'> & {
  accounts: Account[];
  value: number | null;
  onChange: (id: number | null) => void;
  /** Offer inactive accounts too (the ledger may look at them; new entries may not use them). */
  includeInactive?: boolean;
};

/**
 * The 勘定科目 picker: type a code ('111'), a name ('普通') or its kana ('ふつう'/'フツウ') and pick with
 * the arrow keys and Enter. Keyboard first: it opens on typing, Tab leaves it.
 */
export const AccountSelect = forwardRef<HTMLInputElement, Props>(function AccountSelect(
  { accounts, value, onChange, includeInactive = false, ...rest },
  ref,
) {
  const usable = useMemo(
    () => accounts.filter((a) => includeInactive || a.is_active || a.id === value),
    [accounts, includeInactive, value],
  );
  const byValue = useMemo(() => new Map(usable.map((a) => [String(a.id), a])), [usable]);
  const data = useMemo(() => usable.map((a) => ({ value: String(a.id), label: accountLabel(a) })), [usable]);
  const filter = ({ options, search, limit }: { options: ComboboxParsedItem[]; search: string; limit: number }) => {
    const items = options as ComboboxItem[];
    const selected = value !== null ? byValue.get(String(value)) : undefined;
    // the input shows the chosen account's label: list everything until the person types something else
    if (selected && search === accountLabel(selected)) return items.slice(0, limit);
    const matched = filterAccounts(
      items.map((item) => ({ ...byValue.get(item.value)!, item })),
      search,
    );
    return matched.slice(0, limit).map((m) => m.item);
  };
  return (
    <Select
      ref={ref}
      searchable
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      filter={filter}
      limit={50}
      nothingFoundMessage="該当する勘定科目がありません"
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true, width: 300, position: 'bottom-start' }}
      renderOption={({ option }) => {
        const account = byValue.get(option.value);
        return (
          <Group gap={8} wrap="nowrap">
            <Text size="xs" c="dimmed" ff="monospace" w={40}>
              {account?.code}
            </Text>
            <Text size="sm">{account?.name}</Text>
            {account?.kana && (
              <Text size="xs" c="dimmed" ml="auto">
                {account.kana}
              </Text>
            )}
          </Group>
        );
      }}
      {...rest}
    />
  );
});
