import { type AttendanceSummary, formatMinutes } from '@chobo/core';
import { Badge, Button, Group, ScrollArea, Table } from '@mantine/core';

const MINUTE_COLUMNS = [
  'worked_minutes',
  'overtime_minutes',
  'overtime_over_60_minutes',
  'late_night_minutes',
  'holiday_minutes',
] as const;

/** 全従業員の月次集計: one row per employee; the name opens that employee's grid. */
export function MonthSummaryTable({
  rows,
  onPick,
}: {
  rows: AttendanceSummary['rows'];
  onPick: (employeeId: number) => void;
}) {
  return (
    <ScrollArea type="auto">
      <Table withTableBorder fz="sm" miw={820} data-testid="attendance-summary">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>社員番号</Table.Th>
            <Table.Th>氏名</Table.Th>
            <Table.Th ta="right">出勤日数</Table.Th>
            <Table.Th ta="right">欠勤</Table.Th>
            <Table.Th ta="right">労働時間</Table.Th>
            <Table.Th ta="right">時間外</Table.Th>
            <Table.Th ta="right">60h超</Table.Th>
            <Table.Th ta="right">深夜</Table.Th>
            <Table.Th ta="right">休日</Table.Th>
            <Table.Th>アラート</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.code}</Table.Td>
              <Table.Td>
                <Button variant="subtle" size="compact-sm" onClick={() => onPick(r.id)}>
                  {r.name}
                </Button>
              </Table.Td>
              <Table.Td ta="right">{r.totals.days_worked}</Table.Td>
              <Table.Td ta="right">{r.totals.absences}</Table.Td>
              {MINUTE_COLUMNS.map((k) => (
                <Table.Td key={k} ta="right" ff="monospace">
                  {formatMinutes(r.totals[k])}
                </Table.Td>
              ))}
              <Table.Td>
                <Group gap={4}>
                  {r.alerts
                    .filter((a) => !a.date)
                    .map((a) => (
                      <Badge key={a.code} size="xs" color={a.level === 'alert' ? 'red' : 'yellow'} title={a.message}>
                        {a.message.replace(/（.*$/, '')}
                      </Badge>
                    ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
