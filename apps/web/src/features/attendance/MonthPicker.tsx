import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { monthLabel, shiftMonth } from './month';

/** ‹ 2025年4月 › */
export function MonthPicker({ month, onChange }: { month: string; onChange: (m: string) => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="default" size="lg" aria-label="前の月" onClick={() => onChange(shiftMonth(month, -1))}>
        <IconChevronLeft size={18} />
      </ActionIcon>
      <Text fw={700} miw={96} ta="center" data-testid="attendance-month">
        {monthLabel(month)}
      </Text>
      <ActionIcon variant="default" size="lg" aria-label="次の月" onClick={() => onChange(shiftMonth(month, 1))}>
        <IconChevronRight size={18} />
      </ActionIcon>
    </Group>
  );
}
