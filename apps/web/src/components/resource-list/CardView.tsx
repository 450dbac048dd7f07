import { Stack, UnstyledButton } from '@mantine/core';
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
  return (
    <Stack gap={0} aria-label={label} aria-busy={busy} role="list">
      {rows.map((row) => (
        <UnstyledButton
          key={row.id}
          role="listitem"
          data-testid={card.testId}
          onClick={onOpen ? () => onOpen(row) : undefined}
          px="md"
          py="sm"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          {card.render(row)}
        </UnstyledButton>
      ))}
    </Stack>
  );
}
