import { formatDateJa } from '@chobo/core';
import { Anchor, Menu, ScrollArea, Table, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { ledgerHref } from './book-params';
import { formatAmount } from './format';
import type { Drill, Period, StatementRow } from './types';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function periodHead(period: Period | null | undefined, fallback: string) {
  if (!period) return fallback;
  return (
    <>
      {formatDateJa(period.from)}〜
      <br />
      {formatDateJa(period.to)}
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
  // 前期 figures drill to the previous period (none without one)
  const shift = <D extends Drill>(d: D): D =>
    previous && previousPeriod ? { ...d, from: previousPeriod.from, to: previousPeriod.to } : d;
  const canDrill = !previous || previousPeriod !== null;
  const drill = row.drill && canDrill ? shift(row.drill) : null;
  const many = canDrill && row.drill_accounts && row.drill_accounts.length > 1 ? row.drill_accounts.map(shift) : [];
  const color = value < 0 ? 'danger.7' : 'inherit';
  if (many.length > 0) {
    return (
      <Menu position="bottom-end" shadow="md" withinPortal width={260}>
        <Menu.Target>
          <UnstyledButton aria-label={`${row.label} ${text}の内訳科目を選ぶ`} aria-haspopup="menu">
            <Text
              span
              size="sm"
              fw={strong ? 700 : 400}
              style={{ ...num, textDecoration: 'underline dotted', textUnderlineOffset: 3 }}
              c={color}
            >
              {text}
            </Text>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {row.label}
            <br />
            {formatDateJa(many[0].from)}〜{formatDateJa(many[0].to)} の元帳
          </Menu.Label>
          <ScrollArea.Autosize mah={320} type="auto">
            {many.map((d) => (
              <Menu.Item key={d.account_id} component={Link} to={ledgerHref(ledgerBase, d)}>
                <Text span size="sm" c="dimmed" mr={8} style={num}>
                  {d.code}
                </Text>
                <Text span size="sm">
                  {d.name}
                </Text>
              </Menu.Item>
            ))}
          </ScrollArea.Autosize>
        </Menu.Dropdown>
      </Menu>
    );
  }
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
      c={color}
      underline="hover"
      aria-label={`${row.label} ${text}の元帳を開く`}
    >
      {text}
    </Anchor>
  );
}

/**
 * A statement in the 会社計算規則 layout: section headers, indented accounts, subtotals and totals, the
 * current period and the previous one side by side. Every figure with a drill opens its ledger lines; one made
 * of several accounts (`drill_accounts`, キャッシュ・フロー計算書) opens a menu of them, each to its ledger.
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
