import { Center, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { SortDir } from '../lib/use-list-params';

/** A column header that sorts: a button inside, aria-sort on the th. */
export function SortableTh({
  children,
  sorted,
  dir,
  onSort,
  w,
}: {
  children: ReactNode;
  sorted: boolean;
  dir: SortDir | null;
  onSort: () => void;
  w?: number | string;
}) {
  const Icon = sorted ? (dir === 'desc' ? IconChevronDown : IconChevronUp) : IconSelector;
  return (
    <Table.Th w={w} aria-sort={sorted ? (dir === 'desc' ? 'descending' : 'ascending') : 'none'} p={0}>
      <UnstyledButton onClick={onSort} px="sm" py={8} w="100%" style={{ borderRadius: 4 }}>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            {children}
          </Text>
          <Center c={sorted ? 'primary' : 'gray.5'}>
            <Icon size={14} stroke={2} />
          </Center>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
