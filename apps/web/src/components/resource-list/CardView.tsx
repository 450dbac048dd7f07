import { Box, Paper, Stack, UnstyledButton } from '@mantine/core';
import type { PhoneCardSpec } from './types';

/** The phone list (≤ 48em): one tappable card per row instead of the table. */
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
  if (card.plain) {
    return (
      <Stack gap={0} aria-label={label} aria-busy={busy} role="list">
        {rows.map((row) => (
          <Box
            key={row.id}
            role="listitem"
            data-testid={card.testId}
            px="md"
            py="sm"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            {card.render(row)}
          </Box>
        ))}
        {rows.length > 0 && card.foot?.(rows)}
      </Stack>
    );
  }
  if (card.framed) {
    return (
      <Stack gap="xs" px="md" pb="md" aria-label={label} aria-busy={busy} role="list">
        {rows.map((row) => (
          <Paper
            key={row.id}
            role="listitem"
            data-testid={card.testId}
            withBorder
            p="sm"
            radius="sm"
            onClick={onOpen ? () => onOpen(row) : undefined}
            style={onOpen ? { cursor: 'pointer' } : undefined}
          >
            {card.render(row)}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap={0} aria-label={label} aria-busy={busy} role="list">
      {rows.map((row) => (
        <UnstyledButton
          key={row.id}
          role="listitem"
          data-testid={card.testId}
          onClick={onOpen ? () => onOpen(row) : undefined}
          disabled={!onOpen}
          px="md"
          py="sm"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)', cursor: onOpen ? 'pointer' : 'default' }}
        >
          {card.render(row)}
        </UnstyledButton>
      ))}
      {rows.length > 0 && card.foot?.(rows)}
    </Stack>
  );
}
