import { Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PhoneCardSpec } from './types';

const DIVIDED = { px: 'md', py: 'sm', style: { borderTop: '1px solid var(--mantine-color-gray-3)' } } as const;

/** One card: a button (the default), a bordered box (`framed`) or a plain box holding its own buttons (`plain`). */
function Card<T>({ card, row, onOpen }: { card: PhoneCardSpec<T>; row: T; onOpen?: (row: T) => void }) {
  const open = onOpen ? () => onOpen(row) : undefined;
  const common = { role: 'listitem', 'data-testid': card.testId } as const;
  if (card.plain) {
    return (
      <Box {...common} {...DIVIDED}>
        {card.render(row)}
      </Box>
    );
  }
  if (card.framed) {
    return (
      <Paper {...common} withBorder p="sm" radius="sm" onClick={open} style={open ? { cursor: 'pointer' } : undefined}>
        {card.render(row)}
      </Paper>
    );
  }
  return (
    <UnstyledButton
      {...common}
      {...DIVIDED}
      onClick={open}
      disabled={!open}
      style={{ ...DIVIDED.style, cursor: open ? 'pointer' : 'default' }}
    >
      {card.render(row)}
    </UnstyledButton>
  );
}

/** The phone list (≤ 48em): one card per row instead of the table, and the card foot (e.g. totals). */
export function CardView<T extends { id: number | string }>({
  label,
  card,
  rows,
  busy,
  onOpen,
}: {
  label: string;
  card: PhoneCardSpec<T>;
  rows: T[];
  busy: boolean;
  onOpen?: (row: T) => void;
}) {
  const framed = card.framed && !card.plain;
  return (
    <Stack
      gap={framed ? 'xs' : 0}
      px={framed ? 'md' : undefined}
      pb={framed ? 'md' : undefined}
      aria-label={label}
      aria-busy={busy}
      role="list"
    >
      {rows.map((row) => (
        <Card key={row.id} card={card} row={row} onOpen={onOpen} />
      ))}
      {rows.length > 0 && card.foot?.(rows)}
    </Stack>
  );
}

/** A phone list's total line under the cards: 「このページの合計」 and the amount. */
export function CardTotal({ children, style }: { children: ReactNode; style?: React.CSSProperties }) {
  return (
    <Group justify="space-between" px="md" py="sm" bg="gray.0" data-testid="page-totals">
      <Text size="sm" fw={600}>
        このページの合計
      </Text>
      <Text size="sm" fw={700} style={style}>
        {children}
      </Text>
    </Group>
  );
}
