import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';

/** The keyword box above a list: a search icon, and a clear button while there is text. */
export function KeywordSearchInput({
  value,
  onChange,
  placeholder,
  label,
  w = 360,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** A visible label (it then names the box instead of 「キーワード検索」). */
  label?: string;
  /** A width, or '100%' to fill (e.g. on a phone). */
  w?: number | string;
}) {
  return (
    <TextInput
      label={label}
      aria-label={label ? undefined : 'キーワード検索'}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      rightSection={
        value ? (
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label="検索をクリア" onClick={() => onChange('')}>
            <IconX size={14} />
          </ActionIcon>
        ) : null
      }
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={w}
      maw="100%"
    />
  );
}
