import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatAmount, slashDate } from './format';
import { ledgerHref } from './LedgerView';
import type { Period, StatementRow } from './types';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function periodHead(period: Period | null | undefined, fallback: string) {
  if (!period) return fallback;
  return (
    <>
      {slashDate(period.from)}〜
      <br />
      {slashDate(period.to)}
    </>
  );
}

function Amount({
  value,
  row,
  previous,
  ledgerBase,
  previousPeriod,
}: {
  value: number | null;
  row: StatementRow;
  previous: boolean;
  ledgerBase: string;
  previousPeriod: Period | null;
}) {
  if (value === null) return null;
  const text = formatAmount(value);
  const strong = row.kind === 'subtotal' || row.kind === 'total';
  const drill = row.drill
    ? previous && previousPeriod
      ? { ...row.drill, from: previousPeriod.from, to: previousPeriod.to }
      : previous
        ? null
        : row.drill
    : null;
  if (!drill) {
    return (
      <Text size="sm" fw={strong ? 700 : 400} style={num} c={value < 0 ? 'danger.7' : undefined}>
        {text}
      </Text>
    );
  }
  return (
    <Anchor
      component={Link}
      to={ledgerHref(ledgerBase, drill)}
      size="sm"
      fw={strong ? 700 : 400}
      style={num}
      c={value < 0 ? 'danger.7' : 'inherit'}
      underline="hover"
      aria-label={`${row.label} ${text}の元帳を開く`}
    >
      {text}
    </Anchor>
  );
}

/**
 * A statement in the 会社計算規則 layout: section headers, indented accounts, subtotals and totals, the
 * current period and the previous one side by side. Every figure with a drill opens its ledger lines.
 */
export function StatementTable({
  label,
  rows,
  period,
  previousPeriod,
  ledgerBase,
  currentHead,
  previousHead,
}: {
  label: string;
  rows: StatementRow[];
  period: Period;
  previousPeriod: Period | null;
  ledgerBase: string;
  currentHead?: string;
  previousHead?: string;
}) {
  const withPrevious = previousPeriod !== null || rows.some((r) => r.previous !== null);
  return (
    <Table
      aria-label={label}
      withColumnBorders
      verticalSpacing={3}
      horizontalSpacing="sm"
      highlightOnHover
      style={{ tableLayout: 'fixed' }}
    >
      <Table.Thead bg="gray.0">
        <Table.Tr>
          <Table.Th>科目</Table.Th>
          <Table.Th w={150} ta="right">
            <Text size="xs" c="dimmed" component="div">
              当期
            </Text>
            <Text size="xs" fw={600} component="div" style={num}>
              {currentHead ?? periodHead(period, '当期')}
            </Text>
          </Table.Th>
          {withPrevious && (
            <Table.Th w={150} ta="right">
              <Text size="xs" c="dimmed" component="div">
                前期
              </Text>
              <Text size="xs" fw={600} component="div" style={num}>
                {previousHead ?? periodHead(previousPeriod, '前期')}
              </Text>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const header = row.kind === 'header';
          const total = row.kind === 'total';
          const subtotal = row.kind === 'subtotal';
          return (
            <Table.Tr
              key={row.key}
              data-testid="statement-row"
              data-kind={row.kind}
              bg={header && row.level === 0 ? 'gray.0' : total ? 'gray.1' : undefined}
              style={{
                borderTop: total || subtotal ? '1px solid var(--mantine-color-gray-4)' : undefined,
              }}
            >
              <Table.Td style={{ paddingLeft: 12 + row.level * 18 }}>
                <Text
                  size="sm"
                  fw={header || total ? 700 : subtotal ? 600 : 400}
                  c={header && row.level > 0 ? 'dark.6' : undefined}
                >
                  {row.label}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Amount
                  value={row.amount}
                  row={row}
                  previous={false}
                  ledgerBase={ledgerBase}
                  previousPeriod={previousPeriod}
                />
              </Table.Td>
              {withPrevious && (
                <Table.Td ta="right">
                  <Amount
                    value={row.previous}
                    row={row}
                    previous
                    ledgerBase={ledgerBase}
                    previousPeriod={previousPeriod}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
