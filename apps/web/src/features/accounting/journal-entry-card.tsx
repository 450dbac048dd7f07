import { formatDateJa } from '@chobo/core';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { PhoneCardSpec } from '../../components/resource-list';
import { formatAmountOrBlank } from './format';
import { pairLines } from './journal-list-rows';
import { SourceLink } from './SourceLink';
import type { JournalEntry } from './types';

const num = { fontVariantNumeric: 'tabular-nums' } as const;

/**
 * 仕訳帳 on a phone: one card per entry — number, date, where it came from, 摘要, then its lines as
 * 借方 / 貸方 with the account and amount, so nothing scrolls sideways at 375 px.
 */
export function journalCard(name: (id?: number) => string): PhoneCardSpec<JournalEntry> {
  return {
    testId: 'entry-card',
    render: (entry) => (
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="dimmed" style={num}>
            No.{entry.number}・{formatDateJa(entry.date)}
          </Text>
          <Group gap={4} wrap="nowrap">
            <SourceLink type={entry.source_type} id={entry.source_id} readOnly />
            {entry.reversal_of_id ? (
              <Badge size="xs" variant="light" color="gray">
                逆仕訳
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text size="sm" fw={600} lineClamp={2}>
          {entry.description || '（摘要なし）'}
        </Text>
        {pairLines(entry).map((pair, i) => (
          <Group
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of one entry in a fixed order
            key={i}
            justify="space-between"
            wrap="nowrap"
            gap="xs"
            align="flex-start"
          >
            <Side label="借" account={pair.debit && name(pair.debit.account_id)} amount={pair.debit?.debit} />
            <Side label="貸" account={pair.credit && name(pair.credit.account_id)} amount={pair.credit?.credit} />
          </Group>
        ))}
      </Stack>
    ),
  };
}

function Side({ label, account, amount }: { label: string; account?: string | false; amount?: number }) {
  return (
    <Group gap={4} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xs" lineClamp={1} style={{ flex: 1, minWidth: 0 }}>
        {account || ''}
      </Text>
      <Text size="xs" fw={600} style={num}>
        {formatAmountOrBlank(amount ?? 0)}
      </Text>
    </Group>
  );
}
