import { Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import { CATEGORY_ORDER, CategoryRow, num } from './BookPanel';
import { formatAmount } from './format';
import type { MonthlyTrialBalance } from './types';

/** 「2026-04」 → 「4月」. */
const monthLabel = (ym: string) => `${Number(ym.slice(5, 7))}月`;

/**
 * 月次推移試算表: one row per account, one column per month — 資産・負債・純資産 each month-end's balance, 収益・費用
 * each month's amount — and the year's figure; accounts with nothing in the period are left out.
 */
export function MonthlyTrialBalanceTable({ data }: { data: MonthlyTrialBalance }) {
  const groups = CATEGORY_ORDER.map((category) => ({
    category,
    rows: data.rows.filter((r) => r.category === category && (r.total !== 0 || r.months.some((m) => m !== 0))),
  })).filter((g) => g.rows.length > 0);
  return (
    <Table.ScrollContainer minWidth={200 + data.months.length * 110}>
      <Table
        aria-label="月次推移試算表"
        stickyHeader
        withRowBorders={false}
        verticalSpacing={4}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th>勘定科目</Table.Th>
            {data.months.map((m) => (
              <Table.Th key={m} ta="right" style={num}>
                {monthLabel(m)}
              </Table.Th>
            ))}
            <Table.Th ta="right">期間計・期末</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((g) => (
            <Fragment key={g.category}>
              <CategoryRow
                category={g.category}
                colSpan={data.months.length + 2}
                note={g.category === 'revenue' || g.category === 'expense' ? '各月の金額' : '各月末の残高'}
              />
              {g.rows.map((r) => (
                <Table.Tr key={r.account_id} data-testid="monthly-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">
                      <Text span size="xs" c="dimmed" ff="monospace" mr={6}>
                        {r.code}
                      </Text>
                      {r.name}
                    </Text>
                  </Table.Td>
                  {r.months.map((v, i) => (
                    <Table.Td key={data.months[i]} ta="right" style={num}>
                      <Text size="sm">{formatAmount(v)}</Text>
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" style={num}>
                    <Text size="sm" fw={600}>
                      {formatAmount(r.total)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
