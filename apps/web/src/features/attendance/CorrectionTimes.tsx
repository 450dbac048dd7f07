import { formatDateJa, tokyoTime } from '@chobo/core';
import { Text } from '@mantine/core';

/** The day and the times a correction asks for: 2025年4月1日 09:00〜18:00. */
type Instant = Parameters<typeof tokyoTime>[0];

export function CorrectionTimes({ c }: { c: { date: string; clock_in: Instant; clock_out: Instant } }) {
  return (
    <>
      <Text size="sm">{formatDateJa(c.date)}</Text>
      <Text size="sm" ff="monospace">
        {tokyoTime(c.clock_in)}〜{tokyoTime(c.clock_out, c.date)}
      </Text>
    </>
  );
}
